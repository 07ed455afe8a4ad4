"""The rules about words, as tables: points by length (Qu counts as two letters) and the shortest word."""

from __future__ import annotations

from collections.abc import Iterable

# Points by length in letters; every word of LONG_WORD letters or more scores LONG_WORD_POINTS.
POINTS_BY_LENGTH = {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 3, 7: 5}
LONG_WORD = 8
LONG_WORD_POINTS = 11

# Big Boggle rules: the shortest word by board size, as (most cells, shortest word), smallest board first.
MIN_LENGTH_BY_CELLS = ((16, 3),)
MIN_LENGTH_ON_LARGER = 4


def score(word: str) -> int:
    return POINTS_BY_LENGTH.get(len(word), LONG_WORD_POINTS)


# Points by length as a list, for the solvers' inner loops and the compiled core: index min(length, 63).
POINTS = [POINTS_BY_LENGTH.get(length, LONG_WORD_POINTS) for length in range(64)]


def total_score(words: Iterable[str]) -> int:
    return sum(map(score, words))


def min_length_for(cells: int) -> int:
    """The shortest word that counts on a board of this many dice: 3 up to 4x4, 4 on larger boards."""
    return next((length for most, length in MIN_LENGTH_BY_CELLS if cells <= most), MIN_LENGTH_ON_LARGER)


def shortest_word(asked: int | None, cells: int) -> int:
    """The shortest word that counts in a round: the one asked for, else the rule for the board's size.

    The one place this choice is made; a round resolves it once, when it is dealt."""
    return asked if asked is not None else min_length_for(cells)


def score_bands(min_length: int = 3) -> list[tuple[str, int]]:
    """The points table as a player reads it: `[("3-4", 1), ("5", 2), ..., ("8+", 11)]`."""
    bands: list[tuple[int, int, int]] = []  # (first length, last length, points)
    for length in range(min_length, LONG_WORD):
        points = POINTS_BY_LENGTH[length]
        if bands and bands[-1][2] == points:
            bands[-1] = (bands[-1][0], length, points)
        else:
            bands.append((length, length, points))
    named = [(f"{first}" if first == last else f"{first}-{last}", points) for first, last, points in bands]
    return [*named, (f"{LONG_WORD}+", LONG_WORD_POINTS)]
