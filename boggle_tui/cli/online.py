"""`boggle host`, `boggle join` and `boggle server`: rooms over the network."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import signal
import sys
from pathlib import Path
from typing import Any

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import resolve, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.languages import choose_language, language_for
from boggle_tui.i18n import _, counted
from boggle_tui.net import messages as m
from boggle_tui.net.address import ROOM_NAME, default_name, lan_address, parse_address
from boggle_tui.net.protocol import Limits, clean_name, clean_text

ANNOUNCED_PORT = "port {port}"  # read by the process that started the server (the app's host): never translated


def room_settings(args: argparse.Namespace, dictionaries: set[str]) -> m.Settings | None:
    """The room's settings from the board flags, checked as the server will check them; None when none is given."""
    fields: dict[str, Any] = {}
    shipped_list = args.dictionary if args.dictionary in shipped_dictionaries() else None
    language = choose_language(args.lang, args.dice, shipped_list)
    if args.lang or args.dice or shipped_list:  # the room plays a language: its dice and list unless named
        fields["dice"] = args.dice or language_for(language).dice
        if not args.dictionary:
            fields["dictionary"] = language_for(language).dictionary
    if args.dice:
        load_dice_set(args.dice)
    if args.dictionary:
        resolve(args.dictionary)
        fields["dictionary"] = list_name(args.dictionary)
    flags = {"seconds": args.time, "min_length": args.min_length, "scoring": args.scoring, "seed": args.seed,
             "target": args.target, "goal": args.goal, "teams": args.teams, "between": args.between}  # fmt: skip
    if (args.goal is not None or args.teams is not None) and args.scoring != "team":
        raise BoggleError(_("--goal and --teams are a team's: they go with --scoring team"))
    if args.between is not None and args.teams != 2:
        raise BoggleError(_("--between is two teams': it goes with --scoring team --teams 2"))
    fields |= {name: value for name, value in flags.items() if value is not None and value != ""}
    if not fields:
        return None
    try:
        settings = m.Settings(**fields)
        return m.Settings.of(settings.rules(frozenset(dictionaries)))  # every field named, as the server reads it
    except ValueError as error:
        raise BoggleError(str(error)) from None


def player_name(args: argparse.Namespace) -> str:
    if args.name is not None:
        name = clean_name(args.name)
        if not name:
            raise BoggleError(_("a name needs at least one printable character"))
        return name
    return default_name()


def list_name(dictionary: str) -> str:
    """The name a word list goes by in a room: a shipped list's own, a file's name without its folder
    (the host's paths are nobody else's business)."""
    return dictionary if dictionary in shipped_dictionaries() else Path(dictionary).stem[:40] or "words"


def run_host(args: argparse.Namespace) -> int:
    from boggle_tui.net.server import private_room_name

    dictionaries = {name: name for name in shipped_dictionaries()}
    if args.dictionary:
        dictionaries[list_name(args.dictionary)] = str(resolve(args.dictionary))
    settings = room_settings(args, set(dictionaries))
    room = private_room_name()
    shown_host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    if args.plain:
        from boggle_tui.cli.plain_room import PlainTarget, run_plain_room

        return run_plain_room(PlainTarget(
            url="", room=room, name=player_name(args), settings=settings, private=True,
            serve=(args.host, args.port), address=f"{shown_host}:{args.port}/{room}", dictionaries=dictionaries,
        ))  # fmt: skip
    from boggle_tui.app.launch import Room
    from boggle_tui.app.online import OnlineTarget
    from boggle_tui.cli.play import app_preferences, run_app

    target = OnlineTarget(
        url="", room=room, name=player_name(args), settings=settings, private=True,
        serve=(args.host, args.port), address=f"{shown_host}:{args.port}/{room}",
        dictionaries=dictionaries,
    )  # fmt: skip
    preferences, notices = app_preferences()
    return run_app(preferences, notices, Room(target))


def run_join(args: argparse.Namespace) -> int:
    host, port, room = parse_address(args.address)
    url = f"ws://{host}:{port}"
    if not room:
        return _list_rooms(url)
    settings = room_settings(args, set(shipped_dictionaries()))
    if args.plain:
        from boggle_tui.cli.plain_room import PlainTarget, run_plain_room

        seat = PlainTarget(
            url=url, room=room, name=player_name(args), settings=settings, address=f"{host}:{port}/{room}",
            watch=args.watch,
        )  # fmt: skip
        return run_plain_room(seat)
    from boggle_tui.app.launch import Room
    from boggle_tui.app.online import OnlineTarget
    from boggle_tui.cli.play import app_preferences, run_app

    target = OnlineTarget(
        url=url, room=room, name=player_name(args), settings=settings, address=f"{host}:{port}/{room}",
        watch=args.watch,
    )  # fmt: skip
    preferences, notices = app_preferences()
    return run_app(preferences, notices, Room(target))


