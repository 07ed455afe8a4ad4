"""One online room: its players, the lobby, the countdown, the round, the table's scoring and the evening.

Plain Python with no sockets: the server feeds it what players send and the time, and sends
what it returns. Every method answers with a list of `Send`s; the room never blocks.

Who holds a seat: a player who leaves the lobby is gone (their name is free again); one who
drops during a round keeps their seat until it ends, then leaves it, and the room remembers
their last results for a while so that a game back after the end still sees them.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.scoring import score, shortest_word
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game.bots import Try, cues, plan_for
from boggle_tui.game.clock import Clock, TimeSource
from boggle_tui.game.codes import board_code
from boggle_tui.game.contest import between_teams, compare, winners
from boggle_tui.game.deal import deal
from boggle_tui.game.languages import language_for
from boggle_tui.game.levels import DEFAULT_LEVEL, LEVELS, NAMES
from boggle_tui.game.round import Entry, Round, Verdict
from boggle_tui.game.rules import Rules
from boggle_tui.game.team import Team, goal_for
from boggle_tui.game.tiers import required_test
from boggle_tui.net import messages as m
from boggle_tui.net import phrases as P
from boggle_tui.net.protocol import MAX_PLAYERS, MAX_WORD, clean_name, clean_text
from boggle_tui.net.saved import FORMAT, SavedRoom, SavedSeat

COUNTDOWN = 3.0  # seconds from everyone ready to the board
GRACE = 0.5  # seconds after the deadline in which words already on their way are still judged
# A player whose connection dropped (it ended without a close: a network's drop, a game killed) is away for this
# long: their game tries again as long (net/link.py ROOM_PATIENCE). In the lobby their seat is kept that long (and
# the room with it), and in a round their vote: the words their game sends again must not find the round ended by
# the others' votes. A player who leaves (their game closes the connection) is gone at once.
AWAY_SECONDS = 30.0
AWAY_VOTE_SECONDS = AWAY_SECONDS
MAX_TRIP = 1.0  # a player's measured round trip extends the grace for their words up to this
WORDS_PER_SECOND = 10.0  # a player's sustained rate; a human never reaches it
WORD_BURST = 40  # words at once (a paste)
CHAT_PER_SECOND = 0.5  # lines a player may say, over time
CHAT_BURST = 5
REMEMBERED = 32  # players who dropped out of a round, kept with their results for a game that comes back
REMEMBER_SECONDS = 15 * 60.0
MAX_SPECTATORS = 8
RESTORED_SECONDS = 5 * 60.0  # a room brought back after a restart waits this long for its players
# ... and each absent player's seat waits this long (a client tries again for 30 s): past it, a seat not taken back
# is let go, so that a full room brought back with one player is not full for newcomers for five minutes.
RECLAIM_SECONDS = 60.0


class State(Enum):
    LOBBY = "lobby"
    COUNTDOWN = "countdown"
    PLAYING = "playing"


class Send(NamedTuple):
    """A message for some of the room (made for every verdict: a tuple costs a third of a frozen dataclass)."""

    to: tuple[int, ...] | None  # player ids; None: everyone connected
    text: str


def send(to: tuple[int, ...] | None, message: m.ServerMessage) -> Send:
    return Send(to, m.encode(message))


def refusal(to: int, message: P.Phrase, returned: str = "") -> Send:
    """A request of one player's not done, said to them alone (in their language, where their game knows the
    phrase); `returned`: their chat line, given back."""
    return send((to,), message.error(returned=returned))


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
    game: str = ""  # the id of the game holding the seat: a second live game never takes it
    host: bool = False
    ready: bool = False
    connected: bool = True
    voted_end: bool = False
    last_id: int = -1  # the highest entry id judged: a word sent again after a reconnect is judged once
    round: Round | None = None
    bucket: Bucket = field(default_factory=Bucket)
    chat: Bucket = field(default_factory=lambda: Bucket(CHAT_PER_SECOND, CHAT_BURST))
    level: str = ""  # a bot's level (a seat the host filled with a computer opponent); "" for a person
    plan: tuple[Try, ...] = ()  # a bot's words and their moments in the round under way
    trip: float = 0.0  # the round trip the player's game last measured (its `ping`), bounded by MAX_TRIP
    away_since: float | None = None  # when the connection of a seat in the round dropped (None: here)
    version: int = m.VERSION  # the protocol its game speaks: an older one never plays in a team
    side: int = 0  # two teams: the one the player plays on (1 or 2); 0: dealt as the next round starts
    round_side: int = 0  # a team's round under way: the side played on (1, or 2); 0 in a contest

    @property
    def grace(self) -> float:
        """How long after the deadline this player's words are still judged: one round trip, at least GRACE (a
        word sent as the player's clock ran out arrives half a trip later)."""
        return max(GRACE, self.trip)

    def seat(self) -> m.Seat:
        words = len(self.round.found) if self.round else 0
        return m.Seat(id=self.id, name=self.name, host=self.host, ready=self.ready, connected=self.connected,
                      words=words, voted_end=self.voted_end, bot=bool(self.level),
                      playing=self.round is not None, side=self.side)  # fmt: skip

    def count(self) -> m.Count:
        words = len(self.round.found) if self.round else 0
        return m.Count(id=self.id, name=self.name, words=words, connected=self.connected, voted_end=self.voted_end,
                       side=self.round_side)  # fmt: skip


