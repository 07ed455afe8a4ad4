"""How the game words numbers for people: plurals and round lengths."""

from __future__ import annotations

_HISSING = ("s", "x", "z", "ch", "sh")  # endings whose plural takes -es: searches, boxes


def plural(count: int, noun: str) -> str:
    """`1 word`, `2 words`, `1,044 words`; `2 searches`, `2 boxes`: a noun ending in s, x, z, ch or sh takes -es."""
    if count == 1:
        return f"{count:,} {noun}"
    return f"{count:,} {noun}{'es' if noun.endswith(_HISSING) else 's'}"
