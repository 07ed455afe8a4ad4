"""The results of a round played against others, the table's bots or a room's players: the solo results under
every player's words side by side. One layout for both, in which the board, the selected word's path on it, the
winner's line and the evening's line are always whole:

- the evening's line (a room's points over its rounds, and who reached the target first) is docked at the top;
- the board column is fitted first, to the height the screen has less the footer, the evening's line, its own
  lines (the outcome, naming the winner, and the totals) and some of the players' table's rows (TABLE_KEPT);
- the players' table takes what the board column leaves, at most its own height, and scrolls there; its note on
  the scoring rule is the border under it, so it shows however far the table is scrolled. Where the word lists'
  column would leave it less than its header and first row of words (TABLE_LEAST), their hint line gives a row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Label, OptionList, Static

from boggle_tui.app.screens.results import LIST_BORDERS, ResultsScreen
from boggle_tui.app.widgets.phrases import Phrases
from boggle_tui.app.widgets.players import players_table, scoring_note
from boggle_tui.game.contest import winner_line
from boggle_tui.game.session import ContestRound, Teamed
from boggle_tui.game.team import team_outcome, teams_outcome
from boggle_tui.i18n import _, counted

if TYPE_CHECKING:  # a room's evening is the network's: imported when one is shown (a table's round has none)
    from boggle_tui.net import messages as m

FOOTER = 1  # the footer's rows
OUTCOME_MARGIN = 1  # the blank row under the totals (#totals' margin-bottom)
# The players' table's rows the board leaves it, where the table has as many: a third of the screen, and at least
# its header and 3 words (the board is fitted in the rest: at 100x32 its dice are smaller than solo).
TABLE_KEPT = 4
TABLE_SHARE = 3
TABLE_LEAST = 2  # the table's rows kept whatever the word lists need: its header and its first row of words


@runtime_checkable
class Evening(Protocol):
    """A room's evening: each player's points over its rounds, and who reached the target first."""

    @property
    def evening(self) -> tuple[m.Standing, ...]: ...
    @property
    def champion(self) -> str: ...


class ContestResultsScreen(ResultsScreen):
    KEEPS_LIST_ROWS = True  # beside the players' table (#29)

    def __init__(
        self,
        session: ContestRound,
        is_common: Callable[[str], bool] | None,
        describe: Callable[[str], str] = lambda _: "",
        required: Callable[[str], bool] | None = None,
    ) -> None:
        super().__init__(session, is_common, describe, required)
        self.contest = session

    def compose(self) -> ComposeResult:
        evening = self._evening()
        if evening is not None:  # broken between its phrases: `alice reached the target first` kept whole
            yield Label(Phrases.of(*evening.split(" · ")), id="evening")  # names are Text: literal, never markup
        with VerticalScroll(id="players-results") as players:
            players.border_subtitle = Content(scoring_note(self.contest.scoring, self._two_teams).plain)
            yield Static(self._table(), id="players-table")
        yield from super().compose()

    @property
    def _two_teams(self) -> bool:
        return isinstance(self.contest, Teamed) and self.contest.two_teams

    def _outcome(self) -> str:
        ended = self.contest.end_reason.text if self.contest.end_reason else _("Over")
        contest = self.contest
        if isinstance(contest, Teamed) and contest.two_teams:  # two teams: which won
            watching = not contest.side
            return teams_outcome(contest.team_score, contest.rival_score or 0, ended, watching=watching)
        if isinstance(contest, Teamed) and contest.team:  # played together: the team's points against its goal
            return team_outcome(contest.team_score, contest.goal, contest.reached, ended)
        return winner_line(contest.winners, ended)

    def _table(self) -> Table:
        """Each player's score and words; a word two or more found is marked = and scores 0 (unless all score)."""
        contest = self.contest
        return players_table(contest.players, contest.shared, contest.scoring, contest.found_by)

    def _evening(self) -> Text | None:
        """A room's evening so far, each player's points over its rounds and wins, and who reached the target
        first; None where there is no evening (the table's, a room's first round). Names are literal text."""
        room = self.contest
        if not isinstance(room, Evening) or not room.evening:
            return None
        from boggle_tui.net.session import evening_line

        return Text(evening_line(room.evening, room.champion))

    def _notes(self) -> list[Text]:
        """What stands with the table: the scoring rule, and the evening if there is one."""
        evening = self._evening()
        return [scoring_note(self.contest.scoring, self._two_teams), *([evening] if evening is not None else [])]

    # The layout

    def board_height(self) -> int:
        """The board column is fitted first: the screen's height less the footer, the evening's line, the
        column's own lines (at their narrowest, where they wrap most) and a few of the table's rows."""
        height = self.size.height
        lines = sum(_height(label, self.size, self.summary_width(0)) for label in self._summary_lines())
        kept = min(self._players_height(), max(TABLE_KEPT + 1, height // TABLE_SHARE))  # its border included
        return height - FOOTER - self._evening_height() - kept - lines - OUTCOME_MARGIN

    def lay_out(self) -> None:
        super().lay_out()
        if self.narrow:  # stacked: the table keeps a third of the screen, the lists the rest
            players = self.query_one("#players-results", VerticalScroll)
            players.styles.max_height = max(self.size.height // 3, TABLE_LEAST + 1)
            self._tell_more(players, int(players.styles.max_height.value))  # type: ignore[union-attr]
            return
        # What the board column needs, the board now fitted, and what the word lists need; the table scrolls in
        # what is left, and keeps its top rows: where the lists would leave it less, their hint line gives its
        # second row (at 80x24 an evening line and a word too late left the table its header alone).
        filter_line = self.query_one("#filter", Label)
        filter_line.styles.height = "auto"
        room = self._table_room()
        least = min(self._players_height(), TABLE_LEAST + 1)  # its note's border included
        if room < least:
            filter_line.styles.height = 1  # its first phrase: "↑↓ a word's path"
            shorter = self._table_room()
            if shorter > room:
                room = shorter
            else:  # the board's column is the taller (a 5x5 board): the board gives way, its dice flat
                filter_line.styles.height = "auto"
                self.board_view.flatten()
                room = self._table_room()
        players = self.query_one("#players-results", VerticalScroll)
        players.styles.max_height = max(room, 1)
        self._tell_more(players, max(room, 1))

    def _tell_more(self, players: VerticalScroll, rows: int) -> None:
        """A table cut short says so under it, with the keys to the rest (at 80x24 a room's table showed one row of
        each player's words, and nothing on the screen said there were more, nor that Tab and ↓ reach them)."""
        note = scoring_note(self.contest.scoring, self._two_teams).plain
        hidden = self._players_height() - rows
        if hidden > 0:
            # Translators: under a room's players' table cut short: Tab reaches the table, ↓ scrolls it
            more = counted(hidden, "Tab ↓: {count} more row", "Tab ↓: {count} more rows").format(count=hidden)
            note = f"{note} · {more}"
        players.border_subtitle = Content(note)

    def _table_room(self) -> int:
        """The rows the players' table has: the screen less the footer, the evening's line, and the taller of the
        board column (the board fitted) and the word lists' column."""
        lines = sum(_height(label, self.size, self.summary_width()) for label in self._summary_lines())
        needed = max(lines + OUTCOME_MARGIN + self.board_view.extent()[1], self._lists_needed())
        return self.size.height - FOOTER - self._evening_height() - needed

    def _lists_needed(self) -> int:
        """The rows the word lists' column needs: its lines as they wrap at its width, the definition at its
        tallest, and each list shown with its few rows inside its borders."""
        width = max(self.size.width - self.summary_width() - SUMMARY_PADDING - LISTS_PADDING, 1)
        rows = 0
        for child in self.query_one("#lists").children:
            height = child.styles.height
            if not child.display:
                continue
            if isinstance(child, OptionList):
                rows += int(child.styles.min_height.value) if child.styles.min_height else LIST_BORDERS
            elif child.id == "definition":
                rows += DEFINITION_MOST
            elif height is not None and height.is_cells:
                rows += int(height.value)
            else:
                rows += _height(child, self.size, width)
        return rows

    def _summary_lines(self) -> list[Widget]:
        return list(self.query("#summary > Label"))

    def _evening_height(self) -> int:
        evening = self.query("#evening")
        return _height(evening.first(), self.size, self.size.width - 2) if evening else 0  # padding 0 1

    def _players_height(self) -> int:
        """The table's own height at the screen's width, its note's border included."""
        table = self.query_one("#players-table", Static)
        return _height(table, self.size, max(self.size.width - 2, 1)) + 1


# The word lists' column: its lists keep a few rows each (results.py: KEEPS_LIST_ROWS); the definition under them
# takes at most 3 rows.
DEFINITION_MOST = 3  # #definition's max-height
SUMMARY_PADDING = 2  # #summary's padding: 0 1
LISTS_PADDING = 1  # #lists' padding: 0 1 0 0


def _height(widget: Widget, screen: Size, width: int) -> int:
    """The rows `widget` takes at `width` columns (its content's: these have no border or vertical padding)."""
    return widget.get_content_height(screen, screen, max(width, 1))
