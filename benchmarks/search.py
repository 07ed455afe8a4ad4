"""Board search figures: when each new best board was found, for several seeds.

Run: python benchmarks/search.py --seconds 600 --seeds 1 2 3 [--size 4] [--min-length 3] [--dice new]
Prints a timeline per seed; asserts nothing.
"""

from __future__ import annotations

import argparse
import random

from boggle_tui.dice import load_dice_set
from boggle_tui.dictionary import load_dictionary
from boggle_tui.search import AnyLetters, Progress, RollableFaces, Scorer, board_of, letter_weights, search


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--min-length", type=int, default=3)
    parser.add_argument("--dice")
    parser.add_argument("--milestones", type=int, nargs="*", default=[3000, 3500, 3600, 3623])
    parser.add_argument("--until", type=int, help="stop a seed's search once its best board scores this")
    args = parser.parse_args()
    trie = load_dictionary("enable1").trie
    dice = load_dice_set(args.dice) if args.dice else None
    size = dice.height if dice else args.size
    min_length = dice.min_length if dice else args.min_length
    goal = args.until or float("inf")
    for seed in args.seeds:
        space = RollableFaces(dice, letter_weights(trie)) if dice else AnyLetters(size * size, letter_weights(trie))
        reached: dict[int, float] = {}  # milestone: seconds, and the best score so far under key 0

        def note(progress: Progress, reached: dict[int, float] = reached) -> None:
            reached[0] = progress.best_score
            for mark in args.milestones:
                if progress.best_score >= mark and mark not in reached:
                    reached[mark] = progress.seconds

        scorer = Scorer(trie, size, size, min_length)
        result = search(scorer, space, args.seconds, random.Random(seed), note, lambda r=reached: r.get(0, 0) >= goal)
        reached.pop(0, None)
        marks = ", ".join(f"{m} at {t:.1f} s" for m, t in sorted(reached.items())) or "no milestone"
        print(
            f"seed {seed}: best {result.best_score} ({board_of(result.best, size, size).text()}) "
            f"after {result.evaluations:,} boards in {result.seconds:.0f} s "
            f"({result.evaluations / result.seconds:,.0f}/s, {scorer.solved / result.seconds:,.0f} solved/s); {marks}",
            flush=True,
        )


if __name__ == "__main__":
    main()
