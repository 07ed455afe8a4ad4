"""The results of a round against the table: the solo results, with every player's words side by side."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.widgets import Static

from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.widgets.players import players_table
from boggle_tui.game.session import ContestRound


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
        yield Static(players_table(table.players, table.shared, table.scoring, table.found_by), id="players-results")
        yield from super().compose()

    def _outcome(self) -> str:
        winners = self.table.winners
        ended = self.table.end_reason.value if self.table.end_reason else "Over"
        if len(winners) > 1:
            return f"{ended} · a tie: {', '.join(winners[:-1])} and {winners[-1]}{self._too_late()}"
        return f"{ended} · winner: {winners[0] if winners else 'nobody'}{self._too_late()}"
