"""The round's clock: m:ss and a bar that warns under 30 and 10 seconds; time played when there is no clock."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Label, ProgressBar

from boggle_tui.game.clock import format_seconds
from boggle_tui.i18n import _

WARNING_SECONDS = 30
DANGER_SECONDS = 10


class ClockView(Horizontal):
    """Shows `remaining` (a countdown) or, with `duration` None, `elapsed`; -warning, -danger and -held style it."""

    remaining: reactive[float | None] = reactive(None, init=False)
    elapsed: reactive[float] = reactive(0.0, init=False)
    held: reactive[bool] = reactive(False, init=False)

    def __init__(self, duration: float | None, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="clock")
        self.duration = duration
        # Kept, not queried: the screen's timer may tick before the children are mounted.
        self.time = Label("", id="clock-time")
        self.bar = ProgressBar(total=duration, show_percentage=False, show_eta=False, id="clock-bar")

    def compose(self) -> ComposeResult:
        yield self.time
        if self.duration is not None:
            yield self.bar

    def watch_elapsed(self, elapsed: float) -> None:
        if self.duration is None:
            # Translators: time played so far in a round without a clock, e.g. "2:05 played".
            self.time.update(_("{time} played").format(time=format_seconds(elapsed)))

    def watch_remaining(self, remaining: float | None) -> None:
        if remaining is None:
            return
        self.time.update(format_seconds(remaining))
        self.bar.update(progress=remaining)
        self.set_class(DANGER_SECONDS < remaining <= WARNING_SECONDS, "-warning")
        self.set_class(remaining <= DANGER_SECONDS, "-danger")

    def watch_held(self, held: bool) -> None:
        self.set_class(held, "-held")
