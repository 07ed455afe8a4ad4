"""A finished round as one line anyone can paste: the board's code, the rules and the score to beat.

`boggle play --challenge LINE` reads the line back and plays the same board under the same rules. The line
comes from anyone, so its word list is taken only by a shipped list's name, never as a path to open.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from boggle_tui.engine.dictionary import shipped_dictionaries
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.codes import parse_code
from boggle_tui.game.daily_table import standing_line
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.round import Results
from boggle_tui.game.rules import Rules
from boggle_tui.game.wording import plural
from boggle_tui.i18n import _, counted, number

MAX_LINE = 2200  # a code of the most dice and the rest of the line
_LINE = re.compile(
    r"Boggle (?P<code>\S+) · (?P<dictionary>.+?) · (?P<clock>no clock|\d+ min|\d+ s) · (?P<min>\d+)\+ letters"
    r" · (?P<score>[\d,]+) of [\d,]+ points · (?P<words>[\d,]+) words?"
)


def result_line(code: str, dictionary: str, seconds: int | None, results: Results) -> str:
    """`Boggle N-PLSTEAIERTNRSGES · enable1 · 3 min · 3+ letters · 42 of 3,623 points · 17 words`.

    Always in English, whatever the interface's language: `parse_challenge` reads it back, on anyone's machine."""
    clock = "no clock" if not seconds else f"{seconds // 60} min" if seconds % 60 == 0 else f"{seconds} s"
    return " · ".join(
        [
            f"Boggle {code}",
            dictionary,
            clock,
            f"{results.solution.min_length}+ letters",
            f"{results.score:,} of {results.max_score:,} points",
            plural(len(results.found), "word"),
        ]
    )


@dataclass(frozen=True)
class Challenge:
    code: str
    dictionary: str
    seconds: int | None
    min_length: int
    score: int
    words: int

    def request(self) -> RoundRequest:
        """The same board under the same rules, with the score to beat."""
        dealt = parse_code(self.code)
        rules = Rules(dictionary=self.dictionary, seconds=self.seconds, min_length=self.min_length)
        return RoundRequest(Given(dealt.board, dealt.dice), rules, practice=self.seconds is None, to_beat=self.score)


def parse_challenge(line: str) -> Challenge:
    """A result line as `result_line` writes it; a BoggleError says what is wrong with it."""
    match = _LINE.fullmatch(line.strip()) if len(line) <= MAX_LINE else None
    if match is None:
        raise BoggleError(
            # Translators: the quoted result line is the game's own format: keep it in English
            _("{line} is not a result line like {example}").format(
                line=repr(cut_short(line, 60)),
                example="'Boggle N-PLSTEAIERTNRSGES · enable1 · 3 min · 3+ letters · 42 of 3,623 points · 17 words'",
            )
        )
    shipped = shipped_dictionaries()
    if match["dictionary"] not in shipped:  # a line from anyone must not open a file on this machine
        raise BoggleError(
            _("{name}: a challenge is played on a shipped word list: {shipped}").format(
                name=repr(cut_short(match["dictionary"], 40)), shipped=" or ".join(shipped)
            )
        )
    clock = match["clock"]
    seconds = None if clock == "no clock" else int(clock.split()[0]) * (60 if clock.endswith("min") else 1)

    def number(name: str) -> int:
        return int(match[name].replace(",", ""))

    return Challenge(match["code"], match["dictionary"], seconds, number("min"), number("score"), number("words"))


def challenge_outcome(score: int, to_beat: int) -> str:
    if score > to_beat:
        return _("Challenge beaten: {score} to {to_beat}").format(score=number(score), to_beat=number(to_beat))
    if score == to_beat:
        return _("Challenge tied: {score} each").format(score=number(score))
    return _("Challenge not beaten: {score} to {to_beat}").format(score=number(score), to_beat=number(to_beat))


# Today's board, shared: a line a group chat reads at a glance, and that gives no word away.

LONGEST_BAR = 8  # the picture's last length: 8 letters and more (one score, 11 points)
BLOCKS = "_▁▂▃▄▅▆▇█"  # a length's share of its words found, in eighths (_: none of them; a length with no words: ·)


@dataclass(frozen=True)
class DailyShare:
    """One day's round as a player shares it."""

    date: str  # YYYY-MM-DD
    language: str  # the language's own name: English, Deutsch
    score: int
    max_score: int
    found: tuple[str, ...]
    words: tuple[str, ...]  # every word of the board
    min_length: int
    place: tuple[int, int, int] | None = None  # rank, players, percentile: a server's table, where there is one
    verified: bool = True
    streak: int = 0  # days in a row
    rating: int | None = None  # the player's rating in the language (game/rating.py), where they share it


def length_picture(found: Iterable[str], words: Iterable[str], min_length: int) -> str:
    """`3→8+ ▇▅▃▁··`: for each length, the share of the board's words of that length found (· for none there)."""

    def length(word: str) -> int:
        return min(len(word), LONGEST_BAR)

    lengths = range(min_length, LONGEST_BAR + 1)
    total = Counter(length(w) for w in words)
    got = Counter(length(w) for w in found)
    bars = "".join("·" if not total[n] else BLOCKS[min(8, math.ceil(8 * got[n] / total[n]))] for n in lengths)
    return f"{min_length}→{LONGEST_BAR}+ {bars}"


def daily_share_line(share: DailyShare) -> str:
    """`Boggle daily 2026-12-06 · English · 37/75 points · 21 words · 3rd of 7 · better than 66% · 4 days in a row
    · 3→8+ ▇▅▃▁··`, in the player's language."""
    parts = [
        # Translators: the first words of a line a player shares after today's board; {date} is 2026-12-06
        _("Boggle daily {date}").format(date=share.date),
        share.language,
        _("{score}/{most} points").format(score=number(share.score), most=number(share.max_score)),
        counted(len(share.found), "{count} word", "{count} words"),
    ]
    if share.place is not None:
        rank, players, percent = share.place
        parts.append(standing_line(rank, players, percent) if share.verified else _("not verified"))
    if share.streak > 1:
        parts.append(counted(share.streak, "{count} day in a row", "{count} days in a row"))
    if share.rating is not None:
        # Translators: on the line a player shares: their rating (a number like 1,540)
        parts.append(_("rating {rating}").format(rating=number(share.rating)))
    parts.append(length_picture(share.found, share.words, share.min_length))
    return " · ".join(parts)
