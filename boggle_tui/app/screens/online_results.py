"""The results of an online round: the solo results, with every player's words side by side."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.widgets.players import players_table, scoring_note, winner_line
from boggle_tui.game.session import ContestRound
from boggle_tui.i18n import N_, _, counted, number
from boggle_tui.net import messages as m


@runtime_checkable
class Evening(Protocol):
    """A room's evening: each player's points over its rounds, and who reached the target first."""

    @property
    def evening(self) -> tuple[m.Standing, ...]: ...
    @property
    def champion(self) -> str: ...


class OnlineResultsScreen(ResultsScreen):
    BINDINGS = [
        Binding("n,enter", "again", N_("Again"), id="online-again", tooltip=N_("online: back to the room's lobby")),
        Binding("escape", "again", N_("Lobby"), id="online-lobby", tooltip=N_("online: back to the room's lobby")),
    ]

    def __init__(
        self,
        session: ContestRound,
        is_common: Callable[[str], bool] | None,
        describe: Callable[[str], str] = lambda _: "",
    ) -> None:
        super().__init__(session, is_common, describe)
        self.online = session

    def compose(self) -> ComposeResult:
        yield Static(Group(self._table(), *self._notes()), id="players-results")
        yield from super().compose()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "menu":
            return False  # the room's lobby is where this round leads (n, Enter or Escape)
        return super().check_action(action, parameters)

    def _outcome(self) -> str:
        ended = self.online.end_reason.text if self.online.end_reason else _("Over")
        return winner_line(self.online.winners, ended) + self._too_late()

    def _table(self) -> Table:
        """Each player's score and words; a word two or more found is marked = and scores 0 (unless all score)."""
        room = self.online
        return players_table(room.players, room.shared, room.scoring, room.found_by)

    def _notes(self) -> list[Text]:
        """Under the table, each on its own line: the scoring rule, and the room's evening so far (each player's
        points over its rounds, and wins). Names are literal text."""
        notes = [scoring_note(self.online.scoring)]
        room = self.online
        if isinstance(room, Evening) and room.evening:
            standings = " · ".join(_standing(s) for s in room.evening)
            if room.champion:
                line = _("Tonight: {standings} · {champion} reached the target first")
            else:
                line = _("Tonight: {standings}")
            notes.append(Text(line.format(standings=standings, champion=room.champion)))
        return notes

    def action_again(self) -> None:
        self.post_message(self.Menu())  # the app takes an online Menu back to the lobby


def _standing(standing: m.Standing) -> str:
    """`alice 120 (2 wins)`: a player's points over the evening, and wins if any."""
    if not standing.wins:
        return f"{standing.name} {number(standing.total)}"
    return counted(standing.wins, "{name} {points} ({count} win)", "{name} {points} ({count} wins)").format(
        name=standing.name, points=number(standing.total)
    )
