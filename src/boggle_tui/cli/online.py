"""`boggle host`, `boggle join` and `boggle server`: rooms over the network."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import getpass
import re
import signal
import socket
import sys
from typing import Any

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import resolve, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.net.protocol import MAX_ROOM, RoomSettings, clean_name, clean_text
from boggle_tui.net.server import DEFAULT_PORT, ROOM_NAME, RoomServer, private_room_name

ADDRESS = re.compile(r"(?:wss?://)?(?P<host>\[[^\]]+\]|[^:/\s]+)(?::(?P<port>\d{1,5}))?(?:/(?P<room>[^/\s]*))?/?")


def parse_address(text: str) -> tuple[str, int, str]:
    """`HOST[:PORT][/ROOM]` as (host, port, room); a BoggleError says what is wrong."""
    match = ADDRESS.fullmatch(text.strip())
    if not match:
        raise BoggleError(f"{cut_short(text, 60)!r} is not an address like 192.168.1.5:8765/ROOM")
    port = int(match["port"] or DEFAULT_PORT)
    if not 1 <= port <= 65535:
        raise BoggleError(f"port {port} is not between 1 and 65535")
    room = match["room"] or ""
    if room and not ROOM_NAME.fullmatch(room):
        raise BoggleError(f"a room name is 1 to {MAX_ROOM} letters, digits, - or _")
    return match["host"], port, room


def room_settings(args: argparse.Namespace, dictionaries: set[str]) -> dict[str, Any]:
    """The room's settings from the board flags, checked as the server will check them."""
    fields: dict[str, Any] = {}
    if args.dice:
        load_dice_set(args.dice)
        fields["dice"] = args.dice
    if args.time is not None:
        fields["seconds"] = args.time
    if args.dictionary:
        resolve(args.dictionary)
        fields["dictionary"] = args.dictionary
    if args.min_length is not None:
        fields["min_length"] = args.min_length
    if args.scoring:
        fields["scoring"] = args.scoring
    try:
        return RoomSettings.from_json(fields, frozenset(dictionaries)).to_json()
    except ValueError as error:
        raise BoggleError(str(error)) from None


def player_name(args: argparse.Namespace) -> str:
    if args.name is not None:
        name = clean_name(args.name)
        if not name:
            raise BoggleError("a name needs at least one printable character")
        return name
    try:
        return clean_name(getpass.getuser()) or "Player"
    except (OSError, KeyError):
        return "Player"


def lan_address() -> str:
    """This machine's address on its network (no packet is sent), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def run_host(args: argparse.Namespace) -> int:
    from boggle_tui.app.online import OnlineTarget
    from boggle_tui.cli.play import run_app
    from boggle_tui.storage.settings import load_preferences

    dictionaries = set(shipped_dictionaries()) | ({args.dictionary} if args.dictionary else set())
    settings = room_settings(args, dictionaries)
    room = private_room_name()
    shown_host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    target = OnlineTarget(
        url="", room=room, name=player_name(args), settings=settings, private=True,
        serve=(args.host, args.port), address=f"{shown_host}:{args.port}/{room}",
        dictionaries={name: name for name in dictionaries},
    )  # fmt: skip
    preferences, notices = load_preferences()
    return run_app(preferences, notices, online=target)


def run_join(args: argparse.Namespace) -> int:
    host, port, room = parse_address(args.address)
    url = f"ws://{host}:{port}"
    if not room:
        return _list_rooms(url)
    from boggle_tui.app.online import OnlineTarget
    from boggle_tui.cli.play import run_app
    from boggle_tui.storage.settings import load_preferences

    settings = room_settings(args, set(shipped_dictionaries()))
    target = OnlineTarget(
        url=url, room=room, name=player_name(args), settings=settings, address=f"{host}:{port}/{room}"
    )
    preferences, notices = load_preferences()
    return run_app(preferences, notices, online=target)


def _list_rooms(url: str) -> int:
    from boggle_tui.net.client import JoinError, list_rooms

    try:
        rooms = asyncio.run(list_rooms(url))
    except JoinError as error:
        raise BoggleError(str(error)) from None
    if not rooms:
        print(f"No open rooms on {url}: give a room name to make one, e.g. {url.removeprefix('ws://')}/friends")
        return 0
    for r in rooms:
        name, state = clean_text(str(r.get("room")), 40), clean_text(str(r.get("state")), 20)
        print(f"{name}  {r.get('players', 0)} players · {state} · {clean_text(str(r.get('settings')), 120)}")
    return 0


def run_server(args: argparse.Namespace) -> int:
    """A headless server until Ctrl+C: one line per room event on stderr."""

    def log(line: str) -> None:
        print(f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M:%S} {line}", file=sys.stderr, flush=True)

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        server = RoomServer(log=log)
        try:
            await server.start(args.host, args.port)
        except OSError as error:
            raise BoggleError(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}") from None
        await stop.wait()
        await server.stop()

    asyncio.run(serve())
    return 0
