"""Reporting a word of the results for the list's maintainers: the selected word as not a word, not for this
player, or offensive; a word the round refused as not a word, as one that should be. The choice is the dismissal's
value; the app keeps it (storage/reports.py) and nothing is sent anywhere."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.game.reports import OF_A_LISTED_WORD, Report
from boggle_tui.game.session import Hold
from boggle_tui.i18n import N_, _


@dataclass(frozen=True)
class Choice:
    word: str
    report: Report


class ReportScreen(TranslatedModalScreen[Choice | None]):
    HOLD = Hold.DIALOG
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="cancel-report")]

    def __init__(self, word: str | None, refused: list[str], upper: dict[str, str]) -> None:
        """`word`: the word selected in the results (None: none); `refused`: the round's entries refused as not a
        word; `upper`: each word as the results write it (the board's capitals)."""
        super().__init__()
        self.choices = [Choice(word, report) for report in OF_A_LISTED_WORD] if word is not None else []
        self.choices += [Choice(entry, Report.SHOULD_BE_A_WORD) for entry in refused]
        self.upper = upper

    def compose(self) -> ComposeResult:
        with Vertical(id="report"):
            # Translators: the title of the dialog that reports a word for the word list's maintainers
            yield Label(_("Report a word: kept on this computer, sent nowhere"), id="report-title")
            options = [
                # Translators: a choice of the report dialog: a word, then what it is said to be ("NEWTON: not for me")
                Option(Text(_("{word}: {report}").format(word=self.upper.get(c.word, c.word), report=c.report.text)))
                for c in self.choices
            ]
            yield OptionList(*options, id="report-choices")
            yield Label(_("Enter reports · Esc cancels · boggle words --reports lists them"), id="report-keys")

    def on_mount(self) -> None:
        choices = self.query_one("#report-choices", OptionList)
        choices.focus()
        if choices.option_count:
            choices.highlighted = 0

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)