@dataclass
class Evening:
    """A player's points, wins and rounds over the room's rounds, kept by name (a player may come and go)."""

    total: int = 0
    wins: int = 0
    rounds: int = 0


@dataclass
class Gone:
    """A player who dropped out of a round that then ended: what a game coming back with their token sees."""

    player: Player
    since: float
    results: list[Send]


class RoomFull(P.Refusal):
    """No seat for a newcomer: the room is full, or closed to newcomers."""

    def __init__(self, message: P.Phrase) -> None:
        super().__init__(message, "full")


class Room:
    def __init__(
        self,
        name: str,
        settings: Rules,
        dictionary_for: Callable[[str, str], Dictionary],
        *,
        now: TimeSource,
        listed: bool = True,
        rng: random.Random | None = None,
        max_players: int = MAX_PLAYERS,
        log: Callable[[str], None] = lambda _: None,
        max_spectators: int = MAX_SPECTATORS,
    ) -> None:
        """`log` takes the operator's lines (the server's log): rounds started and ended, bots seated."""
        self.name = name
        self.settings = settings
        self.dictionary_for = dictionary_for
        self.now = now
        self.listed = listed  # rooms a host made have unguessable names and are not listed
        self.rng = rng or random.Random()
        self.max_players = max_players
        self.log = log
        self.players: dict[int, Player] = {}
        self.spectators: dict[int, Player] = {}  # watching without a seat: never scoring, readying or voting
        self.max_spectators = max_spectators
        self.state = State.LOBBY
        self.locked = False  # the host closed the room to newcomers
        self.countdown_until = 0.0
        self.clock: Clock | None = None  # the round's: a server's never pauses, and its deadline judges words
        self.away_until: float | None = None  # when the first seat kept in the lobby for a dropped player is freed
        self.solution: Solution | None = None
        self.code = ""
        self.rounds = 0
        self.evening: dict[str, Evening] = {}
        self.champion = ""
        self.gone: dict[str, Gone] = {}  # token -> a player who dropped out of the last round
        self.empty_since: float | None = None  # when the last connected player left
        self.restored_until: float | None = None  # brought back after a restart: kept, empty, until then
        self.voided = 0  # the round a restart voided, to be told to the seats that come back
        self._to_tell: set[int] = set()  # seats not yet told of the voided round
        self.reclaim_until: float | None = None  # brought back: its absent seats are held until then
        self._next_id = 1
        self._told = 0.0  # when the last tick was sent: players hear the time once a second
        # What is kept on disk (`saved`) may have changed since the server last wrote it. Everything kept is
        # also what the lobby message shows, so making that message marks the room; the server looks only at the
        # rooms marked (a thousand rooms in a round change nothing kept for minutes).
        self.unsaved = True
        self._bots = False  # bots play in the round under way
        self.teams: dict[int, Team] = {}  # the round under way's, by side (1, and 2 for two), in a team's room

    # Kept on disk (net/saved.py)

    def saved(self) -> SavedRoom:
        """What a server started again needs to bring the room back: never a round's words."""
        seats = tuple(
            SavedSeat(id=p.id, name=p.name, token=p.token, host=p.host, level=p.level) for p in self.players.values()
        )
        return SavedRoom(
            format=FORMAT, room=self.name, settings=m.Settings.of(self.settings), listed=self.listed,
            locked=self.locked, rounds=self.rounds, playing=self.state is State.PLAYING, next_id=self._next_id,
            players=seats[: m.MAX_LIST], scoreboard=self._scoreboard(), champion=self.champion,
        )  # fmt: skip

    @classmethod
    def restored(
        cls,
        saved: SavedRoom,
        settings: Rules,
        dictionary_for: Callable[[str, str], Dictionary],
        *,
        now: TimeSource,
        max_players: int = MAX_PLAYERS,
        log: Callable[[str], None] = lambda _: None,
    ) -> Room:
        """The room as it was saved (`settings`: the saved ones, checked by the server), every person away until
        they come back with their token; a round that was under way is voided: the next one takes its number."""
        room = cls(saved.room, settings, dictionary_for, now=now, listed=saved.listed, max_players=max_players,
                   log=log)  # fmt: skip
        room.locked = saved.locked
        room.voided = saved.rounds if saved.playing else 0
        room.rounds = saved.rounds - 1 if saved.playing else saved.rounds
        room.evening = {s.name: Evening(s.total, s.wins, s.rounds) for s in saved.scoreboard}
        room.champion = saved.champion
        room._next_id = saved.next_id
        for seat in saved.players[:max_players]:
            bot = bool(seat.level)
            room.players[seat.id] = Player(seat.id, seat.name, seat.token, host=seat.host, ready=bot,
                                           connected=bot, level=seat.level)  # fmt: skip
            if not bot:
                room._to_tell.add(seat.id)
        room.empty_since = now()
        room.restored_until = now() + RESTORED_SECONDS
        room.reclaim_until = now() + RECLAIM_SECONDS
        return room

    # Who is here

    @property
    def connected(self) -> list[Player]:
        """The people here: a bot is always there, and never keeps a room open, readies or hosts it."""
        return [p for p in self.players.values() if p.connected and not p.level]

    @property
    def audience(self) -> list[int]:
        """Whom the room's news goes to: the people here and the spectators."""
        return [p.id for p in self.connected] + list(self.spectators)

    @property
    def empty(self) -> bool:
        return not self.connected

    def host(self) -> Player | None:
        return next((p for p in self.players.values() if p.host), None)

    def join(self, name: str, game: str = "", version: int = m.VERSION) -> tuple[Player, list[Send]]:
        if self.locked:
            raise RoomFull(P.phrase(P.CLOSED, room=self.name))
        self._let_go_unclaimed()
        if len(self.players) >= self.max_players:
            self._give_up_an_away_seat()  # a seat kept for a game on its way back never keeps a newcomer out
        if len(self.players) >= self.max_players:
            raise RoomFull(self._full())
        chosen = clean_name(name) or f"Player {self._next_id}"
        player = Player(self._next_id, self._unique(chosen), secrets.token_urlsafe(16), game, version=version)
        self._next_id += 1
        self.players[player.id] = player
        self._host_if_none_here(player)
        self.empty_since = None
        # A newcomer mid-round waits in the lobby (told the time left, free to watch) and plays the next round:
        # a seat in this one, from now, would be a round with less time than the others had.
        if self.state is State.COUNTDOWN:
            self.state = State.LOBBY  # a newcomer has not said ready
        return player, [self._lobby()]

    def spectate(self, name: str, game: str = "") -> tuple[Player, list[Send]]:
        """A spectator, without a seat: they see the lobby and each round's board and counts, never a word
        before the end, and nothing waits for them."""
        if len(self.spectators) >= self.max_spectators:
            raise RoomFull(P.plural(P.SPECTATORS_FULL, self.max_spectators, room=self.name))
        chosen = clean_name(name) or f"Spectator {self._next_id}"
        spectator = Player(self._next_id, chosen, secrets.token_urlsafe(16), game, ready=True)
        self._next_id += 1
        self.spectators[spectator.id] = spectator
        return spectator, [self._lobby()]

    def _unique(self, name: str) -> str:
        """The name, or the name with the first free number after it: `fay (2)`."""
        taken = {p.name for p in self.players.values()}
        candidate, n = name, 2
        while candidate in taken:
            suffix = f" ({n})"
            candidate = name[: 20 - len(suffix)] + suffix
            n += 1
        return candidate

    def seat_for(self, token: str) -> Player | None:
        """The player holding the seat this token was given for, present or dropped out of the last round."""
        for player in self.players.values():
            if secrets.compare_digest(player.token, token):
                return player
        gone = next((g for t, g in self.gone.items() if secrets.compare_digest(t, token)), None)
        return gone.player if gone else None

    def _let_go_unclaimed(self) -> None:
        """A room brought back: the seats of players not back within RECLAIM_SECONDS are let go (a token kept for
        one later finds no seat, and joins afresh where there is room)."""
        if self.reclaim_until is None or self.now() < self.reclaim_until:
            return
        self.reclaim_until = None
        for seat in [p for p in self.players.values() if p.id in self._to_tell and not p.connected and not p.level]:
            del self.players[seat.id]
            self._to_tell.discard(seat.id)
            self.log(f"room {self.name}: {seat.name!r} not back after the restart: seat let go")

    def _give_up_an_away_seat(self) -> None:
        """The lobby's seat kept longest for a player who dropped is given up (a stranger's connections, dropped
        one after another, keep nobody out of a room)."""
        away = [p for p in self.players.values() if not p.connected and p.away_since is not None and p.round is None]
        if away:
            del self.players[min(away, key=lambda p: p.away_since or 0.0).id]

    def _full(self) -> P.Phrase:
        return P.plural(P.ROOM_IS_FULL, self.max_players, room=self.name)

    def rejoin(self, player: Player, game: str) -> list[Send]:
        """The player back on a new connection (a game that died, or the same game reconnecting).

        A player who dropped out of a round that has since ended gets their seat back if the room
        has one, and the round's results in any case (see `welcome_state`)."""
        if player.id not in self.players:
            if len(self.players) >= self.max_players:
                raise RoomFull(self._full())
            player.name = self._unique(player.name)
            player.host = False
            self.players[player.id] = player
        player.connected = True
        player.away_since = None
        player.game = game
        self._host_if_none_here(player)
        self.unsaved = True  # a name made unique again, a host: the welcome's lobby shows them too
        self.empty_since = None
        return []

    def _host_if_none_here(self, player: Player) -> None:
        """The player hosts when nobody here does (the host of a room brought back may not come back)."""
        host = self.host()
        expected = host is not None and host.id in self._to_tell  # a room brought back: its host is on the way
        if host is None or (host is not player and not host.connected and not expected):
            if host is not None:
                host.host = False
            player.host = True

    def leave(self, player: Player, *, dropped: bool = False) -> list[Send]:
        """The player's connection is gone: in a round they keep the seat till its end; in the lobby they leave, or
        (`dropped`: it ended without a close) are away for AWAY_SECONDS, their seat kept for their game's return."""
        if self.spectators.pop(player.id, None) is not None:
            return [self._lobby()]
        player.connected = False
        player.ready = False
        if self.state is State.PLAYING and player.round is not None:  # a seat in the round waits for its end
            player.away_since = self.now() if dropped else None  # a vote waits for a game on its way back only
        elif dropped:
            player.away_since = self.now()
            self.away_until = min(self.away_until or math.inf, player.away_since + AWAY_SECONDS)
        else:
            del self.players[player.id]
        if player.host:
            player.host = False
            if self.connected:
                self.connected[0].host = True
        if self.empty:
            self.empty_since = self.now()
        sends = [self._lobby()]
        if self.state is State.COUNTDOWN:
            sends += self._countdown_again()
        if self.state is State.PLAYING:
            sends += [send(None, self._progress()), *self._maybe_end_by_vote()]
        return sends

    def welcome_state(self, player: Player) -> list[Send]:
        """What a player who (re)joins needs: the lobby, the round under way with their own entries, or the
        results of a round they dropped out of before it ended."""
        sends = [self._lobby()]
        if player.id in self._to_tell:
            self._to_tell.discard(player.id)
            if self.voided:
                sends.append(refusal(player.id, P.phrase(P.RESTARTED, round=self.voided)))
        gone = self.gone.pop(player.token, None)
        if gone is not None:
            return [*sends, *(Send((player.id,), s.text) for s in gone.results)]
        if player.id in self.spectators:
            return [*sends, *self.watch(player)] if self.state is State.PLAYING else sends
        if self.state is State.PLAYING and player.round is not None:
            # A game started afresh numbers its entries from next_id: a lower id would be taken
            # for one already judged and dropped.
            sends.append(send((player.id,), self._start_message(next_id=player.last_id + 1, side=player.round_side)))
            entries = tuple(_judged(e) for e in player.round.entries)
            sends.append(send((player.id,), m.Entries(entries=entries, last_id=player.last_id)))
            sends += self._team_so_far(player)
            sends.append(send(None, self._progress()))  # back: everyone sees it
        return sends

    def watch(self, player: Player) -> list[Send]:
        """The round under way, to watch: its board and everyone's counts; a player who has a part in it gets
        that back instead (their board and entries, as after a reconnect)."""
        if self.state is not State.PLAYING:
            return [refusal(player.id, P.phrase(P.NO_ROUND))]
        if player.round is not None:
            return self.welcome_state(player)[1:]
        start = self._start_message(watching=True)
        return [send((player.id,), start), send((player.id,), self._progress())]

    # The lobby

    def set_ready(self, player: Player, ready: bool) -> list[Send]:
        if self.state is State.PLAYING or player.id in self.spectators:
            return []
        player.ready = ready
        if self.connected and all(p.ready for p in self.connected):
            return [self._lobby(), *self._count_down()]
        if self.state is State.COUNTDOWN:
            return [self._lobby(), *self._countdown_again()]
        return [self._lobby()]

    def _count_down(self) -> list[Send]:
        self.state = State.COUNTDOWN
        self.countdown_until = self.now() + COUNTDOWN
        return [send(None, m.Countdown(seconds=COUNTDOWN))]

    def _countdown_again(self) -> list[Send]:
        """The countdown is undone (someone is no longer ready) unless everyone left is still ready."""
        if self.connected and all(p.ready for p in self.connected):
            return []
        self.state = State.LOBBY
        return [send(None, m.Countdown(seconds=None))]

    def change_settings(self, player: Player, settings: Rules) -> list[Send]:
        if not player.host:
            return [refusal(player.id, P.phrase(P.HOST_SETTINGS))]
        if self.state is State.PLAYING:
            return [refusal(player.id, P.phrase(P.SETTINGS_BETWEEN))]
        old = next((p for p in self.players.values() if p.version < m.TEAM_VERSION and not p.level), None)
        if settings.team and old is not None:
            return [refusal(player.id, P.phrase(P.TEAM_OLD_GAME, player=old.name, version=m.TEAM_VERSION))]
        self.settings = settings
        for p in self.players.values():
            p.ready = bool(p.level)  # a bot is always ready
        self.state = State.LOBBY
        return [self._lobby()]

    def say(self, player: Player, text: str) -> list[Send]:
        """A chat line between rounds: never during one (words are not to be given away), and rate-limited."""
        line = clean_text(text, m.MAX_CHAT)
        if not line:
            return []
        if self.state is State.PLAYING:
            return [refusal(player.id, P.phrase(P.CHAT_WAITS), returned=line)]
        if not player.chat.take(self.now()):
            return [refusal(player.id, P.phrase(P.CHAT_RATE), returned=line)]
        return [send(None, m.Said(player=player.id, name=player.name, text=line))]

    def command(
        self, player: Player, action: str, target_id: int | None, level: str = "", side: int = 0
    ) -> tuple[list[Send], Player | None]:
        """The host's controls; the player removed, if any, for the server to disconnect."""
        if not player.host:
            return [refusal(player.id, P.phrase(P.HOST_ONLY))], None
        target = self.players.get(target_id) if target_id is not None else None
        if action == "start":
            if self.state is not State.LOBBY:
                return [refusal(player.id, P.phrase(P.ROUND_ON))], None
            return [self._lobby(), *self._count_down()], None
        if action == "lock" or action == "unlock":
            self.locked = action == "lock"
            return [self._lobby()], None
        if action == "bot":
            return self._add_bot(player, level or DEFAULT_LEVEL), None
        if action == "side" and target is not None:  # two teams: the host puts a player (themself too) on one
            if self.state is State.PLAYING:
                return [refusal(player.id, P.phrase(P.SIDES_BETWEEN))], None
            target.side = side
            return [self._lobby()], None
        if target is None or target is player:
            return [refusal(player.id, P.phrase(P.ANOTHER_PLAYER))], None
        if action == "promote":
            if not target.connected:
                return [refusal(player.id, P.phrase(P.AWAY, player=target.name))], None
            player.host, target.host = False, True
            return [self._lobby()], None
        # remove: the seat goes, with its token; their words of a round under way are not scored
        del self.players[target.id]
        sends = [self._lobby()]
        if self.state is State.COUNTDOWN:
            sends += self._countdown_again()
        if self.state is State.PLAYING:
            sends += [send(None, self._progress()), *self._maybe_end_by_vote()]
        return sends, target

    def _add_bot(self, host: Player, level: str) -> list[Send]:
        """A computer opponent in a free seat (game/bots.py), between rounds; the host removes it as anyone."""
        if self.state is State.PLAYING:
            return [refusal(host.id, P.phrase(P.BOTS_BETWEEN))]
        if level not in LEVELS:
            return [refusal(host.id, P.phrase(P.NO_LEVEL, level=repr(level)))]
        if len(self.players) >= self.max_players:
            return [refusal(host.id, P.plural(P.ROOM_FULL, self.max_players))]
        seated = sum(1 for p in self.players.values() if p.level)
        name = self._unique(f"{NAMES[seated % len(NAMES)]} (bot)")
        bot = Player(self._next_id, name, secrets.token_urlsafe(16), "bot", ready=True, level=level)
        self._next_id += 1
        self.players[bot.id] = bot
        self.log(f"room {self.name}: {bot.name!r} seated ({level})")
        return [self._lobby()]

    def _bots_play(self) -> list[Send]:
        """Each bot enters the words its plan has reached on the room's clock (the server ticks several times
        a second); everyone sees the new counts, never the words."""
        assert self.clock is not None
        elapsed = self.clock.elapsed
        moved = False
        told: list[Send] = []
        for bot in (p for p in self.players.values() if p.level and p.round is not None):
            for t in bot.plan:
                if t.at <= elapsed and t.found and t.word not in bot.round.found:  # type: ignore[union-attr]
                    if t.word in bot.round.claimed:  # type: ignore[union-attr]
                        continue  # a teammate has it: a bot never types a word its team has
                    entry = bot.round.submit(t.word)  # type: ignore[union-attr]
                    moved = True
                    if entry is not None and entry.verdict.accepted:
                        told += self._team_found(bot, entry.word)
        return [*told, send(None, self._progress())] if moved else []

    def _lobby(self) -> Send:
        self.unsaved = True
        settings = self.settings
        digest = self.dictionary_for(settings.dictionary, settings.language).digest  # a client compares its own copy's
        return send(None, m.Lobby(
            room=self.name, state=self.state.value, settings=m.Settings.of(self.settings),
            description=self.settings.describe(), players=tuple(p.seat() for p in self.players.values()),
            dictionary_hash=digest, locked=self.locked, rounds=self.rounds, scoreboard=self._scoreboard(),
            champion=self.champion, remaining=self._remaining() if self.state is State.PLAYING else None,
            spectators=len(self.spectators),
        ))  # fmt: skip

    @property
    def deadline(self) -> float:
        """When the round's clock runs out (its one clock's; 0 before the first round)."""
        return self.clock.deadline if self.clock is not None else 0.0

    def _remaining(self) -> float:
        return round(max(0.0, self.deadline - self.now()), 2)

    def _scoreboard(self) -> tuple[m.Standing, ...]:
        ranked = sorted(self.evening.items(), key=lambda item: (-item[1].total, -item[1].wins, item[0]))
        return tuple(m.Standing(name=n, total=e.total, wins=e.wins, rounds=e.rounds) for n, e in ranked[: m.MAX_LIST])

    # The round

    def tick(self) -> list[Send]:
        """The room's clock looked at (ten times a second, in every room of a server: a tick that changes nothing
        looks at no player)."""
        now = self.now()
        if self.gone:
            self._forget_gone(now)
        if self.away_until is not None and now >= self.away_until and self.state is not State.PLAYING:
            return self._free_away(now)
        if self.state is State.COUNTDOWN and now >= self.countdown_until:
            return self._start()
        if self.state is State.PLAYING:
            sends = self._bots_play() if self._bots else []
            if now >= self.deadline + GRACE and now >= self.deadline + self._grace():  # the grace is GRACE at least
                return [*sends, *self._end("time_up")]
            if now - self._told >= 1.0:
                self._told = now
                voted = any(p.voted_end for p in self.players.values())  # an away player's vote may have lapsed
                if voted and (ended := self._maybe_end_by_vote()):
                    return [*sends, *ended]
                sends.append(send(None, m.Tick(remaining=self._remaining())))
            return sends
        return []

    def _free_away(self, now: float) -> list[Send]:
        """The lobby's seats of players away for AWAY_SECONDS are given up (their games did not come back)."""
        away = [p for p in self.players.values() if not p.connected and p.away_since is not None and not p.level]
        for player in away:
            if now - player.away_since >= AWAY_SECONDS:  # type: ignore[operator]
                del self.players[player.id]
        left = [p.away_since for p in self.players.values() if not p.connected and p.away_since is not None]
        self.away_until = min(left) + AWAY_SECONDS if left else None
        return [self._lobby()]

    @property
    def awaited(self) -> bool:
        """Whether a player who dropped may still come back to a seat kept for them (the room stays open meanwhile)."""
        now = self.now()
        return any(
            not p.connected and p.away_since is not None and now - p.away_since < AWAY_SECONDS
            for p in self.players.values()
        )

    def _grace(self) -> float:
        """The round ends once every player's words sent in time have had their trip to arrive."""
        playing = [p.grace for p in self.players.values() if p.round is not None and p.connected and not p.level]
        return max([GRACE, *playing])

    def ping(self, player: Player, t: float, trip: float) -> list[Send]:
        """A player's game measuring its round trip: its clock back at once; the trip it measured last, bounded,
        is how long after the end its words may still arrive."""
        player.trip = min(max(trip, 0.0), MAX_TRIP)
        return [send((player.id,), m.Pong(t=t))]

    def _start(self) -> list[Send]:
        s = self.settings
        seed = self.rng.randrange(10**12) if s.seed is None else (s.seed + self.rounds) % 10**12
        board = deal(dice=s.dice, seed=seed, language=s.language).board
        trie = self.dictionary_for(s.dictionary, s.language).trie
        self.solution = solve(board, trie, shortest_word(s.min_length, len(board)))
        self.teams = {}
        for player in self.players.values():
            player.round_side = 0
        if s.team:
            goal = goal_for(s, self.solution.words, required_test(s.language))
            self.teams = {side: Team(goal) for side in self._deal_sides(s.teams)}
        self.code = board_code(board, s.dice)
        self.clock = Clock(s.clock, self.now)
        self.clock.start()
        self.state = State.PLAYING
        self.rounds += 1
        for player in self.players.values():
            player.voted_end = False
            player.last_id = -1
            player.round = self._round_for() if player.connected else None
        bots = [p for p in self.players.values() if p.level]
        self._bots = bool(bots)  # bots are seated between rounds only
        board_cues = cues(board, self.solution.paths, language_for(board.language).rank) if bots else []
        for bot in bots:
            bot.plan = plan_for(board_cues, board, bot.level, s.clock, self.rng)
        playing = sum(1 for p in self.players.values() if p.round is not None)
        self.log(f"room {self.name}: round {self.rounds} started ({playing} playing, {len(self.solution.paths)} words)")
        seated = tuple(p.id for p in self.players.values() if p.round is not None)
        watching = tuple(i for i in self.audience if i not in seated)
        by_side: dict[int, list[int]] = {}
        for p in self.players.values():
            if p.round is not None:
                by_side.setdefault(p.round_side, []).append(p.id)
        sends = [send(tuple(ids), self._start_message(side=side)) for side, ids in by_side.items()]
        if watching:
            sends.append(send(watching, self._start_message(watching=True)))
        # Everyone's count from the start (0 each): a watcher sees who plays before the first word is found.
        return [*sends, self._lobby(), send(None, self._progress())]

    def _deal_sides(self, teams: int) -> tuple[int, ...]:
        """The sides of a team's round, each player's `round_side`: one team, or two with four players or more (with
        fewer, two teams would be one or two players each). A player the host put on a side plays there; the others
        are dealt at random, each to the smaller side, and keep it for the evening (the host may move them)."""
        playing = [p for p in self.players.values() if p.connected]
        if teams < 2 or len(playing) < 4:
            for p in playing:
                p.round_side = 1
            return (1,)
        unset = [p for p in playing if p.side not in (1, 2)]
        self.rng.shuffle(unset)
        for p in unset:
            p.side = 1 if sum(q.side == 1 for q in playing) <= sum(q.side == 2 for q in playing) else 2
        for p in playing:
            p.round_side = p.side
        return (1, 2)

    def _team_of(self, player: Player) -> Team | None:
        return self.teams.get(player.round_side)

    def _round_for(self) -> Round:
        assert self.solution is not None and self.clock is not None
        trie = self.dictionary_for(self.settings.dictionary, self.settings.language).trie
        return Round(self.solution.board, self.solution, self.clock, trie.__contains__)

    def _start_message(self, next_id: int = 0, *, watching: bool = False, side: int = 0) -> m.Start:
        """The round as a player sees it; `next_id` is the id their next entry takes; `watching`: the round as a
        spectator (or a player who has no part in it) sees it; `side`: the team a player of a team's round is on."""
        assert self.solution is not None
        team = self.teams.get(side) or next(iter(self.teams.values()), None)  # a watcher: the goal, no points
        two = len(self.teams) > 1
        return m.Start(
            round=self.rounds, board=tuple(tuple(row) for row in self.solution.board.rows), dice=self.settings.dice,
            code=self.code, min_length=self.solution.min_length, seconds=self.settings.clock,
            remaining=self._remaining(), dictionary=self.settings.dictionary, next_id=next_id, watching=watching,
            goal=team.goal if team else 0, team=team.score if team and side else 0, side=side if two else 0,
        )  # fmt: skip

    def enter(self, player: Player, entry_id: int, text: str) -> list[Send]:
        """Judge one entry, once: an id already judged (sent again after a reconnect) is not judged again;
        the player has its verdict from before, or in the `entries` sent when they came back."""
        if entry_id <= player.last_id:
            return []
        if self.state is not State.PLAYING or player.round is None:
            word = text[:MAX_WORD].lower()
            # The round ended while the word was on its way: it still gets its verdict, never silence.
            return [send((player.id,), m.Judgement(id=entry_id, word=word, verdict=m.verdict_text(Verdict.TOO_LATE)))]
        player.last_id = entry_id
        verdict = judge(player.round, text, player.bucket, self.now(), self.deadline + player.grace)
        said = send((player.id,), judgement(entry_id, verdict))
        if verdict.verdict.accepted:
            return [said, *self._team_found(player, verdict.word), send(None, self._progress())]
        return [said]

    def _team_so_far(self, player: Player) -> list[Send]:
        """A team's round, to a player back after a drop: each word their teammates found meanwhile and before."""
        team = self._team_of(player)
        if team is None:
            return []
        names = {p.id: p.name for p in self.players.values()}
        found = [
            m.TeamFound(word=w, player=who, name=names.get(who, ""), points=score(w), team=team.score, goal=team.goal)
            for w, who in team.finders.items()
            if who != player.id
        ]
        return [send((player.id,), message) for message in found]

    def _team_found(self, finder: Player, word: str) -> list[Send]:
        """A team's round: the word is the team's, its finder's; each teammate's round knows who has it (typed
        again, it is "found by" them), and each teammate is told at once. Nothing in a contest."""
        team = self._team_of(finder)
        if team is None or self.clock is None:
            return []
        team.found(word, finder.id, self.clock.elapsed)
        side = finder.round_side
        mates = tuple(
            p.id for p in self.players.values() if p.round is not None and p is not finder and p.round_side == side
        )
        for mate in mates:
            self.players[mate].round.claimed.setdefault(word, finder.name)  # type: ignore[union-attr]
        told = tuple(i for i in mates if self.players[i].connected and not self.players[i].level)
        if not told:
            return []
        found = m.TeamFound(word=word, player=finder.id, name=finder.name, points=score(word), team=team.score,
                            goal=team.goal)  # fmt: skip
        return [send(told, found)]

    def _progress(self) -> m.Progress:
        """How many words each player in the round has, never which (one waiting for the next round is not in it),
        and a team's points (everyone sees them: a spectator, a party screen)."""
        counts = tuple(p.count() for p in self.players.values() if p.round is not None)
        first, second = self.teams.get(1), self.teams.get(2)
        return m.Progress(players=counts, team=first.score if first else 0, rival=second.score if second else 0)

    def vote_end(self, player: Player) -> list[Send]:
        if self.state is not State.PLAYING:
            return []
        player.voted_end = True
        return [send(None, self._progress()), *self._maybe_end_by_vote()]

    def _maybe_end_by_vote(self) -> list[Send]:
        """The round ends when every voter has voted: each person in it who is here, or away for less than
        AWAY_VOTE_SECONDS (their game is on its way back, with their words)."""
        now = self.now()
        voters = [
            p for p in self.players.values()
            if not p.level and p.round is not None
            and (p.connected or (p.away_since is not None and now - p.away_since < AWAY_VOTE_SECONDS))
        ]  # fmt: skip
        if voters and all(p.voted_end for p in voters):
            return self._end("ended")
        return []

    def _end(self, reason: str) -> list[Send]:
        assert self.solution is not None
        playing = [p for p in self.players.values() if p.round is not None]
        outcome = compare([p.round.found for p in playing if p.round is not None], self.settings.scoring)
        team, rival = self.teams.get(1), self.teams.get(2)
        if team and rival:  # the host's rule for a word both teams found (game/contest.py)
            struck = between_teams(outcome, team.finders, rival.finders, self.settings.between)
            team.strike(struck)
            rival.strike(struck)
        results = [
            m.Score(
                id=p.id,
                name=p.name,
                score=sum(words.values()),
                words=words,
                also=_also(p) if team else (),
                side=p.round_side if rival else 0,
            )
            for p, words in zip(playing, outcome.points, strict=True)
        ]
        self._add_to_evening(results)
        best = max((r.score for r in results), default=0)
        self.log(f"room {self.name}: round {self.rounds} ended ({reason}, best score {best})")
        end = m.End(
            reason=reason, round=self.rounds, scoring=self.settings.scoring.value,  # type: ignore[arg-type]
            players=tuple(results), shared=outcome.shared,
            solution={word: tuple(path) for word, path in self.solution.paths.items()},
            scoreboard=self._scoreboard(), champion=self.champion, goal=team.goal if team else 0,
            reached=_when(team), rival_reached=_when(rival),
        )  # fmt: skip
        ended = send(None, end)
        start = send(None, self._start_message())
        self.state = State.LOBBY
        for p in list(self.players.values()):
            if not p.connected:  # dropped out and not back by the end: the seat goes, the results wait for them
                entries = tuple(_judged(e) for e in p.round.entries) if p.round else ()
                kept = [start, send(None, m.Entries(entries=entries, last_id=p.last_id)), ended]
                self.gone[p.token] = Gone(p, self.now(), kept)
                del self.players[p.id]
            p.ready = bool(p.level)
            p.round = None
        if self.host() is None and self.connected:  # the host of a room brought back never came back
            self.connected[0].host = True
        while len(self.gone) > REMEMBERED:
            del self.gone[next(iter(self.gone))]
        return [ended, self._lobby()]

    def _add_to_evening(self, results: list[m.Score]) -> None:
        if len(self.teams) > 1:  # two teams: the one with more points wins the round, each of its players
            points = {side: team.score for side, team in self.teams.items()}
            best = set(winners({str(side): score for side, score in points.items()}))
            won = {r.name for r in results if str(r.side) in best}
        elif self.teams:  # one team: won together, by reaching its goal before the clock ran out
            won = {r.name for r in results} if self.teams[1].reached else set()
        else:
            won = set(winners({r.name: r.score for r in results}))  # the win rule is the contest's (game/contest.py)
        for r in results:
            standing = self.evening.setdefault(r.name, Evening())
            standing.total += r.score
            standing.rounds += 1
            standing.wins += int(r.name in won)
        target = self.settings.target
        if target and not self.champion:
            reached = [(e.total, name) for name, e in self.evening.items() if e.total >= target]
            if reached:
                self.champion = max(reached)[1]

    def _forget_gone(self, now: float) -> None:
        for token in [t for t, g in self.gone.items() if now - g.since > REMEMBER_SECONDS]:
            del self.gone[token]


