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
from boggle_tui.game.session import ContestRound
from boggle_tui.game.wording import plural
from boggle_tui.net import messages as m

MAX_ROWS = 12  # words per player shown in the table; the lists below have them all


@runtime_checkable
class Evening(Protocol):
    """A room's evening: each player's points over its rounds, and who reached the target first."""

    @property
    def evening(self) -> tuple[m.Standing, ...]: ...
    @property
    def champion(self) -> str: ...


class OnlineResultsScreen(ResultsScreen):
    BINDINGS = [
        Binding("n,enter", "again", "Again", id="online-again", tooltip="online: back to the room's lobby"),
        Binding("escape", "again", "Lobby", id="online-lobby", tooltip="online: back to the room's lobby"),
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
        winners = self.online.winners
        ended = self.online.end_reason.value if self.online.end_reason else "Over"
        if len(winners) > 1:
            return f"{ended} · a tie: {', '.join(winners[:-1])} and {winners[-1]}{self._too_late()}"
        return f"{ended} · winner: {winners[0] if winners else 'nobody'}{self._too_late()}"

    def _table(self) -> Table:
        """Each player's score and words; a word two or more found is marked = and scores 0 (unless all score)."""
        table = Table(box=None, padding=(0, 2), header_style="bold")
        players = sorted(self.online.players, key=lambda p: (-p.score, p.name))
        shared = set(self.online.shared)
        for p in players:
            heading = Text.assemble((p.name, "bold"), f" {p.score}", (" (you)" if p.me else "", "italic"))
            table.add_column(heading, no_wrap=True)  # a name is Text: shown literally, never read as markup
        columns = []
        for p in players:
            words = sorted(p.words, key=lambda w: (-len(w), w))
            cells = [self._cell(p.name, w, p.words[w], w in shared) for w in words[:MAX_ROWS]]
            if len(words) > MAX_ROWS:
                cells.append(Text(f"… {len(words) - MAX_ROWS} more", style="dim"))
            columns.append(cells)
        for row in range(max((len(c) for c in columns), default=0)):
            table.add_row(*(c[row] if row < len(c) else Text("") for c in columns))
        return table

    def _notes(self) -> list[Text]:
        """Under the table, each on its own line: the scoring rule, and the room's evening so far (each player's
        points over its rounds, and wins). Names are literal text."""
        rule = "= a shared word, with who else found it: 0 for all" if self.online.scoring == "unique" else ""
        notes = [Text(rule or "every word scores", style="dim")]
        room = self.online
        if isinstance(room, Evening) and room.evening:
            standings = " · ".join(
                f"{s.name} {s.total:,}" + (f" ({plural(s.wins, 'win')})" if s.wins else "") for s in room.evening
            )
            champion = f" · {room.champion} reached the target first" if room.champion else ""
            notes.append(Text(f"Tonight: {standings}{champion}"))
        return notes

    def _cell(self, player: str, word: str, points: int, shared: bool) -> Text:
        """A word and its points; a shared one names who else found it (names are literal Text, never markup)."""
        if not shared:
            return Text(f"{word.upper()} {points}")
        return Text.assemble(
            f"= {word.upper()} {points} ", (f"({', '.join(self.online.found_by(word, player))})", "dim")
        )

    def action_again(self) -> None:
        self.post_message(self.Menu())  # the app takes an online Menu back to the lobby
