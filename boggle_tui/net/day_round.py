"""One player's round of the day's board, without a socket: what each message from the player means, what the
server must keep before it answers, and what it answers (as `Room` returns its sends). net/daily.py is the shell
that moves the bytes and calls the store; its rules are all here, and tested with no socket (tests/test_day_round.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boggle_tui.game.fair_play import Pace
from boggle_tui.game.round import Round
from boggle_tui.net import messages as m
from boggle_tui.net.protocol import ProtocolError
from boggle_tui.net.room import GRACE, Bucket, judge, judgement

MAX_ERRORS = 20  # bad messages in a round before it ends


@dataclass(frozen=True)
class Step:
    """What one message means: first `keep` the round's words in the store (and `unverify` it, once), then `say`
    (each kept word is in the store before its verdict goes out); `over`: the round is done, the table follows."""

    say: m.ServerMessage | None = None
    keep: bool = False
    unverify: bool = False
    over: bool = False


@dataclass
class DayRound:
    """A round under way: its game, its deadline (on the server's clock), how long it is, and the last entry judged."""

    game: Round
    deadline: float
    seconds: float
    last_id: int = 0
    pace: Pace = field(default_factory=Pace)
    fair_play: bool = True  # judge the pace of its words (game/fair_play.py)
    bucket: Bucket = field(default_factory=Bucket)
    errors: int = 0

    def left(self, now: float) -> float:
        """Seconds the server still waits for words: the round's, and the grace for a word on its way."""
        return self.deadline + GRACE - now

    def receive(self, frame: str | bytes, now: float) -> Step:
        try:
            message = m.decode_client(frame)
        except ProtocolError as error:
            self.errors += 1
            fatal = self.errors >= MAX_ERRORS
            return Step(say=m.Error(message=str(error), fatal=fatal), over=fatal)
        if isinstance(message, m.VoteEnd):
            return Step(over=True)
        if not isinstance(message, m.Word) or message.id <= self.last_id:
            return Step()  # a word sent again is judged once; nothing else belongs in a round
        self.last_id = message.id
        entry = judge(self.game, message.word, self.bucket, now, self.deadline + GRACE)
        if not entry.verdict.accepted:
            return Step(say=judgement(message.id, entry))
        was = self.pace.verified
        elapsed = self.seconds - (self.deadline - now)
        unverify = self.fair_play and not self.pace.accepted(entry.word, elapsed) and was
        return Step(say=judgement(message.id, entry), keep=True, unverify=unverify)
