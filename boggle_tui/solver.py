"""Every word on a board: a depth-first search that walks the board and the trie together.

A path is extended only while its letters are a prefix of some word (one trie
lookup per step); the dice already used are a bitmask.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from boggle_tui.board import BLANK, FACE_INDEX, Board, Cell
from boggle_tui.scoring import score
from boggle_tui.trie import KIDS, Trie

Path = tuple[Cell, ...]


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
        return sum(score(word) for word in self.paths)

    def __len__(self) -> int:
        return len(self.paths)

    def __contains__(self, word: object) -> bool:
        return word in self.paths


def solve(board: Board, trie: Trie, min_length: int = 3) -> Solution:
    table = trie.table
    faces = board.faces
    column = [FACE_INDEX.get(face, -1) for face in faces]  # -1: a blank, which no word crosses
    # For each cell, its usable neighbours as (bit, face column, cell), and the faces they show.
    moves: list[list[tuple[int, int, Cell]]] = [[] for _ in faces]
    around = [0] * len(faces)
    for cell, out in enumerate(moves):
        for n in board.neighbours(cell):
            if faces[n] != BLANK:
                out.append((1 << n, column[n], n))
                around[cell] |= 1 << column[n]

    found: list[Path] = []
    starts = ((cell, _start(table, column[cell])) for cell in range(len(faces)))
    stack = [(cell, entry, 1 << cell, (cell,)) for cell, entry in starts if entry]
    pop, push, hit = stack.pop, stack.append, found.append
    while stack:
        cell, entry, used, path = pop()
        if entry & 1:
            hit(path)
        base = entry >> 1
        if table[base + KIDS] & around[cell]:  # else no neighbour continues a word
            for bit, col, n in moves[cell]:
                if not used & bit:
                    child = table[base + col]
                    if child:
                        push((n, child, used | bit, (*path, n)))

    paths: dict[str, Path] = {}
    for path in found:
        word = board.spell(path)
        if len(word) >= min_length and word not in paths:
            paths[word] = path
    return Solution(board, min_length, dict(sorted(paths.items())))


def _start(table, column: int) -> int:
    return table[column] if column >= 0 else 0


def paths_spelling(board: Board, text: str, start: Cell | None = None) -> Iterator[Path]:
    """Every path of adjacent, unrepeated dice that spells `text`, found lazily."""
    faces = board.faces

    def extend(path: tuple[Cell, ...], rest: str) -> Iterator[Path]:
        if not rest:
            yield path
            return
        for cell in board.neighbours(path[-1]):
            face = faces[cell]
            if cell not in path and face != BLANK and rest.startswith(face):
                yield from extend((*path, cell), rest[len(face) :])

    for cell in range(len(faces)) if start is None else (start,):
        face = faces[cell]
        if text and face != BLANK and text.startswith(face):
            yield from extend((cell,), text[len(face) :])


def trace(board: Board, text: str) -> Path | None:
    """One path that spells `text`, or None: it lights up what a player types, word or not."""
    return next(paths_spelling(board, text.lower()), None)