def run_party(args: argparse.Namespace) -> int:
    """A room on a shared screen: its boards, clock, counts and evening, watched without a seat."""
    host, port, room = parse_address(args.address)
    if not room:
        raise BoggleError(_("give the room too: HOST:PORT/ROOM"))
    web = args.web or ""
    if web and not web.startswith(("http://", "https://")):
        raise BoggleError(_("--web is the page of boggle web, e.g. http://192.168.1.5:8000"))
    from boggle_tui.app.launch import Room
    from boggle_tui.app.online import OnlineTarget
    from boggle_tui.cli.play import app_preferences, run_app
    from boggle_tui.net.address import join_link

    address = f"{host}:{port}/{room}"
    target = OnlineTarget(url=f"ws://{host}:{port}", room=room, name=args.name or _("Party screen"), address=address,
                          watch=True, party=True, link=join_link(web, address) if web else "")  # fmt: skip
    preferences, notices = app_preferences()
    return run_app(preferences, notices, Room(target))


def _list_rooms(url: str) -> int:
    from boggle_tui.net.client import JoinError, list_rooms

    try:
        rooms = asyncio.run(list_rooms(url))
    except JoinError as error:
        raise BoggleError(str(error)) from None
    if not rooms:
        example = url.removeprefix("ws://") + "/friends"
        print(
            _("No open rooms on {url}: give a room name to make one, e.g. {example}").format(url=url, example=example)
        )
        return 0
    for r in rooms:  # decoded and cleaned: nothing a server sends reaches the terminal raw
        line = _("{room}  {players} · {state} · {settings}").format(
            room=r.room,
            players=counted(r.players, "{count} player", "{count} players"),
            state=clean_text(r.state, 20),
            settings=clean_text(r.settings, 120),
        )
        print(line)
    return 0


def run_server(args: argparse.Namespace) -> int:
    """A headless server until Ctrl+C (or, with --exit-when-idle, until it has had no room for that long):
    one line per room event on stderr; with --announce-port, `port N` on stdout once listening."""
    from boggle_tui.net.collector import Collector
    from boggle_tui.net.server import RoomServer

    def log(line: str) -> None:
        print(f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M:%S} {line}", file=sys.stderr, flush=True)

    if args.only_room is not None and not ROOM_NAME.fullmatch(args.only_room):
        raise BoggleError(_("a room name is 1 to 40 letters, digits, - or _"))
    limits = Limits(
        rooms=args.max_rooms, connections=args.max_connections, players=args.max_players, seconds=args.max_seconds,
        rooms_per_address=args.rooms_per_address, only_room=args.only_room, spectators=args.max_spectators,
    )  # fmt: skip
    dictionaries = {name: name for name in shipped_dictionaries()} | word_lists(args.word_list)
    state = state_folder(args)
    if state.exists() and not state.is_dir():
        raise BoggleError(_("--state takes a folder, not {path}").format(path=repr(clean_text(str(state), 120))))

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        server = RoomServer(log=log, limits=limits, dictionaries=dictionaries, state=state, collector=Collector())
        # Today's board and its table (net/daily.py), in the store named or the default file; never on a host's own
        # server for one room (--only-room).
        if not args.no_daily and args.only_room is None:
            from boggle_tui.net.daily import DailyService
            from boggle_tui.storage.daily_store import open_store

            store = open_store(args.store)
            if notice := getattr(store, "notice", None):
                log(notice)
            server.daily = DailyService(store, server.dictionary_for, log=log, keep_days=args.keep_days,
                                        per_address=args.daily_per_address,
                                        reader=open_store(args.store))  # queries never hold up a verdict  # fmt: skip
        try:
            port = await server.start(args.host, args.port)
        except OSError as error:
            reason = error.strerror or error
            raise BoggleError(
                _("cannot listen on {host}:{port}: {reason}").format(host=args.host, port=args.port, reason=reason)
            ) from None
        finally:
            if server._server is None and server.daily is not None:  # never listened: the store is let go
                server.daily.close()
        if args.announce_port:
            print(ANNOUNCED_PORT.format(port=port), flush=True)
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1.0)
            idle = server.idle_since
            if args.exit_when_idle and idle is not None and server.now() - idle >= args.exit_when_idle:
                log(_("no room for {seconds} s: ending").format(seconds=args.exit_when_idle))
                break
        await server.stop()
        if server.daily is not None:
            server.daily.close()

    asyncio.run(serve())
    return 0


def state_folder(args: argparse.Namespace) -> Path:
    """Where the server keeps its rooms' states: --state, or the data folder's (a host's own server's apart, so
    that a `boggle server` here never brings back a host's private room)."""
    from boggle_tui.storage.paths import data_dir

    if args.state is not None:
        return Path(args.state)
    return data_dir() / ("hosted-rooms" if args.only_room is not None else "server-rooms")


def word_lists(pairs: list[str]) -> dict[str, str]:
    """`NAME=PATH` pairs as the server's extra word lists, each checked to exist."""
    lists = {}
    for pair in pairs:
        name, _equals, path = pair.partition("=")
        if not ROOM_NAME.fullmatch(name) or not path:
            raise BoggleError(_("--word-list takes NAME=PATH, not {given}").format(given=repr(clean_text(pair, 60))))
        resolve(path)
        lists[name] = path
    return lists
