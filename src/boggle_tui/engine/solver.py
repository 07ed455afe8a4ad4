"""Every word on a board: a depth-first search that walks the board and the trie together.

A path is extended only while its letters are a prefix of some word (one trie
lookup per step); the dice already used are a bitmask. The compiled core does the
same in C when it is built (core.py); this Python search is the reference it is
tested against, and the engine wherever the core is missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from boggle_tui.engine.board import FACE_INDEX, FACES, Board, Cell, neighbours
from boggle_tui.engine.scoring import POINTS, total_score
from boggle_tui.engine.trie import KIDS, Table, Trie

Path = tuple[Cell, ...]
Around = tuple[tuple[Cell, ...], ...]  # each cell's neighbours
Move = tuple[int, int, Cell, str, int]  # a step onto a neighbour: see `_moves`
# A step of the search: (cell, trie row, dice used, word so far, the step it came from).
Step = tuple[Cell, int, int, str, "Step | None"]
Trail = tuple[Step | None, Cell]  # how a word was found: the step before its last die, and that die


@dataclass(frozen=True)
class Solution:
    board: Board
    min_length: int
    paths: dict[str, Path]  # every word on the board, in alphabetical order, with one path

    @property
    def words(self) -> list[str]:
        return list(self.paths)

    @cached_property
    def total_score(self) -> int:
        return total_score(self.paths)

    def __len__(self) -> int:
        return len(self.paths)

    def __contains__(self, word: object) -> bool:
        return word in self.paths


LONGEST = len(POINTS) - 1


def columns_of(board: Board) -> list[int]:
    """The board as the trie's face columns; -1 for a blank, which no word crosses."""
    return [FACE_INDEX.get(face, -1) for face in board.faces]


def solve(board: Board, trie: Trie, min_length: int = 3) -> Solution:
    columns = columns_of(board)
    core = trie.core()
    if core is not None:
        found = core.solve(columns, board.height, board.width, min_length)
    else:
        trails = words_and_trails(trie, columns, neighbours(board.height, board.width))
        found = [(word, path_of(trail)) for word, trail in trails.items() if len(word) >= min_length]
    return Solution(board, min_length, dict(sorted(found)))


def solve_json(board: Board, trie: Trie, min_length: int = 3) -> tuple[str, int, int]:
    """The board's words as a JSON list, with how many there are and their points.

    Each word is `{"word": ..., "score": ..., "path": [[row, column], ...]}`, in alphabetical
    order: what `boggle solve --json` prints. Written as text from precomputed pieces (the
    compiled core writes it in C): building dicts for `json.dumps` cost as much as solving.
    """
    core = trie.core()
    if core is not None:
        return core.solve_json(columns_of(board), board.height, board.width, min_length)
    trails = words_and_trails(trie, columns_of(board), neighbours(board.height, board.width))
    cells = [f"[{row},{column}]" for row in range(board.height) for column in range(board.width)]
    words = sorted(word for word in trails if len(word) >= min_length)
    points = [POINTS[min(len(word), LONGEST)] for word in words]
    entries = ",".join(
        f'{{"word":"{word}","score":{worth},"path":[{",".join([cells[cell] for cell in path_of(trails[word])])}]}}'
        for word, worth in zip(words, points, strict=True)
    )
    return f"[{entries}]", len(words), sum(points)


def board_totals(board: Board, trie: Trie, min_length: int = 3) -> tuple[int, int]:
    """How many words the board holds, and their points: a solve without paths."""
    core = trie.core()
    if core is not None:
        return core.totals(columns_of(board), board.height, board.width, min_length)
    words = [w for w in words_and_trails(trie, columns_of(board), neighbours(*board.shape)) if len(w) >= min_length]
    return len(words), total_score(words)


def board_score(trie: Trie, columns: list[int], height: int, width: int, min_length: int) -> int:
    """The points of every word on a board given as columns: what the board search measures."""
    core = trie.core()
    if core is not None:
        return core.score(columns, height, width, min_length)
    words = words_and_trails(trie, columns, neighbours(height, width))
    return total_score(word for word in words if len(word) >= min_length)


def words_and_trails(trie: Trie, columns: list[int], around: Around) -> dict[str, Trail]:
    """Every word on a board given as face columns, with the trail of the first path found.

    A step carries no path: each stack entry points at the entry it grew from, and a
    path is read back from those links only for a word found (`path_of`). Building a
    path tuple at every step cost most of a solve (benchmarks/NOTES.md).
    """
    table = trie.table
    moves, starts = _moves(table, columns, around)
    found: dict[str, Trail] = {}
    stack: list[Step] = []
    for cell, entry in starts:
        if entry & 1:
            found[FACES[columns[cell]]] = (None, cell)
        stack.append((cell, entry >> 1, 1 << cell, FACES[columns[cell]], None))
    pop, push = stack.pop, stack.append
    while stack:
        step = pop()
        cell, base, used, word, _ = step
        for bit, col, n, face, after in moves[cell]:
            if not used & bit and (child := table[base + col]):
                longer = word + face
                if child & 1 and longer not in found:
                    found[longer] = (step, n)
                if table[(child >> 1) + KIDS] & after:  # else no neighbour of n goes on: not worth a visit
                    push((n, child >> 1, used | bit, longer, step))
    return found


def path_of(trail: Trail) -> Path:
    """The dice of a found word, first to last, read back along the links of its trail."""
    step, cell = trail
    path = [cell]
    while step is not None:
        path.append(step[0])
        step = step[4]
    return tuple(reversed(path))


def _moves(table: Table, columns: list[int], around: Around) -> tuple[list[list[Move]], list[tuple[Cell, int]]]:
    """For each cell, its steps to usable neighbours; and the cells where a word can start.

    A step is (the neighbour's bit, its face column, the neighbour, its face, and the
    faces around the neighbour as a bitmask); a start is (cell, trie entry).
    """
    usable = [[n for n in cells if columns[n] >= 0] for cells in around]
    faces_around = [sum({1 << columns[n] for n in cells}) for cells in usable]
    moves = [[(1 << n, columns[n], n, FACES[columns[n]], faces_around[n]) for n in cells] for cells in usable]
    starts = [(cell, entry) for cell, col in enumerate(columns) if col >= 0 and (entry := table[col])]
    return moves, starts
