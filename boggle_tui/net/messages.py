"""The protocol as types: one frozen dataclass per message, in both directions (docs/protocol.md).

Whatever arrives is hostile until `decode` has turned it into one of these: a JSON object of a
known `type`, each field of its declared type, every number in its range, every list and
string within its bound, every string cleaned of what a terminal or Rich would act on. A
client decodes the server's messages the same way a server decodes a client's: neither trusts
the other. `encode` is the one way a message is written, so both ends speak the same wire.

A field's type says what it may hold; its metadata (`text`, `number`, `many`) says how much.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import operator
import types
import typing
from collections.abc import Callable, Mapping, Sized
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Union

from boggle_tui.engine.dictionary import shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.daily_table import MAX_ROWS
from boggle_tui.game.round import Verdict
from boggle_tui.game.rules import GOALS, MIN_LENGTHS, SEEDS, TARGETS, TEAMS, Refused, Rules, served
from boggle_tui.i18n import N_, _
from boggle_tui.net.protocol import (
    MAX_FRAME,
    MAX_ID,
    MAX_NAME,
    MAX_ROOM,
    MAX_ROUND_SECONDS,
    MAX_WORD,
    ProtocolError,
    clean_text,
)  # fmt: skip

VERSION = 3  # 2: messages as types; chat, host controls, the evening's scoreboard, room closed. 3: teams
OLDEST_VERSION = 2  # a server still seats a game this old, in a room whose rules it can play (not a team's)
TEAM_VERSION = 3  # the first version that plays in a team (it knows `team_found` and the teammate's verdict)


def spoken(version: int) -> bool:
    """Whether a server of this version speaks with a game of `version`."""
    return OLDEST_VERSION <= version <= VERSION


MAX_SERVER_FRAME = 2**20  # bytes in one message from a server (an end message carries the solution)
MAX_TEXT = 200  # characters of a note, an error or a chat line
MAX_CHAT = 120  # characters a player may say at once
MAX_LIST = 64  # items of a list unless a field says otherwise (players, notes, a board's rows...)
MAX_WORDS = 4096  # words in one list (a 6x6 board holds a few thousand)
MAX_SECONDS = 24 * 3600.0
MAX_CLOCK = 1e15  # a client's monotonic clock, in seconds (whatever its origin)
MAX_POINTS = 10**7
HASH = 64  # characters of a hash or a token
MAX_TABLE_ROWS = MAX_ROWS  # rows of a day's table in one message
MAX_PLAYERS_A_DAY = 10**8


_Message = typing.TypeVar("_Message")


@typing.dataclass_transform(frozen_default=True, kw_only_default=True)
def message(cls: type[_Message]) -> type[_Message]:
    """Every message and part: an immutable dataclass, built by field name (a type checker knows it as one)."""
    return dataclass(frozen=True, kw_only=True)(cls)


def text(limit: int = MAX_TEXT, *, required: bool = False, literal: bool = False) -> Any:
    """A string field: cleaned of control, format and separator characters, at most `limit` characters.
    `literal`: such a character refuses the message instead (a word is judged as sent, or not at all: DEN<NUL>T
    cleaned would be judged as DENT, a word never typed)."""
    meta = {"limit": limit, "literal": literal}
    return field(metadata=meta) if required else field(default="", metadata=meta)


def number(low: float, high: float, default: Any = dataclasses.MISSING) -> Any:
    """A number field within [low, high]."""
    return field(default=default, metadata={"range": (low, high)})


def many(limit: int, default: Any = dataclasses.MISSING, *, empty: type | None = None) -> Any:
    """A list (or mapping) field of at most `limit` items; `empty=dict` makes an empty mapping its default."""
    if empty is not None:
        return field(default_factory=empty, metadata={"many": limit})
    return field(default=default, metadata={"many": limit})


# A part both sides send


@message
class Settings:
    """A room's rules on the wire (game/rules.py `Rules`): a field left out is the rules' default.

    Decoding checks their form, as every message's; `rules` then checks what this side can play: a dice set it
    has, a word list the server allows, a round no longer than it accepts, dice and list of one language."""

    dice: str = text(20)
    seconds: int | None = number(1, MAX_SECONDS, None)
    dictionary: str = text(MAX_ROOM)
    min_length: int | None = number(MIN_LENGTHS[0], MIN_LENGTHS[-1], None)
    scoring: Literal["unique", "all", "team"] = "unique"
    seed: int | None = number(SEEDS[0], SEEDS[-1], None)
    target: int | None = number(TARGETS[0], TARGETS[-1], None)
    goal: int | None = number(GOALS[0], GOALS[-1], None)  # a team's points to reach in a round
    teams: int = number(TEAMS[0], TEAMS[-1], 1)  # scoring "team": one team, or two
    between: Literal["all", "unique"] = "all"  # two teams: a word both found scores for both, or for neither

    @classmethod
    def of(cls, rules: Rules) -> Settings:
        return cls(dice=rules.dice, seconds=rules.seconds, dictionary=rules.dictionary, min_length=rules.min_length,
                   scoring=rules.scoring.value, seed=rules.seed, target=rules.target,
                   goal=rules.goal, teams=rules.teams, between=rules.between.value)  # type: ignore[arg-type]  # fmt: skip

    def rules(self, dictionaries: frozenset[str] | None = None, max_seconds: int = MAX_ROUND_SECONDS) -> Rules:
        """The rules these settings name, as `Rules` checks them (game/rules.py `served`); a ProtocolError, in the
        reader's language, for what this side cannot play. `dictionaries`: the word lists allowed (the shipped ones
        by default)."""
        allowed = dictionaries if dictionaries is not None else frozenset(shipped_dictionaries())
        try:
            return served(self.dice, self.dictionary, self.seconds, self.min_length, self.scoring, self.seed,
                          self.target, self.goal, self.teams, self.between, dictionaries=allowed,
                          max_seconds=max_seconds)  # fmt: skip
        except Refused as refused:
            if refused.key == "dictionary" and refused.value in allowed:  # dice and list of two languages
                raise ProtocolError(str(refused)) from None
            raise _setting(refused.key, refused.value) from None
        except BoggleError as error:
            raise ProtocolError(str(error)) from None


def _setting(key: str, value: object) -> ProtocolError:
    return ProtocolError(_("setting {key} cannot be {value}").format(key=repr(key), value=clean_text(repr(value), 30)))


# Client to server


@message
class Hello:
    KIND: ClassVar[str] = "hello"
    version: int = number(0, 10**6)
    name: str = text(MAX_NAME)
    room: str = text(MAX_ROOM)
    token: str = text(HASH)
    settings: Settings | None = None  # a new room's rules
    list: bool = False
    private: bool = False
    game: str = text(HASH)  # this game's own id: a seat is never given to a second live game
    watch: bool = False  # a spectator: no seat, never scores, never readies or votes


@message
class Ready:
    KIND: ClassVar[str] = "ready"
    ready: bool


@message
class ChangeSettings:
    KIND: ClassVar[str] = "settings"
    settings: Settings


@message
class Word:
    KIND: ClassVar[str] = "word"
    id: int = number(0, MAX_ID)
    word: str = text(MAX_WORD, required=True, literal=True)


@message
class VoteEnd:
    KIND: ClassVar[str] = "end"


@message
class Again:
    KIND: ClassVar[str] = "again"


@message
class Say:
    KIND: ClassVar[str] = "say"
    text: str = text(MAX_CHAT, required=True)


HostAction = Literal["start", "remove", "promote", "lock", "unlock", "bot", "side"]


@message
class HostCommand:
    """The host's controls: start without everyone ready, remove a player, hand the role on, lock the door."""

    KIND: ClassVar[str] = "host"
    action: HostAction
    player: int | None = number(0, MAX_ID, None)
    level: str = text(16)  # "bot": the bot's level (game/bots.py LEVELS); "" is regular
    side: int = number(0, 2, 0)  # "side": the team the player plays on (1 or 2; 0: dealt at the round's start)


