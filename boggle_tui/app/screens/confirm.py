"""A yes-or-no question, answered with y, n, Escape (or the keys they are remapped to) or the buttons."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from boggle_tui.app.keys import keys_for
from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.game.session import Hold
from boggle_tui.i18n import N_, _


class ConfirmScreen(TranslatedModalScreen[bool]):
    HOLD = Hold.DIALOG
    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="yes"),
        Binding("n,escape", "answer(False)", N_("No"), id="no"),
    ]

    def __init__(self, question: str, yes: str = "", no: str = "") -> None:
        """`question` and the answers' labels are shown as given (translated by the caller); Yes and No by default."""
        super().__init__()
        self.question, self.yes, self.no = question, yes or _("Yes"), no or _("No")

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Label(self.question, id="question")
            with Horizontal(id="answers"):
                yes, no = (keys_for(self.app, self, id_, first=True) for id_ in ("yes", "no"))
                # Translators: a button: an answer and the key that gives it, e.g. "Leave (y)".
                yield Button(_("{answer} ({key})").format(answer=self.yes, key=yes), variant="error", id="yes")
                yield Button(_("{answer} ({key})").format(answer=self.no, key=no), variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
