#!/usr/bin/env python3
"""Build the word-frequency ranks the computer opponents read, at development time.

    pip download --no-deps wordfreq        # the wheel holds the data; nothing of it is imported
    pip install msgpack                    # to read the wheel's data file (development only)
    python tools/build_frequency.py wordfreq-3.1.1-py3-none-any.whl [--languages en es de fr nl pt pl]

The source is wordfreq's table of each language (`wordfreq/data/large_XX.msgpack.gz`, Robyn Speer), built from
subtitles, books, Wikipedia, web text and more. Its data is CC BY-SA 4.0: the tables written here are derived
from it and carry that licence, in `boggle_tui/data/frequency/LICENSE-wordfreq.txt` beside them. The game
never reads wordfreq itself: this script runs once and its output is committed.

Output (xz-compressed UTF-8 text), one file a language (`ranks-XX.txt.xz`): the words of its shipped word lists
that wordfreq knows, most frequent first, one per line, ties in alphabetical order; a word's rank is its line
number (1 = the most common). A word of the lists that wordfreq does not know has no line: the model treats it
as rarer than every ranked word. English's are the words of enable1 and popular, as the files are (lower case);
another language's are its list's words as the game spells them (its alphabet's fold), and wordfreq's words
folded the same way (the most frequent spelling of a fold stands for it), at most RANKED_MOST of them: rarer
words than those are as rare as unknown ones to the model, and each table is read whole when its language is
played.
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "boggle_tui" / "data" / "frequency"
DICTIONARIES = ROOT / "dictionaries"
TABLE = "wordfreq/data/large_{code}.msgpack.gz"
LANGUAGES = ("en", "es", "de", "fr", "nl", "pt", "pl")
RANKED_MOST = 100_000  # words ranked in a language other than English (English's 91,182 are all kept)


def centibels(wheel: Path, code: str = "en") -> dict[str, int]:
    """word -> its frequency in centibels below 1 (0 is every token; -300 is one in a thousand)."""
    import msgpack  # development only

    with zipfile.ZipFile(wheel) as archive:
        packed = msgpack.unpackb(gzip.decompress(archive.read(TABLE.format(code=code))), raw=False)
    header, bins = packed[0], packed[1:]
    if header.get("format") != "cB":
        raise SystemExit(f"unexpected wordfreq table format: {header!r}")
    return {word: -index for index, words in enumerate(bins) for word in words}


def list_words() -> set[str]:
    words: set[str] = set()
    for path in sorted(DICTIONARIES.glob("*.txt")):
        words |= {line.strip().lower() for line in path.read_text().splitlines() if line.strip().isalpha()}
    return words


def english(table: dict[str, int]) -> list[str]:
    words = list_words()
    for name in sorted(p.stem for p in DICTIONARIES.glob("*.txt")):
        listed = {line.strip().lower() for line in (DICTIONARIES / f"{name}.txt").read_text().splitlines()}
        known = sum(1 for w in listed if w in table)
        print(f"{name}: {known:,} of {len(listed):,} words ranked ({known / len(listed):.1%})")
    return sorted((w for w in words if w in table), key=lambda w: (-table[w], w))


def other(code: str, table: dict[str, int]) -> list[str]:
    """The language's list's words that wordfreq knows, spelt as the game spells them, most frequent first."""
    sys.path.insert(0, str(ROOT))
    from boggle_tui.engine.alphabets import alphabet_for
    from boggle_tui.engine.dictionary import resolve
    from boggle_tui.engine.wordlist import parse_word_list, read_list_bytes

    alphabet = alphabet_for(code)
    listed = set(parse_word_list(read_list_bytes(resolve(code)), code, alphabet).words)
    folded: dict[str, int] = {}
    for word, level in table.items():
        spelt = alphabet.fold(word)
        if spelt in listed and level > folded.get(spelt, -(10**9)):
            folded[spelt] = level
    ranked = sorted(folded, key=lambda w: (-folded[w], w))
    print(f"{code}: {len(folded):,} of {len(listed):,} words ranked ({len(folded) / len(listed):.1%}), "
          f"{min(len(ranked), RANKED_MOST):,} kept")  # fmt: skip
    return ranked[:RANKED_MOST]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("wheel", type=Path, help="the wordfreq wheel (pip download --no-deps wordfreq)")
    parser.add_argument("--languages", nargs="+", choices=LANGUAGES, default=LANGUAGES)
    args = parser.parse_args()
    for code in args.languages:
        table = centibels(args.wheel, code)
        ranked = english(table) if code == "en" else other(code, table)
        output = OUTPUT / f"ranks-{code}.txt.xz"
        output.write_bytes(lzma.compress(("\n".join(ranked) + "\n").encode("utf-8"), preset=9 | lzma.PRESET_EXTREME))
        print(f"{output.relative_to(ROOT)}: {len(ranked):,} words, {output.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
