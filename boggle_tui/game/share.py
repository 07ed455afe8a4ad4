"""A finished round as one line anyone can paste: the board's code, the rules and the score to beat.

`boggle play --challenge LINE` reads the line back and plays the same board under the same rules. The line
comes from anyone, so its word list is taken only by a shipped list's name, never as a path to open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from boggle_tui.engine.dictionary import shipped_dictionaries
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.codes import parse_code
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.round import Results
from boggle_tui.game.wording import plural
from boggle_tui.i18n import _, number

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
        return RoundRequest(
            Given(dealt.board, dealt.dice), self.dictionary, self.seconds, self.seconds is None, self.min_length,
            to_beat=self.score,
        )  # fmt: skip


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
