"""A round's clock: counts down, pauses, and reads time from a source the tests can drive."""

from __future__ import annotations

import time
from collections.abc import Callable

TimeSource = Callable[[], float]


class Clock:
    """A countdown of `duration` seconds, or a stopwatch when `duration` is None."""

    def __init__(self, duration: float | None, now: TimeSource = time.monotonic) -> None:
        self.duration = duration
        self._now = now
        self._started: float | None = None
        self._paused_at: float | None = None
        self._paused_total = 0.0
        self._stopped_at: float | None = None

    @property
    def timed(self) -> bool:
        return self.duration is not None

    def start(self) -> None:
        if self._started is None:
            self._started = self._now()

    @property
    def running(self) -> bool:
        return self._started is not None and self._paused_at is None and self._stopped_at is None

    def pause(self) -> None:
        if self.running:
            self._paused_at = self._now()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._paused_total += self._now() - self._paused_at
            self._paused_at = None

    def stop(self) -> None:
        if self._stopped_at is None:
            self.resume()
            self._stopped_at = self._now()

    @property
    def elapsed(self) -> float:
        if self._started is None:
            return 0.0
        if self._stopped_at is not None:
            end = self._stopped_at
        elif self._paused_at is not None:
            end = self._paused_at
        else:
            end = self._now()
        return max(0.0, end - self._started - self._paused_total)

    @property
    def remaining(self) -> float | None:
        """Seconds left, never below 0; None without a time limit."""
        if self.duration is None:
            return None
        return max(0.0, self.duration - self.elapsed)

    @property
    def deadline(self) -> float:
        """When a running countdown ends, on its time source (inf for a stopwatch or a clock not started): a server
        judges words against it, as it never pauses."""
        if self.duration is None or self._started is None:
            return float("inf")
        return self._started + self._paused_total + self.duration

    @property
    def expired(self) -> bool:
        return self.duration is not None and self.elapsed >= self.duration


def format_seconds(seconds: float) -> str:
    """`m:ss`, rounding up so that 0:00 shows only when time is really up."""
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"
