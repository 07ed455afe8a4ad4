"""Open a board by its code: a small dialog that checks the code before it closes."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.app.widgets.line import Line
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.codes import MAX_CODE, parse_code
from boggle_tui.game.deal import Deal
from boggle_tui.game.session import Hold
from boggle_tui.i18n import N_, _


class CodeScreen(TranslatedModalScreen[Deal | None]):
    """Answers the board a code names, or None when the player backs out."""

    HOLD = Hold.DIALOG
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="code-dialog"):
            yield Label(_("Board code (as shown beside a board, e.g. {code}):").format(code="N-PLSTEAIERTNRSGES"))
            # Translators: the code box's placeholder: type a board code, then press Enter.
            yield Line(placeholder=_("code, Enter"), max_length=MAX_CODE, id="code-input")  # no longer code exists
            yield Label("", id="code-error")

    def on_mount(self) -> None:
        self.query_one("#code-input", Input).focus()

    @on(Input.Submitted, "#code-input")
    def submitted(self, event: Input.Submitted) -> None:
        try:
            dealt = parse_code(event.value.strip())
        except BoggleError as error:
            self.query_one("#code-error", Label).update(f"✗ {error}")
            return
        self.dismiss(dealt)

    def action_cancel(self) -> None:
        self.dismiss(None)
