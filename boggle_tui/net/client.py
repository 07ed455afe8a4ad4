"""The client side of an online room: one WebSocket to the server, the hello done (the round is net/session.py).

The server is a stranger too: every message it sends is decoded into a typed message
(net/messages.py) and one that does not decode is left aside, never acted on.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode

from boggle_tui.i18n import _
from boggle_tui.net import messages as m
from boggle_tui.net.address import ROOM_NAME
from boggle_tui.net.phrases import said
from boggle_tui.net.protocol import ProtocolError, clean_text
from boggle_tui.net.reach import NotReachable, reach

CONNECT_SECONDS = 5.0
ANSWER_SECONDS = 20.0  # for the answer to a hello: a server reading another language's word list takes seconds


def error_text(error: m.Error, room: str) -> str:
    """What to show for the server's error, in the player's language where its code or its wording says it (a
    phrase this game knows, net/phrases.py); else the server's text (cleaned: it comes from a stranger)."""
    known = m.ERROR_TEXTS.get(error.code)
    if known is not None:
        return _(known).format(room=room)
    if error.wording is not None and (ours := said(error.wording)) is not None:
        return ours
    return clean_text(error.message, 200) or _("the server refused us")


class JoinError(Exception):
    """The server refused us, or could not be reached (`unreachable`: no boggle server answered at that address):
    the message says why, for the player."""

    def __init__(self, message: str, code: m.ErrorCode = "", *, unreachable: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.unreachable = unreachable


class Connection:
    """One WebSocket to a room server, the hello done."""

    def __init__(self, ws: ClientConnection, welcome: m.Welcome) -> None:
        self.ws = ws
        self.welcome = welcome

    @classmethod
    async def open(cls, url: str, hello: m.Hello) -> Connection:
        ws, reply = await greet(url, hello)
        if not isinstance(reply, m.Welcome):
            await ws.close()
            raise JoinError(_("the server did not welcome us"))
        return cls(ws, reply)

    async def send(self, message: m.ClientMessage) -> None:
        await self.ws.send(m.encode(message))

    async def messages(self) -> AsyncIterator[m.ServerMessage]:
        """Each message the server sends, decoded, until the connection closes; noise is skipped."""
        async for frame in self.ws:
            try:
                yield m.decode_server(frame)
            except ProtocolError:
                continue


def room_url(url: str, room: str) -> str:
    """The room's own address: the server's with the room as its path (ws://host:8765/friends), by which a proxy
    in front of several servers sends all of a room's players to the same one (docs/servers.md). A name that is
    no room's is left to the hello, for the server to refuse in its words."""
    return f"{url.rstrip('/')}/{room}" if ROOM_NAME.fullmatch(room) else url


async def greet(url: str, hello: m.Hello | m.DailyHello | m.TableAsk) -> tuple[ClientConnection, m.ServerMessage]:
    """Connect, say hello (to a room, or to the day's board), and read the answer; a refusal or a failure is a
    JoinError in words."""
    address = room_url(url, hello.room) if isinstance(hello, m.Hello) else url
    try:
        reach().check_connect(url)  # a game served to strangers joins only the servers its operator named
    except NotReachable as refused:
        raise JoinError(str(refused)) from None
    try:
        ws = await connect(address, max_size=m.MAX_SERVER_FRAME, open_timeout=CONNECT_SECONDS, compression=None)
    except (OSError, TimeoutError) as error:
        raise JoinError(
            _("cannot reach {url}: {error}").format(url=url, error=_reason(error)), unreachable=True
        ) from None
    except Exception as error:  # the handshake failed: not a room server at that address
        raise JoinError(
            _("{url} is not a boggle room server ({error})").format(url=url, error=type(error).__name__),
            unreachable=True,
        ) from None
    try:
        await ws.send(m.encode(hello))
        reply = m.decode_server(await asyncio.wait_for(ws.recv(), ANSWER_SECONDS))
    except ProtocolError as error:
        await ws.close()
        raise JoinError(_("the server's answer cannot be read ({error})").format(error=error)) from None
    except TimeoutError:  # a server that takes the connection and says nothing: never a wait without end
        await ws.close()
        raise JoinError(
            _("the server did not answer within {seconds} s").format(seconds=f"{ANSWER_SECONDS:g}")
        ) from None
    except Exception as error:
        await ws.close()
        raise JoinError(_closed(error)) from None
    if isinstance(reply, m.Error):
        await ws.close()
        raise JoinError(error_text(reply, getattr(hello, "room", "")), reply.code)
    return ws, reply


def _reason(error: OSError) -> str:
    """Why a connection failed, in the system's words: `Connection refused` (asyncio says "Connect call failed
    ('127.0.0.1', 9)" for each address it tried; the error number says it once)."""
    if error.errno:
        return os.strerror(error.errno)
    return str(getattr(error, "strerror", None) or error or type(error).__name__)


def _closed(error: Exception) -> str:
    """Why the connection ended before an answer: an answer over our limit is ours to close, and says so."""
    if isinstance(error, ConnectionClosed) and error.sent is not None and error.sent.code == CloseCode.MESSAGE_TOO_BIG:
        return _("the server's answer was too large (over {size} bytes)").format(size=m.MAX_SERVER_FRAME)
    return _("the server closed the connection ({error})").format(error=type(error).__name__)


async def list_rooms(url: str) -> tuple[m.RoomInfo, ...]:
    """The server's open rooms (a host's own rooms are not listed)."""
    ws, reply = await greet(url, m.Hello(version=m.VERSION, list=True))
    await ws.close()
    return reply.rooms if isinstance(reply, m.Rooms) else ()


# The day's board (net/daily.py serves it)


async def ask_daily_table(url: str, ask: m.TableAsk) -> m.DailyTable:
    """The day's table as the server has it now (a connection of its own, closed after the answer)."""
    ws, reply = await greet(url, ask)
    await ws.close()
    if not isinstance(reply, m.DailyTable):
        raise JoinError(_("the server did not send a table"))
    return reply
