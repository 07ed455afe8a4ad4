"""How the game words numbers for people: plurals and round lengths."""

from __future__ import annotations

from boggle_tui.i18n import counted, number

_HISSING = ("s", "x", "z", "ch", "sh")  # endings whose plural takes -es: searches, boxes


def plural(count: int, noun: str) -> str:
    """`1 word`, `2 words`, `1,044 words`; `2 searches`, `2 boxes`: a noun ending in s, x, z, ch or sh takes -es."""
    if count == 1:
        return f"{count:,} {noun}"
    return f"{count:,} {noun}{'es' if noun.endswith(_HISSING) else 's'}"


def words_line(found: int, of: int | None) -> str:
    """`4 words`, or with the live count `4 / 160 words` (in the form the board's count takes), in the interface's
    language."""
    if of is None:
        return counted(found, "{count} word", "{count} words")
    # Translators: the words found of the board's, as a round runs: "4 / 160 words"
    return counted(of, "{found} / {count} word", "{found} / {count} words").format(found=number(found))
