"""Boards a search scores per CPU-second, by size and dice, in one or more checkouts side by side.

Run: python benchmarks/search_rate.py [--solved 20000] [--seed 1] [CHECKOUT ...]
Each space is walked (research/search.py `search`, one process, the seed given) until its scorer has solved
`--solved` boards; printed per space and checkout: the CPU it took, boards looked at (evaluations: repeats are
remembered, not solved again) and boards solved per CPU-second, and the best board's score. The walk stops by
boards solved, not by the clock, so two checkouts of the same walk do the same work. Each checkout runs in a
process of its own, from its own folder (default: this one); the checkouts take turns. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (label, word list, language, height, width, shortest word, dice or None)
SPACES = [
    ("4x4 any letters", "enable1", "en", 4, 4, 3, None),
    ("4x4 new dice", "enable1", "en", 4, 4, 3, "new"),
    ("5x5 any letters", "enable1", "en", 5, 5, 4, None),
    ("5x5 Big Boggle", "enable1", "en", 5, 5, 4, "big"),
    ("5x5 Master", "enable1", "en", 5, 5, 4, "master"),
    ("5x5 es-big", "es", "es", 5, 5, 4, "es-big"),
    ("6x6 Super Big", "enable1", "en", 6, 6, 4, "superbig"),
]

# Run in each checkout's own folder, an older one too: so it builds its spaces with what every version has.
RUN = r"""
import json, random, sys, time
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.research.search import AnyLetters, RollableFaces, Scorer, letter_weights, search
name, language, height, width, shortest, dice, solved, seed = json.loads(sys.argv[1])
trie = load_dictionary(name, language=language).trie
weights = letter_weights(trie)
space = RollableFaces(load_dice_set(dice), weights) if dice else AnyLetters(height * width, weights, width)
scorer = Scorer(trie, height, width, shortest)
start = time.process_time()
found = search(scorer, space, float("inf"), random.Random(seed), should_stop=lambda: scorer.solved >= solved)
cpu = time.process_time() - start
print(json.dumps({"cpu": cpu, "evaluations": found.evaluations, "solved": scorer.solved, "best": found.best_score}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="*", type=Path, default=[HERE.parent])
    parser.add_argument("--solved", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'space':<18}{'checkout':<14}{'CPU s':>8}{'evals/CPU-s':>13}{'solves/CPU-s':>14}{'best':>8}")
    for label, *space in SPACES:
        for checkout in args.checkouts:
            given = json.dumps([*space, args.solved, args.seed])
            out = subprocess.run([sys.executable, "-c", RUN, given], cwd=checkout, capture_output=True, text=True,
                                 check=True)  # fmt: skip
            got = json.loads(out.stdout)
            cpu = got["cpu"]
            print(f"{label:<18}{checkout.name[:13]:<14}{cpu:>8.1f}{got['evaluations'] / cpu:>13,.0f}"
                  f"{got['solved'] / cpu:>14,.0f}{got['best']:>8,}")  # fmt: skip


if __name__ == "__main__":
    main()
