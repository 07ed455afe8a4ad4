"""`boggle best`: search for the highest-scoring board, with a live view of the best so far."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue
import signal
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.text import Text

from boggle_tui.cli.output import print_json
from boggle_tui.cli.render import board_table, solution_view, styled
from boggle_tui.cli.solve import json_line
from boggle_tui.engine.dice import DiceSet, load_dice_set, random_seed
from boggle_tui.engine.dictionary import Dictionary, load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.solver import solve
from boggle_tui.game.deal import Deal
from boggle_tui.game.languages import choose_language, language_for
from boggle_tui.i18n import N_, _, counted, number
from boggle_tui.research.search import (
    DICE_RECORDS,
    POINTS,
    PROVEN,
    RECORDS,
    WORD_RECORDS,
    WORDS,
    Job,
    Progress,
    board_of,
    job_seed,
    run_job,
)


@dataclass(frozen=True)
class Plan:
    """What `boggle best` searches, read from its flags."""

    dice: DiceSet | None
    height: int
    width: int
    min_length: int
    dictionary: Dictionary
    seed: int
    seconds: float
    jobs: tuple[Job, ...]
    record: tuple[str, int] | None  # the best known board of this shape and list (these dice's), and its measure
    proven: bool  # boggle prove found no better board than the record
    language: str = "en"  # whose letters the boards are
    objective: str = POINTS  # research/search.py OBJECTIVES: what the search measures

    @property
    def record_kind(self) -> str:
        """Which of RECORD_LINES the record is read with: the most points or words, or the most points the dice
        can roll."""
        return ROLLED if self.dice and self.objective == POINTS else self.objective


@dataclass(frozen=True)
class Outcome:
    """What the searches found: the best board; boards looked at and solved by all; the longest search's time."""

    best: Progress
    solved: int
    stopped: bool  # Ctrl+C ended it before its time


def run_best(args: argparse.Namespace) -> int:
    plan = plan_of(args)
    outcome = search_boards(plan, Console(stderr=True))
    if args.json:
        print_json(_json_of(plan, outcome))
    else:
        _print(plan, outcome, Console())
    return 0


def plan_of(args: argparse.Namespace) -> Plan:
    dice = load_dice_set(args.dice) if args.dice else None
    if dice and args.size and args.size != (dice.height, dice.width):
        raise BoggleError(
            _("{dice} dice make a {size} board, not {asked}").format(
                dice=dice.label, size=f"{dice.height}x{dice.width}", asked=f"{args.size[0]}x{args.size[1]}"
            )
        )
    height, width = (dice.height, dice.width) if dice else args.size or (4, 4)
    min_length = shortest_word(args.min_length, height * width)
    language = choose_language(args.lang, args.dice, args.dictionary)
    dictionary_name = args.dictionary or language_for(language).dictionary
    # Here, so that a bad list is one error, not one per search.
    dictionary = load_dictionary(dictionary_name, language=language)
    seed = random_seed() if args.seed is None else args.seed
    jobs = tuple(
        Job(
            dictionary_name,
            height,
            width,
            min_length,
            args.dice,
            args.seconds,
            job_seed(seed, n),
            language,
            args.objective,
        )
        for n in range(args.jobs or os.cpu_count() or 1)
    )
    shape = (height, width, dictionary_name, min_length)
    if dice and args.objective == POINTS:  # the best board these dice can roll, which may score less than any board
        record, proven = DICE_RECORDS.get((dice.key, dictionary_name, min_length)), False
    else:
        record = (RECORDS if args.objective == POINTS else WORD_RECORDS).get(shape)
        proven = args.objective == POINTS and shape in PROVEN  # the proofs are of points
    return Plan(dice, height, width, min_length, dictionary, seed, args.seconds, jobs, record, proven, language,
                args.objective)  # fmt: skip


def search_boards(plan: Plan, console: Console) -> Outcome:
    """Run the plan's searches side by side, one process each, showing the best board so far on `console`."""
    forks = "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork") if forks else multiprocessing.get_context("spawn")
    progress_queue, stop = context.Queue(), context.Event()
    workers = [context.Process(target=run_job, args=(job, progress_queue, stop), daemon=True) for job in plan.jobs]

    def interrupted(*_: object) -> None:
        stop.set()  # each search finishes its step; the best board so far is printed

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        for worker in workers:
            worker.start()
        best, finished = _follow(workers, progress_queue, plan, console)
    finally:
        signal.signal(signal.SIGINT, previous)
        stop.set()
        for worker in workers:
            worker.join(timeout=5)
    if best is None:
        raise BoggleError(_("the search stopped before it scored a board"))
    evaluations = sum(result.evaluations for result, _count in finished)
    seconds = max((result.seconds for result, _count in finished), default=best.seconds)
    solved = sum(count for _result, count in finished)
    stopped = stop.is_set() and seconds < plan.seconds - 0.5
    return Outcome(Progress(best.best, best.best_score, evaluations, seconds), solved, stopped)


def _follow(
    workers: Sequence[BaseProcess], progress_queue: Any, plan: Plan, console: Console
) -> tuple[Progress | None, list[tuple[Progress, int]]]:
    """The best board the searches report, shown live until each has ended, and what each ended with."""
    best: Progress | None = None
    finished: list[tuple[Progress, int]] = []
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
            live.update(_live_view(best, plan))
    return best, finished


