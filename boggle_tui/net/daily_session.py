"""Today's board played on a server, as a session the round and results screens draw (net/daily.py serves it).

As a room's round (net/session.py, whose board and provisional verdicts it shares), the board, the verdicts and
the end are the server's: entries go out through `send`, the server's messages come in through `apply`, and the
clock counts down locally to the time the server said. The round ends when the server ends it: its day's table
(`finish`), which comes when the server's clock has run out or after the player's `end`. Unlike a room's, no one
else plays in this round and the clock is the server's alone, so there is nothing to vote on and nothing to hide
while another screen covers it: the clock never stops. No sockets here (app/daily.py has them).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from boggle_tui.engine.solver import Solution
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.round import EndReason, Entry, Results, Verdict
from boggle_tui.game.rules import Rules
from boggle_tui.game.session import Hold, RoundSession
from boggle_tui.i18n import N_, _, counted
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError
from boggle_tui.net.link import NAME_REFUSED, Back, Dropped, Link, Lost
from boggle_tui.net.session import ServedRound, dealt, judged_here, served_entry

CONNECTION_LOST = N_("the connection to the server was lost")  # why a round's table never came (DailySession.lost)
TableAsker = Callable[[bool], Awaitable[m.DailyTable]]  # the day's table asked again (True: friends alone)


class DailySession(ServedRound):
    """Today's board on a server: what the round and results screens need, fed by the server's messages."""

    def __init__(
        self,
        start: m.Start,
        send: Callable[[m.ClientMessage], None],
        *,
        day: dt.date,
        server: str,
        dictionary: str,
        now: TimeSource = time.monotonic,
        ask: TableAsker | None = None,
    ) -> None:
        """`server` names the server as the player gave it; `dictionary` is the language's own list, which the
        server judges by and the solution here is read from; `ask` asks for the day's table again."""
        self.start_message = start
        self.send = send
        self.day = day
        self.server = server
        self.now = now
        self.ask = ask
        self.deal = dealt(start)
        self.min_length = start.min_length
        self.duration: float = float(start.seconds)
        self.request = RoundRequest(
            Given(self.board, self.deal.dice),
            Rules(dictionary=dictionary, seconds=start.seconds, min_length=self.min_length),
        )
        self.entries: list[Entry] = []
        self.found: dict[str, int] = {}
        self.end_reason: EndReason | None = None
        self.solution: Solution | None = None
        self.table: m.DailyTable | None = None  # the day's table with this result placed, once the server sends it
        self.lost = ""  # why the server's end never came (the connection lost), if it did not
        self.uid = uuid.uuid4().hex
        self._deadline = now() + start.remaining
        self._sent: dict[int, str] = {}  # entry id -> word, until its verdict comes back
        self._next_id = start.next_id or 1
        self.voted = False
        self._listeners: list[Callable[[RoundSession], None]] = []
        self._watchers: list[Callable[[], None]] = []

    # What the screens show

    @property
    def title(self) -> str:
        # Translators: the title of today's board played on a server: {server} is its address (example.org); the
        # date is left out, to leave room for the address beside the smallest board.
        return _("Today's board on {server}").format(server=self.server)

    timed = True
    hidden = False  # the server's clock never stops: nothing is gained by covering the board

    @property
    def remaining(self) -> float:
        return 0.0 if self.over else max(0.0, self._deadline - self.now())

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    # What the player does

    def submit(self, text: str) -> Entry | None:
        """Send an entry and return a provisional verdict at once; the server's follows and is the one kept."""
        word = self._fold(text)
        if self.over:
            return self.late(text)
        if not word:
            return None
        self._numbered(word)
        verdict = judged_here(word, self.board, self.found, self.min_length, Verdict.SENT_TO_SERVER)
        return Entry(word, verdict, provisional=True)

    def hold(self, reason: Hold) -> None:
        """The server's clock runs on whatever covers the round: nothing to hold."""

    def release(self, reason: Hold) -> None:
        """Nothing was held."""

    def end(self, reason: EndReason) -> None:
        """The player ends the round: the server ends it and answers with the day's table."""
        if not self.over and not self.voted:
            self.voted = True
            self.send(m.VoteEnd())

    # What the server says

    def apply(self, message: m.ServerMessage) -> None:
        """A verdict, or the words judged so far after a reconnect; anything else in a round is not this session's
        (the table ends it: `finish`)."""
        if self.over:
            return
        if isinstance(message, m.Entries):
            self._judged(message)
        elif isinstance(message, m.Judgement):
            self._verdict(message)
        else:
            return
        self._changed()

    def resumed(self, start: m.Start) -> None:
        """Back on a new connection: the server's clock as it stands (its board is the one already shown)."""
        self._deadline = self.now() + start.remaining
        self._next_id = max(self._next_id, start.next_id)

    def _judged(self, message: m.Entries) -> None:
        """The server's words after a reconnect (those it kept: its accepted ones) stand; the entries it did not
        keep are still shown as judged, and those unanswered are sent again under their ids (judged once)."""
        kept = {self._fold(e.word): e.points for e in message.entries if Verdict(e.verdict).accepted}
        self.entries = [e for e in self.entries if not e.verdict.accepted or e.word in kept]
        shown = {e.word for e in self.entries}
        self.entries += [served_entry(w, m.verdict_text(Verdict.ACCEPTED)) for w in kept if w not in shown]
        self.found = kept
        self._judged_up_to(message.last_id)

    def finish(self, table: m.DailyTable | None, solution: Solution, lost: str = "") -> None:
        """The server ended the round and placed it (`table`), or the connection was lost before it did (`lost`
        says how): the results, on `solution` (the board solved here, on the server's list)."""
        if self.over:
            return
        self.table, self.lost = table, lost
        self.solution = solution
        # Only words the solution can draw: a server that accepts others is not believed about them.
        self.found = {w: points for w, points in self.found.items() if w in solution.paths}
        self._unanswered(lambda word: Entry(word, Verdict.TOO_LATE))
        self._stop_clock()
        self.end_reason = EndReason.TIME_UP if self._deadline <= self.now() else EndReason.ENDED
        self._ended()

    # After the round

    def results(self) -> Results:
        assert self.solution is not None
        return Results(self.solution, dict(self.found), [], self.end_reason)

    def record(self, when: dt.datetime) -> RoundRecord | None:
        """As `boggle daily --plain` records it: a timed round of the day's board, which the streaks count."""
        solution = self.solution
        if solution is None:
            return None
        table = self.table
        you = table.you if table is not None else None
        players = table.players if table is not None and you is not None else None
        return RoundRecord(
            uid=self.uid, played_at=when.astimezone(dt.UTC).isoformat(timespec="seconds"), mode="timed",
            board=self.board.text(), code=self.code, dictionary=self.request.rules.dictionary,
            min_length=self.min_length, score=self.score, max_score=solution.total_score,
            words_total=len(solution.paths), found=dict(self.found),
            missed=tuple(w for w in solution.paths if w not in self.found), daily=self.day.isoformat(),
            dice=self.deal.dice, seed=None, seconds=int(self.duration),  # the server's seed is its own
            ended=self.end_reason.name.lower() if self.end_reason else None,
            place=you.rank if you is not None else None, of_players=players,
        )  # fmt: skip


