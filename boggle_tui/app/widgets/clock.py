"""The round's clock: m:ss and a bar that warns under 30 and 10 seconds."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, ProgressBar

from boggle_tui.game.clock import Clock, format_seconds

WARNING_SECONDS = 30
DANGER_SECONDS = 10


class ClockView(Horizontal):
    def __init__(self, clock: Clock, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="clock")
        self.clock = clock
        # Kept, not queried: the screen's timer may tick before the children are mounted.
        self.time = Label("", id="clock-time")
        self.bar = ProgressBar(total=clock.duration, show_percentage=False, show_eta=False, id="clock-bar")

    def compose(self) -> ComposeResult:
        yield self.time
        if self.clock.duration is not None:
            yield self.bar

    def on_mount(self) -> None:
        self.call_after_refresh(self.update)

    def update(self) -> None:
        remaining = self.clock.remaining
        if remaining is None:
            self.time.update(f"{format_seconds(self.clock.elapsed)} played")
            return
        self.time.update(format_seconds(remaining))
        if self.bar.is_mounted:
            self.bar.update(progress=remaining)
        self.set_class(DANGER_SECONDS < remaining <= WARNING_SECONDS, "-warning")
        self.set_class(remaining <= DANGER_SECONDS, "-danger")
        self.set_class(self.clock.paused, "-paused")
