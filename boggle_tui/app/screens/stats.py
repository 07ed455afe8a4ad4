"""Statistics: how the player is doing over time, each kind of round on its own."""

from __future__ import annotations

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Label, Static

from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.widgets.chart import ShareChart
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.engine.alphabets import capitals
from boggle_tui.game.daily_table import streak_days
from boggle_tui.game.study import LEARNED_BOX, Card, cards_summary
from boggle_tui.i18n import N_, _, counted
from boggle_tui.storage.stats import STANDING_HEADINGS, Summary, missed_line, rating_lines


class StatsScreen(TranslatedScreen[None]):
    BINDINGS = [Binding("escape,f2,q", "back", N_("Back"), id="back")]

    def __init__(self, summary: Summary, notice: str | None = None, cards: list[Card] | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.notice = notice
        self.cards = cards or []

    def compose(self) -> ComposeResult:
        s = self.summary
        with VerticalScroll(id="stats"):
            yield Label(_("Statistics"), id="stats-title")
            if self.notice:
                yield Label(self.notice, id="stats-notice")
            if not s.games:
                yield Label(_("No rounds played yet. Finish a round and it will count here."))
            else:
                yield Static(self._standings(), id="standings")
                yield Static(self._figures(), id="figures")
                trend = counted(
                    len(s.trend),
                    "Share of the board found, last {count} round",
                    "Share of the board found, last {count} rounds",
                )
                yield Label(trend, classes="stats-heading")
                yield ShareChart(s.trend, id="trend")
                if s.ratings:
                    # Translators: a heading: the player's rating in each language (their skill, fitted to their rounds)
                    yield Label(_("Rating"), classes="stats-heading")
                    yield Static("\n".join(rating_lines(s)), id="ratings")
                yield Label(_("Common words you miss most"), classes="stats-heading")
                missed = "   ".join(missed_line(s.most_missed_common)) or _("None yet.")
                yield Static(missed, id="missed-common")
            # Translators: a heading: the study cards (a noun); a card is learned once it reaches box {box}.
            yield Label(_("Study (learned: box {box} and up)").format(box=LEARNED_BOX), classes="stats-heading")
            yield Static(cards_summary(self.cards), id="study-cards")
        yield Footer()

    def on_resize(self) -> None:
        """The standings as a table where it fits, one kind of round under another where it does not (a phone):
        measured once the new size is laid out."""
        if self.summary.games:
            self.call_after_refresh(lambda: self.query_one("#standings", Static).update(self._standings()))

    def _standings(self) -> Table | Text:
        first, *others = STANDING_HEADINGS  # marked for the catalogue where they are written (storage/stats.py)
        rows = [standing.row() for standing in self.summary.standings]
        headings = [_(first), *map(_, others)]
        widths = [max(cell_len(cell) for cell in column) for column in zip(headings, *rows, strict=False)]
        room = 0
        if self.is_mounted:  # the column, less the scrollbar it has or may soon have (a long history, a phone)
            column = self.query_one("#stats")
            room = column.content_region.width - column.styles.scrollbar_size_vertical
        if not room or sum(widths) + 2 * len(widths) <= room:  # each cell padded by one column each side
            table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
            table.add_column(headings[0], justify="left", no_wrap=True)
            for heading in headings[1:]:
                table.add_column(heading, justify="right", no_wrap=True)
            for row in rows:
                table.add_row(*row)
            return table
        stacked = Text()
        # "Boggle (1987+) · timed" over "played 12 · best 40 · average 21.5 · found 9%", broken between figures, never
        # inside one (Rich breaks a line at any space, a no-break space too)
        for kind, *figures in rows:
            stacked.append(f"{kind}\n", style="bold")
            named = [f"{heading} {figure}" for heading, figure in zip(headings[1:], figures, strict=True)]
            stacked.append("\n".join(packed(named, " · ", room)) + "\n")
        stacked.rstrip()
        return stacked

    def _figures(self) -> str:
        s = self.summary
        longest = capitals(s.longest_word or "-")
        # Translators: a figure's name, padded with spaces so that the figures line up (as "Daily streak" is).
        return "\n".join([_("Longest word        {word}").format(word=longest), *self._streaks()])

    def _streaks(self) -> list[str]:
        """A line per language with a daily streak; with none, the streak's 0 and where today's board is."""
        if not self.summary.streaks:
            return [
                counted(
                    0,
                    "Daily streak        {count} day  (today's board is waiting: boggle daily)",
                    "Daily streak        {count} days  (today's board is waiting: boggle daily)",
                )
            ]
        lines = []
        for streak in self.summary.streaks:
            days = streak_days(streak.days, streak.beating, streak.shields)
            if not streak.played_today:
                days = _("{days} (today's board is waiting)").format(days=days)  # short: the line fits 80 columns
            # Translators: a figure, padded as "Longest word" is: {language} is the board's, "German"
            line = _("Daily streak        {language}: {streak}")
            lines.append(line.format(language=streak.language_name, streak=days))
        return lines

    def action_back(self) -> None:
        self.dismiss()


def packed(items: list[str], between: str, width: int) -> list[str]:
    """`items` joined by `between` into lines of at most `width` columns, each item whole (one longer than the line
    stands alone)."""
    lines: list[str] = []
    for item in items:
        if lines and cell_len(lines[-1] + between + item) <= width:
            lines[-1] += between + item
        else:
            lines.append(item)
    return lines
