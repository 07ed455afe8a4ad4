"""`boggle bench`: time the three structures on the same boards, and check they agree."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from boggle_tui.engine.board import Board
from boggle_tui.engine.lexicons import SortedList, TrieLexicon, UnsortedList, solve_with
from boggle_tui.engine.solver import solve
from boggle_tui.engine.trie import Trie

# Scanning a 170,000-word list for each step takes minutes a board: one board is enough to show it.
UNSORTED_BOARDS = 1


@dataclass(frozen=True)
class Result:
    structure: str
    build_ms: float
    boards: int
    median_ms: float

    @property
    def boards_per_second(self) -> float:
        return 1000 / self.median_ms if self.median_ms else float("inf")

    def as_dict(self) -> dict[str, float | int | str]:
        return {**asdict(self), "boards_per_second": round(self.boards_per_second, 1)}


class Disagreement(Exception):
    """Two structures found different words on one board: a bug, never expected."""


@dataclass(frozen=True)
class Structure:
    name: str
    build: Callable[[list[str]], Any]
    solve: Callable[[Board, Any, int], set[str]]
    board_limit: int | None = None


def _engine_trie(words: list[str]) -> Trie:
    return Trie.build(words)


def _engine_solve(board: Board, trie: Trie, min_length: int) -> set[str]:
    return set(solve(board, trie, min_length).paths)  # paths and all: the full solve, timed


STRUCTURES = (
    Structure("unsorted list", UnsortedList, solve_with, UNSORTED_BOARDS),
    Structure("sorted list", SortedList, solve_with),
    Structure("trie", TrieLexicon, solve_with),
    Structure("trie solver", _engine_trie, _engine_solve),
)


def run(
    words: list[str],
    boards: list[Board],
    min_length: int,
    structures: tuple[Structure, ...] = STRUCTURES,
) -> Iterator[tuple[Structure, int, Result | None]]:
    """Yield (structure, boards done, None) as boards are solved, then (structure, n, result)."""
    reference: list[set[str]] = []
    for structure in structures:
        start = time.perf_counter()
        lexicon = structure.build(words)
        build_ms = (time.perf_counter() - start) * 1000
        todo = boards[: structure.board_limit] if structure.board_limit else boards
        times: list[float] = []
        for i, board in enumerate(todo):
            start = time.perf_counter()
            found = structure.solve(board, lexicon, min_length)
            times.append((time.perf_counter() - start) * 1000)
            if i >= len(reference):
                reference.append(found)
            elif found != reference[i]:
                raise Disagreement(f"{structure.name} disagrees on board {board.text()}")
            yield structure, i + 1, None
        yield structure, len(todo), Result(structure.name, build_ms, len(todo), statistics.median(times))
