"""Board search figures: when each new best board was found, for several seeds.

Run: python benchmarks/search.py --seconds 600 --seeds 1 2 3 [--size 4] [--min-length 3] [--dice new]
     [--method walk|climb] [--pool N]
     [--until 3623] [--solved 20000] [--temperature 2.8] [--patience 1000] [--returns 3]
     [--kick-share 0.5] [--kick-steps 4] [--shift-share 0.05]
Prints a timeline per seed; asserts nothing. Runs are timed, so a slower machine sees
fewer boards; `--solved` stops once that many boards were solved instead (boards seen
before cost nothing), which repeats exactly on any machine: the fair way to compare
two versions of the walk. The climb (`--method climb`) is benchmarks/climb.py.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field

from climb import POOL, climb

import boggle_tui.research.search
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.research.search import (
    Progress,
    Scorer,
    board_of,
    letter_weights,
    search,
    space_for,
)


@dataclass
class Timeline:
    """What a search has reported: its best score, and when it first reached each milestone."""

    scorer: Scorer
    milestones: list[int]
    goal: float  # stop once the best board scores this
    solves: float  # ... or once the scorer has solved this many boards
    best: int = 0
    reached: dict[int, float] = field(default_factory=dict)

    def note(self, progress: Progress) -> None:
        self.best = progress.best_score
        for mark in self.milestones:
            if self.best >= mark and mark not in self.reached:
                self.reached[mark] = progress.seconds

    def done(self) -> bool:
        return self.best >= self.goal or self.scorer.solved >= self.solves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--min-length", type=int, default=3)
    parser.add_argument("--dice")
    parser.add_argument("--milestones", type=int, nargs="*", default=[3000, 3500, 3600, 3623])
    parser.add_argument("--until", type=int, help="stop a seed's search once its best board scores this")
    parser.add_argument("--solved", type=int, help="stop a seed's search after solving this many boards, not seconds")
    parser.add_argument("--method", choices=["walk", "climb"], default="walk", help="Metropolis walk or pool climb")
    parser.add_argument("--pool", type=int, default=POOL, help="boards kept by the climb")
    # The walk's settings, to try others against them:
    parser.add_argument("--temperature", type=float, default=boggle_tui.research.search.TEMPERATURE_PER_CELL)
    parser.add_argument("--patience", type=int, default=boggle_tui.research.search.PATIENCE)
    parser.add_argument("--returns", type=int, default=boggle_tui.research.search.RETURNS)
    parser.add_argument("--kick-share", type=float, default=boggle_tui.research.search.KICK_SHARE)
    parser.add_argument("--kick-steps", type=int, default=boggle_tui.research.search.KICK_STEPS)
    parser.add_argument("--shift-share", type=float, default=boggle_tui.research.search.SHIFT_SHARE)
    args = parser.parse_args()
    boggle_tui.research.search.TEMPERATURE_PER_CELL = args.temperature
    boggle_tui.research.search.PATIENCE = args.patience
    boggle_tui.research.search.RETURNS = args.returns
    boggle_tui.research.search.KICK_SHARE = args.kick_share
    boggle_tui.research.search.KICK_STEPS = args.kick_steps
    boggle_tui.research.search.SHIFT_SHARE = args.shift_share
    trie = load_dictionary("enable1").trie
    dice = load_dice_set(args.dice) if args.dice else None
    size = dice.height if dice else args.size
    min_length = dice.min_length if dice else args.min_length
    seconds = float("inf") if args.solved else args.seconds
    for seed in args.seeds:
        weights = letter_weights(trie)
        space = space_for(dice, size, size, weights)
        scorer = Scorer(trie, size, size, min_length)
        timeline = Timeline(scorer, args.milestones, args.until or float("inf"), args.solved or float("inf"))
        if args.method == "climb":
            result = climb(scorer, space, seconds, random.Random(seed), timeline.note, timeline.done, args.pool)
        else:
            result = search(scorer, space, seconds, random.Random(seed), timeline.note, timeline.done)
        marks = ", ".join(f"{m} at {t:.1f} s" for m, t in sorted(timeline.reached.items())) or "no milestone"
        print(
            f"seed {seed}: best {result.best_score} ({board_of(result.best, size, size).text()}) "
            f"after {result.evaluations:,} boards in {result.seconds:.0f} s "
            f"({result.evaluations / result.seconds:,.0f}/s, {scorer.solved / result.seconds:,.0f} solved/s); {marks}",
            flush=True,
        )


if __name__ == "__main__":
    main()
