"""The results of today's board played on a server: the solo results, with the day's table under the totals
(your place, your neighbours, the day's top and average), how many players found each of your words in the
found list, and a key for the table as it stands now (`DayTableScreen`: it grows during the day; friends alone on
a key). Everything in a table came from the server: names are shown literally, never as markup."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Label, Static

from boggle_tui.app.keys import keys_for
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.widgets.board import SMALLEST
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.daily_table import NEIGHBOURS, streak_line
from boggle_tui.game.languages import language_for
from boggle_tui.game.share import DailyShare, daily_share_line
from boggle_tui.i18n import N_, _, counted
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError
from boggle_tui.net.daily_lines import figures_line, place_lines, row_line, table_rows
from boggle_tui.net.daily_session import CONNECTION_LOST, DailySession, TableAsker
from boggle_tui.storage.stats import Streak, daily_streaks, rating_points


class DailyResultsScreen(ResultsScreen):
    BINDINGS = [
        # Translators: the footer's short name of the key that shows the day's table again, as it stands now.
        Binding("t", "day_table", N_("Table"), id="day-table", tooltip=N_("today's table as it stands now")),
    ]

    BLANK_UNDER = False  # the table's figures end the summary: no blank row before the board (a row more for it)
    KEEPS_LIST_ROWS = True  # at 80x24 the found list had 2 rows where a room's results keep 3

    def __init__(
        self,
        session: DailySession,
        is_common: Callable[[str], bool] | None,
        describe: Callable[[str], str],
        required: Callable[[str], bool] | None = None,
    ) -> None:
        super().__init__(session, is_common, describe, required)
        self.daily = session
        self.table = session.table  # the day's table as last seen: the round's, or asked again since
        self.near = NEIGHBOURS  # neighbours shown on each side: fewer where the board would not fit

    def compose_summary(self) -> ComposeResult:
        yield Label(self._day_text(), id="day-summary", classes="under-totals")

    def share_line(self) -> str:
        """Today's round as a line to share (game/share.py): no word of the board in it."""
        daily, results = self.daily, self.results
        you = self.table.you if self.table is not None else None
        streak = self._streak()
        return daily_share_line(
            DailyShare(
                daily.day.isoformat(), language_for(daily.board.language).own_name, results.score,
                results.max_score, tuple(results.found), tuple(results.solution.paths), results.solution.min_length,
                (you.rank, self.table.players, you.percentile) if you is not None and self.table else None,
                you.verified if you is not None else True, streak.days if streak else 0, self._rating(),
            )
        )  # fmt: skip

    def _rating(self) -> int | None:
        """The player's rating, where their settings put it on the share line ("share_rating")."""
        preferences, history = getattr(self.app, "preferences", None), getattr(self.app, "history", None)
        if history is None or not getattr(preferences, "share_rating", False):
            return None
        return rating_points(history, self.daily.board.language)

    def action_copy_result(self) -> None:
        """`y`: the day's share line, not the challenge line of any other round (a challenge would give the
        board away)."""
        line = self.share_line()
        self.app.copy_to_clipboard(line)
        self.notify(line, title=_("Result copied"), timeout=6, markup=False)

    def _outcome(self) -> str:
        """Why the round ended; a round whose server was lost was not ended by the player."""
        if self.daily.lost:
            return _("The connection to the server was lost")
        return super()._outcome()

    def _day_text(self) -> Text:
        """Your place, your neighbours and the day's figures; or why the server's table never came."""
        if self.table is None:
            if self.daily.lost == _(CONNECTION_LOST):  # the heading says so: not said twice
                # Translators: on the results of today's board whose server was lost; {key} shows the table later
                unreached = _("The day's table could not be reached: {key} asks for it again.")
                return Text(unreached.format(key=self._table_key()))
            # Translators: {reason} says why (the server refused us); {key} shows the table later
            lost = _("No table from the server ({reason}): {key} asks for it again.")
            return Text(lost.format(reason=self.daily.lost or "?", key=self._table_key()))
        lines = [Text(line, style="bold" if row is self.table.you else "") for line, row in self._day_lines()]
        if streak := self._streak_line():
            lines.append(Text(streak))
        return Text("\n").join(lines)

    def _streak(self) -> Streak | None:
        history = getattr(self.app, "history", None)  # the app's: the round just played is in it
        return daily_streaks(history, self.daily.day).get(self.daily.board.language) if history is not None else None

    def _streak_line(self) -> str:
        """`Daily streak: 3 days in a row · …`, as `boggle daily --plain` says it after the table (none: nothing)."""
        streak = self._streak()
        return streak_line(streak.days, streak.beating, streak.shields) if streak is not None else ""

    def _day_lines(self) -> list[tuple[str, m.TableRow | None]]:
        """The day's lines, each with the row it shows (None: a line of figures)."""
        assert self.table is not None
        near = self.near
        table = replace(
            self.table, above=self.table.above[len(self.table.above) - near :], below=self.table.below[:near]
        )
        if table.you is None:
            return [(figures_line(table), None)]
        rows = (*table.above, table.you, *table.below)
        lines = place_lines(table)  # the standing, the rows, the figures
        return [(lines[0], None), *zip(lines[1:-1], rows, strict=True), (lines[-1], None)]

    def lay_out(self) -> None:
        """The board is kept whole: on a short terminal, fewer neighbours (your own row stays)."""
        if self.is_mounted:
            rows = self.results.solution.board.shape[0]
            for self.near in range(NEIGHBOURS, -1, -1):
                self.query_one("#day-summary", Label).update(self._day_text())
                if self._fits(rows * SMALLEST.height):
                    break
        super().lay_out()

    def _fits(self, board: int) -> bool:
        """Whether the summary's lines (where they wrap most), a board this high and the footer fit the screen."""
        width = self.summary_width(0)
        lines = sum(
            line.get_content_height(self.size, self.size, width) + line.styles.margin.bottom
            for line in self.query("#summary > Label")
        )
        return lines + board + 1 <= self.size.height

    def _table_key(self) -> str:
        return keys_for(self.app, self, "day-table", first=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "day_table" and self.daily.ask is None:
            return False
        return super().check_action(action, parameters)

    def _word_line(self, word: str) -> Content:
        """A found word with how many of the day's players found it too."""
        line = super()._word_line(word)
        if self.table is None or word not in self.results.found:
            return line
        count = self.table.finds.get(word, 1)
        # Translators: after a word in the daily results' found list: how many of the day's players found it
        found = _("only you") if count <= 1 else counted(count, "{count} found it", "{count} found it")
        return Content.assemble(line, ("  " + found, "dim"))

    def action_day_table(self) -> None:
        if self.daily.ask is None:
            return

        def seen(table: m.DailyTable | None) -> None:
            if table is not None and table.you is not None:  # your place as it stands now
                self.table = table
                self.query_one("#day-summary", Label).update(self._day_text())
                self._fill_lists()  # how many found each word, as it stands now
                self.lay_out()

        self.app.push_screen(DayTableScreen(self.daily.ask, self.daily.server), seen)


class DayTableScreen(TranslatedScreen[m.DailyTable | None]):
    """The day's table as the server has it now: its top rows, and yours with your neighbours; friends marked,
    and shown alone on a key. Asked again on its key: the table grows during the day."""

    BINDINGS = [
        Binding("t,r", "refresh", N_("Refresh"), id="day-refresh", tooltip=N_("ask the server for the table again")),
        Binding("f", "friends", N_("Friends"), id="day-friends", tooltip=N_("your friends alone, or everyone")),
        Binding("escape", "back", N_("Back"), id="day-back", tooltip=N_("back to the results")),
    ]

    def __init__(self, ask: TableAsker, server: str) -> None:
        super().__init__()
        self.ask = ask
        self.server = server
        self.friends = False
        self.table: m.DailyTable | None = None

    def compose(self) -> ComposeResult:
        yield Label(_("Asking {server} for today's table…").format(server=self.server), id="day-title", markup=False)
        yield Label("", id="day-standing", markup=False)
        with VerticalScroll(id="day-rows"):
            yield Static("", id="day-list")
        yield Label("", id="day-figures", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh()

    def action_refresh(self) -> None:
        self.run_worker(self._load(), group="day-table", exclusive=True)

    def action_friends(self) -> None:
        self.friends = not self.friends
        self.action_refresh()

    def action_back(self) -> None:
        self.dismiss(self.table)

    async def _load(self) -> None:
        try:
            table = await self.ask(self.friends)
        except (JoinError, BoggleError, OSError) as error:
            self.query_one("#day-standing", Label).update(str(error))
            return
        self.table = table
        self.show(table)

    def show(self, table: m.DailyTable) -> None:
        if self.friends:
            whose = _("Your friends · {date} · board {code}")
        elif table.board:
            whose = _("Today's table · {date} · board {code}")
        else:  # the server shows today's board only to those who played it
            whose = _("Today's table · {date}")
        self.query_one("#day-title", Label).update(whose.format(date=table.date, code=table.board))
        you = table.you
        standing = place_lines(table)[0] if you is not None else ""
        self.query_one("#day-standing", Label).update(standing)
        lines = []
        for row in list(table.rows) if self.friends else table_rows(table):  # friends alone: theirs, and yours
            if row is None:
                lines.append(Text("  …"))
                continue
            mine = you is not None and row.rank == you.rank and row.name == you.name
            lines.append(Text(row_line(row, mine=mine), style="bold reverse" if mine else ""))
        if not lines:
            lines.append(Text(_("Nobody yet.") if not self.friends else _("None of your friends yet.")))
        self.query_one("#day-list", Static).update(Text("\n").join(lines))
        self.query_one("#day-figures", Label).update(figures_line(table))
