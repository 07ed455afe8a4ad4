"""The round's clock: m:ss and a bar that warns under 30 and 10 seconds."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, ProgressBar

from boggle_tui.clock import Clock, format_seconds

WARNING_SECONDS = 30
DANGER_SECONDS = 10


class ClockView(Horizontal):
    def __init__(self, clock: Clock, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="clock")
        self.clock = clock

    def compose(self) -> ComposeResult:
        yield Label("", id="clock-time")
        if self.clock.duration is not None:
            yield ProgressBar(total=self.clock.duration, show_percentage=False, show_eta=False, id="clock-bar")

    def on_mount(self) -> None:
        self.update()

    def update(self) -> None:
        label = self.query_one("#clock-time", Label)
        remaining = self.clock.remaining
        if remaining is None:
            label.update(f"{format_seconds(self.clock.elapsed)} played")
            return
        label.update(format_seconds(remaining))
        self.query_one("#clock-bar", ProgressBar).update(progress=remaining)
        self.set_class(DANGER_SECONDS < remaining <= WARNING_SECONDS, "-warning")
        self.set_class(remaining <= DANGER_SECONDS, "-danger")
        self.set_class(self.clock.paused, "-paused")
