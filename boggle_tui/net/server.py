"""The room server: WebSocket connections in, rooms' messages out, one asyncio loop for all.

Nothing a client does can stop the server or stall another room: every frame is bounded
(MAX_FRAME) and checked (`protocol.parse`), a client has HELLO_SECONDS to introduce itself,
messages and words are rate-limited, and sends never wait on a slow reader.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from boggle_tui.engine.dictionary import Dictionary, load_dictionary, shipped_dictionaries
from boggle_tui.game.clock import TimeSource
from boggle_tui.net.address import DEFAULT_PORT, ROOM_NAME
from boggle_tui.net.protocol import (
    MAX_FRAME,
    MAX_ROOMS,
    VERSION,
    ProtocolError,
    RoomSettings,
    clean_text,
    dump,
    parse,
)  # fmt: skip
from boggle_tui.net.room import Bucket, Player, Room, RoomFull, Send, State

HELLO_SECONDS = 5.0  # a connection that says nothing for this long is closed
TICK_SECONDS = 0.1  # how often rooms are looked at (countdowns, deadlines)
MESSAGES_PER_SECOND = 30.0
MESSAGE_BURST = 60
MAX_ERRORS = 20  # bad messages a connection may send before it is closed
MAX_CONNECTIONS = 2000

Log = Callable[[str], None]


def private_room_name() -> str:
    """An unguessable room name, for a host's own room."""
    return secrets.token_urlsafe(9).replace("_", "x").replace("-", "y")


@dataclass
class Link:
    """A connection and the player it speaks for."""

    ws: ServerConnection
    room: Room
    player: Player
    bucket: Bucket = field(default_factory=lambda: Bucket(MESSAGES_PER_SECOND, MESSAGE_BURST))
    errors: int = 0


