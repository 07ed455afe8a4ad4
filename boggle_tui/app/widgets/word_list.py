"""A list of words in the results: the arrows move through it (the screen shows each word's path and definition)."""

from __future__ import annotations

from textual.widgets import OptionList


class WordList(OptionList):
    """An OptionList whose Enter is the screen's: selecting a word does nothing more than highlighting it, and a
    room's results take Enter back to the lobby whichever list has the focus."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return False  # not run, so Textual offers the key to the screen's bindings
        return super().check_action(action, parameters)