def _when(team: Team | None) -> float | None:
    """When in the round a team reached its goal, if it did."""
    return round(team.reached_at, 2) if team is not None and team.reached_at is not None else None


def _also(player: Player) -> tuple[str, ...]:
    """The words a player of a team's round typed after a teammate had found them: found by both, the results say."""
    typed = player.round.entries if player.round else []
    return tuple(dict.fromkeys(e.word for e in typed if e.verdict is Verdict.TEAM_FOUND))


def _judged(entry: Entry) -> m.Judged:
    return m.Judged(word=entry.word, verdict=m.verdict_text(entry.verdict), points=entry.points, by=entry.by)


def judge(game: Round, text: str, bucket: Bucket, now: float, deadline: float) -> Entry:
    """One word of a served round (a room's, or the day's): too late past `deadline` (its grace counted in), too fast
    past the player's rate, else the round's own verdict; an entry of only spaces is still answered."""
    word = text[:MAX_WORD]
    if now > deadline:
        return Entry(word.lower(), Verdict.TOO_LATE)
    if not bucket.take(now):
        return Entry(word.lower(), Verdict.TOO_FAST)
    return game.submit(word) or Entry(word.lower(), Verdict.NOT_A_WORD)


def judgement(entry_id: int, entry: Entry) -> m.Judgement:
    return m.Judgement(id=entry_id, word=entry.word, verdict=m.verdict_text(entry.verdict), points=entry.points,
                       by=entry.by)  # fmt: skip
