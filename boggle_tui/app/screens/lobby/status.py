"""The lobby's status line: what the player waits for. A round under way (its time left, counted down here, and
the key to watch it), the countdown to the next board, or whether the player is ready; for a spectator, that the
boards come by themselves. While the host is in a setting, or anyone in the chat line, what Enter and Escape do
there instead (Enter means ready only out of them)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from textual.reactive import reactive
from textual.widgets import Label

from boggle_tui.game.clock import format_seconds
from boggle_tui.i18n import N_, _, counted
from boggle_tui.net import messages as m


@dataclass(frozen=True)
class Told:
    """What the room last told: its lobby, when that came (on the app's clock; None: not known, so now), and the
    countdown's seconds while one runs."""

    lobby: m.Lobby = field(default_factory=m.Lobby)
    at: float | None = None
    countdown: float | None = None
    focus: str = ""  # where the keys go: "setting" (one of the host's), "choices" (its list open), "chat", "" the room


FOCUS_LINES = {
    "setting": N_("This setting: Enter opens its choices, Tab goes to the next. Esc: back, and Enter means ready."),
    "choices": N_("Choosing: ↑↓ and Enter take a choice, Esc closes the list."),
    "chat": N_("Chat: Enter says the line. Esc: back, and Enter means ready."),
}


class StatusLine(Label):
    told: reactive[Told] = reactive(Told, always_update=True, init=False)

    def __init__(self, me: int, *, watching: bool = False, id: str | None = None) -> None:
        """`watching`: this game is a spectator's, with no seat to be ready in."""
        super().__init__("", id=id)
        self.me = me
        self.watching = watching

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)  # the time left in a round under way, counted down

    def _tick(self) -> None:
        if self.told.lobby.state == "playing":
            self._show()

    def watch_told(self) -> None:
        self._show()

    def _now(self) -> float:
        clock = getattr(self.app, "now", None)  # the app's clock (a test's own)
        return float(clock()) if callable(clock) else time.monotonic()

    @property
    def round_left(self) -> float | None:
        """Seconds left in the round the others are playing, as the room last said, counted down here."""
        lobby = self.told.lobby
        if lobby.state != "playing" or lobby.remaining is None:
            return None
        told = self.told.at if self.told.at is not None else self._now()
        return max(0.0, lobby.remaining - (self._now() - told))

    def _show(self) -> None:
        seat = next((p for p in self.told.lobby.players if p.id == self.me), None)
        left = self.round_left
        focus = FOCUS_LINES.get(self.told.focus)
        if focus is not None:
            status = _(focus)
        elif left is not None:
            status = _("A round is on: {time} left. F3: watch it (the board and the counts) till the next one.")
            status = status.format(time=format_seconds(left))
        elif self.told.countdown is not None:
            seconds = round(self.told.countdown)
            status = counted(seconds, "The board comes in {count} second.", "The board comes in {count} seconds.")
        elif self.watching:
            status = _("You are watching this room: each round's board and counts come by themselves. Esc leaves.")
        elif seat is not None and seat.ready:
            status = _("You are ready. Waiting for the others… (Enter: not ready)")
        elif seat is not None and seat.host:
            status = _("Press Enter when you are ready.  Host: Tab to the settings; F5 starts now.")
        else:
            status = _("Press Enter when you are ready.")
        self.update(status)
