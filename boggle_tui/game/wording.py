"""How the game words numbers for people: plurals and round lengths."""

from __future__ import annotations


def plural(count: int, noun: str) -> str:
    """`1 word`, `2 words`, `1,044 words`."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"
