"""What a server says to a player, said in the player's language.

A server speaks the language it was started in; its players may each speak another. So an error carries, beside
its text in the server's language, its wording (`messages.Wording`): the English phrase the catalogues translate,
its plural and the count that chooses between them, and its placeholders' values. A client says it in its own
language when the phrase is one of this table's (a newer server's phrase, or a stranger's, is shown as the server
wrote it); the values are a stranger's text, put in the phrase literally.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field

from boggle_tui.i18n import N_, _, counted
from boggle_tui.net import messages as m
from boggle_tui.net.protocol import clean_text

# The room's refusals (net/room.py)
NO_ROUND = N_("no round is under way")
HOST_SETTINGS = N_("only the host changes the settings")
SETTINGS_BETWEEN = N_("settings change between rounds")
CHAT_WAITS = N_("chat waits for the end of the round")
CHAT_RATE = N_("too many lines: wait a moment")
HOST_ONLY = N_("only the host can do that")
ROUND_ON = N_("the round is already on its way")
ANOTHER_PLAYER = N_("choose another player in the room")
AWAY = N_("{player} is away")
BOTS_BETWEEN = N_("bots join between rounds")
SIDES_BETWEEN = N_("players change teams between rounds")
NO_LEVEL = N_("no bot level is called {level}")
RESTARTED = N_("the server restarted: round {round} was not counted")
# The server's (net/server.py, net/daily.py)
SERVER_FULL = N_("the server is full: try again later")
HELLO_FIRST = N_("the first message must be a hello")
VERSION = N_("this server speaks protocol version {server}, you speak {client}: update boggle-tui on the older side")
TEAM_VERSION = N_("room {room} plays as one team: update boggle-tui to version {version} of the protocol to join it")
TEAM_OLD_GAME = N_("{player}'s game is too old to play in a team: it needs protocol version {version}")
ROOM_NAME = N_("a room name is 1 to {most} letters, digits, - or _")
ONE_ROOM = N_("this server hosts one room only")
NOTHING_TO_WATCH = N_("there is no room {room} to watch")
TOO_FAST = N_("too many messages: slow down")
HELLO_ONCE = N_("hello only comes first")
OTHER_ROOM = N_("this address is room {path}'s, not room {room}'s")
TABLE_DOWN = N_("the day's table is unavailable: try again later")
NAME_FORM = N_("a name is 1 to {most} printable characters")
SECRET_FORM = N_("a player's secret is 32 to 64 letters, digits, - or _")
DAILY_LIMIT = N_("too many of today's attempts from your address: try again tomorrow")
NO_DAILY = N_("no daily board in {language}")
TABLE_RATE = N_("too many table queries: try again in a few seconds")


def forms(singular: str, plural: str) -> tuple[str, str]:
    """A phrase with a count: its two forms, as `counted` takes them (marked for the catalogue by this name)."""
    return singular, plural


CLOSED = N_("room {room} is closed to newcomers")
SETTINGS_STAND = N_("the room's settings stand: yours were left aside")
DATE_FORM = N_("a date is YYYY-MM-DD")
NO_TABLE_YET = N_("{date} has no table yet: the server's today is {today}")
TABLES_KEPT = N_("this server keeps the tables of its last {days} days")
ROOM_FULL = forms("the room is full ({count} player)", "the room is full ({count} players)")
ROOM_IS_FULL = forms("room {room} is full ({count} player)", "room {room} is full ({count} players)")
SPECTATORS_FULL = forms("room {room} has its {count} spectator", "room {room} has its {count} spectators")
ROOMS_FULL = forms(
    "the server has its {count} room: try again later", "the server has its {count} rooms: try again later"
)
ROOMS_PER_ADDRESS = forms(
    "one address may keep {count} room open at once", "one address may keep {count} rooms open at once"
)

# The table: every phrase above, by the names in capitals (a plural by its singular).
_TABLE = {name: value for name, value in dict(globals()).items() if name.isupper() and not callable(value)}  # not N_
KNOWN: frozenset[str] = frozenset(text for text in _TABLE.values() if isinstance(text, str))
PLURALS: dict[str, str] = dict(pair for pair in _TABLE.values() if isinstance(pair, tuple))
VALUE_LIMIT = 60  # characters of a placeholder's value a client shows (a name, a room, a level)


@dataclass(frozen=True)
class Phrase:
    """A phrase of this table's with its values: `text()` in the language in use, `wording()` for the wire."""

    phrase: str
    values: Mapping[str, str] = field(default_factory=dict)
    count: int | None = None  # a phrase of PLURALS: the count that chooses its form

    def text(self) -> str:
        if self.count is not None:
            return counted(self.count, self.phrase, PLURALS[self.phrase]).format(**self.values)
        return _(self.phrase).format(**self.values)

    def wording(self) -> m.Wording:
        plural = PLURALS.get(self.phrase, "") if self.count is not None else ""
        return m.Wording(phrase=self.phrase, plural=plural, count=self.count or 0, values=dict(self.values))

    def error(self, *, fatal: bool = False, code: m.ErrorCode = "", returned: str = "") -> m.Error:
        """The error that says it: its text in the server's language, its wording for the client's."""
        return m.Error(message=self.text(), fatal=fatal, code=code, returned=returned, wording=self.wording())


class Refusal(Exception):
    """Something a server turns down, and why: in the server's language (the exception's text), and as a phrase's
    wording for the client's where it is one; `code` says what the client can do about it."""

    def __init__(self, message: str | Phrase, code: m.ErrorCode = "refused") -> None:
        super().__init__(message if isinstance(message, str) else message.text())
        self.code = code
        self.wording = None if isinstance(message, str) else message.wording()

    def error(self) -> m.Error:
        """The refusal as the fatal error that ends the connection."""
        return m.Error(message=str(self), fatal=True, code=self.code, wording=self.wording)


def phrase(text: str, **values: object) -> Phrase:
    return Phrase(text, {name: str(value) for name, value in values.items()})


def plural(forms: tuple[str, str], count: int, **values: object) -> Phrase:
    return Phrase(forms[0], {name: str(value) for name, value in values.items()}, count)


def said(wording: m.Wording) -> str | None:
    """The wording in this game's language, or None where it is not a phrase of this table's, its plural not
    the phrase's own, or its values not the placeholders the phrase has (the server's text is shown instead)."""
    singular = wording.phrase
    if singular not in KNOWN and singular not in PLURALS:
        return None  # first: a stranger's text is never read as a format ("{" alone would raise)
    names = _names(singular)
    if names is None:
        return None
    if wording.plural:
        if PLURALS.get(singular) != wording.plural:
            return None
        template, names = counted(wording.count, singular, wording.plural), names - {"count"}
    elif singular in KNOWN:
        template = _(singular)
    else:
        return None
    if set(wording.values) != names:
        return None
    return template.format(**{name: clean_text(wording.values[name], VALUE_LIMIT) for name in names})


def _names(text: str) -> set[str] | None:
    """The placeholders of one of our phrases: plain names only (None for anything else: never so, but a format
    field with an attribute or an index would read what it names)."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return names if all(name.isidentifier() for name in names) else None
