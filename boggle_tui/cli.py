"""The `boggle` command: play (the default), solve, bench."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from boggle_tui import __version__
from boggle_tui.deal import RICH_TRIES
from boggle_tui.errors import BoggleError

COMMANDS = ("play", "solve", "bench", "best", "stats", "history")


def _count(minimum: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is less than {minimum}")
        return value

    return parse


def _size(text: str) -> tuple[int, int]:
    from boggle_tui.commands.best import parse_size

    return parse_size(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value < 10**6:
        raise argparse.ArgumentTypeError(f"{text} seconds is out of range")
    return value


def _add_board_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dice", metavar="SET", help="dice set to roll: new (default), classic, big, master, superbig")
    parser.add_argument("--seed", type=_count(0), metavar="N", help="seed for the roll: the same seed, the same board")
    parser.add_argument("--dictionary", metavar="NAME|PATH", help="enable1 (default), popular or a file")
    parser.add_argument(
        "--min-length", type=_count(1), metavar="N", help="shortest word that counts (3 on 4x4, else 4)"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boggle", description="Boggle in the terminal.")
    parser.add_argument("--version", action="version", version=f"boggle-tui {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="play a round (the default command)")
    _add_board_options(play)
    play.add_argument("--board", metavar="BOARD", help="play this board, e.g. plsteaiertnrsges")
    play.add_argument("--code", metavar="CODE", help="play the board with this code, e.g. N-PLSTEAIERTNRSGES")
    play.add_argument("--daily", action="store_true", help="play today's board: the same for everyone (UTC)")
    play.add_argument("--best", action="store_true", help=f"deal a rich board: the most words of {RICH_TRIES} rolls")
    play.add_argument("--time", type=_count(0), metavar="SECONDS", help="round length (default 180; 0: no clock)")
    play.add_argument("--practice", action="store_true", help="untimed, with hints, against the full word list")

    solve = commands.add_parser("solve", help="list every word on a board")
    solve.add_argument(
        "board", nargs="?", metavar="BOARD", help="the board, e.g. plsteaiertnrsges; - reads one per line"
    )
    solve.add_argument("--code", metavar="CODE", help="solve the board with this code, e.g. N-PLSTEAIERTNRSGES")
    _add_board_options(solve)
    solve.add_argument("--json", action="store_true", help="print JSON")

    bench = commands.add_parser("bench", help="compare unsorted list, sorted list, trie and the engine's solver")
    bench.add_argument("--boards", type=_count(1), default=1000, metavar="N", help="boards to solve (default 1000)")
    bench.add_argument("--seed", type=_count(0), default=1, metavar="N", help="seed of the first board (default 1)")
    bench.add_argument("--dictionary", default="enable1", metavar="NAME|PATH", help="word list (default enable1)")
    bench.add_argument("--skip-unsorted", action="store_true", help="leave out the (very slow) unsorted list")
    bench.add_argument("--json", action="store_true", help="print JSON")
    best = commands.add_parser("best", help="search for the highest-scoring board")
    best.add_argument("--size", type=_size, metavar="N|RxC", help="board size: 4 (default), 5, 6 or RxC")
    best.add_argument("--dice", metavar="SET", help="only boards this dice set can roll")
    best.add_argument("--dictionary", metavar="NAME|PATH", help="enable1 (default), popular or a file")
    best.add_argument("--min-length", type=_count(1), metavar="N", help="shortest word that counts")
    best.add_argument("--seconds", type=_seconds, default=60.0, metavar="S", help="how long to search (default 60)")
    best.add_argument("--seed", type=_count(0), metavar="N", help="seed of the search, to repeat it")
    best.add_argument("--json", action="store_true", help="print JSON")

    commands.add_parser("stats", help="your statistics over the rounds played")
    history = commands.add_parser("history", help="the rounds played, newest first")
    history.add_argument("--json", action="store_true", help="print JSON")
    history.add_argument("--limit", type=_count(1), metavar="N", help="only the last N rounds")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0] not in (*COMMANDS, "-h", "--help", "--version"):
        args_list.insert(0, "play")
    parser = build_parser()
    args = parser.parse_args(args_list)
    try:
        if args.command == "solve":
            from boggle_tui.commands.solve import run_solve

            return run_solve(args)
        if args.command == "bench":
            from boggle_tui.commands.bench import run_bench

            return run_bench(args)
        if args.command == "best":
            from boggle_tui.commands.best import run_best

            return run_best(args)
        if args.command in ("stats", "history"):
            from boggle_tui.commands.stats import run_history, run_stats

            return run_stats(args) if args.command == "stats" else run_history(args)
        from boggle_tui.commands.play import run_play

        return run_play(args)
    except BoggleError as error:
        print(f"boggle: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def print_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, separators=(",", ":")) + "\n")
