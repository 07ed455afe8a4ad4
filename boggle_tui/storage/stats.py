"""Statistics over the round history: what `boggle stats` and the statistics screen show.

Rounds are compared only with rounds of their own kind: the same dice set (or board size), the
same language and the same way of playing. A replay counts as played but never sets a best or moves an
average (its board was known); a practice round has no score to compare; a board with no
words is not a game at all.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE, alphabet_for
from boggle_tui.engine.dice import dice_set_names, load_dice_set
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.codes import code_glob, parse_code
from boggle_tui.game.daily_table import beating_streak, shielded_streak
from boggle_tui.game.languages import LANGUAGES, language_for
from boggle_tui.game.rating import Rating, rating_of, ratings
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.tiers import required_test
from boggle_tui.i18n import N_, _, counted, decimal, number
from boggle_tui.storage.history import History
from boggle_tui.storage.reports import unwanted

TREND_ROUNDS = 30
UNKNOWN_BOARD = N_("unknown board")  # the kind of a round whose board code cannot be read
# Each kind of round as the statistics name it (the keys are the history's modes, as `mode_of` gives them).
MODE_NAMES = {
    "timed": N_("timed"),
    "untimed": N_("untimed"),
    "practice": N_("practice"),
    "online": N_("online"),
    # Translators: rounds played against computer opponents
    "bots": N_("bots"),
}
MISSED_SHOWN = 10


@dataclass(frozen=True)
class Standing:
    """How the player does at one kind of round."""

    dice: str  # a dice set's name, or a board size for boards of no set
    mode: str  # timed, untimed, practice or online
    games: int  # replays included
    replays: int
    best_score: int | None  # of scored rounds: timed, not replays
    average_score: float | None
    average_share: float  # of each board's points found, 0..1, replays left out
    language: str = DEFAULT_LANGUAGE  # the board's (alphabets.py)

    @property
    def kind(self) -> str:
        """`Boggle (1987+) · timed`, `Deutsch 4x4 · timed`; another language's board of no set of its own names
        the language too, in the player's language: `5x5 board · Spanish · practice`."""
        named = MODE_NAMES.get(self.mode)
        mode = _(named) if named else self.mode
        known = LANGUAGES.get(self.language)
        language = known.name if known is not None else self.language
        if known is not None and (not known.marked or known.own_name in self.dice):  # unmarked, or its dice say it
            return f"{self.dice} · {mode}"
        return f"{self.dice} · {language} · {mode}"

    def row(self) -> tuple[str, ...]:
        """The standing as a table row for people, under STANDING_HEADINGS."""
        replays = counted(self.replays, "{count} replay", "{count} replays")
        return (
            self.kind,
            number(self.games) + (f" ({replays})" if self.replays else ""),
            "-" if self.best_score is None else number(self.best_score),
            "-" if self.average_score is None else decimal(self.average_score, 1),
            f"{self.average_share:.0%}",
        )


# The table's headings, shown through _ (the first: the kind of round, "Boggle (1987+) · timed").
STANDING_HEADINGS = (N_("rounds of"), N_("played"), N_("best"), N_("average"), N_("found"))


@dataclass(frozen=True)
class Rival:
    """The player's record against one friend, over the online rounds they played together."""

    name: str
    rounds: int
    won: int  # the player scored more
    lost: int

    def describe(self) -> str:
        tied = self.rounds - self.won - self.lost
        ties = counted(tied, "{count} tie", "{count} ties")
        return f"{self.name} {self.won}-{self.lost}" + (f" ({ties})" if tied else "")


@dataclass(frozen=True)
class Streak:
    """The player's daily streaks in one language (the board is each language's own)."""

    language: str
    days: int  # in a row with the daily board played, up to today (or yesterday, while today's is still to come)
    beating: int  # in a row beating the player's own average of the dailies before
    played_today: bool
    shields: int = 0  # kept for the next missed day (game/daily_table.py `shielded_streak`)

    @property
    def language_name(self) -> str:
        """The language in the player's language: `German`, `Deutsch`; its code if this release does not know it."""
        known = LANGUAGES.get(self.language)
        return known.name if known is not None else self.language


class Missed(NamedTuple):
    """A common word missed on several boards: of which language (two languages may spell one word alike)."""

    word: str
    times: int
    language: str

    def shown(self, several_languages: bool) -> str:
        """`HOLD (3)`; `HOLD · DE (2)` where the list holds words of several languages."""
        tag = f" · {self.language.upper()}" if several_languages else ""
        return f"{alphabet_for(self.language).upper(self.word)}{tag} ({self.times})"


