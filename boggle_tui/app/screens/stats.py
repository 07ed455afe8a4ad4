"""Statistics: how the player is doing over time, each kind of round on its own."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from boggle_tui.app.widgets.chart import ShareChart
from boggle_tui.game.study import LEARNED_BOX, Card, cards_summary
from boggle_tui.game.wording import plural
from boggle_tui.storage.stats import STANDING_HEADINGS, Summary


class StatsScreen(Screen[None]):
    BINDINGS = [Binding("escape,f2,q", "back", "Back", id="back")]

    def __init__(self, summary: Summary, notice: str | None = None, cards: list[Card] | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.notice = notice
        self.cards = cards or []

    def compose(self) -> ComposeResult:
        s = self.summary
        with VerticalScroll(id="stats"):
            yield Label("Statistics", id="stats-title")
            if self.notice:
                yield Label(self.notice, id="stats-notice")
            if not s.games:
                yield Label("No rounds played yet. Finish a round and it will count here.")
            else:
                yield Static(self._standings(), id="standings")
                yield Static(self._figures(), id="figures")
                yield Label(f"Share of the board found, last {plural(len(s.trend), 'round')}", classes="stats-heading")
                yield ShareChart(s.trend, id="trend")
                yield Label("Common words you miss most", classes="stats-heading")
                missed = "   ".join(f"{w.upper()} ({n})" for w, n in s.most_missed_common) or "None yet."
                yield Static(missed, id="missed-common")
            yield Label(f"Study (learned: box {LEARNED_BOX} and up)", classes="stats-heading")
            yield Static(cards_summary(self.cards), id="study-cards")
        yield Footer()

    def _standings(self) -> Table:
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        for heading in STANDING_HEADINGS:
            table.add_column(heading, justify="left" if heading == STANDING_HEADINGS[0] else "right", no_wrap=True)
        for standing in self.summary.standings:
            table.add_row(*standing.row())
        return table

    def _figures(self) -> str:
        s = self.summary
        streak = plural(s.daily_streak, "day")
        waiting = "" if s.daily_played_today else "  (today's board is waiting: boggle --daily)"
        return "\n".join(
            [
                f"Longest word        {(s.longest_word or '-').upper()}",
                f"Daily streak        {streak}{waiting}",
            ]
        )

    def action_back(self) -> None:
        self.dismiss()
