"""Screens that ask the player to wait: a word list being prepared, a terminal too small."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, LoadingIndicator

from boggle_tui.game.clock import Clock


class LoadingScreen(Screen[None]):
    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Label(self.message, id="loading-label")
        yield LoadingIndicator()


class TooSmallScreen(ModalScreen[None]):
    """Shown while the terminal is smaller than the game needs; the clock waits meanwhile."""

    def __init__(self, need: tuple[int, int], clock: Clock | None) -> None:
        super().__init__()
        self.need = need
        self.clock = clock if clock is not None and clock.running else None

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Label(
                f"The terminal is too small for the board.\nMake it at least {self.need[0]}x{self.need[1]}: "
                "the game waits, and so does the clock.",
                id="too-small",
            )

    def on_mount(self) -> None:
        if self.clock is not None:
            self.clock.pause()

    def on_unmount(self) -> None:
        if self.clock is not None:
            self.clock.resume()