def missed_line(missed: list[Missed]) -> list[str]:
    """Each missed word as the statistics show it."""
    several = len({m.language for m in missed}) > 1
    return [m.shown(several) for m in missed]


@dataclass(frozen=True)
class Summary:
    games: int
    standings: list[Standing]  # the most played kind first
    trend: list[float]  # share found in recent rounds (no replays), oldest first
    longest_word: str | None
    most_missed_common: list[Missed]
    streaks: list[Streak]  # the languages with a streak, the longest first
    rivals: list[Rival] = dataclasses.field(default_factory=list)  # the most played with first
    # per language played: the rating as it stood after each of the last rounds (game/rating.py), oldest first
    ratings: dict[str, list[Rating]] = dataclasses.field(default_factory=dict)


def rate(rounds: list[RoundRecord], languages: list[str]) -> dict[str, list[Rating]]:
    """Each language's rating history from the player's rounds, newest first as the history gives them (about a
    second a language: the app works it out off the screen's thread); a language with too few rounds has none."""
    out: dict[str, list[Rating]] = {}
    for code in languages:
        try:
            standing = ratings(rounds, code)
        except (BoggleError, OSError, ValueError):  # a language's ranks that cannot be read: no rating for it
            continue
        if standing:
            out[code] = standing
    return out


def rating_points(history: History, language: str) -> int | None:
    """The player's rating in `language` now (game/rating.py), for the share line; None before they have one."""
    try:
        rating = rating_of(history.rounds(), language)
    except (BoggleError, OSError, ValueError):  # a language's ranks that cannot be read
        return None
    return rating.points if rating is not None else None


def rating_lines(summary: Summary) -> list[str]:
    """A line per rated language: `English: 1,540 ± 60 · Strong (20 rounds) · 1,480 1,510 1,540`, the last
    ratings round by round."""
    lines = []
    for code, standing in summary.ratings.items():
        now = standing[-1]
        # Translators: a language's rating, the rounds it was fitted on, and how it stood round by round
        line = _("{language}: {rating} ({rounds}) · {history}").format(
            language=language_for(code).name,
            rating=now.line(),
            rounds=counted(now.rounds, "{count} round", "{count} rounds"),
            history=" ".join(number(r.points) for r in standing),
        )
        lines.append(line)
    return lines


def played_languages(history: History) -> list[str]:
    """The languages of the boards in the history, by their codes (the statistics' common misses read each one's
    common words: the app reads them off its screen's thread first)."""
    return [
        language.code
        for language in LANGUAGES.values()
        if history.read("SELECT 1 FROM rounds WHERE code GLOB ? LIMIT 1", (code_glob(language.code),))
    ]


def summarize(history: History, required_for: Callable[[str], Callable[[str], bool]] | None, today: dt.date) -> Summary:
    """The statistics. `required_for(language)`: which missed words of a language are worth showing (None: its
    required words, less those the player reported)."""
    rounds = [r for r in history.rounds() if r.words_total > 0]
    kinds: dict[tuple[str, str, str], list[RoundRecord]] = {}
    for r in rounds:
        kinds.setdefault((dice_of(r), language_of(r), mode_of(r)), []).append(r)
    standings = sorted(
        (standing(dice, mode, rs, language) for (dice, language, mode), rs in kinds.items()), key=_by_games
    )
    fresh = [r for r in rounds if not r.replay]
    longest = max((w for r in rounds for w in r.found), key=lambda w: (len(w), w), default=None)
    missed: list[Missed] = []
    for code in played_languages(history):  # each language's misses judged by its own common words
        try:
            required = required_for(code) if required_for else required_test(code, unwanted(history, code))
        except (BoggleError, OSError, ValueError):  # a shipped table that cannot be read: no misses to show for it
            continue
        missed += [Missed(word, n, code) for word, n in history.most_missed([code_glob(code)]) if required(word)]
    missed = sorted(missed, key=lambda m: -m.times)[:MISSED_SHOWN]  # stable: each language's own order kept
    return Summary(
        games=len(rounds),
        standings=standings,
        trend=[r.share for r in reversed(fresh[:TREND_ROUNDS])],
        longest_word=longest,
        most_missed_common=missed,
        streaks=sorted((s for s in daily_streaks(history, today).values() if s.days), key=_longest_first),
        rivals=rivals(rounds),
    )


