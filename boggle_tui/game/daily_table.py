"""The day's table: where a daily result stands among everyone who played the same board that day.

Plain figures, no storage: a server's store (storage/daily_store.py) answers the counts, this module says
what they mean. Ranks are shared by equal scores (two players on 40 are both 3rd, the next is 5th); the
percentile is the share of players with a lower score ("better than 83%"); the neighbours are the players
just above and below in the table's order (score, then name).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from boggle_tui.i18n import _, counted

if TYPE_CHECKING:
    from boggle_tui.engine.solver import Solution

NEIGHBOURS = 2  # players shown above and below one's own row
MAX_ROWS = 1000  # rows of a table one query returns


@dataclass(frozen=True)
class Row:
    """One line of the day's table."""

    rank: int
    name: str
    score: int
    words: int
    percentile: int  # share of the day's other players with a lower score, in whole percent
    verified: bool = True  # False: found faster than a person can type (game/fair_play.py), out of the figures


@dataclass(frozen=True)
class Summary:
    """The day's table in figures."""

    players: int
    top: int
    average: float


@dataclass(frozen=True)
class Placement:
    """One player's row with its neighbours, and the day's figures."""

    you: Row
    above: tuple[Row, ...]  # nearest last
    below: tuple[Row, ...]  # nearest first
    summary: Summary


@dataclass(frozen=True)
class OpenRound:
    """A day's round begun and not finished, as the store keeps it while it is played: the words judged so far."""

    day: dt.date
    language: str
    name: str
    score: int
    words: list[str]
    deadline: int  # milliseconds of the wall clock (0: unknown, overdue)
    last_id: int  # the highest entry id whose accepted word is kept
    verified: bool = True  # False once its words came faster than a person types them


class DailyStore(Protocol):
    """What a daily server asks of its store (every method may block: net/daily.py calls them off its loop)."""

    def deal_secret(self) -> str:
        """The server's secret the days' boards are dealt from: made on first use, then always the same."""
        ...

    def unverify(self, day: dt.date, language: str, name: str) -> None:
        """The open round's words came faster than a person types: its result is kept, out of the day's figures."""
        ...

    def claim(self, name: str, secret: str, day: dt.date) -> bool:
        """True when `name` is this secret's: taken now, or taken by the same secret before."""
        ...

    def known(self, name: str) -> bool:
        """Whether a secret holds the name (anyone's)."""
        ...

    def owns(self, name: str, secret: str) -> bool:
        """True when `name` is held by this secret (nothing is taken)."""
        ...

    def begin(self, day: dt.date, language: str, name: str, deadline: int = 0) -> bool:
        """Record the day's attempt, its round open until `deadline` (ms of the wall clock); False when `name` has
        already had it."""
        ...

    def forget(self, day: dt.date, language: str, name: str) -> None:
        """Undo an attempt whose board was never dealt (an open one; a finished result stays)."""
        ...

    def progress(
        self, day: dt.date, language: str, name: str, score: int, words: Sequence[str], last_id: int, holder: str = ""
    ) -> bool:
        """An open round's words so far (kept as each is accepted, so a restarted server has them), by the connection
        that holds it: False, and nothing kept, once another has taken it over (on another server, say)."""
        ...

    def hold(self, day: dt.date, language: str, name: str, holder: str) -> None:
        """The open round is played on the connection `holder` names from now on (it was just dealt or resumed)."""
        ...

    def holds(self, day: dt.date, language: str, name: str, holder: str) -> bool:
        """Whether the connection `holder` names still plays the open round."""
        ...

    def open_round(self, day: dt.date, language: str, name: str) -> OpenRound | None: ...

    def overdue(self, since: dt.date, deadline: int) -> list[OpenRound]:
        """Open rounds of days from `since` whose deadline is before `deadline` (a bounded number)."""
        ...

    def finish(self, day: dt.date, language: str, name: str, score: int, words: Sequence[str]) -> None:
        """The result, counted once; the round is no longer open."""
        ...

    def place(self, day: dt.date, language: str, name: str) -> Placement | None: ...

    def rows(
        self, day: dt.date, language: str, limit: int = MAX_ROWS, names: Iterable[str] | None = None
    ) -> list[Row]: ...

    def summary(self, day: dt.date, language: str) -> Summary: ...

    def words_of(self, day: dt.date, language: str, name: str) -> list[str]: ...

    def finds(self, day: dt.date, language: str, words: Iterable[str]) -> dict[str, int]: ...

    def befriend(self, names: Iterable[str]) -> None: ...

    def friends(self, name: str) -> set[str]: ...

    def prune(self, before: dt.date) -> int: ...

    def close(self) -> None: ...


