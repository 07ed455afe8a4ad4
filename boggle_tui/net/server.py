"""The room server: WebSocket connections in, rooms' messages out, one asyncio loop for all.

Nothing a client does can stop the server or stall another room: every frame is bounded
(MAX_FRAME) and decoded into a typed message (net/messages.py), a client has HELLO_SECONDS to
introduce itself, messages and words are rate-limited, sends never wait on a slow reader, and
the limits that decide how much one process carries are the operator's (`Limits`). A room in
which nobody has been connected for EMPTY_SECONDS closes, round or not, and one address can
hold only a few rooms at once, so strangers cannot fill a server with ghosts.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import secrets
import socket
import struct
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode, Frame, Opcode
from websockets.protocol import OPEN

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.dictionary import Dictionary, language_of, load_dictionary, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.rules import Rules
from boggle_tui.game.tiers import required_test
from boggle_tui.i18n import _
from boggle_tui.net import messages as m
from boggle_tui.net import phrases as P
from boggle_tui.net import saved as disk
from boggle_tui.net.address import DEFAULT_PORT, ROOM_NAME
from boggle_tui.net.collector import Collector
from boggle_tui.net.daily import DailyService
from boggle_tui.net.protocol import MAX_FRAME, MAX_ROOM, Limits, ProtocolError
from boggle_tui.net.reach import reach
from boggle_tui.net.room import Bucket, Player, Room, RoomFull, Send, State

HELLO_SECONDS = 5.0  # a connection that says nothing for this long is closed
TICK_SECONDS = 0.1  # how often rooms are looked at (countdowns, deadlines)
TICK_STRETCH = 0.002  # seconds of rooms' ticks at most before other connections' frames get a turn
MESSAGES_PER_SECOND = 30.0
MESSAGE_BURST = 60
MAX_ERRORS = 20  # bad messages a connection may send before it is closed
EMPTY_SECONDS = 60.0  # a room nobody has been connected to for this long closes, even mid-round
SAVE_SECONDS = 1.0  # rooms' states are written at most this often (and when the server stops)
ACCEPT_LOG_SECONDS = 1.0  # at most one line this often while connections cannot be accepted
# Bytes a connection may have waiting in this server to be sent: a room's frames are pushed without waiting (a slow
# reader never holds up the room), so a client that stops reading would keep all of them, and websockets' keepalive
# ping never times out while it waits behind them. Past this it is dropped, as any lost connection is (its seat kept).
# A round's end on a 6x6 board is about 100 KB; the kernel's own buffer holds megabytes before this one grows.
MAX_BACKLOG = 512 * 1024
# accept() out of descriptors or memory: asyncio retries a second later, and logs a traceback each time
OUT_OF_RESOURCES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}

Log = Callable[[str], None]
LoopErrors = Callable[[asyncio.AbstractEventLoop, dict[str, Any]], object]  # an event loop's exception handler


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


class Refused(P.Refusal):
    """A hello the server turns down; the error says why and what the client can do about it."""


class RoomServer:
    def __init__(
        self,
        *,
        dictionaries: dict[str, str] | None = None,
        now: TimeSource = time.monotonic,
        log: Log = lambda _: None,
        limits: Limits | None = None,
        state: Path | None = None,
        collector: Collector | None = None,
    ) -> None:
        """`dictionaries`: the word lists rooms may use, name -> name or path (the shipped ones by default);
        `state`: the folder that keeps each room's state (net/saved.py), brought back when the server starts
        again (None: rooms last as long as the process). `collector`: the process is this server's own
        (`boggle server`), and its garbage collector is tuned for it (net/collector.py); None leaves the
        collector as it is (a server inside a game or a test)."""
        self.dictionaries = dictionaries or {name: name for name in shipped_dictionaries()}
        self.now = now
        self.log = log
        self.limits = limits or Limits()
        self.collector = collector
        self.rooms: dict[str, Room] = {}
        self.made_by: dict[str, str] = {}  # room -> the address that made it
        self.links: dict[tuple[str, int], Link] = {}
        self.connections = 0
        self._dictionaries: dict[tuple[str, str], Dictionary] = {}
        self._common: set[str] = set()  # the languages whose common words are read (a team's goal needs them)
        self._server: Server | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Task[None]] = set()
        self._reading: set[asyncio.Task[None]] = set()  # word lists being read for a room's new settings
        self.idle_since: float | None = now()  # when the server last had no room
        self._loop_errors: LoopErrors | None = None  # the loop's exception handler before ours
        self._accept_told: float | None = None  # when a failed accept() was last logged
        self.daily: DailyService | None = None  # the day's board and table (net/daily.py), where served
        self.state = state
        self._written: dict[str, str] = {}  # room -> the state last written for it
        self._unwritten: dict[str, str] = {}  # room -> its state, changed, waiting for the writer
        self._writing: asyncio.Task[None] | None = None  # the writer, off the loop (a file is fsynced)
        self._saved_at: float | None = None
        self._save_failed = False  # one log line per run of failures, not one a second
        self._stopping = False  # connections closed by stop() leave their seats as they were, for the restart

    def dictionary_for(self, name: str, language: str = DEFAULT_LANGUAGE) -> Dictionary:
        """A room's word list, read once per language: a shipped list in its own, a list of the host's own in
        the room's (its dice's), so that a Dutch room's own list reads IJ as Dutch does."""
        language = language_of(name, language).code
        if (name, language) not in self._dictionaries:
            self._dictionaries[name, language] = load_dictionary(self.dictionaries[name], language=language)
        return self._dictionaries[name, language]

    # Running

    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> int:
        """Listen; the port actually bound (port 0 picks a free one). A game served to strangers never listens."""
        reach().check_listen()
        plain = Rules().language  # a room whose host chose nothing plays it: its lists are read now
        for name in self.dictionaries:  # a first build takes a second: not in a round
            if language_of(name).code == plain:  # other languages' lists: when a room asks for one
                await asyncio.to_thread(self.dictionary_for, name)
        await self._restore()
        if self.collector is not None:
            self.collector.settle()
        quiet = logging.getLogger("boggle_tui.net.websockets")
        quiet.addHandler(logging.NullHandler())
        quiet.propagate = False  # garbage handshakes are refused without a traceback on the console
        self._server = await serve(
            self.handle, host, port, max_size=MAX_FRAME, max_queue=16, open_timeout=HELLO_SECONDS,
            ping_interval=20, ping_timeout=20, close_timeout=2, compression=None, logger=quiet,
        )  # fmt: skip
        self._ticker = asyncio.create_task(self._tick_forever())
        loop = asyncio.get_running_loop()
        self._loop_errors = loop.get_exception_handler()
        loop.set_exception_handler(self._loop_error)
        bound = next(iter(self._server.sockets)).getsockname()[1]
        self.log(f"listening on {host}:{bound}")
        return int(bound)

    async def stop(self) -> None:
        self._stopping = True
        if self._writing is not None:
            await self._writing
        self._save(force=True)
        if self._ticker is not None:
            self._ticker.cancel()
        if self.collector is not None:
            self.collector.restore()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        loop = asyncio.get_running_loop()
        if loop.get_exception_handler() == self._loop_error:  # not a later server's, on the same loop
            loop.set_exception_handler(self._loop_errors)
        self.log("stopped")

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """A flood of half-open connections under a descriptor limit: one line a second, not a traceback each
        time (asyncio goes on accepting by itself); anything else to the loop's handler as before."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in OUT_OF_RESOURCES and "accept" in str(context.get("message")):
            now = self.now()
            if self._accept_told is None or now - self._accept_told >= ACCEPT_LOG_SECONDS:
                self._accept_told = now
                self.log(f"cannot accept connections: {error.strerror} ({self.connections} connected); still serving")
            return
        if self._loop_errors is not None:
            self._loop_errors(loop, context)
        else:
            loop.default_exception_handler(context)

    async def _tick_forever(self) -> None:
        """Every room's tick each TICK_SECONDS, in stretches of at most TICK_STRETCH: a thousand rooms (each
        with its clock, bots and sends, and now and then a deal, and each changed room's state to keep) never
        hold up a word's verdict for long."""
        while True:
            await asyncio.sleep(TICK_SECONDS)
            saving = self._save_due()
            began = time.perf_counter()  # the loop's own time, not the rooms' clock: how long others wait
            for room in list(self.rooms.values()):
                if time.perf_counter() - began >= TICK_STRETCH:
                    await asyncio.sleep(0)  # the frames that came meanwhile are read and answered
                    began = time.perf_counter()
                self._tick(room, saving=saving)
            self._note_idle()
            self._write_kept()
            if self.collector is not None:
                self.collector.tick()

    def tick(self) -> None:
        """Every room's tick at once (the tests' way; the server spreads them, see `_tick_forever`)."""
        saving = self._save_due()
        for room in list(self.rooms.values()):
            self._tick(room, saving=saving)
        self._note_idle()
        self._write_kept()

    def _tick(self, room: Room, *, saving: bool = False) -> None:
        if self.rooms.get(room.name) is not room:
            return  # closed since this round of ticks began
        playing = room.state is State.PLAYING
        self.deliver(room, room.tick())
        if not playing and room.state is State.PLAYING and self.collector is not None:
            self.collector.dealt()
        self._close_if_empty(room)
        if saving and self.rooms.get(room.name) is room:
            self._keep(room)

    def _note_idle(self) -> None:
        if self.rooms:
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = self.now()

    # Kept on disk

    async def _restore(self) -> None:
        """Bring back the rooms saved by an earlier run: a damaged file is moved aside, with one line."""
        if self.state is None:
            return
        only = self.limits.only_room
        paths = [disk.path_of(self.state, only)] if only else disk.room_files(self.state, self.limits.rooms)
        for path in paths:
            if not path.exists():
                continue
            try:
                saved = disk.read(path)
                settings = saved.settings.rules(frozenset(self.dictionaries), self.limits.seconds)
            except (disk.Damaged, ProtocolError) as error:
                aside = disk.move_aside(path)
                self.log(f"room file {path.name} cannot be read ({error}): moved aside to {aside or 'nowhere'}")
                continue
            try:
                await asyncio.to_thread(self._prepare, settings)
            except (BoggleError, OSError) as error:  # a word list the operator has since taken away
                self.log(f"room {saved.room}: not brought back, its word list cannot be read ({error})")
                continue
            room = Room.restored(saved, settings, self.dictionary_for, now=self.now,
                                 max_players=self.limits.players, log=self.log)  # fmt: skip
            room.max_spectators = self.limits.spectators
            self.rooms[room.name] = room
            voided = f", round {room.voided} voided" if room.voided else ""
            self.log(f"room {room.name}: brought back ({len(room.players)} seats, {room.rounds} rounds{voided})")

    def _save_due(self) -> bool:
        """Whether the rooms' states are looked at in this round of ticks: at most every SAVE_SECONDS."""
        if self.state is None:
            return False
        now = self.now()
        if self._saved_at is not None and now - self._saved_at < SAVE_SECONDS:
            return False
        self._saved_at = now
        return True

    def _keep(self, room: Room, *, force: bool = False) -> None:
        """The room's state, if it has changed since it was last written, to the writer (`force`: looked at even
        if the room says nothing changed)."""
        if not room.unsaved and not force:
            return
        room.unsaved = False
        text = disk.encode(room.saved())
        if self._written.get(room.name) != text:
            self._unwritten[room.name] = text
        else:
            self._unwritten.pop(room.name, None)

    def _write_kept(self) -> None:
        """The changed states, written off the event loop (each file is fsynced: a thousand rooms dealing at once
        held the loop for seconds), one batch at a time; what changes meanwhile waits for the next batch."""
        if self.state is None or not self._unwritten or self._writing is not None:
            return
        batch, self._unwritten = self._unwritten, {}
        self._writing = asyncio.get_running_loop().create_task(self._write_off_loop(self.state, batch))

    async def _write_off_loop(self, folder: Path, batch: dict[str, str]) -> None:
        try:
            written, error = await asyncio.to_thread(_write_rooms, folder, batch)
        finally:
            self._writing = None
        self._written_back(folder, batch, written, error)

    def _written_back(
        self, folder: Path, batch: dict[str, str], written: dict[str, str], error: OSError | None
    ) -> None:
        """The writer's batch done: a room closed meanwhile loses the file just written for it; one that could not
        be written is tried again at the next save (one log line per run of failures)."""
        for name in batch:
            if name not in self.rooms:
                disk.forget(folder, name)
            elif name in written:
                self._written[name] = written[name]
            else:
                self._unwritten.setdefault(name, batch[name])
        if error is not None and not self._save_failed:
            self.log(f"cannot save rooms in {folder}: {error.strerror or error}")
        self._save_failed = error is not None

    def _save(self, *, force: bool = False) -> None:
        """Every room whose state has changed, written now, on the loop (when the server stops)."""
        if self.state is None:
            return
        for room in list(self.rooms.values()):
            self._keep(room, force=force)
        batch, self._unwritten = self._unwritten, {}
        self._written_back(self.state, batch, *_write_rooms(self.state, batch))

    # One connection

    async def handle(self, ws: ServerConnection) -> None:
        if self.connections >= self.limits.connections:
            await self._refuse(ws, Refused(P.phrase(P.SERVER_FULL), "full"))
            return
        self.connections += 1
        link: Link | None = None
        try:
            seated = await self._hello(ws)
            if seated is None:
                return
            link, notes = seated  # known here before anything is awaited: the seat is released whatever happens
            await self._welcome(link, notes)
            async for frame in ws:
                if not self._message(link, frame):
                    break
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            self.connections -= 1
            if self.collector is not None:
                self.collector.connection_closed()
            if link is not None:
                self._gone(link)

    async def _hello(self, ws: ServerConnection) -> tuple[Link, list[str]] | None:
        """The seat a hello asks for, with the notes for its welcome; None when refused or only listing.

        Nothing is awaited once the player is seated, so that `handle` holds the link before the connection can
        end: a connection gone before its welcome (closed, reset, an oversized frame) leaves no ghost seat."""
        try:
            hello = m.decode_client(await asyncio.wait_for(ws.recv(), HELLO_SECONDS))
            if self.daily is not None and isinstance(hello, m.DAILY_OPENERS):
                await self.daily.serve(ws, hello, _address(ws))  # a day's round or table: net/daily.py
                return None
            if not isinstance(hello, m.Hello):
                raise Refused(P.phrase(P.HELLO_FIRST))
            if not m.spoken(hello.version):
                raise Refused(P.phrase(P.VERSION, server=m.VERSION, client=hello.version), "version")
            if hello.list:
                await ws.send(m.encode(m.Rooms(rooms=self._listing())))
                return None
            hello = _room_of_address(ws, hello)
            wanted = self._settings_asked(hello)
            if wanted is not None:  # another language's list, or one in another language: read off the loop
                await asyncio.to_thread(self._prepare, wanted)
            room, player, notes = self._seat(hello, _address(ws))
        except ProtocolError as error:
            await self._refuse(ws, Refused(str(error)))
        except RoomFull as error:
            await self._refuse(ws, error)
            return None
        except Refused as error:
            await self._refuse(ws, error)
            return None
        link = Link(ws, room, player)
        old = self.links.get((room.name, player.id))
        if old is not None:  # the same game from a new connection takes over from its old one
            self._close(old.ws, "replaced by a new connection")
        self.links[(room.name, player.id)] = link
        return link, notes

    async def _welcome(self, link: Link, notes: list[str]) -> None:
        room, player = link.room, link.player
        await link.ws.send(m.encode(m.Welcome(version=m.VERSION, room=room.name, player=player.id, name=player.name,
                                              token=player.token, host=player.host, notes=tuple(notes))))  # fmt: skip
        self.deliver(room, room.welcome_state(player))

    def _settings_asked(self, hello: m.Hello) -> Rules | None:
        """The rules a hello asks for, if they are valid (_new_room refuses them, with the reason, if not)."""
        try:
            return hello.settings.rules(frozenset(self.dictionaries)) if hello.settings else None
        except ProtocolError:
            return None

    def _listing(self) -> tuple[m.RoomInfo, ...]:
        return tuple(
            m.RoomInfo(room=r.name, players=len(r.connected), state=r.state.value, settings=r.settings.describe())
            for r in self.rooms.values()
            if r.listed and not r.locked
        )[:1000]

    def _seat(self, hello: m.Hello, address: str) -> tuple[Room, Player, list[str]]:
        """The room and the seat a hello asks for: a seat back by its token, or a new one.

        A token brings back a seat only when no other live game holds it (a second browser tab reading
        the same saved token gets a seat of its own); a token for a room that no longer exists is told
        so, instead of making an empty room of that name."""
        name = hello.room
        if not ROOM_NAME.fullmatch(name):
            raise Refused(P.phrase(P.ROOM_NAME, most=MAX_ROOM))
        if self.limits.only_room is not None and name != self.limits.only_room:
            raise Refused(P.phrase(P.ONE_ROOM))
        room = self.rooms.get(name)
        if room is None and hello.token:
            raise Refused(error_text("room_gone").format(room=name), "room_gone")
        if room is not None and room.settings.team and hello.version < m.TEAM_VERSION:
            raise Refused(P.phrase(P.TEAM_VERSION, room=name, version=m.TEAM_VERSION), "version")
        if hello.watch:
            if room is None:
                raise Refused(P.phrase(P.NOTHING_TO_WATCH, room=name))
            spectator, sends = room.spectate(hello.name, hello.game)
            self.deliver(room, sends)
            self.log(f"room {room.name}: {spectator.name!r} watches ({len(room.spectators)} watching)")
            return room, spectator, []
        notes: list[str] = []
        if room is None:
            room = self._new_room(name, hello, address)
        elif hello.settings:
            notes.append(P.phrase(P.SETTINGS_STAND).text())
        seat = room.seat_for(hello.token) if hello.token else None
        live = seat is not None and seat.connected and (room.name, seat.id) in self.links
        if seat is not None and live and (seat.game != hello.game or not hello.game):
            seat = None  # another live game holds it (a second tab read the first one's token): a seat of its own
        if seat is not None:
            self.deliver(room, room.rejoin(seat, hello.game))
            self.log(f"room {room.name}: {seat.name!r} is back")
            return room, seat, notes
        player, sends = room.join(hello.name, hello.game, hello.version)
        self.deliver(room, sends)
        self.log(f"room {room.name}: {player.name!r} joined ({len(room.connected)} here)")
        return room, player, notes

    def _new_room(self, name: str, hello: m.Hello, address: str) -> Room:
        if len(self.rooms) >= self.limits.rooms:
            raise Refused(P.plural(P.ROOMS_FULL, self.limits.rooms), "full")
        if Counter(self.made_by.values())[address] >= self.limits.rooms_per_address:
            raise Refused(
                P.plural(P.ROOMS_PER_ADDRESS, self.limits.rooms_per_address),
                "limit",
            )
        allowed = frozenset(self.dictionaries)
        chosen = hello.settings.rules(allowed, self.limits.seconds) if hello.settings else None
        room = Room(name, chosen or Rules(), self.dictionary_for, now=self.now, listed=not hello.private,
                    max_players=self.limits.players, log=self.log,
                    max_spectators=self.limits.spectators)  # fmt: skip
        self.rooms[name] = room
        self.made_by[name] = address
        self.log(f"room {name}: created ({room.settings.describe()})")
        return room

    def _message(self, link: Link, frame: str | bytes) -> bool:
        """Handle one frame; False to close the connection."""
        if not link.bucket.take(self.now()):
            self._send(link, P.phrase(P.TOO_FAST).error(fatal=True, code="limit"))
            return False
        try:
            message = m.decode_client(frame)
        except ProtocolError as error:
            link.errors += 1
            self._send(link, m.Error(message=str(error), fatal=link.errors >= MAX_ERRORS))
            return link.errors < MAX_ERRORS
        room, player = link.room, link.player
        if room.players.get(player.id) is not player and room.spectators.get(player.id) is not player:
            return False  # removed by the host: nothing more from this connection counts
        match message:
            case m.Word(id=entry_id, word=word):
                self.deliver(room, room.enter(player, entry_id, word))
            case m.Ready(ready=ready):
                self.deliver(room, room.set_ready(player, ready))
            case m.VoteEnd():
                self.deliver(room, room.vote_end(player))
            case m.ChangeSettings(settings=asked):
                self._change_settings(link, asked)
            case m.Again():
                self.deliver(room, room.welcome_state(player))
            case m.Say(text=line):
                self.deliver(room, room.say(player, line))
            case m.HostCommand(action=action, player=target, level=level, side=side):
                sends, removed = room.command(player, action, target, level, side)
                self.deliver(room, sends)
                if removed is not None:
                    self._remove(room, removed)
            case m.Watch():
                self.deliver(room, room.watch(player))
            case m.Ping(t=t, trip=trip):
                self.deliver(room, room.ping(player, t, trip))
            case m.Hello():
                self._send(link, P.phrase(P.HELLO_ONCE).error())
        return True

    def _change_settings(self, link: Link, asked: m.Settings) -> None:
        try:
            settings = asked.rules(frozenset(self.dictionaries), self.limits.seconds)
        except ProtocolError as error:
            self._send(link, m.Error(message=str(error)))
            return
        listed = (settings.dictionary, language_of(settings.dictionary, settings.language).code) in self._dictionaries
        if not listed or (settings.team and settings.language not in self._common):
            # read off the event loop, then applied
            task = asyncio.get_running_loop().create_task(self._read_then_change(link, settings))
            self._reading.add(task)
            task.add_done_callback(self._reading.discard)
            return
        self._apply_settings(link, settings)

    def _prepare(self, rules: Rules) -> None:
        """What a room's rules will read, read now (in a thread: never on the loop): their word list, and for a
        team's room the language's common words, whose points its goal is a share of (game/team.py)."""
        self.dictionary_for(rules.dictionary, rules.language)
        if rules.team:
            required_test(rules.language)
            self._common.add(rules.language)

    async def _read_then_change(self, link: Link, settings: Rules) -> None:
        await asyncio.to_thread(self._prepare, settings)
        if link.room.name in self.rooms:
            self._apply_settings(link, settings)

    def _apply_settings(self, link: Link, settings: Rules) -> None:
        self.deliver(link.room, link.room.change_settings(link.player, settings))
        self.log(f"room {link.room.name}: settings {settings.describe()}")

    def _remove(self, room: Room, player: Player) -> None:
        link = self.links.pop((room.name, player.id), None)
        self.log(f"room {room.name}: {player.name!r} was removed by the host")
        if link is not None:
            notice = m.Error(message=error_text("removed"), fatal=True, code="removed")
            broadcast([link.ws], m.encode(notice))
            self._close(link.ws, "removed")

    def _gone(self, link: Link) -> None:
        room, player = link.room, link.player
        if self._stopping:  # the room is saved as it was: its seats wait for the restart
            self.links.pop((room.name, player.id), None)
            return
        if self.links.get((room.name, player.id)) is link:
            del self.links[(room.name, player.id)]
            if room.players.get(player.id) is player or room.spectators.get(player.id) is player:
                # Ended without a close (a network's drop, a game killed): the game tries to come back.
                dropped = link.ws.close_code not in (CloseCode.NORMAL_CLOSURE, CloseCode.GOING_AWAY)
                self.deliver(room, room.leave(player, dropped=dropped))
            self.log(f"room {room.name}: {player.name!r} left ({len(room.connected)} here)")
        self._close_if_empty(room)

    def _close_if_empty(self, room: Room) -> None:
        """A room closes when nobody is in it: at once in the lobby (unless a player who dropped may come back to a
        seat kept there: room.AWAY_SECONDS), after EMPTY_SECONDS during a round (a dropped player may come back to it),
        and in any case once nobody has been connected for that long."""
        if not room.empty or self.rooms.get(room.name) is not room or room.awaited:
            return  # someone here, closed already, or a player who dropped on their way back
        waited = self.now() - (room.empty_since if room.empty_since is not None else self.now())
        if room.state is State.PLAYING and waited < EMPTY_SECONDS:
            return
        if room.restored_until is not None and self.now() < room.restored_until:
            return  # brought back after a restart: its players have a while to find it again
        del self.rooms[room.name]
        if self.state is not None:
            disk.forget(self.state, room.name)  # one being written now is removed again once written
            self._written.pop(room.name, None)
            self._unwritten.pop(room.name, None)
        self.made_by.pop(room.name, None)
        for key in [key for key in self.links if key[0] == room.name]:
            del self.links[key]
        self.log(f"room {room.name}: closed")

    # Sending

    def deliver(self, room: Room, sends: list[Send]) -> None:
        if self.daily is not None:
            self.daily.noticed(room, sends)  # a round's players become friends on the day's table
        for send in sends:
            ids = send.to if send.to is not None else room.audience
            targets = [link.ws for i in ids if (link := self.links.get((room.name, i))) is not None]
            _broadcast(targets, send.text)  # never waits: a slow reader does not hold up the room

    def _send(self, link: Link, message: m.ServerMessage) -> None:
        _broadcast([link.ws], m.encode(message))

    def _close(self, ws: ServerConnection, reason: str) -> None:
        closing = asyncio.create_task(ws.close(1000, reason))
        self._closing.add(closing)  # kept until done: the loop holds tasks only weakly
        closing.add_done_callback(self._closing.discard)

    async def _refuse(self, ws: ServerConnection, error: P.Refusal) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(m.encode(error.error()))
            await ws.close(1008, "refused")