def rivals(rounds: list[RoundRecord]) -> list[Rival]:
    """Each friend by name, with the player's wins and losses against them (online rounds only).

    The player is the entry marked `me`, or for rounds saved before that mark the one whose words
    are the round's own; a round where neither finds the player is left out."""
    tally: dict[str, list[int]] = {}
    for r in rounds:
        if r.mode != "online":
            continue  # the bots of a round against the table are not friends
        players = [p for p in r.players if isinstance(p.get("name"), str) and isinstance(p.get("score"), int)]
        me = next((p for p in players if p.get("me") is True), None) or next(
            (p for p in players if p.get("words") == r.found and p.get("score") == r.score), None
        )
        if me is None:
            continue
        for other in (p for p in players if p is not me):
            counts = tally.setdefault(other["name"], [0, 0, 0])
            counts[0] += 1
            counts[1] += int(me["score"] > other["score"])
            counts[2] += int(me["score"] < other["score"])
    ranked = sorted(tally.items(), key=lambda item: (-item[1][0], item[0]))
    return [Rival(name, *counts) for name, counts in ranked]


def standing(dice: str, mode: str, rounds: list[RoundRecord], language: str = DEFAULT_LANGUAGE) -> Standing:
    fresh = [r for r in rounds if not r.replay]
    scored = [r.score for r in fresh] if mode != "practice" else []
    return Standing(
        dice=dice,
        mode=mode,
        language=language,
        games=len(rounds),
        replays=len(rounds) - len(fresh),
        best_score=max(scored, default=None),
        average_score=sum(scored) / len(scored) if scored else None,
        average_share=sum(r.share for r in fresh) / len(fresh) if fresh else 0.0,
    )


def dice_of(r: RoundRecord) -> str:
    """The dice as the statistics name them: a sold set by its name; a language's own set by the language and
    its size (`Deutsch 4x4`); a board of no known set by its size."""
    if r.dice in dice_set_names(None):
        dice = load_dice_set(r.dice)
        return dice.short_label if dice.generated else dice.label
    try:
        rows = r.rows
    except BoggleError:  # a code edited by hand: the round still counts, among boards of no known size
        return _(UNKNOWN_BOARD)
    height, width = len(rows), len(rows[0]) if rows else 0
    # Translators: the kind of a round on a board of no known dice set: "5x5 board"
    return _("{height}x{width} board").format(height=height, width=width)


def language_of(r: RoundRecord) -> str:
    """The board's language, from its code (`DE-N-…`); English where the code cannot be read."""
    try:
        return parse_code(r.code).board.language
    except BoggleError:
        return DEFAULT_LANGUAGE


def mode_of(r: RoundRecord) -> str:
    if r.mode in ("practice", "online", "bots"):  # online rounds and rounds against bots are their own kinds
        return r.mode
    return "timed" if r.seconds else "untimed"


def _longest_first(s: Streak) -> tuple[int, str]:
    return -s.days, s.language


def _by_games(s: Standing) -> tuple[int, str]:
    return -s.games, s.kind


def daily_streaks(history: History, today: dt.date) -> dict[str, Streak]:
    """Each language's streaks, up to today (or yesterday, while today's board is still to come): a German
    streak counts German days only. A day's first daily round counts; a replay never does."""
    scores: dict[str, dict[dt.date, int]] = {}
    for r in sorted(history.rounds(), key=lambda r: r.played_at):  # oldest first: a day's first round stands
        if r.daily and not r.replay:
            with contextlib.suppress(ValueError):
                scores.setdefault(language_of(r), {}).setdefault(dt.date.fromisoformat(r.daily), r.score)
    streaks = {}
    for language, days in sorted(scores.items()):
        run = shielded_streak(set(days), today)
        streaks[language] = Streak(language, run.days, beating_streak(days, today), today in days, run.shields)
    return streaks


def daily_played(history: History, day: dt.date, language: str) -> bool:
    """Whether this player's history holds a round of `day`'s daily board in `language` (here or on a server)."""
    return daily_round(history, day, language) is not None


def daily_round(history: History, day: dt.date, language: str, code: str = "") -> RoundRecord | None:
    """The day's first round of its daily board in `language`, as the streaks count it (of the board `code` names,
    where it is given and played: a server's board, not the practice board played here); None before it is played."""
    rounds = [r for r in history.rounds() if r.daily == day.isoformat() and language_of(r) == language]
    rounds = [r for r in rounds if r.code == code] or rounds
    return min(rounds, key=lambda r: r.played_at) if rounds else None
