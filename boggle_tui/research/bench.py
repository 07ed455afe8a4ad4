"""`boggle bench`: time the classic structures and both engines on the same boards, and check they agree.

Boards are rolled one at a time and every structure solves each board in turn, so
memory does not grow with the number of boards and a slow minute of the machine
weighs on all structures alike. The unsorted list scans every word at every step:
it gets a time budget, announced up front, and stops when that is spent.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from boggle_tui.engine import core
from boggle_tui.engine.board import Board
from boggle_tui.engine.solver import solve
from boggle_tui.engine.trie import Trie
from boggle_tui.i18n import _
from boggle_tui.research.lexicons import Lexicon, SortedList, TrieLexicon, UnsortedList, solve_with

UNSORTED_SECONDS = 5.0  # the unsorted list's budget: one board takes it a minute or more


@dataclass(frozen=True)
class Result:
    structure: str
    build_ms: float
    boards: int
    median_ms: float | None  # None: not one board within the budget
    note: str = ""

    @property
    def boards_per_second(self) -> float:
        return 1000 / self.median_ms if self.median_ms else 0.0

    def as_dict(self) -> dict[str, float | int | str | None]:
        return {**asdict(self), "boards_per_second": round(self.boards_per_second, 1)}


class Disagreement(Exception):
    """Two structures found different words on one board: a bug, never expected."""


class OutOfTime(Exception):
    """A structure spent its budget."""


@dataclass(frozen=True)
class Structure:
    name: str
    build: Callable[[list[str]], Any]
    solve: Callable[[Board, Any, int], set[str]]
    budget: float | None = None  # seconds in all, for the structures that need minutes a board


@dataclass
class _Timing:
    build_ms: float
    lexicon: Any
    times: list[float] = field(default_factory=list)
    gave_up: bool = False


def _engine(compiled: bool) -> Callable[[Board, Trie, int], set[str]]:
    def solve_on(board: Board, trie: Trie, min_length: int) -> set[str]:
        with core.forced(compiled):
            return set(solve(board, trie, min_length).paths)  # paths and all: the full solve, timed

    return solve_on


class _OnABudget:
    """A lexicon whose questions raise OutOfTime once `seconds` have passed since it was first asked."""

    def __init__(self, lexicon: Lexicon, seconds: float) -> None:
        self.lexicon, self.seconds = lexicon, seconds
        self.deadline: float | None = None

    def has_prefix(self, prefix: str) -> bool:
        now = time.perf_counter()
        if self.deadline is None:
            self.deadline = now + self.seconds
        elif now > self.deadline:
            raise OutOfTime
        return self.lexicon.has_prefix(prefix)

    def is_word(self, word: str) -> bool:
        return self.lexicon.is_word(word)


def _budgeted(lexicon_type: Callable[[list[str]], Lexicon], seconds: float) -> Callable[[list[str]], Lexicon]:
    """Builds the lexicon, on a budget of `seconds` from its first question."""
    return lambda words: _OnABudget(lexicon_type(words), seconds)


def structures(unsorted: bool = True) -> tuple[Structure, ...]:
    """What `boggle bench` compares: the textbook search over three lexicons, then the engines."""
    found = [
        Structure("sorted list", SortedList, solve_with),
        Structure("trie (textbook search)", TrieLexicon, solve_with),
        Structure("engine, Python", Trie.build, _engine(False)),
    ]
    if core.is_built():
        found.append(Structure("engine, C", Trie.build, _engine(True)))
    if unsorted:
        budget = _budgeted(UnsortedList, UNSORTED_SECONDS)
        found.insert(0, Structure("unsorted list", budget, solve_with, UNSORTED_SECONDS))
    return tuple(found)


def run(
    words: list[str],
    boards: Iterable[Board],
    min_length: int,
    chosen: tuple[Structure, ...],
    clock: Callable[[], float] = time.perf_counter,
) -> Iterator[tuple[int, list[Result] | None]]:
    """Yield (boards done, None) after each board, then (boards done, results): each structure's build time
    and the median of its times a board, in milliseconds of `clock` (seconds)."""
    timings: dict[str, _Timing] = {}
    for structure in chosen:
        start = clock()
        lexicon = structure.build(words)
        timings[structure.name] = _Timing((clock() - start) * 1000, lexicon)
    done = 0
    for board in boards:
        reference: set[str] | None = None
        for structure in chosen:
            timing = timings[structure.name]
            if timing.gave_up:
                continue
            start = clock()
            try:
                found = structure.solve(board, timing.lexicon, min_length)
            except OutOfTime:
                timing.gave_up = True
                continue
            timing.times.append((clock() - start) * 1000)
            if reference is None:
                reference = found
            elif found != reference:
                raise Disagreement(
                    _("{structure} disagrees on board {board}").format(structure=structure.name, board=board.text())
                )
        done += 1
        yield done, None
    yield done, [_result(structure, timings[structure.name]) for structure in chosen]


def _result(structure: Structure, timing: _Timing) -> Result:
    median = statistics.median(timing.times) if timing.times else None
    note = f"stopped at its {structure.budget:.0f} s budget" if timing.gave_up else ""
    return Result(structure.name, timing.build_ms, len(timing.times), median, note)
