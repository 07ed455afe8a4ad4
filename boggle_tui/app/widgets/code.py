"""A board code, shown whole or not at all: a cut code would rebuild another board."""

from __future__ import annotations

from textual.widgets import Static


class CodeLine(Static):
    """The code if the line has room for all of it; else where to copy it from."""

    def __init__(self, code: str, *, prefix: str = "Code ", copy_key: str = "ctrl+y", id: str | None = None) -> None:
        super().__init__(id=id)
        self.code = code
        self.whole = f"{prefix}{code}"
        self.instead = f"{prefix.strip()}: {copy_key} copies it"

    def render(self) -> str:
        return self.whole if self.size.width >= len(self.whole) else self.instead
