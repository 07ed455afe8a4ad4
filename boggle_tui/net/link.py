"""One link to a served round: a room's or the day's board, for every front end (the app and `--plain`).

The link says hello, keeps the seat (a room's token, through a store passed in; the day's secret is in its hello),
sends what the front end gives it in order, and turns the connection into events: each message the server sends,
decoded; `Dropped` each time it tries again, with the seconds left before it gives up; `Back` with the server's
answer to the hello again; `Lost`, with why, when it gives up. What the events mean is the front end's.

The rule for a round's words typed while away: a word (or a vote to end) still waiting to go out when the
connection drops, or typed while it is down, is not sent by the link. Once back, the server says which entries it
judged (`m.Entries`), and the round's session sends again, under their own ids, those it did not, then its vote:
each word is judged once, none is lost, and none is left behind by an end the server heard first. Anything else
(a chat line, ready) waits, and goes out in order once the connection is back.

The connection itself is injected (`connect`), so the policy is tested with no socket (tests/test_link.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Protocol

from websockets.exceptions import ConnectionClosed

from boggle_tui.i18n import _
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError, greet
from boggle_tui.net.protocol import ProtocolError

RETRY_SECONDS = 1.0  # between tries to reconnect
ROOM_PATIENCE = 30.0  # a room's seat is tried again for this long after a drop
NAME_REFUSED = ("name_taken", "refused")  # a server's refusals of the name itself (or of its secret)
# The refusals after which trying again cannot help: the room is gone or we were removed from it; the day's round is
# over on the server (played, or its limit reached), or its name or version refused.
GIVE_UP: dict[type, frozenset[str]] = {
    m.Hello: frozenset({"room_gone", "removed", "version"}),
    m.DailyHello: frozenset({"played", "limit", "version", *NAME_REFUSED}),
}

Greeting = m.Hello | m.DailyHello


class Wire(Protocol):
    """What the link needs of a connection (a websockets ClientConnection is one)."""

    async def send(self, message: str) -> None: ...
    async def close(self) -> None: ...
    def __aiter__(self) -> AsyncIterator[str | bytes]: ...


Connect = Callable[[str, Greeting], Awaitable[tuple[Wire, m.ServerMessage]]]


class Tokens(Protocol):
    """Where a room's seat tokens are kept between runs (storage/rooms.py's `RoomTokens`): passed in, so that the
    network floor never reads the player's files itself."""

    def token_for(self, url: str, room: str, name: str) -> str | None: ...
    def remember(self, url: str, room: str, token: str, name: str) -> None: ...
    def forget(self, url: str, room: str, name: str = "") -> None: ...  # no name: every token of the room


@dataclass(frozen=True)
class Dropped:
    """The connection dropped, and the link is trying again: `seconds` left before it gives up (one a try)."""

    seconds: int


@dataclass(frozen=True)
class Back:
    """The connection is back: the server's answer to the hello again (a room's Welcome, the day's Start)."""

    reply: m.ServerMessage


@dataclass(frozen=True)
class Lost:
    """The link gave up: `why`, in the player's words; `code` is the server's refusal ("" when time ran out)."""

    why: str
    code: m.ErrorCode = ""


Event = m.ServerMessage | Dropped | Back | Lost


async def _connect(url: str, hello: Greeting) -> tuple[Wire, m.ServerMessage]:
    return await greet(url, hello)


