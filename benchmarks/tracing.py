"""How long tracing a typed text takes on a board of repeated letters (boggle_tui/game/tracing.py).

Run: python benchmarks/tracing.py [--runs 5]. On `treeseeeeeeeeeeeeeeeeeeee` (one T, one R, one S, 22 E's), where a
search of every path froze the screen for 42 s on eleven E's and a B, prints each text's answer, the steps its search
took and its best time of `--runs`, in milliseconds. The round screen's test counts the steps of what a player types
there; the time is this benchmark's figure (benchmarks/NOTES.md). Asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import time

from boggle_tui.engine.board import parse_board
from boggle_tui.game import tracing

BOARD = "treeseeeeeeeeeeeeeeeeeeee"
TEXTS = [
    ("11 E's and a B", "e" * 11 + "b"),
    ("12 E's", "e" * 12),
    ("22 E's (every E die)", "e" * 22),
    ("20 E's and an S", "e" * 20 + "s"),
    ("S, 20 E's and a T", "s" + "e" * 20 + "t"),
]


def answer(text: str) -> tuple[str, int]:
    """What tracing says of `text` on the board, and the steps its search took."""
    board = parse_board(BOARD)
    if not tracing._enough_dice(board, text):
        return "not on the board", 0
    search = tracing._Search(board, text, None)
    try:
        return ("a path" if search.run(None) is not None else "not on the board"), search.steps
    except tracing.TooHard:
        return f"gives up at the {tracing.STEP_BUDGET:,}-step budget", search.steps


def best_ms(text: str, runs: int) -> float:
    board = parse_board(BOARD)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        with contextlib.suppress(tracing.TooHard):  # the last text's answer: timed all the same
            tracing.find_path(board, text)
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"board {BOARD}; best of {args.runs} runs")
    print(f"{'text':<24}{'answer':<40}{'steps':>8}{'ms':>10}")
    for name, text in TEXTS:
        said, steps = answer(text)
        print(f"{name:<24}{said:<40}{steps:>8,}{best_ms(text, args.runs):>10.2f}")


if __name__ == "__main__":
    main()
