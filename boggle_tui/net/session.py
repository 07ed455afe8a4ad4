"""An online round as a session the round and results screens can draw (the second `RoundSession`).

Its board, clock, verdicts and end come from the server's messages, which the app hands to
`apply`; entries go out through `send`. The clock counts down locally and is corrected by the
server's ticks; entries are numbered, so one sent again after a reconnect is judged once;
nothing about the solution is known until the round ends. No sockets here (net/client.py has
them), so the screens can know this class without loading a network library.
"""

from __future__ import annotations

import datetime as dt
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boggle_tui.engine.board import Board
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import Solution
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.codes import board_code
from boggle_tui.game.deal import Deal
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.round import EndReason, Entry, Results, Verdict, normalise
from boggle_tui.game.session import Hold, RoundSession
from boggle_tui.net.protocol import MAX_WORD, clean_name

END_REASONS = {"time_up": EndReason.TIME_UP, "ended": EndReason.VOTED}


@dataclass
class PlayerResult:
    name: str
    score: int
    words: dict[str, int]  # word -> points after the shared-word rule
    me: bool = False


@dataclass
class OnlineSession:
    """A round played in a room: what the round and results screens need, fed by the server's messages."""

    start_message: dict[str, Any]
    room: str
    me: int
    send: Callable[[str, dict[str, Any]], None]  # sends a message to the server without waiting
    now: TimeSource = time.monotonic
    practice: bool = False
    shared_clock: bool = True
    entries: list[Entry] = field(default_factory=list)
    found: dict[str, int] = field(default_factory=dict)
    standings: list[dict[str, Any]] = field(default_factory=list)  # everyone's word counts, never their words
    players: list[PlayerResult] = field(default_factory=list)  # after the end
    shared: list[str] = field(default_factory=list)
    end_reason: EndReason | None = None
    solution: Solution | None = None
    voted: bool = False

    def __post_init__(self) -> None:
        m = self.start_message
        board = Board(tuple(tuple(str(face) for face in row) for row in m["board"]))
        self.dice = m.get("dice")
        self.deal = Deal(board, self.dice, None)
        self.min_length = int(m["min_length"])
        self.scoring = "unique"
        self.request = RoundRequest(Given(board, self.dice), str(m["dictionary"]), int(m["seconds"]), False,
                                    self.min_length)  # fmt: skip
        self.duration: float = float(m["seconds"])
        self._deadline = self.now() + float(m["remaining"])
        self._holds: set[Hold] = set()
        self._sent: dict[int, str] = {}  # entry id -> word, until its verdict comes back
        self._next_id = int(m.get("next_id", 0))  # past the ids the server has judged, after a restart
        self._listeners: list[Callable[[RoundSession], None]] = []
        self._watchers: list[Callable[[], None]] = []
        self.uid = uuid.uuid4().hex

    # What the screens show

    @property
    def board(self) -> Board:
        return self.deal.board

    @property
    def code(self) -> str:
        return board_code(self.board, self.dice)

    @property
    def title(self) -> str:
        return f"Online · room {self.room} · round {self.start_message.get('round', 1)}"

    timed = True
    can_pause = False  # the room's clock runs for everyone

    @property
    def remaining(self) -> float:
        return 0.0 if self.over else max(0.0, self._deadline - self.now())

    @property
    def elapsed(self) -> float:
        return self.duration - self.remaining

    @property
    def hidden(self) -> bool:
        """While another screen covers the round the board is hidden; the room's clock runs on regardless."""
        return bool(self._holds) and not self.over

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    @property
    def revealed(self) -> list[str]:
        return []

    @property
    def score(self) -> int:
        return sum(self.found.values())

    @property
    def waiting(self) -> int:
        """Entries sent whose verdict has not come back yet."""
        return len(self._sent)

    def remaining_words(self) -> list[str]:
        return []

    # What the player does

    def start(self) -> None:
        pass

    def submit(self, text: str) -> Entry | None:
        """Send an entry; its verdict comes back from the server (None here: nothing is judged locally)."""
        word = normalise(text)[:MAX_WORD]
        if not word or self.over:
            return None
        entry_id = self._next_id
        self._next_id += 1
        self._sent[entry_id] = word
        self.send("word", {"id": entry_id, "word": word})
        return None

    def resend(self) -> None:
        """After a reconnect: every entry still unanswered, under its own id (the server judges each once)."""
        for entry_id, word in sorted(self._sent.items()):
            self.send("word", {"id": entry_id, "word": word})

    def hold(self, reason: Hold) -> None:
        if not self.over:
            self._holds.add(reason)

    def release(self, reason: Hold) -> None:
        self._holds.discard(reason)

    def toggle_pause(self) -> None:
        pass  # pause does not exist online

    def tick(self) -> None:
        pass  # the server ends the round

    def end(self, reason: EndReason) -> None:
        """The player votes to end; the round ends when everyone has."""
        if not self.over and not self.voted:
            self.voted = True
            self.send("end", {})

    def reveal(self) -> str | None:
        return None

    def on_end(self, listener: Callable[[RoundSession], None]) -> None:
        self._listeners.append(listener)

    def on_change(self, watcher: Callable[[], None]) -> None:
        """Called whenever a message from the server changed what the round screen shows."""
        self._watchers.append(watcher)

    # What the server says

    def apply(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "tick":
            self._deadline = self.now() + float(message["remaining"])
        elif kind == "verdict":
            self._verdict(message)
        elif kind == "entries":  # back after a reconnect: our entries as the server judged them
            self.entries = [_entry(e) for e in message["entries"]]
            self.found = {e.word: e.points for e in self.entries if e.verdict.accepted}
            last = int(message.get("last_id", -1))
            self._sent = {i: w for i, w in self._sent.items() if i > last}
            self._next_id = max(self._next_id, last + 1)
            self.resend()
        elif kind == "progress":
            self.standings = [{**p, "me": p.get("id") == self.me} for p in message["players"]]
        elif kind == "end":
            self._finish(message)
            return
        for watcher in self._watchers:
            watcher()

    def _verdict(self, message: dict[str, Any]) -> None:
        if self._sent.pop(int(message["id"]), None) is None:
            return  # answered before (a resend): judged once, shown once
        entry = _entry(message)
        self.entries.append(entry)
        if entry.verdict.accepted:
            self.found[entry.word] = entry.points

    def _finish(self, message: dict[str, Any]) -> None:
        if self.over:
            return
        paths = {str(w): tuple(int(c) for c in path) for w, path in message["solution"].items()}
        self.solution = Solution(self.board, self.min_length, dict(sorted(paths.items())))
        self.players = [
            PlayerResult(clean_name(p["name"]), int(p["score"]), {str(w): int(s) for w, s in p["words"].items()},
                         int(p["id"]) == self.me)
            for p in message["players"]
        ]  # fmt: skip
        mine = next((p for p in self.players if p.me), None)
        self.found = dict(mine.words) if mine else {}
        self.shared = [str(w) for w in message.get("shared", [])]
        self.scoring = str(message.get("scoring", "unique"))
        self.end_reason = END_REASONS.get(str(message.get("reason")), EndReason.TIME_UP)
        self._holds.clear()
        for listener in self._listeners:
            listener(self)

    # After the round

    def results(self) -> Results:
        assert self.solution is not None
        return Results(self.solution, dict(self.found), [], self.end_reason)

    @property
    def winners(self) -> list[str]:
        best = max((p.score for p in self.players), default=0)
        return [p.name for p in self.players if p.score == best]

    def next_request(self) -> RoundRequest:
        return self.request  # "again" goes back to the room's lobby; the room deals

    def replay_request(self) -> RoundRequest:
        return self.request

    def record(self, when: dt.datetime) -> RoundRecord | None:
        if self.solution is None or not self.solution.paths:
            return None
        results = self.results()
        return RoundRecord(
            uid=self.uid,
            played_at=when.astimezone(dt.UTC).isoformat(timespec="seconds"),
            mode="online",
            board=self.board.text(),
            code=self.code,
            dictionary=self.request.dictionary,
            min_length=self.min_length,
            score=results.score,
            max_score=results.max_score,
            words_total=len(self.solution.paths),
            found=dict(self.found),
            missed=tuple(results.missed),
            dice=self.dice,
            seconds=int(self.duration),
            ended=self.end_reason.name.lower() if self.end_reason else None,
            players=tuple({"name": p.name, "score": p.score, "words": p.words} for p in self.players),
        )


def _entry(message: dict[str, Any]) -> Entry:
    """An entry as the server judged it (points are the word's own: shared words are struck out at the end)."""
    try:
        verdict = Verdict(message["verdict"])
    except ValueError:
        verdict = Verdict.NOT_A_WORD
    word = normalise(str(message["word"]))[:MAX_WORD]
    return Entry(word, verdict, score(word) if verdict.accepted else 0)
