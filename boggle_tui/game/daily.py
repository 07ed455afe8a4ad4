"""The daily board: the same for everyone on a UTC date, from the date alone."""

from __future__ import annotations

import datetime as dt

from boggle_tui.engine.dice import DEFAULT_DICE, load_dice_set
from boggle_tui.game.deal import Deal

DAILY_DICE = DEFAULT_DICE
DAILY_SECONDS = 180


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def daily_seed(day: dt.date) -> int:
    """2026-11-22 -> 20261122: readable, and never the same for two days."""
    return day.year * 10_000 + day.month * 100 + day.day


def daily_deal(day: dt.date | None = None) -> Deal:
    day = day or today()
    seed = daily_seed(day)
    return Deal(load_dice_set(DAILY_DICE).roll(seed), DAILY_DICE, seed, daily=day.isoformat())