# The round as it goes on the server, through its link (net/link.py), for every front end


END_SECONDS = 10.0  # past the clock's end, the longest wait for the server's table (it places the result first)


@dataclass(frozen=True)
class Over:
    """The round's end as this game learns it: the day's table with this result placed, or why there is none."""

    table: m.DailyTable | None
    lost: str = ""


def dropped_line(session: DailySession) -> str:
    """The connection dropped: said with the round's time left."""
    return counted(
        math.ceil(session.remaining),
        "The connection to the server dropped: reconnecting… ({count} second left in the round)",
        "The connection to the server dropped: reconnecting… ({count} seconds left in the round)",
    )


async def served_round(
    link: Link, session: DailySession
) -> AsyncIterator[m.Error | Dropped | Back | m.Judgement | m.Entries | Over]:
    """The round's events until its end (`Over`, last). The link keeps trying while the round's clock runs (the
    server keeps the round open, and sends back the words it judged), and for END_SECONDS more, only for that once
    the player has ended it; a round that cannot be resumed, or a server silent past the round's end by
    END_SECONDS, is the server's to finish with those words: its table is asked for. A verdict is the front end's to
    apply (it may say what it added); a return is applied here."""
    link.patience = lambda: (0.0 if session.voted else session.remaining) + END_SECONDS
    events = aiter(link.events())
    while True:
        try:
            event = await asyncio.wait_for(anext(events), session.remaining + END_SECONDS)
        except (TimeoutError, StopAsyncIteration):
            yield await _finished(session)
            return
        match event:
            case m.DailyTable():
                yield Over(event)
                return
            case Lost(why=why, code=code) if code in NAME_REFUSED or code == "version":
                yield Over(None, why)
                return
            case Lost():  # over on the server (the table says how it ended), or not back in time
                yield await _finished(session)
                return
            case Back(reply=m.Start() as start):
                session.resumed(start)  # the words it judged come next
                yield event
            case m.Error() | Dropped() | m.Judgement() | m.Entries():
                yield event
            case _:
                pass


async def _finished(session: DailySession) -> Over:
    """The day's table with this round's result, as the server finished it; the reason when there is none."""
    if session.ask is None:
        return Over(None, _(CONNECTION_LOST))
    try:
        table = await session.ask(False)
    except (JoinError, OSError):
        return Over(None, _(CONNECTION_LOST))
    return Over(table) if table.you is not None else Over(None, _(CONNECTION_LOST))
