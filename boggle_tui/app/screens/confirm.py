"""A yes-or-no question, answered with the player's language's yes key (s, j, o, t) or y, with n or Escape, or
with the buttons.

The bindings are the class's, written before any language is chosen, so the language's own yes key is taken
as a key press (`on_key`); y stays bound in every language."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from boggle_tui.app.keys import keys_for
from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.game.session import Hold
from boggle_tui.i18n import N_, _, yes_keys

TOUCH_WIDTH = 60  # columns: a browser's page narrower than this is a phone's (its keys are taps)


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
                if self.touch:  # a phone's page: the buttons are tapped, and a key's name would only crowd them
                    yield Button(self.yes, variant="error", id="yes")
                    yield Button(self.no, variant="primary", id="no")
                    return
                yes, no = yes_keys()[0], keys_for(self.app, self, "no", first=True)
                # Translators: a button: an answer and the key that gives it, e.g. "Leave (y)".
                yield Button(_("{answer} ({key})").format(answer=self.yes, key=yes), variant="error", id="yes")
                yield Button(_("{answer} ({key})").format(answer=self.no, key=no), variant="primary", id="no")

    @property
    def touch(self) -> bool:
        """Shown on a phone: a browser's page (`boggle web`) narrower than a round's side-by-side layout."""
        return bool(getattr(self.app, "web_url", None)) and self.app.size.width < TOUCH_WIDTH

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_key(self, event: events.Key) -> None:
        if event.key in yes_keys():  # the language's own: s for sí, j for ja
            event.stop()
            self.dismiss(True)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
