"""`boggle web`: the game in a browser, served by textual-serve (the optional `[web]` extra).

Each browser tab runs its own game process, at most `--max-games` at once: past that, the page
says the game is full instead of starting one more process (20 tabs took 893 MB). On 127.0.0.1
the tabs are the one user's, with their history; on any other address visitors are strangers
to each other, so each tab keeps its own data for as long as it is open. A link
`http://HOST:PORT/?join=HOST:PORT/ROOM` opens the game with "Play with friends" filled in for
that room (the visitor gives their name); the address in it is checked like one typed. A link that
also says `&name=NAME` joins that room under that name at once (a link a player keeps for themself).
`http://HOST:PORT/?party=HOST:PORT/ROOM` opens the party screen on that room (`boggle party`: the TV's tab), with
the QR code of this page's link into the room.

The page is the game's own (web_page/, shipped in the wheel): xterm.js's DOM renderer, which draws right at
any devicePixelRatio (textual-serve's page used xterm's WebGL and canvas renderers: at a phone's ratio of 3 the
page was blank, at 2 a quarter of the game was drawn), a viewport for phones that follows the on-screen
keyboard, and a switch for screen readers (xterm's screenReaderMode; `?reader=1` turns it on from the start).
"""

from __future__ import annotations

import argparse
import asyncio
import html
import inspect
import os
import re
import shlex
import socket
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import INTERFACE_LANGUAGES, _, counted, current_language
from boggle_tui.storage.paths import TAB_DATA_VARIABLE

HOST_NAME = re.compile(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]")  # a name, an IPv4 or an [IPv6] address
LOOPBACK = ("127.0.0.1", "localhost", "::1")
JOIN_VARIABLE = "BOGGLE_JOIN"  # the room a tab was opened for
NAME_VARIABLE = "BOGGLE_JOIN_NAME"  # the name it joins under, if its link gave one
PARTY_VARIABLE = "BOGGLE_PARTY"  # the room a tab shows on the party screen (?party=)
WEB_URL_VARIABLE = "BOGGLE_WEB_URL"  # the page's own address, for the links a lobby shows
PAGE = Path(__file__).with_name("web_page")  # the page, its script and xterm.js (with its licences)
PAGE_URL = "/page/"

FULL_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 4em auto; line-height: 1.5">
<h1>{title}</h1><p>{message}</p></body></html>"""


def full_page(games: int) -> str:
    """The page a visitor gets when every game is taken, in the server's language (its texts escaped)."""
    message = counted(
        games,
        "The {count} game this server runs at once is being played.\n"
        "Try again in a few minutes: a game ends when its tab is closed.",
        "All {count} games this server runs at once are being played.\n"
        "Try again in a few minutes: a game ends when its tab is closed.",
    )
    return FULL_PAGE.format(title=html.escape(_("Boggle is full")), message=html.escape(message))


def page_texts() -> dict[str, str]:
    """The page's own words (the game's are the game's), in the server's language; the template escapes them."""
    return {
        "page_url": PAGE_URL,
        "language": current_language(),
        # Translators: a switch on the web page, for players who use a screen reader.
        "reader_label": _("Screen reader"),
        "closed_message": _("The game has ended."),
        # Translators: the web page's button that opens a new game after one has ended.
        "again_label": _("Play again"),
    }


def invited_address(value: str | None) -> str | None:
    """The room a link asks for, if it is an address of a room: anything else is left aside."""
    if not value or len(value) > 200:
        return None
    # The network's modules are imported where a link asks for a room: `boggle play` reads the link from here.
    from boggle_tui.net.address import parse_address
    from boggle_tui.net.reach import reach

    try:
        host, port, room = parse_address(value)
    except BoggleError:
        return None
    if not (room and HOST_NAME.fullmatch(host) and reach().allows(f"ws://{host}:{port}")):  # served: named only
        return None
    return f"{host}:{port}/{room}"


def browser_language(header: str | None) -> str | None:
    """The first of the browser's languages (its Accept-Language header, by preference) the game speaks."""
    if not header or len(header) > 500:
        return None
    weighted = []
    for order, part in enumerate(header.split(",")[:20]):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        weighted.append((-weight, order, tag.split("-")[0].strip().lower()))
    return next((code for _, _, code in sorted(weighted) if code in INTERFACE_LANGUAGES), None)


def invited_name(value: str | None) -> str | None:
    """The name a link joins under, cleaned as any name is; None for none, or one that cannot be a path's part."""
    if not value or len(value) > 200:
        return None
    from boggle_tui.net.protocol import clean_name

    name = clean_name(value)
    return name if name and "/" not in name and name not in (".", "..") else None


def _size(request: Any, name: str, default: int) -> int:
    """A terminal dimension the page asks for, bounded."""
    value = request.query.get(name, "")
    return min(max(int(value), 10), 500) if value.isdigit() and len(value) < 5 else default


