"""A board code, shown whole or not at all: a cut code would rebuild another board."""

from __future__ import annotations

from textual.widgets import Static


class CodeLine(Static):
    """The code with its prefix if the line has room for all of it, else the code alone, else where to copy it
    from. `copy_key` names the key in force that copies it (the screen reads it from the keymap)."""

    def __init__(self, code: str, copy_key: str, *, prefix: str = "Code ", id: str | None = None) -> None:
        super().__init__(id=id)
        self.code = code
        self.whole = f"{prefix}{code}"
        self.instead = f"{prefix.strip()}: {copy_key} copies it"

    def render(self) -> str:
        width = self.size.width
        return next((line for line in (self.whole, self.code) if len(line) <= width), self.instead)
