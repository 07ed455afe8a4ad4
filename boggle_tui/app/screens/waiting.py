"""Screens that ask the player to wait: a word list being prepared, a terminal too small."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Middle
from textual.widgets import Label, LoadingIndicator

from boggle_tui.app.screens.keeps_typing import KeepsTyping
from boggle_tui.app.screens.translated import TranslatedModalScreen, TranslatedScreen
from boggle_tui.game.session import Hold
from boggle_tui.i18n import _


class LoadingScreen(TranslatedScreen[None]):
    def __init__(self, message: str) -> None:
        """`message` is shown as given: the caller translates it."""
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Middle():
            yield Label(self.message, id="loading-label")
        yield LoadingIndicator()


class TooSmallScreen(KeepsTyping, TranslatedModalScreen[None]):
    """Shown while the terminal is smaller than the screen beneath needs; a round beneath waits, hidden, and takes
    what the player types meanwhile when it shows again (screens/keeps_typing.py)."""

    HOLD = Hold.TOO_SMALL

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        with Middle():
            yield Label(
                _(
                    "The terminal is too small. Make it at least {columns}x{rows}: "
                    "the game waits, and so does the clock."
                ).format(columns=self.need[0], rows=self.need[1]),
                id="too-small",
            )