def percentile(lower: int, others: int) -> int:
    """Whole percent of the `others` (the day's players but oneself) who scored less: 100 for the top of two, which
    is better than every other; 0 with nobody else."""
    return 0 if others <= 0 else min(100, lower * 100 // others)


def ordinal(rank: int) -> str:
    """102nd, 3rd, 11th: each language writes its own (German 102., French 102e)."""
    if rank % 100 in (11, 12, 13):
        return _("{n}th").format(n=rank)
    suffix = {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(rank % 10, _("{n}th"))
    return suffix.format(n=rank)


def standing_line(rank: int, players: int, percent: int) -> str:
    """`102nd of 614 · better than 83%` (of the others); `1st of 1 · the first to play it`, alone on the table."""
    if players <= 1:
        return _("{rank} of {players} · the first to play it").format(rank=ordinal(rank), players=players)
    return _("{rank} of {players} · better than {percent}%").format(
        rank=ordinal(rank), players=players, percent=percent
    )


def streak(dates: set[dt.date], today: dt.date) -> int:
    """Days in a row among `dates`, up to today (or up to yesterday, while today is still to come)."""
    day = today if today in dates else today - dt.timedelta(days=1)
    count = 0
    while day in dates:
        count += 1
        day -= dt.timedelta(days=1)
    return count


SHIELD_EVERY = 7  # days in a row that earn a shield
MOST_SHIELDS = 2  # shields kept at once


@dataclass(frozen=True)
class Run:
    """A daily streak with its shields: `days` played in a row (a missed day a shield covered keeps the streak, and
    is not counted in it), `shields` kept for the next missed day, `covered` the missed days shields covered."""

    days: int
    shields: int = 0
    covered: int = 0


def shielded_streak(dates: set[dt.date], today: dt.date) -> Run:
    """The streak up to today (or yesterday, while today is still to come), with its shields: one is earned for each
    SHIELD_EVERY days played in a row, MOST_SHIELDS at most are kept, and a missed day uses one where one is kept
    (else the streak ends, and its shields with it)."""
    if not dates:
        return Run(0)
    last = today if today in dates else today - dt.timedelta(days=1)
    days = shields = covered = 0
    day = min(dates)
    while day <= last:
        if day in dates:
            days += 1
            if days % SHIELD_EVERY == 0:
                shields = min(MOST_SHIELDS, shields + 1)
        elif days and shields:
            shields, covered = shields - 1, covered + 1
        else:
            days = shields = covered = 0
        day += dt.timedelta(days=1)
    return Run(days, shields, covered)


def beating_streak(scores: dict[dt.date, int], today: dt.date) -> int:
    """Days in a row on which the daily score beat the average of every daily before it (the first daily
    has no average to beat: it starts no streak)."""
    days = sorted(scores)
    beat: set[dt.date] = set()
    for at, day in enumerate(days):
        before = [scores[d] for d in days[:at]]
        if before and scores[day] > sum(before) / len(before):
            beat.add(day)
    last = today if today in scores else today - dt.timedelta(days=1)
    return streak(beat, last) if last in beat else 0


def streak_days(days: int, beating: int, shields: int = 0) -> str:
    """`9 days in a row · 2 beating your average · 1 shield` (the second part only while the player beats it, the
    third while a shield is kept)."""
    line = counted(days, "{count} day in a row", "{count} days in a row")
    if beating:
        line += counted(beating, " · {count} beating your average", " · {count} beating your average")
    if shields:
        # Translators: a streak's shield covers one missed day of the daily board; one is earned each 7 days in a row
        line += counted(shields, " · {count} shield", " · {count} shields")
    return line


def streak_line(days: int, beating: int, shields: int = 0) -> str:
    """`Daily streak: 3 days in a row · 2 beating your average`; nothing with no streak."""
    if not days:
        return ""
    # Translators: {streak} is "3 days in a row", or "3 days in a row · 2 beating your average"
    return _("Daily streak: {streak}").format(streak=streak_days(days, beating, shields))


def levels_line(score: int, scores: dict[str, int]) -> str:
    """`above Regular (31), below Strong (47)`: a score placed against the bot levels' expected scores."""
    from boggle_tui.game.bots import between_levels
    from boggle_tui.game.levels import LEVEL_NAMES

    lower, higher = between_levels(score, scores)

    def named(level: str) -> str:
        return _(LEVEL_NAMES[level]).capitalize()

    level = lower is not None and score == lower[1]  # reached, not passed: level with it
    if lower and higher:
        between = (
            _("level with {lower} ({lower_score}), below {higher} ({higher_score})")
            if level
            else _("above {lower} ({lower_score}), below {higher} ({higher_score})")
        )
        return between.format(
            lower=named(lower[0]), lower_score=lower[1], higher=named(higher[0]), higher_score=higher[1]
        )
    if lower:
        top = (
            _("level with {lower} ({lower_score}): every level reached")
            if level
            else _("above {lower} ({lower_score}): every level beaten")
        )
        return top.format(lower=named(lower[0]), lower_score=lower[1])
    assert higher is not None
    return _("below {higher} ({higher_score})").format(higher=named(higher[0]), higher_score=higher[1])


def against_levels(solution: Solution, score: int, seconds: float) -> str:
    """`Against the bots: above Regular (31), below Strong (47)`: a timed round's score placed against what each
    bot level is expected to score on that very board in that time (game/bots.py), for every front end. It reads
    the language's word frequencies the first time: a front end with a screen to keep drawing calls it off it."""
    from boggle_tui.game.bots import cues, level_scores
    from boggle_tui.game.languages import language_for

    rank = language_for(solution.board.language).rank
    levels = level_scores(cues(solution.board, solution.paths, rank), seconds)
    return _("Against the bots: {place}").format(place=levels_line(score, levels))
