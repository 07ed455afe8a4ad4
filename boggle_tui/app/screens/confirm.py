"""A yes-or-no question, answered with y, n, Escape (or the keys they are remapped to) or the buttons."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from boggle_tui.app.keys import keys_for
from boggle_tui.game.session import Hold


class ConfirmScreen(ModalScreen[bool]):
    HOLD = Hold.DIALOG
    BINDINGS = [Binding("y", "answer(True)", "Yes", id="yes"), Binding("n,escape", "answer(False)", "No", id="no")]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Label(self.question, id="question")
            with Horizontal(id="answers"):
                yield Button(f"{self.yes} ({keys_for(self.app, self, 'yes', first=True)})", variant="error", id="yes")
                yield Button(f"{self.no} ({keys_for(self.app, self, 'no', first=True)})", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
