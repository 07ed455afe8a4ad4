"""Practice hints, from gentle to generous: counts by length, where words start, first letters."""

from __future__ import annotations

from collections import Counter

from boggle_tui.engine.board import Board
from boggle_tui.engine.common import denied
from boggle_tui.game.tracing import TooHard, find_path


def hintable(words: list[str], language: str) -> list[str]:
    """The words left that a hint may speak of: never one that is never common (a name first) or offensive, which
    the game suggests in no way (engine/common.py), as practice's reveal never shows one."""
    unsuggested = denied(language)
    return [word for word in words if word not in unsuggested]


def count_by_length(words: list[str]) -> dict[int, int]:
    return dict(sorted(Counter(map(len, words)).items()))


def starts_at(board: Board, words: list[str]) -> list[int]:
    """For each die, how many of `words` can start there: a heat map."""
    counts = [0] * len(board)
    for word in words:
        for cell in range(len(board)):
            counts[cell] += _starts_at(board, word, cell)
    return counts


def _starts_at(board: Board, word: str, cell: int) -> bool:
    try:
        return find_path(board, word, start=cell) is not None
    except TooHard:
        return False


def first_letters(words: list[str]) -> dict[str, int]:
    """How many words start with each pair of letters."""
    return dict(sorted(Counter(word[:2] for word in words).items()))