@message
class DailyHello:
    """The first message of a day's round (net/daily.py): who plays, by a name and the secret that holds it,
    and which language's board. The server deals, times and judges it; `word` and `end` follow."""

    KIND: ClassVar[str] = "daily"
    version: int = number(0, 10**6)
    name: str = text(MAX_NAME)
    secret: str = text(HASH)
    language: str = text(8)


@message
class TableAsk:
    """The first and only message of a look at a day's table (answered by `daily_table`, then closed)."""

    KIND: ClassVar[str] = "table"
    version: int = number(0, 10**6)
    language: str = text(8)
    date: str = text(10)  # YYYY-MM-DD; "" is the server's today
    name: str = text(MAX_NAME)  # with its secret: your own row, your words' counts and your friends
    secret: str = text(HASH)
    friends: bool = False  # only the rows of the players you have played rooms with (and yours)
    rows: int = number(0, MAX_TABLE_ROWS, 100)


@message
class Ping:
    """The client's own clock, echoed at once in a `pong`: the client measures its round trip from it. `trip` is
    the last round trip it measured: a word sent before its clock ran out may arrive that much after the end."""

    KIND: ClassVar[str] = "ping"
    t: float = number(0, MAX_CLOCK)
    trip: float = number(0, MAX_SECONDS, 0.0)


