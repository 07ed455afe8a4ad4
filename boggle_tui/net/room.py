"""One online room: its players, the lobby, the countdown, the round and the table's scoring.

Plain Python with no sockets: the server feeds it what players send and the time, and sends
what it returns. Every method answers with a list of `Send`s; the room never blocks.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game.clock import Clock, TimeSource
from boggle_tui.game.codes import board_code
from boggle_tui.game.round import Entry, Round, Verdict
from boggle_tui.net.protocol import MAX_PLAYERS, MAX_WORD, RoomSettings, Scoring, clean_name, dump

COUNTDOWN = 3.0  # seconds from everyone ready to the board
GRACE = 0.5  # seconds after the deadline in which words already on their way are still judged
WORDS_PER_SECOND = 10.0  # a player's sustained rate; a human never reaches it
WORD_BURST = 40  # words at once (a paste)


class State(Enum):
    LOBBY = "lobby"
    COUNTDOWN = "countdown"
    PLAYING = "playing"


@dataclass(frozen=True)
class Send:
    to: tuple[int, ...] | None  # player ids; None: everyone connected
    text: str


@dataclass
class Bucket:
    """A token bucket: at most `burst` at once, `rate` a second over time (words by default)."""

    rate: float = WORDS_PER_SECOND
    burst: int = WORD_BURST
    tokens: float = -1.0  # full at first
    at: float | None = None

    def take(self, now: float) -> bool:
        if self.at is None:
            self.tokens = self.burst
        else:
            elapsed = max(0.0, now - self.at)  # a clock set back gives no tokens
            self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Player:
    id: int
    name: str
    token: str  # lets the same player back in after a dropped connection
    host: bool = False
    ready: bool = False
    connected: bool = True
    voted_end: bool = False
    last_id: int = -1  # the highest entry id judged: a word sent again after a reconnect is judged once
    round: Round | None = None
    bucket: Bucket = field(default_factory=Bucket)

    def public(self) -> dict[str, object]:
        words = len(self.round.found) if self.round else 0
        return {
            "id": self.id, "name": self.name, "host": self.host, "ready": self.ready,
            "connected": self.connected, "words": words, "voted_end": self.voted_end,
        }  # fmt: skip


class RoomFull(Exception):
    pass


class Room:
    def __init__(
        self,
        name: str,
        settings: RoomSettings,
        dictionary_for: Callable[[str], Dictionary],
        *,
        now: TimeSource,
        listed: bool = True,
        rng: random.Random | None = None,
    ) -> None:
        self.name = name
        self.settings = settings
        self.dictionary_for = dictionary_for
        self.now = now
        self.listed = listed  # rooms a host made have unguessable names and are not listed
        self.rng = rng or random.Random()
        self.players: dict[int, Player] = {}
        self.state = State.LOBBY
        self.countdown_until = 0.0
        self.deadline = 0.0
        self.clock: Clock | None = None
        self.solution: Solution | None = None
        self.code = ""
        self.rounds = 0
        self._next_id = 1
        self._told = 0.0  # when the last tick was sent: players hear the time once a second

    # Who is here

    @property
    def connected(self) -> list[Player]:
        return [p for p in self.players.values() if p.connected]

    @property
    def empty(self) -> bool:
        return not self.connected

    def join(self, name: str) -> tuple[Player, list[Send]]:
        if len(self.connected) >= MAX_PLAYERS or len(self.players) >= 4 * MAX_PLAYERS:
            raise RoomFull(f"room {self.name} is full ({MAX_PLAYERS} players)")
        player = Player(
            self._next_id, self._unique(clean_name(name) or f"Player {self._next_id}"), secrets.token_urlsafe(16)
        )
        self._next_id += 1
        player.host = not any(p.host and p.connected for p in self.players.values())
        self.players[player.id] = player
        if self.state is State.PLAYING:
            player.round = self._round_for()  # joins the round under way, from now
        elif self.state is State.COUNTDOWN:
            self.state = State.LOBBY  # a newcomer has not said ready
        return player, [self._lobby()]

    def _unique(self, name: str) -> str:
        taken = {p.name for p in self.players.values()}
        candidate, n = name, 2
        while candidate in taken:
            candidate = f"{name[:17]} {n}"
            n += 1
        return candidate

    def rejoin(self, token: str) -> Player | None:
        for player in self.players.values():
            if secrets.compare_digest(player.token, token):
                player.connected = True
                return player
        return None

    def disconnect(self, player: Player) -> list[Send]:
        player.connected = False
        player.ready = False
        if player.host:
            player.host = False
            if self.connected:
                self.connected[0].host = True
        if self.state is State.COUNTDOWN:
            self.state = State.LOBBY
        sends = [self._lobby()]
        if self.state is State.PLAYING:
            sends += [Send(None, dump("progress", players=self._progress())), *self._maybe_end_by_vote()]
        return sends

    def welcome_state(self, player: Player) -> list[Send]:
        """What a player who (re)joins needs: the lobby, and the round under way with their own entries."""
        sends = [self._lobby()]
        if self.state is State.PLAYING and player.round is not None:
            # A game started afresh numbers its entries from next_id: a lower id would be taken
            # for one already judged and dropped.
            sends.append(Send((player.id,), self._start_message(next_id=player.last_id + 1)))
            entries = [_entry_json(e) for e in player.round.entries]
            sends.append(Send((player.id,), dump("entries", entries=entries, last_id=player.last_id)))
            sends.append(Send(None, dump("progress", players=self._progress())))  # back: everyone sees it
        return sends

    # The lobby

    def set_ready(self, player: Player, ready: bool) -> list[Send]:
        if self.state is State.PLAYING:
            return []
        player.ready = ready
        sends = [self._lobby()]
        if self.connected and all(p.ready for p in self.connected):
            self.state = State.COUNTDOWN
            self.countdown_until = self.now() + COUNTDOWN
            sends.append(Send(None, dump("countdown", seconds=COUNTDOWN)))
        elif self.state is State.COUNTDOWN:
            self.state = State.LOBBY
            sends.append(Send(None, dump("countdown", seconds=None)))
        return sends

    def change_settings(self, player: Player, settings: RoomSettings) -> list[Send]:
        if not player.host:
            return [Send((player.id,), dump("error", message="only the host changes the settings", fatal=False))]
        if self.state is State.PLAYING:
            return [Send((player.id,), dump("error", message="settings change between rounds", fatal=False))]
        self.settings = settings
        for p in self.players.values():
            p.ready = False
        self.state = State.LOBBY
        return [self._lobby()]

    def _lobby(self) -> Send:
        players = [p.public() for p in self.players.values() if p.connected or self.state is State.PLAYING]
        digest = self.dictionary_for(self.settings.dictionary).digest  # a client compares its own copy's
        return Send(None, dump(
            "lobby", room=self.name, state=self.state.value, settings=self.settings.to_json(),
            description=self.settings.describe(), players=players, dictionary_hash=digest,
        ))  # fmt: skip

    # The round

    def tick(self) -> list[Send]:
        now = self.now()
        if self.state is State.COUNTDOWN and now >= self.countdown_until:
            return self._start()
        if self.state is State.PLAYING:
            if now >= self.deadline + GRACE:
                return self._end("time_up")
            if now - self._told >= 1.0:
                self._told = now
                return [Send(None, dump("tick", remaining=round(max(0.0, self.deadline - now), 2)))]
        return []

    def _start(self) -> list[Send]:
        s = self.settings
        dice = load_dice_set(s.dice)
        seed = self.rng.randrange(10**12) if s.seed is None else (s.seed + self.rounds) % 10**12
        board = dice.roll(seed)
        trie = self.dictionary_for(s.dictionary).trie
        self.solution = solve(board, trie, s.min_length or dice.min_length)
        self.code = board_code(board, s.dice)
        self.clock = Clock(s.seconds, self.now)
        self.clock.start()
        self.deadline = self.now() + s.seconds
        self.state = State.PLAYING
        self.rounds += 1
        for player in self.players.values():
            player.voted_end = False
            player.last_id = -1
            player.round = self._round_for() if player.connected else None
        return [Send(None, self._start_message()), self._lobby()]

    def _round_for(self) -> Round:
        assert self.solution is not None and self.clock is not None
        trie = self.dictionary_for(self.settings.dictionary).trie
        return Round(self.solution.board, self.solution, self.clock, trie.__contains__)

    def _start_message(self, next_id: int = 0) -> str:
        """The round as a player sees it; `next_id` is the id their next entry takes."""
        assert self.solution is not None
        return dump(
            "start", round=self.rounds, board=[list(row) for row in self.solution.board.rows], dice=self.settings.dice,
            code=self.code, min_length=self.solution.min_length, seconds=self.settings.seconds,
            remaining=round(max(0.0, self.deadline - self.now()), 2), dictionary=self.settings.dictionary,
            next_id=next_id,
        )  # fmt: skip

    def enter(self, player: Player, entry_id: int, text: str) -> list[Send]:
        """Judge one entry, once: an id already judged (sent again after a reconnect) is not judged again;
        the player has its verdict from before, or in the `entries` sent when they came back."""
        if self.state is not State.PLAYING or player.round is None:
            return [Send((player.id,), dump("error", message="no round is being played", fatal=False))]
        if entry_id <= player.last_id:
            return []
        player.last_id = entry_id
        word = text[:MAX_WORD]
        if self.now() > self.deadline + GRACE:
            verdict = Entry(word.lower(), Verdict.TOO_LATE)
        elif not player.bucket.take(self.now()):
            verdict = Entry(word.lower(), Verdict.TOO_FAST)
        else:
            before = len(player.round.found)
            judged = player.round.submit(word)
            if judged is None:
                return []
            verdict = judged
            if len(player.round.found) != before:
                sends = [Send((player.id,), dump("verdict", id=entry_id, **_entry_json(verdict)))]
                return [*sends, Send(None, dump("progress", players=self._progress()))]
        return [Send((player.id,), dump("verdict", id=entry_id, **_entry_json(verdict)))]

    def _progress(self) -> list[dict[str, object]]:
        """How many words each player has: never which."""
        return [{"id": p.id, "name": p.name, "words": len(p.round.found) if p.round else 0,
                 "connected": p.connected, "voted_end": p.voted_end} for p in self.players.values()]  # fmt: skip

    def vote_end(self, player: Player) -> list[Send]:
        if self.state is not State.PLAYING:
            return []
        player.voted_end = True
        return [Send(None, dump("progress", players=self._progress())), *self._maybe_end_by_vote()]

    def _maybe_end_by_vote(self) -> list[Send]:
        voters = [p for p in self.players.values() if p.connected and p.round is not None]
        if voters and all(p.voted_end for p in voters):
            return self._end("ended")
        return []

    def _end(self, reason: str) -> list[Send]:
        assert self.solution is not None
        playing = [p for p in self.players.values() if p.round is not None]
        found_by = Counter(word for p in playing for word in p.round.found)  # type: ignore[union-attr]
        unique = self.settings.scoring is Scoring.UNIQUE
        results = []
        for p in playing:
            words = {w: 0 if unique and found_by[w] > 1 else score(w) for w in p.round.found}  # type: ignore[union-attr]
            results.append({"id": p.id, "name": p.name, "score": sum(words.values()), "words": words})
        shared = sorted(w for w, n in found_by.items() if n > 1)
        solution = {word: list(path) for word, path in self.solution.paths.items()}
        message = dump("end", reason=reason, round=self.rounds, scoring=self.settings.scoring.value,
                       players=results, shared=shared, solution=solution)  # fmt: skip
        self.state = State.LOBBY
        for p in self.players.values():
            p.ready = False
            p.round = None
        return [Send(None, message), self._lobby()]


def _entry_json(entry: Entry) -> dict[str, object]:
    return {"word": entry.word, "verdict": entry.verdict.value, "points": entry.points}
