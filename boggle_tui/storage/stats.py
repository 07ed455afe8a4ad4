"""Statistics over the round history: what `boggle stats` and the statistics screen show."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from boggle_tui.storage.history import History

TREND_ROUNDS = 30
MISSED_SHOWN = 10


@dataclass(frozen=True)
class Summary:
    games: int
    best_score: int
    average_score: float
    average_share: float  # of each board's points, 0..1
    trend: list[float]  # share found in recent rounds, oldest first
    longest_word: str | None
    most_missed_common: list[tuple[str, int]]
    daily_streak: int
    daily_played_today: bool


def summarize(history: History, is_common: Callable[[str], bool], today: dt.date) -> Summary:
    rounds = history.rounds()
    scored = [r for r in rounds if r.mode == "timed"] or rounds
    longest = max((w for r in rounds for w in r.found), key=lambda w: (len(w), w), default=None)
    missed = []
    for word, count in history.most_missed():
        if is_common(word):
            missed.append((word, count))
            if len(missed) == MISSED_SHOWN:
                break
    streak, played_today = daily_streak(history.daily_dates(), today)
    return Summary(
        games=len(rounds),
        best_score=max((r.score for r in scored), default=0),
        average_score=sum(r.score for r in scored) / len(scored) if scored else 0.0,
        average_share=sum(r.share for r in rounds) / len(rounds) if rounds else 0.0,
        trend=[r.share for r in reversed(rounds[:TREND_ROUNDS])],
        longest_word=longest,
        most_missed_common=missed,
        daily_streak=streak,
        daily_played_today=played_today,
    )


def daily_streak(dates: set[str], today: dt.date) -> tuple[int, bool]:
    """Days in a row with the daily board played, up to today (or yesterday, if today is still to come)."""
    played_today = today.isoformat() in dates
    day = today if played_today else today - dt.timedelta(days=1)
    streak = 0
    while day.isoformat() in dates:
        streak += 1
        day -= dt.timedelta(days=1)
    return streak, played_today
