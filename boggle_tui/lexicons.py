"""The classic comparison: the same board search over three word-list structures.

`solve_with` is the textbook search, asking a lexicon `has_prefix` and `is_word`
at each step. The unsorted list answers by scanning, the sorted list by binary
search; the trie answers in one step per letter, and `solver.solve` is the same
search written around it.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Protocol

from boggle_tui.board import BLANK, Board


class Lexicon(Protocol):
    def has_prefix(self, prefix: str) -> bool: ...
    def is_word(self, word: str) -> bool: ...


class UnsortedList:
    """Every question is a scan of the whole list: minutes per board."""

    def __init__(self, words: list[str]) -> None:
        self.words = list(words)

    def has_prefix(self, prefix: str) -> bool:
        return any(word.startswith(prefix) for word in self.words)

    def is_word(self, word: str) -> bool:
        return word in self.words


class SortedList:
    """Binary search: the first word not below the prefix starts with it, or none does."""

    def __init__(self, words: list[str]) -> None:
        self.words = sorted(words)

    def _first_at_or_after(self, text: str) -> str:
        i = bisect_left(self.words, text)
        return self.words[i] if i < len(self.words) else ""

    def has_prefix(self, prefix: str) -> bool:
        return self._first_at_or_after(prefix).startswith(prefix)

    def is_word(self, word: str) -> bool:
        return self._first_at_or_after(word) == word


def solve_with(board: Board, lexicon: Lexicon, min_length: int = 3) -> set[str]:
    """Every word of at least `min_length` letters on the board."""
    faces = board.faces
    found: set[str] = set()

    def extend(cell: int, prefix: str, used: int) -> None:
        if len(prefix) >= min_length and lexicon.is_word(prefix):
            found.add(prefix)
        for n in board.neighbours(cell):
            if not used & (1 << n) and faces[n] != BLANK:
                longer = prefix + faces[n]
                if lexicon.has_prefix(longer):
                    extend(n, longer, used | (1 << n))

    for cell, face in enumerate(faces):
        if face != BLANK and lexicon.has_prefix(face):
            extend(cell, face, 1 << cell)
    return found
