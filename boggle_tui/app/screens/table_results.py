"""The results of a round against the table: the solo results, with every player's words side by side and the
winner, in the contest results' layout (contest_results.py); n: a new board against the same table, r: this
board again."""

from __future__ import annotations

from boggle_tui.app.screens.contest_results import ContestResultsScreen
from boggle_tui.game.session import ContestRound


class TableResultsScreen(ContestResultsScreen):
    """As a solo round's results, with the table's words and the winner."""

    @property
    def table(self) -> ContestRound:
        """The round against the table (the contest, by the name its callers know it)."""
        return self.contest