def can_listen(host: str, port: int) -> None:
    """Bind the address once and let it go, before anything is said: an address this machine does not have, a
    name that does not resolve or a port in use is one line of error, not the server's banner then a traceback."""
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            bare, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
            probe.bind(address)
    except OSError as error:
        raise BoggleError(
            _("cannot listen on {host} port {port}: {reason}").format(
                host=repr(host), port=port, reason=error.strerror or error
            )
        ) from None


def run_web(args: argparse.Namespace) -> int:
    can_listen(args.host, args.port)
    try:
        import aiohttp_jinja2
        from aiohttp import web
        from textual_serve.app_service import AppService
        from textual_serve.server import Server
    except ImportError:
        raise BoggleError(_("boggle web needs the web extra: pip install 'boggle-tui[web]'")) from None
    from boggle_tui.net.address import lan_address
    from boggle_tui.net.reach import environment, served

    shown = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    public_url = f"http://{shown}:{args.port}"
    strangers = args.host not in LOOPBACK
    command = f"{shlex.quote(sys.executable)} -m boggle_tui"
    os.environ[WEB_URL_VARIABLE] = public_url
    if strangers:  # each tab's game hosts nothing and joins only the rooms of --rooms (net/reach.py)
        os.environ[TAB_DATA_VARIABLE] = "1"
        os.environ.update(environment(served(args.rooms)))

    class BoggleServer(Server):
        """textual-serve's server with a cap on games, and a link into a room."""

        games = 0

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.router.add_static(PAGE_URL, PAGE)  # the page's script and xterm.js
            app.router.add_get("/ws/join/{room:.+}", self.handle_websocket)  # a tab opened by a link into a room
            app.router.add_get("/ws/as/{name}/join/{room:.+}", self.handle_websocket)  # ... under a name
            app.router.add_get("/ws/party/{party:.+}", self.handle_websocket)  # a tab for the TV: the party screen
            return app

        @aiohttp_jinja2.template("index.html")  # web_page/index.html
        async def handle_index(self, request: web.Request) -> Any:
            if self.games >= args.max_games:
                raise web.HTTPServiceUnavailable(text=full_page(args.max_games), content_type="text/html")
            page = inspect.unwrap(Server.handle_index)  # textual-serve's context, without its template decorator
            context = await page(self, request)
            context.update(page_texts())
            room = invited_address(request.query.get("join"))
            name = invited_name(request.query.get("name"))
            party = invited_address(request.query.get("party"))
            if party:
                context["app_websocket_url"] += f"/party/{quote(party, safe='')}"
            elif room and name:  # the page's websocket asks for them in its path (the page adds its own query)
                context["app_websocket_url"] += f"/as/{quote(name, safe='')}/join/{quote(room, safe='')}"
            elif room:
                context["app_websocket_url"] += f"/join/{quote(room, safe='')}"
            return context

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """One tab's game, with its own command (the room its link asks for), within the cap."""
            websocket = web.WebSocketResponse(heartbeat=15)
            await websocket.prepare(request)
            if self.games >= args.max_games:
                await websocket.close(message=b"boggle is full")
                return websocket
            room = invited_address(request.match_info.get("room"))
            name = invited_name(request.match_info.get("name"))
            party = invited_address(request.match_info.get("party"))
            own = f"{JOIN_VARIABLE}={shlex.quote(room)} {command}" if room else command
            if room and name:
                own = f"{NAME_VARIABLE}={shlex.quote(name)} {own}"
            if party:
                own = f"{PARTY_VARIABLE}={shlex.quote(party)} {command}"
            language = browser_language(request.headers.get("Accept-Language"))
            if language:  # the game speaks the browser's language unless the player chose another
                own = f"LANGUAGE={language} {own}"
            service = AppService(
                own, write_bytes=websocket.send_bytes, write_str=websocket.send_str, close=websocket.close,
                download_manager=self.download_manager, debug=self.debug,
            )  # fmt: skip
            self.games += 1
            try:
                await service.start(_size(request, "width", 80), _size(request, "height", 24))
                await self._process_messages(websocket, service)
            except asyncio.CancelledError:
                await websocket.close()
            finally:
                self.games -= 1
                await service.stop()
            return websocket

    server = BoggleServer(
        command, host=args.host, port=args.port, title="Boggle", public_url=public_url, templates_path=PAGE
    )
    print(
        counted(
            args.max_games,
            "Boggle in a browser: {url} (Ctrl+C stops it); {count} game at most",
            "Boggle in a browser: {url} (Ctrl+C stops it); {count} games at most",
        ).format(url=public_url),
        file=sys.stderr,
    )
    if strangers:
        print(_("Open to the network: each browser tab keeps its own history and study cards while it is open."),
              file=sys.stderr)  # fmt: skip
    server.serve()
    return 0