def _json_of(plan: Plan, outcome: Outcome) -> dict[str, object]:
    best = outcome.best
    dealt = Deal(
        board_of(best.best, plan.height, plan.width, plan.language), plan.dice.key if plan.dice else None, None
    )
    return json.loads(json_line(dealt, plan.dictionary, plan.min_length)) | {
        "seed": plan.seed,
        "seconds": round(best.seconds, 3),
        "evaluations": best.evaluations,
        "solved": outcome.solved,  # evaluations less the boards whose score was remembered
        "jobs": len(plan.jobs),
        "record": {
            "board": plan.record[0],
            _unit(plan): plan.record[1],
            "proven": plan.proven,
            "dice": plan.dice.key if plan.record_kind == ROLLED and plan.dice else None,  # of these dice's boards
        }
        if plan.record
        else None,
        "objective": plan.objective,
    }


def _unit(plan: Plan) -> str:
    """What a record of the plan's objective counts: "points" or "words"."""
    return "words" if plan.objective == WORDS else "points"


def _print(plan: Plan, outcome: Outcome, out: Console) -> None:
    best = outcome.best
    board = board_of(best.best, plan.height, plan.width, plan.language)
    out.print(solution_view(solve(board, plan.dictionary.trie, plan.min_length)))
    rate = best.evaluations / best.seconds if best.seconds else 0.0
    # Translators: {stopped} is empty or " (stopped early)"; {only} is empty or ", only boards the X dice can roll"
    line = _(
        "Best of {boards} boards ({solved} solved, the rest seen before) in {seconds} s{stopped} by {searches}: "
        "{rate} evaluations/s, seed {seed}{only}"
    )
    only = _(", only boards the {dice} dice can roll").format(dice=plan.dice.label) if plan.dice else ""
    searches = counted(len(plan.jobs), "{count} search", "{count} searches")
    stopped = _(" (stopped early)") if outcome.stopped else ""
    out.print(
        line.format(
            boards=number(best.evaluations),
            solved=number(outcome.solved),
            seconds=f"{best.seconds:.1f}",
            stopped=stopped,
            searches=searches,
            rate=number(round(rate)),
            seed=plan.seed,
            only=only,
        )
    )
    if plan.record:
        out.print(_record_line(plan.record, best.best_score, plan.proven, plan.record_kind))


def _live_view(progress: Progress, plan: Plan) -> Group:
    board = board_of(progress.best, plan.height, plan.width, plan.language)
    # {points} in bold green wherever the language puts it; the message's own words dim
    status = styled(
        counted(
            progress.best_score,
            "best {points} word · {searches} · {elapsed} of {seconds} s · Ctrl+C stops",
            "best {points} words · {searches} · {elapsed} of {seconds} s · Ctrl+C stops",
        )
        if plan.objective == WORDS
        else counted(
            progress.best_score,
            "best {points} point · {searches} · {elapsed} of {seconds} s · Ctrl+C stops",
            "best {points} points · {searches} · {elapsed} of {seconds} s · Ctrl+C stops",
        ),
        {
            "points": (number(progress.best_score), "bold green"),
            "searches": (counted(len(plan.jobs), "{count} search", "{count} searches"), ""),
            "elapsed": (f"{progress.seconds:.0f}", ""),
            "seconds": (f"{plan.seconds:.0f}", ""),
        },
        "dim",
    )
    parts: list[RenderableType] = [board_table(board), Text(board.text(), style="dim"), status]
    if plan.record:
        parts.append(Text(_record_line(plan.record, progress.best_score, kind=plan.record_kind), style="dim"))
    return Group(*parts)


ROLLED = "rolled"  # a record of points among the boards a set of dice can roll
# What a search's best board says against the record, by what the search measures (and where it searches): above
# it, equal to it, below it.
RECORD_LINES = {
    POINTS: (
        N_("A new record: {points} points, above the best known board ({best}, {board})!"),
        N_("This equals the best known board ({best} points, {board})."),
        N_("The best known board for this size and word list: {board}, {best} points."),
    ),
    WORDS: (
        N_("A new record: {points} words, above the wordiest known board ({best}, {board})!"),
        N_("This equals the wordiest known board ({best} words, {board})."),
        N_("The wordiest known board for this size and word list: {board}, {best} words."),
    ),
    ROLLED: (
        N_("A new record: {points} points, above the best known board these dice can roll ({best}, {board})!"),
        N_("This equals the best known board these dice can roll ({best} points, {board})."),
        N_("The best known board these dice can roll with this word list: {board}, {best} points."),
    ),
}


def _record_line(record: tuple[str, int], points: int, proven: bool = False, kind: str = POINTS) -> str:
    """`points`: the search's best board's measure (its words, for WORDS), against the record's; `kind`: a key of
    RECORD_LINES."""
    board, best = record
    if proven and points == best:
        line = _("This is the proven best board ({best} points, {board}): boggle prove found none better.")
    elif proven:
        line = _("The proven best board for this size and word list: {board}, {best} points.")
    else:
        above, equal, below = RECORD_LINES[kind]
        line = _(above if points > best else equal if points == best else below)
    return line.format(board=board, best=number(best), points=number(points))
