"""`boggle best`: search for the highest-scoring board, with a live view of the best so far."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue
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
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.search import PROVEN, RECORDS, Job, Progress, board_of, job_seed, run_job
from boggle_tui.engine.solver import solve
from boggle_tui.game.deal import Deal
from boggle_tui.game.wording import plural


def run_best(args: argparse.Namespace) -> int:
    dice = load_dice_set(args.dice) if args.dice else None
    if dice and args.size and args.size != (dice.height, dice.width):
        raise BoggleError(
            f"{dice.name} dice make a {dice.height}x{dice.width} board, not {args.size[0]}x{args.size[1]}"
        )
    height, width = (dice.height, dice.width) if dice else args.size or (4, 4)
    min_length = shortest_word(args.min_length, height * width)
    dictionary_name = args.dictionary or DEFAULT_DICTIONARY
    dictionary = load_dictionary(dictionary_name)  # here, so that a bad list is one error, not one per search
    seed = random_seed() if args.seed is None else args.seed
    record = RECORDS.get((height, width, dictionary_name, min_length))
    proven = (height, width, dictionary_name, min_length) in PROVEN
    jobs = [
        Job(dictionary_name, height, width, min_length, args.dice, args.seconds, job_seed(seed, n))
        for n in range(args.jobs or os.cpu_count() or 1)
    ]
    console = Console(stderr=True)
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    progress_queue, stop = context.Queue(), context.Event()
    workers = [context.Process(target=run_job, args=(job, progress_queue, stop), daemon=True) for job in jobs]

    def interrupted(*_: object) -> None:
        stop.set()  # each search finishes its step; the best board so far is printed

    previous = signal.signal(signal.SIGINT, interrupted)
    best: Progress | None = None
    finished: list[tuple[Progress, int]] = []
    try:
        for worker in workers:
            worker.start()
        with Live(console=console, transient=True, refresh_per_second=8) as live:
            while len(finished) < len(workers):
                # Looked at before waiting: a search that has ended has put all it said in the pipe.
                ended = not any(worker.is_alive() for worker in workers)
                try:
                    message = progress_queue.get(timeout=0.25)
                except queue.Empty:
                    if ended:
                        break  # a search that died says nothing more: keep what the others found
                    continue
                if isinstance(message, tuple):
                    finished.append(message)
                    message = message[0]
                if best is None or message.best_score > best.best_score:
                    best = message
                live.update(_live_view(best, height, width, args.seconds, record, len(workers)))
    finally:
        signal.signal(signal.SIGINT, previous)
        stop.set()
        for worker in workers:
            worker.join(timeout=5)
    if best is None:
        raise BoggleError("the search stopped before it scored a board")
    evaluations = sum(result.evaluations for result, _ in finished)
    solved = sum(count for _, count in finished)
    seconds = max((result.seconds for result, _ in finished), default=best.seconds)
    result = Progress(best.best, best.best_score, evaluations, seconds)
    board = board_of(result.best, height, width)
    solution = solve(board, dictionary.trie, min_length)
    rate = result.evaluations / result.seconds if result.seconds else 0.0
    stopped = stop.is_set() and result.seconds < args.seconds - 0.5
    if args.json:
        dealt = Deal(board, args.dice, None)
        print_json(
            json.loads(json_line(dealt, dictionary, min_length))
            | {
                "seed": seed,
                "seconds": round(result.seconds, 3),
                "evaluations": result.evaluations,
                "solved": solved,  # evaluations less the boards whose score was remembered
                "jobs": len(workers),
                "record": {"board": record[0], "points": record[1], "proven": proven} if record else None,
            }
        )
    else:
        out = Console()
        out.print(solution_view(solution))
        note = " (stopped early)" if stopped else ""
        out.print(
            f"Best of {result.evaluations:,} boards ({solved:,} solved, the rest seen before) "
            f"in {result.seconds:.1f} s{note} by {plural(len(workers), 'search')}: {rate:,.0f} evaluations/s, "
            f"seed {seed}" + (f", only boards the {dice.name} dice can roll" if dice else "")
        )
        if record:
            out.print(_record_line(record, result.best_score, proven))
    return 0


def _live_view(
    progress: Progress, height: int, width: int, seconds: float, record: tuple[str, int] | None, jobs: int
) -> Group:
    board = board_of(progress.best, height, width)
    status = Text.assemble(
        ("best ", "dim"), (f"{progress.best_score:,}", "bold green"), (" points · ", "dim"),
        f"{plural(jobs, 'search')} · {progress.seconds:.0f} of {seconds:.0f} s · Ctrl+C stops",
    )  # fmt: skip
    parts = [board_table(board), Text(board.text(), style="dim"), status]
    if record:
        parts.append(Text(_record_line(record, progress.best_score), style="dim"))
    return Group(*parts)


def _record_line(record: tuple[str, int], points: int, proven: bool = False) -> str:
    board, best = record
    if proven and points == best:
        return f"This is the proven best board ({best:,} points, {board}): boggle prove found none better."
    if proven:
        return f"The proven best board for this size and word list: {board}, {best:,} points."
    if points > best:
        return f"A new record: {points:,} points, above the best known board ({best:,}, {board})!"
    if points == best:
        return f"This equals the best known board ({best:,} points, {board})."
    return f"The best known board for this size and word list: {board}, {best:,} points."
