"""A board code, shown whole or not at all: a cut code would rebuild another board."""

from __future__ import annotations

from textual.widgets import Static

from boggle_tui.i18n import N_, _


class CodeLine(Static):
    """The code with its label if the line has room for all of it, else the code alone, else where to copy it
    from. `copy_key` names the key in force that copies it (the screen reads it from the keymap). `whole` and
    `instead` are `N_` texts with the fields {code} and {key}: translated at each drawing."""

    def __init__(
        self,
        code: str,
        copy_key: str,
        *,
        whole: str = N_("Code {code}"),
        instead: str = N_("Code: {key} copies it"),
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.code = code
        self.copy_key = copy_key
        self.whole, self.instead = whole, instead

    def render(self) -> str:
        width = self.size.width
        lines = (_(self.whole).format(code=self.code), self.code)
        return next((line for line in lines if len(line) <= width), _(self.instead).format(key=self.copy_key))
