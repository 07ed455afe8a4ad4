"""Every word on a board: a depth-first search that walks the board and the trie together.

A path is extended only while its letters are a prefix of some word (one trie
lookup per step); the dice already used are a bitmask.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from boggle_tui.board import BLANK, FACE_INDEX, FACES, Board, Cell, neighbours
from boggle_tui.scoring import total_score
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
        return total_score(self.paths)

    def __len__(self) -> int:
        return len(self.paths)

    def __contains__(self, word: object) -> bool:
        return word in self.paths


def solve(board: Board, trie: Trie, min_length: int = 3) -> Solution:
    columns = [FACE_INDEX.get(face, -1) for face in board.faces]  # -1: a blank, which no word crosses
    found = words_and_paths(trie, columns, neighbours(board.height, board.width))
    return Solution(board, min_length, dict(sorted((w, p) for w, p in found.items() if len(w) >= min_length)))


def words_and_paths(trie: Trie, columns: list[int], around: tuple[tuple[Cell, ...], ...]) -> dict[str, Path]:
    """Every word on a board given as face columns, with the first path found for each."""
    table = trie.table
    # For each cell: its usable neighbours as (bit, face column, cell, face), and (reach) the faces they show.
    moves = [[(1 << n, columns[n], n, FACES[columns[n]]) for n in cells if columns[n] >= 0] for cells in around]
    reach = [sum({1 << move[1] for move in out}) for out in moves]
    starts = [(cell, table[col]) for cell, col in enumerate(columns) if col >= 0]
    stack = [(cell, entry, 1 << cell, FACES[columns[cell]], (cell,)) for cell, entry in starts if entry]
    found: dict[str, Path] = {}
    pop, push = stack.pop, stack.append
    while stack:
        cell, entry, used, word, path = pop()
        if entry & 1 and word not in found:
            found[word] = path
        base = entry >> 1
        if table[base + KIDS] & reach[cell]:  # else no neighbour continues a word
            for bit, col, n, face in moves[cell]:
                if not used & bit:
                    child = table[base + col]
                    if child:
                        push((n, child, used | bit, word + face, (*path, n)))
    return found


def words_on(trie: Trie, columns: list[int], around: tuple[tuple[Cell, ...], ...]) -> set[str]:
    """Every word on a board, without paths: `words_and_paths` less its path tuples.

    The board search scores hundreds of boards a second with it; building a path tuple
    at every step would cost it a quarter of its speed.
    """
    table = trie.table
    moves = [[(1 << n, columns[n], n, FACES[columns[n]]) for n in cells if columns[n] >= 0] for cells in around]
    reach = [sum({1 << move[1] for move in out}) for out in moves]
    starts = [(cell, table[col]) for cell, col in enumerate(columns) if col >= 0]
    stack = [(cell, entry, 1 << cell, FACES[columns[cell]]) for cell, entry in starts if entry]
    found: set[str] = set()
    pop, push, add = stack.pop, stack.append, found.add
    while stack:
        cell, entry, used, word = pop()
        if entry & 1:
            add(word)
        base = entry >> 1
        if table[base + KIDS] & reach[cell]:
            for bit, col, n, face in moves[cell]:
                if not used & bit:
                    child = table[base + col]
                    if child:
                        push((n, child, used | bit, word + face))
    return found


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
