"""Playing in an online room: the connection's messages routed to the lobby, round and results screens.

`boggle host` runs a room server in this same event loop first; `boggle join` only connects.
A dropped connection is retried with the player's token for RECONNECT_SECONDS, so a player
keeps their words; entries typed meanwhile wait in the session and are judged once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App
from websockets.exceptions import ConnectionClosed

from boggle_tui.app.screens.friends import FriendsChoice
from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.engine.dictionary import list_digest
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.request import ROUND_SECONDS
from boggle_tui.net.address import DEFAULT_PORT, default_name, lan_address, parse_address
from boggle_tui.net.client import Connection, JoinError, Welcome
from boggle_tui.net.protocol import clean_name, clean_text
from boggle_tui.net.server import RoomServer, private_room_name
from boggle_tui.net.session import OnlineSession
from boggle_tui.storage.rooms import remember_token, token_for

RECONNECT_SECONDS = 30.0


@dataclass(frozen=True)
class OnlineTarget:
    url: str  # ws://host:port
    room: str
    name: str
    settings: dict[str, Any] | None = None  # the room's, if this player creates it
    private: bool = False  # not listed by the server (a host's room)
    serve: tuple[str, int] | None = None  # run a room server here first, on (host, port)
    address: str = ""  # what friends type after `boggle join`
    dictionaries: dict[str, str] | None = None  # the word lists the server here allows (name -> name or path)


class OnlinePlay:
    def __init__(
        self,
        app: App[int],
        target: OnlineTarget,
        show: Callable[[Any], None],
        now: TimeSource,
        folder: Path | None,
        start: Callable[[OnlineSession], None] = lambda _: None,
    ) -> None:
        """`show` puts a screen in place of the current one (the app's own); `now` times the round locally;
        `folder` keeps the room's token (the data folder by default); `start` is told of each board dealt."""
        self.app = app
        self.start = start
        self.folder = folder
        self.now = now
        self.target = target
        self.show = show
        self.welcome: Welcome | None = None
        self.lobby: dict[str, Any] = {}
        self.session: OnlineSession | None = None
        self.lobby_view: LobbyScreen | None = None
        self.address = target.address  # what friends type to join
        self._checked: set[tuple[str, str]] = set()
        self.server: RoomServer | None = None
        self._outbox: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self._connection: Connection | None = None

    # Running

    async def run(self) -> None:
        target = self.target
        url = target.url
        if target.serve is not None:
            self.server = RoomServer(dictionaries=target.dictionaries, now=self.now)  # the round's clock is the game's
            try:
                port = await self.server.start(*target.serve)
            except OSError as error:
                self.app.exit(
                    return_code=2, message=f"boggle: error: cannot listen on {target.serve[1]}: {error.strerror}"
                )
                return
            url = f"ws://127.0.0.1:{port}"
            self.address = target.address.replace(f":{target.serve[1]}/", f":{port}/")  # port 0: the one bound
        # A token kept from an earlier run of this game puts the player back in a round it left.
        token = token_for(url, target.room, self.folder) if target.serve is None else None
        try:
            self._connection = await Connection.open(
                url, name=target.name, room=target.room, settings=target.settings, private=target.private, token=token
            )
        except JoinError as error:
            self.app.exit(return_code=2, message=f"boggle: error: {error}")
            return
        self.welcome = self._connection.welcome
        if target.serve is None:
            remember_token(url, self.welcome.room, self.welcome.token, self.folder)
        for note in self.welcome.notes:
            self.app.notify(note, title="Room", timeout=8)
        self.show(self.lobby_screen())
        sender = asyncio.create_task(self._send_forever())
        try:
            while self._connection is not None:
                with contextlib.suppress(ConnectionClosed):
                    await self._connection.messages(self.handle)
                self._connection = await self._reconnect(url)
        finally:
            sender.cancel()
            if self._connection is not None:
                await self._connection.ws.close()
            if self.server is not None:
                await self.server.stop()

    async def _reconnect(self, url: str) -> Connection | None:
        assert self.welcome is not None
        self.app.notify("The connection dropped: reconnecting…", title="Room", severity="warning", timeout=4)
        deadline = asyncio.get_running_loop().time() + RECONNECT_SECONDS
        while asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(1.0)
            with contextlib.suppress(JoinError):
                connection = await Connection.open(url, room=self.welcome.room, token=self.welcome.token)
                self.app.notify("Back in the room.", title="Room", timeout=3)
                return connection
        self.app.exit(return_code=2, message="boggle: error: the connection to the room was lost")
        return None

    async def _send_forever(self) -> None:
        """One sender, so messages leave in the order they were made."""
        while True:
            kind, fields = await self._outbox.get()
            while self._connection is None:
                await asyncio.sleep(0.1)
            try:
                await self._connection.send(kind, **fields)
            except ConnectionClosed:
                if kind != "word":  # words are sent again from the session after the reconnect
                    self._outbox.put_nowait((kind, fields))
                await asyncio.sleep(0.2)

    def send(self, kind: str, fields: dict[str, Any]) -> None:
        self._outbox.put_nowait((kind, fields))

    # What the server says

    def handle(self, message: dict[str, Any]) -> None:
        """One message from the server; one that does not make sense is reported, never a crash."""
        try:
            self._handle(message)
        except Exception as error:  # a server is a stranger too: nothing it sends may take the game down
            self.app.notify(f"The server sent a message this game cannot read ({type(error).__name__}).",
                            title="Room", severity="warning")  # fmt: skip

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "lobby":
            self.lobby = message
            self._check_word_list(message)
            if self.lobby_view is not None:
                self.lobby_view.show_lobby(message)
        elif kind == "countdown" and self.lobby_view is not None:
            seconds = message.get("seconds")
            self.lobby_view.show_countdown(float(seconds) if isinstance(seconds, int | float) else None)
        elif kind == "start":
            self._start(message)
        elif kind == "error":
            text = clean_text(str(message.get("message")), 200)
            self.app.notify(text, title="Room", severity="error" if message.get("fatal") else "warning")
        elif self.session is not None:
            self.session.apply(message)

    def _check_word_list(self, lobby: dict[str, Any]) -> None:
        """Tell the player, once per list, when their copy of the room's word list is not the server's."""
        name, theirs = str(lobby["settings"]["dictionary"]), str(lobby.get("dictionary_hash", ""))
        if not theirs or (name, theirs) in self._checked:
            return
        self._checked.add((name, theirs))
        try:
            mine = list_digest(name)
        except BoggleError:
            mine = ""
        if mine != theirs:
            how = "differs from" if mine else "is not on this machine, unlike"
            self.app.notify(f"Your copy of the word list {name!r} {how} the server's: the server's list judges.",
                            title="Room", severity="warning", timeout=10)  # fmt: skip

    def _start(self, message: dict[str, Any]) -> None:
        assert self.welcome is not None
        if self.session is not None and not self.session.over:
            return  # the same round again, after a reconnect: the session already has it
        self.session = OnlineSession(message, self.welcome.room, self.welcome.player, self.send, self.now)
        self.start(self.session)

    def lobby_screen(self) -> LobbyScreen:
        """A fresh lobby screen, kept up to date with the room (it may not be mounted yet)."""
        assert self.welcome is not None
        self.lobby_view = LobbyScreen(self.welcome.room, self.welcome.player, self.address, self.lobby)
        return self.lobby_view


def friends_target(choice: FriendsChoice, preferences: Preferences) -> OnlineTarget:
    """The room the start screen's "Play with friends" asks for; a BoggleError for a bad address."""
    name = clean_name(choice.name) or default_name()
    if choice.join is not None:
        host, port, room = parse_address(choice.join)
        if not room:
            raise BoggleError("give the room too: HOST:PORT/ROOM")
        return OnlineTarget(url=f"ws://{host}:{port}", room=room, name=name, address=f"{host}:{port}/{room}")
    room = private_room_name()
    listen = "0.0.0.0" if choice.open_to_network else "127.0.0.1"
    shown = lan_address() if choice.open_to_network else "127.0.0.1"
    settings = {"dice": preferences.dice, "dictionary": preferences.dictionary}
    if preferences.seconds in ROUND_SECONDS:
        settings["seconds"] = preferences.seconds
    return OnlineTarget(url="", room=room, name=name, settings=settings, private=True,
                        serve=(listen, DEFAULT_PORT), address=f"{shown}:{DEFAULT_PORT}/{room}")  # fmt: skip
