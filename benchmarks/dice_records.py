"""The best boards a set of dice can roll: independent walks per set, and how many of them reach the best (#42).

Run: python benchmarks/dice_records.py [--solved 500000] [--seeds 1 2 3 4 5] [--jobs 2] [--min-length 4]
     [--size 5] DICE ...
Each walk is `boggle best --dice DICE --jobs 1 --seed N`'s (research/search.py: `RollableFaces`, the set's own
word list and language; DICE `any`: `boggle best --size S`'s, any letters on enable1), stopped once it has solved
`--solved` boards rather than by the clock, so a walk repeats exactly on any machine. Printed per walk: its best
board, points, CPU seconds and boards looked at; per set: the best board of all its walks and in how many walks it
was found (turned or mirrored counts: the same board). Asserts nothing; the records go to docs/records.md and
research/search.py DICE_RECORDS.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from dataclasses import dataclass

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.game.languages import language_for
from boggle_tui.research.search import (
    Scorer,
    board_of,
    letter_weights,
    search,
    space_for,
    symmetries,
)


@dataclass(frozen=True)
class Walk:
    dice: str
    seed: int
    board: str
    canonical: str  # the least of its turns and mirrors: one name for one board
    points: int
    cpu: float
    evaluations: int


ANY = "any"  # any letters, a square of --size cells a side, on enable1


def walk(task: tuple[str, int, int, int, int]) -> Walk:
    key, seed, solved, min_length, size = task
    dice = None if key == ANY else load_dice_set(key)
    height, width, language = (dice.height, dice.width, dice.language) if dice else (size, size, "en")
    trie = load_dictionary(language_for(language).dictionary, language=language).trie
    space = space_for(dice, height, width, letter_weights(trie))
    scorer = Scorer(trie, height, width, min_length)
    start = time.process_time()
    found = search(scorer, space, float("inf"), random.Random(seed), should_stop=lambda: scorer.solved >= solved)
    cpu = time.process_time() - start
    board = board_of(found.best, height, width, language)  # Progress.best: the columns
    faces = board.faces
    canonical = min("/".join(faces[i] for i in order) for order in symmetries(height, width))
    return Walk(key, seed, board.text(), canonical, found.best_score, cpu, found.evaluations)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dice", nargs="+")
    parser.add_argument("--solved", type=int, default=500_000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--min-length", type=int, default=4)
    parser.add_argument("--size", type=int, default=5, help="for DICE any: the board's side")
    args = parser.parse_args()
    tasks = [(key, seed, args.solved, args.min_length, args.size) for key in args.dice for seed in args.seeds]
    with multiprocessing.Pool(args.jobs) as pool:
        walks = pool.map(walk, tasks, chunksize=1)
    for key in args.dice:
        mine = [w for w in walks if w.dice == key]
        for w in mine:
            print(f"{key:<10} seed {w.seed:<3} {w.points:>7,}  {w.board}  {w.cpu:7.1f} s CPU  {w.evaluations:,} boards")
        best = max(mine, key=lambda w: w.points)
        hits = sum(w.canonical == best.canonical for w in mine)
        cpu = sum(w.cpu for w in mine)
        print(f"{key:<10} best {best.points:,} {best.board}: found in {hits} of {len(mine)} walks, "
              f"{cpu:.0f} s of CPU in all\n")  # fmt: skip


if __name__ == "__main__":
    main()