@message
class Watch:
    """A player with no part in the round under way watches it (the board and the counts) till the next one."""

    KIND: ClassVar[str] = "watch"


ClientMessage = (
    Hello | Ready | ChangeSettings | Word | VoteEnd | Again | Say | HostCommand | Ping | Watch | DailyHello | TableAsk
)

# Server to client


@message
class Welcome:
    KIND: ClassVar[str] = "welcome"
    version: int = number(0, 10**6)
    room: str = text(MAX_ROOM)
    player: int = number(0, MAX_ID)
    name: str = text(MAX_NAME)
    token: str = text(HASH)
    host: bool = False
    notes: tuple[str, ...] = many(8, ())


ErrorCode = Literal["", "version", "full", "refused", "room_gone", "removed", "limit", "played", "name_taken"]

# An error the server sends is in the server's language; one whose code says all its text says is shown in the
# player's own, from this table (the room's name is the one this game asked for). Any other code ("full",
# "limit", "version", "refused") has texts with the server's own figures in them: the server's text is shown.
ERROR_TEXTS: dict[ErrorCode, str] = {
    "removed": N_("the host removed you from the room"),
    "room_gone": N_("room {room} is gone: the server was restarted or the room closed"),
    "played": N_("you have played today's board already: boggle daily --table shows the table"),
    "name_taken": N_("that name is someone else's on this server: choose another with --name"),
}


@message
class Wording:
    """What an error says, for a client to say in its player's language (net/phrases.py): the English phrase the
    catalogues translate, its plural form with the count that chooses between them, and its placeholders' values."""

    phrase: str = text(MAX_TEXT)
    plural: str = text(MAX_TEXT)
    count: int = number(0, 10**9, 0)
    values: dict[str, str] = many(4, empty=dict)


@message
class Error:
    KIND: ClassVar[str] = "error"
    message: str = text(MAX_TEXT)
    fatal: bool = False
    code: ErrorCode = ""  # what a client can act on: room_gone takes the player back to the start
    # A chat line the server did not take, given back to the player who typed it so that it is not lost. A new
    # field, not a code: a client of an earlier version leaves it aside, where an unknown code would refuse the error.
    returned: str = text(MAX_CHAT)
    # The message's wording, for a client to say in its own language (the message is in the server's): a new field
    # too, which a client of an earlier version leaves aside.
    wording: Wording | None = None


@message
class RoomInfo:
    room: str = text(MAX_ROOM)
    players: int = number(0, 10**4, 0)
    state: str = text(20)
    settings: str = text(MAX_TEXT)


@message
class Rooms:
    KIND: ClassVar[str] = "rooms"
    rooms: tuple[RoomInfo, ...] = many(1000, ())


@message
class Seat:
    """A player as the lobby shows them."""

    id: int = number(0, MAX_ID)
    name: str = text(MAX_NAME)
    host: bool = False
    ready: bool = False
    connected: bool = True
    words: int = number(0, MAX_WORDS, 0)
    voted_end: bool = False
    bot: bool = False  # a computer opponent the host seated (docs/bots.md)
    playing: bool = False  # in the round under way (one who came during it waits for the next)
    side: int = number(0, 2, 0)  # two teams: the player's (0: not set, dealt at the next round's start)


@message
class Standing:
    """One player's evening in this room: points over its rounds, rounds won, rounds played."""

    name: str = text(MAX_NAME)
    total: int = number(0, MAX_POINTS, 0)
    wins: int = number(0, 10**6, 0)
    rounds: int = number(0, 10**6, 0)


RoomState = Literal["lobby", "countdown", "playing"]


