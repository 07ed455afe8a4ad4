"""`boggle best`: search for the highest-scoring board, with a live view of the best so far."""

from __future__ import annotations

import argparse
import json
import random
import signal

from rich.console import Console, Group
from rich.live import Live
from rich.text import Text

from boggle_tui.cli.output import print_json
from boggle_tui.cli.render import board_table, solution_view
from boggle_tui.cli.solve import json_line
from boggle_tui.engine.dice import load_dice_set, random_seed
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import min_length_for
from boggle_tui.engine.search import AnyLetters, Progress, RollableFaces, Scorer, board_of, letter_weights, search
from boggle_tui.engine.solver import solve
from boggle_tui.game.deal import Deal


def run_best(args: argparse.Namespace) -> int:
    dice = load_dice_set(args.dice) if args.dice else None
    if dice and args.size and args.size != (dice.height, dice.width):
        raise BoggleError(
            f"{dice.name} dice make a {dice.height}x{dice.width} board, not {args.size[0]}x{args.size[1]}"
        )
    height, width = (dice.height, dice.width) if dice else args.size or (4, 4)
    min_length = args.min_length or (dice.min_length if dice else min_length_for(height * width))
    dictionary = load_dictionary(args.dictionary or DEFAULT_DICTIONARY)
    seed = random_seed() if args.seed is None else args.seed
    weights = letter_weights(dictionary.trie)
    space = RollableFaces(dice, weights) if dice else AnyLetters(height * width, weights)
    scorer = Scorer(dictionary.trie, height, width, min_length)
    console = Console(stderr=True)

    stop = False

    def interrupted(*_: object) -> None:
        nonlocal stop
        stop = True  # finish the current step, then print the best board so far

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        with Live(console=console, transient=True, refresh_per_second=8) as live:

            def show(progress: Progress) -> None:
                live.update(_live_view(progress, height, width, args.seconds))

            result = search(scorer, space, args.seconds, random.Random(seed), show, lambda: stop)
    finally:
        signal.signal(signal.SIGINT, previous)

    board = board_of(result.best, height, width)
    solution = solve(board, dictionary.trie, min_length)
    rate = result.evaluations / result.seconds if result.seconds else 0.0
    if args.json:
        dealt = Deal(board, args.dice, None)
        print_json(
            json.loads(json_line(dealt, dictionary, min_length))
            | {
                "seed": seed,
                "seconds": round(result.seconds, 3),
                "evaluations": result.evaluations,
                "solved": scorer.solved,  # evaluations less the boards whose score was remembered
            }
        )
    else:
        out = Console()
        out.print(solution_view(solution))
        note = " (stopped early)" if stop else ""
        out.print(
            f"Best of {result.evaluations:,} boards ({scorer.solved:,} solved, the rest seen before) "
            f"in {result.seconds:.1f} s{note}: {rate:,.0f} evaluations/s, "
            f"seed {seed}" + (f", only boards the {dice.name} dice can roll" if dice else "")
        )
    return 0


def _live_view(progress: Progress, height: int, width: int, seconds: float) -> Group:
    board = board_of(progress.best, height, width)
    rate = progress.evaluations / progress.seconds if progress.seconds else 0
    status = Text.assemble(
        ("best ", "dim"), (f"{progress.best_score:,}", "bold green"), (" points · ", "dim"),
        f"{progress.evaluations:,} boards · {rate:,.0f}/s · {progress.seconds:.0f} of {seconds:.0f} s · Ctrl+C stops",
    )  # fmt: skip
    return Group(board_table(board), Text(board.text(), style="dim"), status)
