"""Every word on a board: a depth-first search that walks the board and the trie together.

A path is extended only while its letters are a prefix of some word (one trie
lookup per step); the dice already used are a bitmask.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from boggle_tui.engine.board import FACE_INDEX, FACES, Board, Cell, neighbours
from boggle_tui.engine.scoring import total_score
from boggle_tui.engine.trie import KIDS, Table, Trie

Path = tuple[Cell, ...]
Around = tuple[tuple[Cell, ...], ...]  # each cell's neighbours
Move = tuple[int, int, Cell, str, int]  # a step onto a neighbour: see `_moves`


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


def solve(board: Board, trie: Trie, min_length: int = 3) -> Solution:
    columns = [FACE_INDEX.get(face, -1) for face in board.faces]  # -1: a blank, which no word crosses
    found = words_and_paths(trie, columns, neighbours(board.height, board.width))
    return Solution(board, min_length, dict(sorted((w, p) for w, p in found.items() if len(w) >= min_length)))


def words_and_paths(trie: Trie, columns: list[int], around: Around) -> dict[str, Path]:
    """Every word on a board given as face columns, with the first path found for each."""
    table = trie.table
    moves, starts = _moves(table, columns, around)
    found: dict[str, Path] = {}
    stack: list[tuple[Cell, int, int, str, Path]] = []
    for cell, entry in starts:
        if entry & 1:
            found[FACES[columns[cell]]] = (cell,)
        stack.append((cell, entry >> 1, 1 << cell, FACES[columns[cell]], (cell,)))
    pop, push = stack.pop, stack.append
    while stack:
        cell, base, used, word, path = pop()
        for bit, col, n, face, after in moves[cell]:
            if not used & bit and (child := table[base + col]):
                longer = word + face
                if child & 1 and longer not in found:
                    found[longer] = (*path, n)
                if table[(child >> 1) + KIDS] & after:  # else no neighbour of n goes on: not worth a visit
                    push((n, child >> 1, used | bit, longer, (*path, n)))
    return found


def words_on(trie: Trie, columns: list[int], around: Around) -> set[str]:
    """Every word on a board, without paths: `words_and_paths` less its path tuples.

    The board search scores many boards a second with it and needs no paths; building
    a path tuple at every step would slow it down (benchmarks/NOTES.md).
    """
    table = trie.table
    moves, starts = _moves(table, columns, around)
    found = {FACES[columns[cell]] for cell, entry in starts if entry & 1}
    stack = [(cell, entry >> 1, 1 << cell, FACES[columns[cell]]) for cell, entry in starts]
    pop, push, add = stack.pop, stack.append, found.add
    while stack:
        cell, base, used, word = pop()
        for bit, col, n, face, after in moves[cell]:
            if not used & bit and (child := table[base + col]):
                if child & 1:
                    add(word + face)
                if table[(child >> 1) + KIDS] & after:
                    push((n, child >> 1, used | bit, word + face))
    return found


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
