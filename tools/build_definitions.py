#!/usr/bin/env python3
"""Build the game's definitions file from WordNet 3.0, at development time.

    apt-get install wordnet-base
    python tools/build_definitions.py [--wordnet /usr/share/wordnet]

Every word of the shipped word lists is mapped to WordNet lemmas (exact, WordNet's
exception lists, then the usual suffix rules, as WordNet's own `morphy` does) and one
short gloss per part of speech is kept: the first sense, which WordNet orders by how
often it is used. The output is xz-compressed text in the package data, in blocks that
decompress alone, with its index, beside WordNet's licence, which must travel with every
copy. The game never reads WordNet itself: this script runs once, and its output is
committed.

Output lines, sorted by word:  word<TAB>n:gloss|v:gloss<TAB>n:lemma,v:lemma
(either column may be empty; the lemmas, with the part of speech the word inflects, say
"form of" for inflections).
"""

from __future__ import annotations

import argparse
import lzma
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "boggle_tui" / "data" / "definitions" / "wordnet.txt.xz"
DICTIONARIES = ROOT / "dictionaries"

PARTS = {"noun": "n", "verb": "v", "adj": "adj", "adv": "adv"}  # file suffix -> the tag shown

# WordNet's morphy rules: (ending, replacement) per part of speech, tried in order.
SUFFIX_RULES = {
    "noun": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"),
             ("ies", "y")],
    "verb": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")],
    "adj": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
    "adv": [],
}  # fmt: skip
MAX_GLOSS = 160  # characters: one line beside a word, not a dictionary page
LEMMA = re.compile(r"[a-z]+")


def read_index(wordnet: Path, part: str) -> dict[str, int]:
    """Each single-word lemma of a part of speech and the offset of its first (most used) sense."""
    first: dict[str, int] = {}
    for line in (wordnet / f"index.{part}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):  # the licence header
            continue
        fields = line.split()
        lemma, synsets = fields[0], int(fields[2])
        if LEMMA.fullmatch(lemma):
            first[lemma] = int(fields[-synsets])
    return first


def gloss_at(data: bytes, offset: int) -> str:
    """The definition of the synset at `offset`, without its quoted examples, cut to MAX_GLOSS."""
    line = data[offset : data.index(b"\n", offset)].decode("latin-1")
    gloss = line.split(" | ", 1)[1] if " | " in line else ""
    gloss = re.split(r';\s*(?:e\.g\.,?\s*)?"', gloss, maxsplit=1)[0].strip().rstrip(";").strip()
    if len(gloss) > MAX_GLOSS:
        gloss = gloss[: MAX_GLOSS - 1].rsplit(" ", 1)[0] + "…"
    return gloss.replace("\t", " ").replace("|", "/")


def read_exceptions(wordnet: Path, part: str) -> dict[str, list[str]]:
    """Irregular forms: `geese` -> [`goose`], from WordNet's exception list."""
    forms: dict[str, list[str]] = {}
    for line in (wordnet / f"{part}.exc").read_text(encoding="latin-1").splitlines():
        inflected, *lemmas = line.split()
        if LEMMA.fullmatch(inflected):
            forms[inflected] = [lemma for lemma in lemmas if LEMMA.fullmatch(lemma)]
    return forms


def lemmas_of(word: str, part: str, index: dict[str, int], exceptions: dict[str, list[str]]) -> list[str]:
    """The lemmas `word` is an inflection of, in one part of speech (never `word` itself)."""
    if word in exceptions:
        return [lemma for lemma in exceptions[word] if lemma in index and lemma != word]
    found = []
    for ending, replacement in SUFFIX_RULES[part]:
        if word.endswith(ending) and len(word) > len(ending):
            lemma = word[: -len(ending)] + replacement
            if lemma in index and lemma != word and lemma not in found:
                found.append(lemma)
    return found


def build(wordnet: Path, words: set[str]) -> tuple[list[str], set[str]]:
    """The output lines, and the words of `words` they define (themselves or as a form of a lemma)."""
    indexes = {part: read_index(wordnet, part) for part in PARTS}
    exceptions = {part: read_exceptions(wordnet, part) for part in PARTS}
    data = {part: (wordnet / f"data.{part}").read_bytes() for part in PARTS}

    def glosses(word: str) -> str:
        return "|".join(
            f"{tag}:{gloss_at(data[part], indexes[part][word])}" for part, tag in PARTS.items() if word in indexes[part]
        )

    entries: dict[str, tuple[str, list[str]]] = {}
    for word in sorted(words):
        own = glosses(word)
        forms: list[str] = []  # tag:lemma, so that "saw" is a form of the verb "see", not the noun
        for part, tag in PARTS.items():
            # A lemma's own entry only takes irregular forms (saw: see); suffix rules would invent some.
            irregular = exceptions[part].get(word, [])
            candidates = irregular if own else lemmas_of(word, part, indexes[part], exceptions[part])
            forms += [f"{tag}:{lemma}" for lemma in candidates if lemma in indexes[part] and lemma != word]
        if own or forms:
            entries[word] = (own, forms[:4])
    for lemma in {form.split(":")[1] for _, forms in entries.values() for form in forms} - entries.keys():
        entries[lemma] = (glosses(lemma), [])  # a lemma outside the word lists, for "form of" to name
    lines = [f"{word}\t{own}\t{','.join(forms)}" for word, (own, forms) in sorted(entries.items())]
    return lines, words & entries.keys()


def word_list(name: str) -> set[str]:
    path = DICTIONARIES / f"{name}.txt"
    return {line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


INDEX = OUTPUT.with_name("wordnet.index")
BLOCK = 1 << 16  # bytes of lines a block holds, about: engine/definitions.py BLOCK
# The decoder's buffer is as large as the dictionary the header names: a block's size, not preset 9's 64 MiB.
FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 2 * BLOCK}]


def compress(text: bytes) -> tuple[bytes, bytes]:
    """The file and its index: the lines in blocks of about BLOCK bytes, each block an xz stream of its own (one
    after another, the file is still one .xz file), and `first word<TAB>where its block ends` a block. A block is
    decompressed alone when one of its words is looked up: 64 KB blocks make the file 1.64 MB (1.26 whole) and a
    lookup 1 ms; the game keeps a few blocks, not the 5 MB text (benchmarks/NOTES.md)."""
    data, index = bytearray(), bytearray()
    start = 0
    while start < len(text):
        end = text.find(b"\n", start + BLOCK) + 1 or len(text)
        data += lzma.compress(text[start:end], filters=FILTERS)
        index += text[start : text.index(b"\t", start)] + b"\t" + str(len(data)).encode() + b"\n"
        start = end
    return bytes(data), bytes(index)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"), help="WordNet 3.0 dict folder")
    args = parser.parse_args()
    if not (args.wordnet / "index.noun").is_file():
        print(f"{args.wordnet}: no WordNet here (apt-get install wordnet-base)", file=sys.stderr)
        return 2
    lists = {path.stem: word_list(path.stem) for path in sorted(DICTIONARIES.glob("*.txt"))}
    lines, defined = build(args.wordnet, set().union(*lists.values()))
    text = "\n".join(lines) + "\n"
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    data, index = compress(text.encode("utf-8"))
    OUTPUT.write_bytes(data)
    INDEX.write_bytes(index)
    print(f"{OUTPUT.relative_to(ROOT)}: {len(lines):,} entries, {OUTPUT.stat().st_size / 1e6:.2f} MB")
    for name, words in lists.items():
        covered = len(words & defined)
        print(f"{name}: {covered:,} of {len(words):,} words defined ({100 * covered / len(words):.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
