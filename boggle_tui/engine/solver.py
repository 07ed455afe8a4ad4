"""Every word on a board: a depth-first search that walks the board and the trie together.

A path is extended only while its letters are a prefix of some word (one trie
lookup per step); the dice already used are a bitmask. The compiled core does the
same in C when it is built (core.py); this Python search is the reference it is
tested against, and the engine wherever the core is missing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from boggle_tui.engine.board import FACE_INDEX, FACES, Board, Cell, neighbours
from boggle_tui.engine.scoring import score, total_score
from boggle_tui.engine.trie import KIDS, Table, Trie

Path = tuple[Cell, ...]
Around = tuple[tuple[Cell, ...], ...]  # each cell's neighbours
Move = tuple[int, int, Cell, str, int]  # a step onto a neighbour: see `_moves`
Trail = int  # the dice of a path, as a bitmask


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


def columns_of(board: Board) -> list[int]:
    """The board as the trie's face columns; -1 for a blank, which no word crosses."""
    return [FACE_INDEX.get(face, -1) for face in board.faces]


def solve(board: Board, trie: Trie, min_length: int = 3) -> Solution:
    columns = columns_of(board)
    core = trie.core()
    if core is not None:
        found = core.solve(columns, board.height, board.width, min_length)
    else:
        around = neighbours(board.height, board.width)
        trails = words_and_trails(trie, columns, around)
        found = [(w, path_of(w, trail, columns, around)) for w, trail in trails.items() if len(w) >= min_length]
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
    solution = solve(board, trie, min_length)
    cells = [f"[{row},{column}]" for row in range(board.height) for column in range(board.width)]
    words = ",".join(
        f'{{"word":"{word}","score":{score(word)},"path":[{",".join([cells[cell] for cell in path])}]}}'
        for word, path in solution.paths.items()
    )
    return f"[{words}]", len(solution), solution.total_score


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
    """Every word on a board given as face columns, with the dice of the first path found.

    A step carries no path: a path is built only for a word found (`path_of`), which
    is most of what a path per step used to cost (benchmarks/NOTES.md).
    """
    table = trie.table
    moves, starts = _moves(table, columns, around)
    found: dict[str, Trail] = {}
    stack: list[tuple[Cell, int, int, str]] = []
    for cell, entry in starts:
        if entry & 1:
            found[FACES[columns[cell]]] = 1 << cell
        stack.append((cell, entry >> 1, 1 << cell, FACES[columns[cell]]))
    pop, push = stack.pop, stack.append
    while stack:
        cell, base, used, word = pop()
        for bit, col, n, face, after in moves[cell]:
            if not used & bit and (child := table[base + col]):
                longer = word + face
                if child & 1 and longer not in found:
                    found[longer] = used | bit
                if table[(child >> 1) + KIDS] & after:  # else no neighbour of n goes on: not worth a visit
                    push((n, child >> 1, used | bit, longer))
    return found


def path_of(word: str, dice: Trail, columns: list[int], around: Around) -> Path:
    """A path that spells `word` on the given dice.

    Only those few dice are tried, so this costs little; such a path exists because
    the search found the word on exactly these dice.
    """
    faces = [FACES[col] if col >= 0 else "" for col in columns]

    def extend(path: Path, spelled: int, candidates: Iterable[Cell]) -> Path | None:
        if spelled == len(word):
            return path
        for n in candidates:
            face = faces[n]
            usable = dice >> n & 1 and n not in path and face and word.startswith(face, spelled)
            if usable and (done := extend((*path, n), spelled + len(face), around[n])) is not None:
                return done
        return None

    path = extend((), 0, range(len(columns)))
    if path is None:
        raise AssertionError(f"{word!r} was found on dice it cannot be spelled on")
    return path


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
