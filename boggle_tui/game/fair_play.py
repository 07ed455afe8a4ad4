"""What a person can do in a timed round, as the bots' typing model has it (docs/bots.md): a table of the day's
board trusts a result only as far as a person could have typed it.

The model: nobody finds a word while still reading the board (READING_SECONDS), and a word takes time to type
(game/bots.py TYPING_SECONDS: 0.9 s plus 0.16 s a letter). A person may be faster than the bots' model, so the
floor is a share of it (FASTEST), with some slack for a short paste. A result whose accepted words came faster
than that floor allows (a script that solved the board and sent its words) is kept but not verified: the table
marks it and leaves it out of everyone's ranks and percentiles. Words typed while a connection was down arrive
together later: they came no faster than they were typed, so they pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from boggle_tui.game.bots import READING_SECONDS, typing_seconds

FASTEST = 0.5  # a person types at most twice as fast as the bots' model, word after word
SLACK_SECONDS = 5.0  # a few words pasted at once, or typed ahead of the clock's first tick


def fastest_typing(word: str) -> float:
    """The least time a person takes to type `word` and press Enter."""
    return FASTEST * typing_seconds(word)


@dataclass
class Pace:
    """The accepted words of one round against the time they took: still plausible for a person, or not."""

    typed: float = 0.0  # the least time the accepted words took to type, in all
    verified: bool = True

    def accepted(self, word: str, elapsed: float) -> bool:
        """`word` accepted `elapsed` seconds into the round: False once the round is past what a person can do
        (and from then on: a result found too fast stays so)."""
        self.typed += fastest_typing(word)
        if READING_SECONDS + self.typed > elapsed + SLACK_SECONDS:
            self.verified = False
        return self.verified