class Link:
    """One served round's connection, with its reconnect policy. `patience` gives, when the connection drops (and
    at each try after, which may only bring the end nearer), the seconds to keep trying (a room's seat:
    ROOM_PATIENCE; the day's round: its time left and the wait for its table), counted on `now` (the loop's clock
    by default: a link is made in a running loop); `tokens` keeps a room's seat between runs (None: not kept)."""

    def __init__(
        self,
        url: str,
        hello: Greeting,
        *,
        patience: Callable[[], float] = lambda: ROOM_PATIENCE,
        now: Callable[[], float] | None = None,
        tokens: Tokens | None = None,
        connect: Connect = _connect,
    ) -> None:
        self.url = url
        self.hello = hello
        self._asked = hello.name  # the name the player asked for: a room's seat token is kept under it
        self.patience = patience
        self.now = now or asyncio.get_running_loop().time
        self.tokens = tokens
        self._connect = connect
        self._wire: Wire | None = None
        self._outbox: deque[m.ClientMessage] = deque()
        self._something = asyncio.Event()  # set while the outbox holds a message
        self._up = asyncio.Event()  # set while the connection is up
        self._empty = asyncio.Event()
        self._empty.set()
        self._sender: asyncio.Task[None] | None = None
        self._closed = False

    # Opening

    async def open(self) -> m.ServerMessage:
        """Say hello: the server's answer (a room's Welcome, the day's Start), or a JoinError in words. A room's
        token kept from an earlier run brings back a game that died; one the server no longer knows (the room
        closed since) is forgotten and the room joined afresh."""
        hello = self.hello
        token = self._kept_token(hello)
        try:
            reply = await self._greet(replace(hello, token=token) if isinstance(hello, m.Hello) and token else hello)
        except JoinError as error:
            if error.code != "room_gone" or not token:
                raise
            assert isinstance(hello, m.Hello) and self.tokens is not None
            self.tokens.forget(self.url, hello.room)  # the room is gone: every name's token with it
            reply = await self._greet(hello)
        self._seated(reply)
        self._sender = asyncio.create_task(self._send_forever())
        return reply

    def _seated(self, reply: m.ServerMessage) -> None:
        """A room's welcome: the seat to come back to is the one it gives (its room, name and token, never a new
        room's settings), kept for the name asked for. After a drop it may be a new seat: the room gave the old one
        up meanwhile (away too long, given to a newcomer in a full room, or lost in a restart)."""
        hello = self.hello
        if isinstance(hello, m.Hello) and isinstance(reply, m.Welcome):
            self.hello = m.Hello(version=m.VERSION, name=reply.name, room=reply.room, token=reply.token,
                                 game=hello.game, watch=hello.watch)  # fmt: skip
            if self.tokens is not None and not hello.watch:
                self.tokens.remember(self.url, reply.room, reply.token, self._asked)

    def _kept_token(self, hello: Greeting) -> str:
        if not isinstance(hello, m.Hello) or self.tokens is None or hello.watch:  # a spectator has no seat
            return ""
        return self.tokens.token_for(self.url, hello.room, hello.name) or ""

    async def _greet(self, hello: Greeting) -> m.ServerMessage:
        wire, reply = await self._connect(self.url, hello)
        wanted = m.Welcome if isinstance(hello, m.Hello) else m.Start
        if not isinstance(reply, wanted):
            await wire.close()
            raise JoinError(_("the server did not welcome us") if wanted is m.Welcome
                            else _("the server did not deal a board"))  # fmt: skip
        self._wire = wire
        self._up.set()
        return reply

    # Sending

    def send(self, message: m.ClientMessage) -> None:
        """Send in order, never waiting (a word while the connection is down: see the module's rule)."""
        self._outbox.append(message)
        self._something.set()
        self._empty.clear()

    async def flush(self, seconds: float) -> None:
        """Wait, at most `seconds`, until everything given to `send` has gone out."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._empty.wait(), seconds)

    async def _send_forever(self) -> None:
        """One sender, so messages leave in the order they were made."""
        while True:
            await self._up.wait()
            if not self._outbox:
                self._something.clear()
                self._empty.set()
                await self._something.wait()
                continue
            assert self._wire is not None
            try:
                await self._wire.send(m.encode(self._outbox[0]))
            except ConnectionClosed:
                self._up.clear()  # the reader sees the drop too, and reconnects
                continue
            self._outbox.popleft()

    def _drop_words(self) -> None:
        """A round's words and vote waiting to go out are not sent: its session sends them again (the module's rule)."""
        self._outbox = deque(message for message in self._outbox if not isinstance(message, m.Word | m.VoteEnd))
        if not self._outbox:
            self._something.clear()
            self._empty.set()

    # Receiving

    async def events(self) -> AsyncIterator[Event]:
        """Every message from the server, decoded (noise is skipped), and the connection's drops and returns, until
        `Lost` or `close`."""
        while not self._closed:
            assert self._wire is not None
            try:
                async for frame in self._wire:
                    try:
                        yield m.decode_server(frame)
                    except ProtocolError:
                        continue
            except ConnectionClosed:
                pass
            self._up.clear()
            if self._closed:
                return
            async for event in self._again():
                yield event
                if isinstance(event, Lost):
                    return

    async def _again(self) -> AsyncIterator[Dropped | Back | Lost]:
        """Try again every RETRY_SECONDS until patience runs out, saying each time how long is left."""
        self._drop_words()
        deadline = self.now() + self.patience()
        while True:
            # Patience may shrink meanwhile, never grow: the player ended the day's round while away, say.
            deadline = min(deadline, self.now() + self.patience())
            left = deadline - self.now()
            if left <= 0:
                break
            yield Dropped(math.ceil(left))
            await asyncio.sleep(RETRY_SECONDS)
            if self._closed:
                return
            try:
                reply = await self._greet_again()
            except JoinError as error:
                if error.code in GIVE_UP[type(self.hello)]:
                    self._forget_seat(error.code)
                    yield Lost(str(error), error.code)
                    return
                continue  # not there yet: again, while patience lasts
            self._seated(reply)
            yield Back(reply)
            return
        yield Lost(_("the connection to the room was lost") if isinstance(self.hello, m.Hello)
                   else _("the connection to the server was lost"))  # fmt: skip

    async def _greet_again(self) -> m.ServerMessage:
        self._up.clear()
        self._drop_words()  # typed while away: sent again by the session once the server says what it judged
        return await self._greet(self.hello)

    def _forget_seat(self, code: str) -> None:
        hello = self.hello
        if self.tokens is not None and isinstance(hello, m.Hello) and code in ("room_gone", "removed"):
            self.tokens.forget(self.url, hello.room, hello.name)

    async def close(self) -> None:
        """Done with the link: the connection closes and no event follows."""
        self._closed = True
        if self._sender is not None:
            self._sender.cancel()
        if self._wire is not None:
            await self._wire.close()
