"""The results of a round against the table: the solo results, with every player's words side by side."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group
from textual.app import ComposeResult
from textual.widgets import Static

from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.widgets.players import players_table, scoring_note, winner_line
from boggle_tui.game.session import ContestRound
from boggle_tui.i18n import _


class TableResultsScreen(ResultsScreen):
    """As a solo round's results (n: a new board against the same table, r: this board again), with the table's
    words and the winner."""

    def __init__(
        self,
        session: ContestRound,
        is_common: Callable[[str], bool] | None,
        describe: Callable[[str], str] = lambda _: "",
    ) -> None:
        super().__init__(session, is_common, describe)
        self.table = session

    def compose(self) -> ComposeResult:
        table = self.table
        words = players_table(table.players, table.shared, table.scoring, table.found_by)
        yield Static(Group(words, scoring_note(table.scoring)), id="players-results")
        yield from super().compose()

    def _outcome(self) -> str:
        ended = self.table.end_reason.text if self.table.end_reason else _("Over")
        return winner_line(self.table.winners, ended) + self._too_late()
