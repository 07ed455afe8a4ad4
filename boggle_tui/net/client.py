"""The client side of an online room: one WebSocket to the server, the hello done (the round is net/session.py)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from boggle_tui.net.protocol import VERSION, clean_name, clean_text, dump

MAX_RECEIVED = 2**20  # bytes in one message from the server (an end message carries the solution)
CONNECT_SECONDS = 5.0


class JoinError(Exception):
    """The server refused us, or could not be reached: the message says why, for the player."""


@dataclass
class Welcome:
    room: str
    player: int
    name: str
    token: str
    host: bool
    notes: list[str]


class Connection:
    """One WebSocket to a room server, the hello done."""

    def __init__(self, ws: ClientConnection, welcome: Welcome) -> None:
        self.ws = ws
        self.welcome = welcome

    @classmethod
    async def open(cls, url: str, **hello: Any) -> Connection:
        ws, reply = await _hello(url, hello)
        if reply.get("type") != "welcome":
            await ws.close()
            raise JoinError("the server did not welcome us")
        welcome = Welcome(
            str(reply["room"]), int(reply["player"]), clean_name(reply["name"]), str(reply["token"]),
            bool(reply["host"]), [clean_text(str(n), 200) for n in reply.get("notes", [])],
        )  # fmt: skip
        return cls(ws, welcome)

    async def send(self, kind: str, **fields: Any) -> None:
        await self.ws.send(dump(kind, **fields))

    async def messages(self, handle: Callable[[dict[str, Any]], Awaitable[None] | None]) -> None:
        """Hand each message to `handle` until the connection closes."""
        async for frame in self.ws:
            try:
                message = json.loads(frame)
            except ValueError:  # not JSON: a server is a stranger too, and its noise is skipped
                continue
            if isinstance(message, dict):
                result = handle(message)
                if result is not None:
                    await result


async def _hello(url: str, hello: dict[str, Any]) -> tuple[ClientConnection, dict[str, Any]]:
    """Connect, say hello, and read the answer; a refusal or a failure is a JoinError in words."""
    try:
        ws = await connect(url, max_size=MAX_RECEIVED, open_timeout=CONNECT_SECONDS, compression=None)
    except (OSError, TimeoutError) as error:
        raise JoinError(f"cannot reach {url}: {getattr(error, 'strerror', None) or error}") from None
    except Exception as error:  # the handshake failed: not a room server at that address
        raise JoinError(f"{url} is not a boggle room server ({type(error).__name__})") from None
    try:
        await ws.send(dump("hello", version=VERSION, **hello))
        reply = json.loads(await ws.recv())
    except Exception as error:
        await ws.close()
        raise JoinError(f"the server closed the connection ({type(error).__name__})") from None
    if not isinstance(reply, dict) or reply.get("type") == "error":
        await ws.close()
        message = reply.get("message") if isinstance(reply, dict) else "an answer that is not a message"
        raise JoinError(clean_text(str(message), 200))
    return ws, reply


async def list_rooms(url: str) -> list[dict[str, Any]]:
    """The server's open rooms (a host's own rooms are not listed)."""
    ws, reply = await _hello(url, {"list": True})
    await ws.close()
    return [r for r in reply.get("rooms", []) if isinstance(r, dict)]
