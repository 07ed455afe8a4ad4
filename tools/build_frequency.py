#!/usr/bin/env python3
"""Build the word-frequency ranks the computer opponents read, at development time.

    pip download --no-deps wordfreq        # the wheel holds the data; nothing of it is imported
    pip install msgpack                    # to read the wheel's data file (development only)
    python tools/build_frequency.py wordfreq-3.1.1-py3-none-any.whl

The source is wordfreq's English table (`wordfreq/data/large_en.msgpack.gz`, Robyn Speer), built from
subtitles, books, Wikipedia, web text and more. Its data is CC BY-SA 4.0: the table written here is derived
from it and carries that licence, in `boggle_tui/data/frequency/LICENSE-wordfreq.txt` beside it. The game
never reads wordfreq itself: this script runs once and its output is committed.

Output (xz-compressed text): the words of the shipped word lists that wordfreq knows, most frequent first,
one per line, ties in alphabetical order; a word's rank is its line number (1 = the most common). A word of
the lists that wordfreq does not know has no line: the model treats it as rarer than every ranked word.
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "boggle_tui" / "data" / "frequency" / "ranks-en.txt.xz"
DICTIONARIES = ROOT / "dictionaries"
TABLE = "wordfreq/data/large_en.msgpack.gz"


def centibels(wheel: Path) -> dict[str, int]:
    """word -> its frequency in centibels below 1 (0 is every token; -300 is one in a thousand)."""
    import msgpack  # development only

    with zipfile.ZipFile(wheel) as archive:
        packed = msgpack.unpackb(gzip.decompress(archive.read(TABLE)), raw=False)
    header, bins = packed[0], packed[1:]
    if header.get("format") != "cB":
        raise SystemExit(f"unexpected wordfreq table format: {header!r}")
    return {word: -index for index, words in enumerate(bins) for word in words}


def list_words() -> set[str]:
    words: set[str] = set()
    for path in sorted(DICTIONARIES.glob("*.txt")):
        words |= {line.strip().lower() for line in path.read_text().splitlines() if line.strip().isalpha()}
    return words


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("wheel", type=Path, help="the wordfreq wheel (pip download --no-deps wordfreq)")
    args = parser.parse_args()
    table = centibels(args.wheel)
    words = list_words()
    ranked = sorted((w for w in words if w in table), key=lambda w: (-table[w], w))
    OUTPUT.write_bytes(lzma.compress(("\n".join(ranked) + "\n").encode("ascii"), preset=9 | lzma.PRESET_EXTREME))
    for name in sorted(p.stem for p in DICTIONARIES.glob("*.txt")):
        listed = {line.strip().lower() for line in (DICTIONARIES / f"{name}.txt").read_text().splitlines()}
        known = sum(1 for w in listed if w in table)
        print(f"{name}: {known:,} of {len(listed):,} words ranked ({known / len(listed):.1%})")
    print(f"{OUTPUT.relative_to(ROOT)}: {len(ranked):,} words, {OUTPUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