@message
class Lobby:
    KIND: ClassVar[str] = "lobby"
    room: str = text(MAX_ROOM)
    state: RoomState = "lobby"
    settings: Settings = field(default_factory=Settings)
    description: str = text(MAX_TEXT)
    players: tuple[Seat, ...] = many(MAX_LIST, ())
    dictionary_hash: str = text(HASH)
    locked: bool = False
    rounds: int = number(0, 10**6, 0)
    scoreboard: tuple[Standing, ...] = many(MAX_LIST, ())
    champion: str = text(MAX_NAME)  # who reached the evening's target first, once someone has
    remaining: float | None = number(0, MAX_SECONDS, None)  # seconds left in the round under way
    spectators: int = number(0, 10**4, 0)

    @property
    def target(self) -> int | None:
        return self.settings.target

    def described(self, *, brief: bool = True) -> str:
        """The room's rules in the reader's language, read from the settings themselves (`Rules.describe`, `brief`
        or spelt out); the server's own description (in the server's language) only for settings this game cannot
        read."""
        try:
            lists = frozenset({*shipped_dictionaries(), self.settings.dictionary})
            return self.settings.rules(lists, max_seconds=int(MAX_SECONDS)).describe(brief=brief)
        except (ProtocolError, BoggleError):
            return self.description


@message
class Countdown:
    KIND: ClassVar[str] = "countdown"
    seconds: float | None = number(0, 60, None)


@message
class Start:
    KIND: ClassVar[str] = "start"
    round: int = number(0, 10**6)
    board: tuple[tuple[str, ...], ...] = many(32)
    dice: str = text(20)
    code: str = text(200)
    min_length: int = number(1, 32)
    seconds: int = number(1, MAX_SECONDS)
    remaining: float = number(0, MAX_SECONDS)
    dictionary: str = text(MAX_ROOM)
    next_id: int = number(0, MAX_ID, 0)
    watching: bool = False  # the board to watch: this game enters no words in this round
    goal: int = number(0, MAX_POINTS, 0)  # a team's round: the points the team aims for (0: a contest)
    team: int = number(0, MAX_POINTS, 0)  # ... and its points so far (a game back after a drop)
    side: int = number(0, 2, 0)  # two teams: this player's (0: one team, or watching)


@message
class Tick:
    KIND: ClassVar[str] = "tick"
    remaining: float = number(0, MAX_SECONDS)


# The verdicts a room judges: game/round.py's Verdict values but two this game says to itself ("already shown", a
# practice hint's; "sent", while the room's verdict is on its way). A server's other verdict is refused at decode.
VerdictText = Literal[
    "accepted", "already found", "too short", "not on the board", "not a word", "too late", "too fast",
    "found by a teammate",
]  # fmt: skip


def verdict_text(verdict: Verdict) -> VerdictText:
    """A room's verdict as the wire carries it (a ValueError for one no room sends: a bug, not input)."""
    if verdict.value not in typing.get_args(VerdictText):
        raise ValueError(f"no room sends the verdict {verdict.value!r}")
    return typing.cast(VerdictText, verdict.value)


@message
class Judged:
    word: str = text(MAX_WORD)
    verdict: VerdictText
    points: int = number(0, 100, 0)
    by: str = text(MAX_NAME)  # "found by a teammate": the teammate


@message
class Judgement:
    KIND: ClassVar[str] = "verdict"
    id: int = number(0, MAX_ID)
    word: str = text(MAX_WORD)
    verdict: VerdictText
    points: int = number(0, 100, 0)
    by: str = text(MAX_NAME)  # "found by a teammate": the teammate


@message
class TeamFound:
    """A team's round: a teammate found a word, first; every other teammate is told at once (a spectator never is).
    `team` is the team's points now, `goal` what it aims for."""

    KIND: ClassVar[str] = "team_found"
    word: str = text(MAX_WORD)
    player: int = number(0, MAX_ID)
    name: str = text(MAX_NAME)
    points: int = number(0, 100, 0)
    team: int = number(0, MAX_POINTS, 0)
    goal: int = number(0, MAX_POINTS, 0)


@message
class Entries:
    KIND: ClassVar[str] = "entries"
    entries: tuple[Judged, ...] = many(MAX_WORDS, ())
    last_id: int = number(-1, MAX_ID, -1)


@message
class Count:
    """How many words a player has: never which."""

    id: int = number(0, MAX_ID)
    name: str = text(MAX_NAME)
    words: int = number(0, MAX_WORDS, 0)
    connected: bool = True
    voted_end: bool = False
    side: int = number(0, 2, 0)  # two teams: the player's


