#!/usr/bin/env python3
"""How many of a rolled board's words are required, by language and cut, and a sample of them to read.

    python benchmarks/required_words.py [--boards 200] [--sample 200] [--cuts 10000 20000 30000 40000] [LANG ...]

A word is required when it is common and not denied: common in English when the popular list has it (less
engine/common.py's NOT_COMMON), elsewhere when its rank (data/frequency/ranks-XX.txt.xz) is at most the cut;
denied when data/words/never-XX.txt or offensive-XX.txt has it. Boards are the language's standard dice rolled
with seeds 1..N and solved whole. Printed per language: the average share of a board's words that are required
at each cut, then a seeded sample of distinct required words at PROPOSED's cut, to be read for names.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.engine import frequency  # noqa: E402
from boggle_tui.engine.common import NOT_COMMON  # noqa: E402
from boggle_tui.engine.dice import load_dice_set  # noqa: E402
from boggle_tui.engine.dictionary import load_dictionary  # noqa: E402
from boggle_tui.engine.solver import solve  # noqa: E402
from boggle_tui.game.languages import LANGUAGES  # noqa: E402

WORDS = ROOT / "boggle_tui" / "data" / "words"
PROPOSED = {"es": 8_000, "de": 15_000, "fr": 15_000, "nl": 10_000, "pt": 15_000, "pl": 20_000}


def listed(name: str) -> set[str]:
    path = WORDS / name
    return set(path.read_text(encoding="utf-8").split()) if path.exists() else set()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", default=list(LANGUAGES))
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--cuts", type=int, nargs="*", default=[10_000, 20_000, 30_000, 40_000])
    args = parser.parse_args()
    popular = set((ROOT / "dictionaries" / "popular.txt").read_text().split()) - set(NOT_COMMON)
    for code in args.languages:
        language = LANGUAGES[code]
        denied = listed(f"never-{code}.txt") | listed(f"offensive-{code}.txt")
        trie = load_dictionary(language.dictionary, language=code).trie
        dice = load_dice_set(language.dice)
        boards = [sorted(solve(dice.roll(seed), trie, language.min_length).words) for seed in range(1, args.boards + 1)]
        ranks = frequency.ranks(code)
        cuts = [0] if code == "en" else args.cuts

        def required(
            word: str, cut: int, code: str = code, ranks: dict[str, int] = ranks, denied: set[str] = denied
        ) -> bool:
            common = word in popular if code == "en" else ranks.get(word, cut + 1) <= cut
            return common and word not in denied

        shares = []
        for cut in cuts:
            share = sum(sum(required(w, cut) for w in words) / len(words) for words in boards if words) / len(boards)
            shares.append(f"{cut:,}: {share:.1%}")
        cut = 0 if code == "en" else PROPOSED[code]
        pool = sorted({w for words in boards for w in words if required(w, cut)})
        sample = sorted(random.Random(code).sample(pool, min(args.sample, len(pool))))
        words_a_board = sum(map(len, boards)) / len(boards)
        print(f"{code}: {words_a_board:.0f} words a board; required share by cut: {'; '.join(shares)}")
        print(f"{code} sample at {cut:,} ({len(pool):,} distinct required): {' '.join(sample)}\n")


if __name__ == "__main__":
    main()