class RoomServer:
    def __init__(
        self,
        *,
        dictionaries: dict[str, str] | None = None,
        now: TimeSource = time.monotonic,
        log: Log = lambda _: None,
        max_rooms: int = MAX_ROOMS,
    ) -> None:
        """`dictionaries`: the word lists rooms may use, name -> name or path (the shipped ones by default)."""
        self.dictionaries = dictionaries or {name: name for name in shipped_dictionaries()}
        self.now = now
        self.log = log
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self.links: dict[tuple[str, int], Link] = {}
        self.connections = 0
        self._dictionaries: dict[str, Dictionary] = {}
        self._server: Server | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Task[None]] = set()

    def dictionary_for(self, name: str) -> Dictionary:
        if name not in self._dictionaries:
            self._dictionaries[name] = load_dictionary(self.dictionaries[name])
        return self._dictionaries[name]

    # Running

    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> int:
        """Listen; the port actually bound (port 0 picks a free one)."""
        for name in self.dictionaries:
            await asyncio.to_thread(self.dictionary_for, name)  # a first build takes a second: not in a round
        quiet = logging.getLogger("boggle_tui.net.websockets")
        quiet.addHandler(logging.NullHandler())
        quiet.propagate = False  # garbage handshakes are refused without a traceback on the console
        self._server = await serve(
            self.handle, host, port, max_size=MAX_FRAME, max_queue=16, open_timeout=HELLO_SECONDS,
            ping_interval=20, ping_timeout=20, close_timeout=2, compression=None, logger=quiet,
        )  # fmt: skip
        self._ticker = asyncio.create_task(self._tick_forever())
        bound = next(iter(self._server.sockets)).getsockname()[1]
        self.log(f"listening on {host}:{bound}")
        return int(bound)

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.log("stopped")

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            for room in list(self.rooms.values()):
                self.deliver(room, room.tick())
                self._close_if_empty(room)

    # One connection

    async def handle(self, ws: ServerConnection) -> None:
        if self.connections >= MAX_CONNECTIONS:
            await self._refuse(ws, "the server is full: try again later")
            return
        self.connections += 1
        link: Link | None = None
        try:
            link = await self._hello(ws)
            if link is None:
                return
            async for frame in ws:
                if not self._message(link, frame):
                    break
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            self.connections -= 1
            if link is not None:
                self._gone(link)

    async def _hello(self, ws: ServerConnection) -> Link | None:
        try:
            hello = parse(await asyncio.wait_for(ws.recv(), HELLO_SECONDS))
        except ProtocolError as error:
            await self._refuse(ws, str(error))
            return None
        if hello["type"] != "hello":
            await self._refuse(ws, "the first message must be a hello")
            return None
        if hello["version"] != VERSION:
            await self._refuse(ws, f"this server speaks protocol version {VERSION}, you speak {hello['version']}: "
                                   "update boggle-tui on the older side")  # fmt: skip
            return None
        if hello.get("list"):
            rooms = [{"room": r.name, "players": len(r.connected), "state": r.state.value,
                      "settings": r.settings.describe()} for r in self.rooms.values() if r.listed]  # fmt: skip
            await ws.send(dump("rooms", rooms=rooms))
            return None
        name = hello.get("room") or ""
        if not ROOM_NAME.fullmatch(name):
            await self._refuse(ws, "a room name is 1 to 40 letters, digits, - or _")
            return None
        try:
            room, notes = self._room(name, hello.get("settings"), listed=not hello.get("private"))
            player = room.rejoin(hello["token"]) if hello.get("token") else None
            if player is None:
                player, _ = room.join(hello.get("name") or "")
                self.log(f"room {room.name}: {player.name!r} joined ({len(room.connected)} here)")
            else:
                self.log(f"room {room.name}: {player.name!r} is back")
        except (ProtocolError, RoomFull) as error:
            await self._refuse(ws, str(error))
            return None
        link = Link(ws, room, player)
        old = self.links.get((room.name, player.id))
        if old is not None:  # the same player from a new connection takes over from the old one
            closing = asyncio.create_task(old.ws.close(1000, "replaced by a new connection"))
            self._closing.add(closing)  # kept until done: the loop holds tasks only weakly
            closing.add_done_callback(self._closing.discard)
        self.links[(room.name, player.id)] = link
        await ws.send(dump("welcome", version=VERSION, room=room.name, player=player.id, name=player.name,
                           token=player.token, host=player.host, notes=notes))  # fmt: skip
        self.deliver(room, room.welcome_state(player))
        return link

    def _room(self, name: str, settings: Any, *, listed: bool) -> tuple[Room, list[str]]:
        room = self.rooms.get(name)
        if room is not None:
            notes = ["the room's settings stand: yours were left aside"] if settings else []
            return room, notes
        if len(self.rooms) >= self.max_rooms:
            raise ProtocolError(f"the server has its {self.max_rooms} rooms: try again later")
        chosen = RoomSettings.from_json(settings, frozenset(self.dictionaries)) if settings else RoomSettings()
        room = Room(name, chosen, self.dictionary_for, now=self.now, listed=listed)
        self.rooms[name] = room
        self.log(f"room {name}: created ({chosen.describe()})")
        return room, []

    def _message(self, link: Link, frame: str | bytes) -> bool:
        """Handle one frame; False to close the connection."""
        if not link.bucket.take(self.now()):
            self._send(link, dump("error", message="too many messages: slow down", fatal=True))
            return False
        try:
            message = parse(frame)
        except ProtocolError as error:
            link.errors += 1
            self._send(link, dump("error", message=str(error), fatal=link.errors >= MAX_ERRORS))
            return link.errors < MAX_ERRORS
        room, player = link.room, link.player
        kind = message["type"]
        if kind == "word":
            self.deliver(room, room.enter(player, message["id"], message["word"]))
        elif kind == "ready":
            self.deliver(room, room.set_ready(player, message["ready"]))
        elif kind == "end":
            self.deliver(room, room.vote_end(player))
        elif kind == "settings":
            try:
                settings = RoomSettings.from_json(message["settings"], frozenset(self.dictionaries))
            except ProtocolError as error:
                self._send(link, dump("error", message=str(error), fatal=False))
            else:
                self.deliver(room, room.change_settings(player, settings))
                self.log(f"room {room.name}: settings {settings.describe()}")
        elif kind == "again":
            self.deliver(room, room.welcome_state(player))
        return True

    def _gone(self, link: Link) -> None:
        room, player = link.room, link.player
        if self.links.get((room.name, player.id)) is link:
            del self.links[(room.name, player.id)]
            self.deliver(room, room.disconnect(player))
            self.log(f"room {room.name}: {player.name!r} left ({len(room.connected)} here)")
        self._close_if_empty(room)

    def _close_if_empty(self, room: Room) -> None:
        """An empty room closes, except while a round runs: a dropped player may come back to it."""
        if room.empty and room.state is not State.PLAYING and self.rooms.get(room.name) is room:
            del self.rooms[room.name]
            for key in [key for key in self.links if key[0] == room.name]:
                del self.links[key]
            self.log(f"room {room.name}: closed")

    # Sending

    def deliver(self, room: Room, sends: list[Send]) -> None:
        for send in sends:
            ids = send.to if send.to is not None else [p.id for p in room.connected]
            targets = [link.ws for i in ids if (link := self.links.get((room.name, i))) is not None]
            broadcast(targets, send.text)  # never waits: a slow reader does not hold up the room

    def _send(self, link: Link, text: str) -> None:
        broadcast([link.ws], text)

    async def _refuse(self, ws: ServerConnection, message: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(dump("error", message=clean_text(message, 200), fatal=True))
            await ws.close(1008, "refused")
