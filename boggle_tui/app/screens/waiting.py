"""Screens that ask the player to wait: a word list being prepared, a terminal too small."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Middle
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, LoadingIndicator

from boggle_tui.game.session import Hold


class LoadingScreen(Screen[None]):
    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Middle():
            yield Label(self.message, id="loading-label")
        yield LoadingIndicator()


class TooSmallScreen(ModalScreen[None]):
    """Shown while the terminal is smaller than the screen beneath needs; a round beneath waits, hidden."""

    HOLD = Hold.TOO_SMALL

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        with Middle():
            yield Label(
                f"The terminal is too small. Make it at least {self.need[0]}x{self.need[1]}: "
                "the game waits, and so does the clock.",
                id="too-small",
            )
