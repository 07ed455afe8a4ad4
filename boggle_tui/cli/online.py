"""`boggle host`, `boggle join` and `boggle server`: rooms over the network."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import signal
import sys
from typing import Any

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import resolve, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.net.address import default_name, lan_address, parse_address
from boggle_tui.net.protocol import RoomSettings, clean_name, clean_text
from boggle_tui.net.server import RoomServer, private_room_name


def room_settings(args: argparse.Namespace, dictionaries: set[str]) -> dict[str, Any] | None:
    """The room's settings from the board flags, checked as the server will check them; None when none is given."""
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
    if args.seed is not None:
        fields["seed"] = args.seed
    if not fields:
        return None
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
    return default_name()


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
