"""The daily board: the same for everyone on a UTC date.

A server deals each day's board from a secret of its own (`served_deal`): nobody can print it before the server
deals it, so its table ranks players, not scripts that solved tomorrow's board today. The board played with no
server (`daily_deal`) comes from the date alone: the same on every machine, and practice, never a server's.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import math

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.game.daily_table import ordinal
from boggle_tui.game.deal import Deal
from boggle_tui.game.languages import language_for
from boggle_tui.i18n import _, counted, number


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def daily_seed(day: dt.date) -> int:
    """2026-11-22 -> 20261122: readable, and never the same for two days."""
    return day.year * 10_000 + day.month * 100 + day.day


def daily_dice(language: str = DEFAULT_LANGUAGE) -> str:
    """The daily board's dice: each language's standard set, so each language has its own board a day."""
    return language_for(language).dice


PAST_DAYS = 30  # `boggle daily --date` plays a board of the last this many days, as practice


def daily_deal(day: dt.date | None = None, language: str = DEFAULT_LANGUAGE) -> Deal:
    day = day or today()
    seed = daily_seed(day)
    dice = daily_dice(language)
    return Deal(load_dice_set(dice).roll(seed), dice, seed, daily=day.isoformat())


def served_deal(secret: str, day: dt.date, language: str = DEFAULT_LANGUAGE) -> Deal:
    """The board a server deals on `day`: the language's dice rolled from a seed that only its secret gives (HMAC-
    SHA256 of the day and language). The seed is not part of the deal: it would tell nothing a player needs."""
    digest = hmac.new(secret.encode(), f"{day.isoformat()}/{language}".encode(), hashlib.sha256).digest()
    dice = daily_dice(language)
    return Deal(load_dice_set(dice).roll(int.from_bytes(digest[:8], "big")), dice, None, daily=day.isoformat())


def until_next(now: dt.datetime) -> dt.timedelta:
    """How long until the next day's board: midnight UTC."""
    now = now.astimezone(dt.UTC)
    midnight = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time(), dt.UTC)
    return midnight - now


def wait_text(left: dt.timedelta) -> str:
    """`5 h 07 min`, `12 min`: a wait, rounded up to the minute."""
    hours, minutes = divmod(max(1, math.ceil(left.total_seconds() / 60)), 60)
    if hours:
        # Translators: a wait of hours and minutes, "5 h 07 min"
        return _("{hours} h {minutes} min").format(hours=hours, minutes=f"{minutes:02d}")
    # Translators: a wait of minutes, "12 min"
    return _("{minutes} min").format(minutes=minutes)


def played_line(now: dt.datetime) -> str:
    """Said to a player who has played today's board: when the next one comes."""
    return _("You have played today's board already; the next one comes in {wait} (at midnight UTC).").format(
        wait=wait_text(until_next(now))
    )


def place_of(rank: int, players: int) -> str:
    """`3rd of 14`: a place on the day's table, in the player's language."""
    # Translators: a place on the day's table: "3rd of 14"
    return _("{rank} of {players}").format(rank=ordinal(rank), players=number(players))


def played_today_line(score: int, now: dt.datetime, place: tuple[int, int] | None = None) -> str:
    """The start screen's line once today's board is played: its score, the place on a server's table as the round
    ended (rank, players), and when the next board comes."""
    wait = wait_text(until_next(now))
    if place is not None:
        return counted(
            score,
            # Translators: {place} is e.g. "3rd of 14": the place on the day's table when the player's round ended
            "Today's board: played, {count} point · {place} · the next comes in {wait}",
            "Today's board: played, {count} points · {place} · the next comes in {wait}",
        ).format(place=place_of(*place), wait=wait)
    return counted(
        score,
        "Today's board: played, {count} point · the next comes in {wait}",
        "Today's board: played, {count} points · the next comes in {wait}",
    ).format(wait=wait)


def next_board_line(now: dt.datetime) -> str:
    """When the next board comes, said after a server's own word that today's is played."""
    return _("The next board comes in {wait} (at midnight UTC).").format(wait=wait_text(until_next(now)))
