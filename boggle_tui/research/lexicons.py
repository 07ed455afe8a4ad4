"""The classic comparison: the same board search over three word-list structures.

`solve_with` is the textbook search: recursive, the path's dice in a set, and a
lexicon asked `has_prefix` and `is_word` at each step. The unsorted list answers
by scanning, the sorted list by binary search, the trie by walking from its root.
`solver.solve` is the engine's own search, which walks the trie along with the
board instead of asking it questions.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Protocol

from boggle_tui.engine.board import BLANK, Board
from boggle_tui.engine.trie import Trie


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


class TrieLexicon:
    """The trie behind the same two questions: each one walks down from the root."""

    def __init__(self, words: list[str]) -> None:
        self.trie = Trie.build(words)

    def has_prefix(self, prefix: str) -> bool:
        return self.trie.has_prefix(prefix)

    def is_word(self, word: str) -> bool:
        return word in self.trie


def solve_with(board: Board, lexicon: Lexicon, min_length: int = 3) -> set[str]:
    """Every word of at least `min_length` letters on the board."""
    faces = board.faces
    found: set[str] = set()

    def extend(cell: int, prefix: str, visited: set[int]) -> None:
        if len(prefix) >= min_length and lexicon.is_word(prefix):
            found.add(prefix)
        for n in board.neighbours(cell):
            if n not in visited and faces[n] != BLANK:
                longer = prefix + faces[n]
                if lexicon.has_prefix(longer):
                    extend(n, longer, visited | {n})

    for cell, face in enumerate(faces):
        if face != BLANK and lexicon.has_prefix(face):
            extend(cell, face, {cell})
    return found
