"""Points for a word, by its length in letters (Qu counts as two)."""

from __future__ import annotations

from collections.abc import Iterable

# Length -> points; every word of 8 letters or more scores 11.
_POINTS = {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 3, 7: 5}
LONG_WORD_POINTS = 11


def score(word: str) -> int:
    return _POINTS.get(len(word), LONG_WORD_POINTS)


def total_score(words: Iterable[str]) -> int:
    return sum(score(word) for word in words)
