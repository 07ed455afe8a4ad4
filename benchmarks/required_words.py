#!/usr/bin/env python3
"""How many of a rolled board's words are required, by language and cut, and a sample of them to read.

    python benchmarks/required_words.py [--boards 200] [--first 1] [--sample 200] [--cuts 10000 ...] [--reading N]
        [LANG ...]

A word is required as the game judges it (engine/common.py: its `Common` for the language, its cut COMMON_RANKS);
other cuts are tried with the same never-common and offensive lists. Boards are the language's standard dice
rolled with seeds FIRST..FIRST+N-1 and solved whole (a reading after a review of the words of some boards draws
its sample from others). Printed per language: the average share of a board's words that are
required at each cut and at the game's, then a seeded sample of distinct required words at the game's cut, to
be read for names.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.engine import frequency  # noqa: E402
from boggle_tui.engine.common import COMMON_RANKS, Common, TopRanks, common_words  # noqa: E402
from boggle_tui.engine.dice import load_dice_set  # noqa: E402
from boggle_tui.engine.dictionary import load_dictionary  # noqa: E402
from boggle_tui.engine.solver import solve  # noqa: E402
from boggle_tui.game.languages import LANGUAGES  # noqa: E402


def share(boards: list[list[str]], common: Common) -> float:
    """The average share of a board's words that are required."""
    return sum(sum(map(common.is_common, words)) / len(words) for words in boards if words) / len(boards)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", default=list(LANGUAGES))
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--first", type=int, default=1, help="the first board's seed")
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--cuts", type=int, nargs="*", default=[10_000, 20_000, 30_000, 40_000])
    parser.add_argument("--reading", type=int, default=1, help="which reading: each draws a sample of its own")
    args = parser.parse_args()
    for code in args.languages:
        language = LANGUAGES[code]
        trie = load_dictionary(language.dictionary, language=code).trie
        dice = load_dice_set(language.dice)
        seeds = range(args.first, args.first + args.boards)
        boards = [sorted(solve(dice.roll(seed), trie, language.min_length).words) for seed in seeds]
        game = common_words(code)
        shares = [f"the game's: {share(boards, game):.1%}"]
        if code in COMMON_RANKS:
            ranks = frequency.ranks(code)
            shares += [f"{cut:,}: {share(boards, replace(game, common=TopRanks(ranks, cut))):.1%}" for cut in args.cuts]
        pool = sorted({w for words in boards for w in words if game.is_common(w)})
        seed = code if args.reading == 1 else f"{code}-{args.reading}"  # the first reading's seed, as it was
        sample = sorted(random.Random(seed).sample(pool, min(args.sample, len(pool))))
        words_a_board = sum(map(len, boards)) / len(boards)
        print(f"{code}: {words_a_board:.0f} words a board; required share: {'; '.join(shares)}")
        print(f"{code} sample ({len(pool):,} distinct required): {' '.join(sample)}\n")


if __name__ == "__main__":
    main()