@message
class Progress:
    KIND: ClassVar[str] = "progress"
    players: tuple[Count, ...] = many(MAX_LIST, ())
    team: int = number(0, MAX_POINTS, 0)  # a team's round: its points so far (two teams: the first's)
    rival: int = number(0, MAX_POINTS, 0)  # two teams: the second's


@message
class Score:
    id: int = number(0, MAX_ID)
    name: str = text(MAX_NAME)
    score: int = number(0, MAX_POINTS, 0)
    words: dict[str, int] = many(MAX_WORDS, empty=dict)
    also: tuple[str, ...] = many(MAX_WORDS, ())  # a team's round: words typed after a teammate had found them
    side: int = number(0, 2, 0)  # two teams: the player's


EndReasonText = Literal["time_up", "ended"]


@message
class End:
    KIND: ClassVar[str] = "end"
    reason: EndReasonText = "time_up"
    round: int = number(0, 10**6, 0)
    scoring: Literal["unique", "all", "team"] = "unique"
    players: tuple[Score, ...] = many(MAX_LIST, ())
    shared: tuple[str, ...] = many(MAX_WORDS, ())
    solution: dict[str, tuple[int, ...]] = many(4 * MAX_WORDS, empty=dict)
    scoreboard: tuple[Standing, ...] = many(MAX_LIST, ())  # the evening so far, this round included
    champion: str = text(MAX_NAME)
    goal: int = number(0, MAX_POINTS, 0)  # a team's round: its goal (its points are the players' sum)
    reached: float | None = number(0, MAX_SECONDS, None)  # ... and when it reached the goal, if it did
    rival_reached: float | None = number(0, MAX_SECONDS, None)  # two teams: when the second reached it


@message
class Said:
    """A chat line, as everyone in the lobby sees it."""

    KIND: ClassVar[str] = "said"
    player: int = number(0, MAX_ID)
    name: str = text(MAX_NAME)
    text: str = text(MAX_CHAT)


@message
class Pong:
    """A `ping`'s clock, sent back."""

    KIND: ClassVar[str] = "pong"
    t: float = number(0, MAX_CLOCK)


@message
class TableRow:
    """One line of a day's table."""

    rank: int = number(1, MAX_PLAYERS_A_DAY)
    name: str = text(MAX_NAME)
    score: int = number(0, MAX_POINTS, 0)
    words: int = number(0, MAX_WORDS, 0)
    percentile: int = number(0, 100, 0)
    friend: bool = False
    verified: bool = True  # False: found faster than a person types (docs/daily.md), out of the day's figures


@message
class DailyTable:
    """A day's table: after a daily round (with `you`, your neighbours and your words' counts), or on asking."""

    KIND: ClassVar[str] = "daily_table"
    date: str = text(10)
    language: str = text(8)
    board: str = text(200)  # the board's code
    players: int = number(0, MAX_PLAYERS_A_DAY, 0)
    average: float = number(0, MAX_POINTS, 0.0)
    top: int = number(0, MAX_POINTS, 0)
    you: TableRow | None = None
    above: tuple[TableRow, ...] = many(8, ())  # the nearest last
    below: tuple[TableRow, ...] = many(8, ())  # the nearest first
    rows: tuple[TableRow, ...] = many(MAX_TABLE_ROWS, ())
    finds: dict[str, int] = many(MAX_WORDS, empty=dict)  # each of your words: how many players found it


ServerMessage = (
    Welcome
    | Error
    | Rooms
    | Lobby
    | Countdown
    | Start
    | Tick
    | Judgement
    | TeamFound
    | Entries
    | Progress
    | End
    | Said
    | DailyTable
    | Pong
)
DAILY_OPENERS = (DailyHello, TableAsk)  # first messages the daily service answers (net/daily.py)

CLIENT_KINDS: dict[str, type] = {kind.KIND: kind for kind in typing.get_args(ClientMessage)}
SERVER_KINDS: dict[str, type] = {kind.KIND: kind for kind in typing.get_args(ServerMessage)}

# Decoding


def decode_client(frame: str | bytes) -> ClientMessage:
    """A client's message, checked; a ProtocolError says what is wrong, in words safe to send back."""
    return typing.cast(ClientMessage, _decode(frame, CLIENT_KINDS, MAX_FRAME, strict=True))


