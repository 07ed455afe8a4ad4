"""Screens that ask the player to wait: a word list being prepared, a terminal too small."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Middle
from textual.widgets import Label, LoadingIndicator

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


class TooSmallScreen(TranslatedModalScreen[None]):
    """Shown while the terminal is smaller than the screen beneath needs; a round beneath waits, hidden. What the
    player types meanwhile is kept (`typed`): the round beneath takes it when it shows again (no entry is lost)."""

    HOLD = Hold.TOO_SMALL

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need
        self.typed: list[str] = []  # letters, "backspace" and "enter", in the order typed

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character:
            self.typed.append(event.character)
        elif event.key in ("enter", "backspace"):
            self.typed.append(event.key)
        else:
            return
        event.stop()

    def compose(self) -> ComposeResult:
        with Middle():
            yield Label(
                _(
                    "The terminal is too small. Make it at least {columns}x{rows}: "
                    "the game waits, and so does the clock."
                ).format(columns=self.need[0], rows=self.need[1]),
                id="too-small",
            )
