"""Statistics: how the player is doing over time."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from boggle_tui.app.widgets.chart import ShareChart
from boggle_tui.game.wording import plural
from boggle_tui.storage.stats import Summary


class StatsScreen(Screen[None]):
    BINDINGS = [Binding("escape,f2,q", "back", "Back")]

    def __init__(self, summary: Summary, notice: str | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.notice = notice

    def compose(self) -> ComposeResult:
        s = self.summary
        with Vertical(id="stats"):
            yield Label("Statistics", id="stats-title")
            if self.notice:
                yield Label(self.notice, id="stats-notice")
            if not s.games:
                yield Label("No rounds played yet. Finish a round and it will count here.")
            else:
                yield Static(self._figures(), id="figures")
                yield Label(f"Share of the board found, last {plural(len(s.trend), 'round')}", classes="stats-heading")
                yield ShareChart(s.trend, id="trend")
                yield Label("Common words you miss most", classes="stats-heading")
                missed = "   ".join(f"{w.upper()} ({n})" for w, n in s.most_missed_common) or "None yet."
                yield Static(missed, id="missed-common")
        yield Footer()

    def _figures(self) -> str:
        s = self.summary
        streak = plural(s.daily_streak, "day")
        waiting = "" if s.daily_played_today else "  (today's board is waiting: boggle --daily)"
        return "\n".join(
            [
                f"Games played        {s.games:,}",
                f"Best score          {s.best_score:,}",
                f"Average score       {s.average_score:,.1f}",
                f"Share found         {s.average_share:.0%} of each board's points on average",
                f"Longest word        {(s.longest_word or '-').upper()}",
                f"Daily streak        {streak}{waiting}",
            ]
        )

    def action_back(self) -> None:
        self.dismiss()