def decode_server(frame: str | bytes) -> ServerMessage:
    """A server's message, checked the same way; fields this version does not know are left aside."""
    return typing.cast(ServerMessage, _decode(frame, SERVER_KINDS, MAX_SERVER_FRAME, strict=False))


def _decode(frame: str | bytes, kinds: Mapping[str, type], limit: int, *, strict: bool) -> Any:
    if isinstance(frame, bytes):
        raise ProtocolError("messages are JSON text frames")
    # A character is at most 4 bytes of UTF-8: most frames are short enough never to be encoded to be measured.
    if len(frame) * 4 > limit and len(frame.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(f"a message has at most {limit} bytes")
    try:
        raw = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(raw, dict):
        raise ProtocolError("a message is a JSON object")
    kind = raw.get("type")
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None or not isinstance(kind, str):
        raise ProtocolError(f"unknown message type {clean_text(str(kind), 20)!r}")
    return _reader(cls, strict, kind, True)(raw)


# A raw JSON value -> the checked value, or a ProtocolError naming where it is. Where a value is (`verdict.word`)
# is known when the check is built: nothing is formatted on a frame's path unless the frame is refused.
Check = Callable[[Any], Any]


def checked(cls: type[_Message], raw: Any, where: str) -> _Message:
    """A raw JSON value read as `cls` (a message or a part), strictly: the check every client's message has,
    for other input of the same shape (a room's saved state, net/saved.py)."""
    return typing.cast(_Message, _reader(typing.cast(type, cls), True, where)(raw))


@functools.cache
def _reader(cls: type, strict: bool, where: str, top: bool = False) -> Check:
    """The checks of a message type's fields, worked out once per type and place: decoding is on every frame's
    path. `top`: a whole message, whose `type` is its own (already read) and no field."""
    hints = typing.get_type_hints(cls)
    fields = [
        (f.name, _check(hints[f.name], f.metadata, strict, f"{where}.{f.name}"), _required(f), _optional(hints[f.name]))
        for f in dataclasses.fields(cls)
    ]
    known = frozenset({name for name, *_ in fields} | ({"type"} if top else set()))

    def read(raw: Any) -> Any:
        if not isinstance(raw, dict):
            raise ProtocolError(f"{where} must be an object")
        if strict and not raw.keys() <= known:
            unknown = next(name for name in raw if name not in known)
            raise ProtocolError(f"{where}: unknown field {clean_text(str(unknown), 20)!r}")
        values = {}
        for name, check, required, optional in fields:
            value = raw.get(name)
            if value is None and (name not in raw or (optional and not required)):
                if required:
                    raise ProtocolError(f"{where}: {name} is missing")
                continue
            values[name] = check(value)
        return cls(**values)

    return read


def _required(spec: dataclasses.Field[Any]) -> bool:
    return spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING


def _optional(hint: Any) -> bool:
    return type(None) in typing.get_args(hint)


def _check(hint: Any, meta: Mapping[str, Any], strict: bool, where: str) -> Check:
    """The check for one declared type and its bounds, at `where`."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        options = [_check(a, meta, strict, where) for a in args if a is not type(None)]
        nullable = type(None) in args

        def one_of(raw: Any) -> Any:
            if raw is None and nullable:
                return None
            for option in options:
                try:
                    return option(raw)
                except ProtocolError:
                    continue
            raise ProtocolError(f"{where} has the wrong type")

        return one_of
    if origin is Literal:
        allowed = frozenset(args)

        def literal(raw: Any) -> Any:
            if isinstance(raw, str) and raw in allowed:
                return raw
            raise ProtocolError(f"{where} cannot be {clean_text(repr(raw), 30)}")

        return literal
    if hint is bool:
        return functools.partial(_boolean, where)
    if hint is int or hint is float:
        low, high = meta.get("range", (-MAX_ID, MAX_ID))
        return functools.partial(_whole if hint is int else _real, low, high, where)
    if hint is str:
        return functools.partial(_literal if meta.get("literal") else _text, meta.get("limit", MAX_TEXT), where)
    if origin is tuple:
        item = _check(args[0], {}, strict, where)
        limit = meta.get("many", MAX_LIST)
        return lambda raw: tuple([item(x) for x in _bounded(raw, list, limit, where)])
    if origin is dict:
        key, value = _check(args[0], {"limit": MAX_WORD}, strict, where), _check(args[1], {}, strict, where)
        limit = meta.get("many", MAX_LIST)
        return lambda raw: {key(k): value(v) for k, v in _bounded(raw, dict, limit, where).items()}
    if dataclasses.is_dataclass(hint):
        return _reader(typing.cast(type, hint), strict, where)
    raise TypeError(f"no rule for {hint!r}")  # a message type this module cannot check: a bug, not input


def _boolean(where: str, raw: Any) -> bool:
    if raw is True or raw is False:
        return raw
    raise ProtocolError(f"{where} must be true or false")


def _text(limit: int, where: str, raw: Any) -> str:
    if type(raw) is not str:  # json.loads makes exact str objects
        raise ProtocolError(f"{where} must be text")
    return clean_text(raw, limit)


def _literal(limit: int, where: str, raw: Any) -> str:
    if type(raw) is str and not raw.isprintable():  # a control, format or separator character (the space aside)
        raise ProtocolError(f"{where} has a character that is not printable")
    return _text(limit, where, raw)


def _whole(low: float, high: float, where: str, raw: Any) -> int:
    if type(raw) is not int:  # json.loads makes exact ints, never a bool for a number
        raise ProtocolError(f"{where} must be a whole number")
    if not low <= raw <= high:
        raise ProtocolError(f"{where} out of range")
    return raw


def _real(low: float, high: float, where: str, raw: Any) -> float:
    if type(raw) is int:
        raw = float(raw)
    elif type(raw) is not float or not math.isfinite(raw):
        raise ProtocolError(f"{where} must be a number")
    if not low <= raw <= high:
        raise ProtocolError(f"{where} out of range")
    return raw


def _bounded(raw: Any, kind: type[Sized], limit: int, where: str) -> Any:
    if not isinstance(raw, kind):
        raise ProtocolError(f"{where} must be a {'list' if kind is list else 'object'}")
    if len(raw) > limit:
        raise ProtocolError(f"{where} has too many items")
    return raw


# Encoding

# Made once: json.dumps builds a new encoder on every call that passes it options.
_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def encode(message: ClientMessage | ServerMessage) -> str:
    """The message as one JSON text frame: its type, then its fields."""
    return _JSON.encode(_plainer(typing.cast(type, type(message)), True)(message))


Plain = Callable[[Any], Any]  # a message or a part -> what JSON writes for it


@functools.cache
def _plainer(cls: type, top: bool = False) -> Plain:
    """How a message type (or a part) is written, worked out once per type: its fields' values read in one call,
    and only the fields that hold parts converted (strings, numbers and tuples of them are JSON as they are).
    `top`: a whole message, its `type` first."""
    hints = typing.get_type_hints(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))
    head: tuple[str, ...] = (typing.cast(Any, cls).KIND,) if top else ()
    keys = (*(("type",) if top else ()), *names)
    converted = [(len(head) + i, c) for i, name in enumerate(names) if (c := _plain_of(hints[name])) is not None]
    if len(names) > 1:
        read: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*names)
    else:
        read = lambda value: tuple(getattr(value, name) for name in names)  # noqa: E731 (attrgetter of one name is no tuple)

    def plain(value: Any) -> dict[str, Any]:
        values = [*head, *read(value)]
        for i, convert in converted:
            values[i] = convert(values[i])
        return dict(zip(keys, values, strict=True))

    return plain


def plain(part: Any) -> Any:
    """A message or a part as plain JSON values, field by field (what `encode` writes, without the type)."""
    return _plainer(typing.cast(type, type(part)))(part)


def _plain_of(hint: Any) -> Plain | None:
    """How a field of this type is written; None where JSON writes the value as it is."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        writers = [_plain_of(a) for a in options]
        if all(writer is None for writer in writers):
            return None
        if len(options) != 1:
            raise TypeError(f"no rule for writing {hint!r}")  # a union of parts: a bug, not input
        one = typing.cast(Plain, writers[0])
        return lambda value: None if value is None else one(value)
    if origin is tuple or origin is dict:
        item = _plain_of(args[0] if origin is tuple else args[1])  # tuple[X, ...], dict[str, X]
        if item is None:
            return None
        if origin is tuple:
            return lambda value: [item(x) for x in value]
        return lambda value: {key: item(x) for key, x in value.items()}
    if dataclasses.is_dataclass(hint):
        return _plainer(typing.cast(type, hint))
    return None  # str, int, float, bool, a Literal