def _broadcast(targets: list[ServerConnection], text: str) -> None:
    """websockets' `broadcast`, the frame made once: a server's frames are not masked and this server compresses
    none (`compression=None`), so every receiver's bytes are the same, where websockets makes and serializes a
    frame for each (a progress message to four players: 5.7 us of websockets' work, 1.8 here). A connection that
    is not open, is midway through a fragmented message (never sent here) or has anything of its own to send
    first goes through websockets' way. A connection with more than MAX_BACKLOG bytes unsent is dropped."""
    if not targets:
        return
    frame = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    for ws in targets:
        protocol, transport = ws.protocol, ws.transport
        if protocol.state is not OPEN or protocol.writes or protocol.extensions or protocol.expect_continuation_frame:
            broadcast([ws], text)
        elif not transport.is_closing():
            transport.write(frame)
        if not transport.is_closing() and transport.get_write_buffer_size() > MAX_BACKLOG:
            _drop(transport)


def _drop(transport: Any) -> None:
    """A reader that stopped: its connection ended at once, with a reset, so that neither this process nor the
    kernel keeps what it left unread (a plain close leaves the kernel sending megabytes to a reader that never
    reads)."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


def _write_rooms(folder: Path, batch: dict[str, str]) -> tuple[dict[str, str], OSError | None]:
    """Each room's state to its file, atomically, until one fails: those written, and the error."""
    written: dict[str, str] = {}
    for name, text in batch.items():
        try:
            disk.write_text(folder, name, text)
        except OSError as error:
            return written, error
        written[name] = text
    return written, None


def _room_of_address(ws: ServerConnection, hello: m.Hello) -> m.Hello:
    """The hello with the room its address names (ws://host:port/ROOM, the path a proxy in front of several servers
    hashes to choose one): a hello naming no room is for that one, and one naming another room is refused. An
    address with no path (`/`) leaves the room to the hello."""
    path = ws.request.path.partition("?")[0].strip("/") if ws.request is not None else ""
    if not path:
        return hello
    if not ROOM_NAME.fullmatch(path):
        raise Refused(P.phrase(P.ROOM_NAME, most=MAX_ROOM))
    if hello.room and hello.room != path:
        raise Refused(P.phrase(P.OTHER_ROOM, path=path, room=hello.room))
    return replace(hello, room=path)


def _address(ws: ServerConnection) -> str:
    """The peer's address, for the rooms-per-address limit (a proxy in front would make everyone one address)."""
    peer = ws.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


def error_text(code: m.ErrorCode) -> str:
    """The server's text for an error a client knows by its code (in the server's language)."""
    text = m.ERROR_TEXTS[code]  # marked for the catalogue where it is written
    return _(text)
