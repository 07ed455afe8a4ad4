"""Who plays today's board, and where: the daily server (given, or the one remembered in the data folder), the name
and the secret that holds it on that server, and the board's language. For every front end (`boggle daily`, the app's
"Today's board")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.address import DEFAULT_PORT, parse_address
from boggle_tui.game.names import clean_name
from boggle_tui.i18n import _
from boggle_tui.storage.identity import Identity, load_identity


@dataclass(frozen=True)
class DailyTarget:
    """Who plays today's board, and where: the server's URL ("" for none), the name and its secret, the language."""

    url: str
    server: str  # as remembered: HOST, or HOST:PORT off the default port ("" for none)
    name: str
    identity: Identity
    language: str


def daily_target(
    language: str, server: str | None = None, name: str | None = None, folder: Path | None = None,
    fallback: Callable[[], str] = lambda: "Player",
) -> DailyTarget:  # fmt: skip
    """The target for `language`: `server` and `name` as given, else as remembered, else `fallback`'s (the front
    ends give this machine's user's, net/address.py default_name). A BoggleError for an address that is not a
    server's or a name with nothing printable."""
    identity = load_identity(folder)
    server = identity.server if server is None else server
    url = ""
    if server:
        host, port, room = parse_address(server)
        if room:
            raise BoggleError(_("a daily server is HOST[:PORT], with no room"))
        url = f"ws://{host}:{port}"
        server = host if port == DEFAULT_PORT else f"{host}:{port}"
    chosen = clean_name(name) if name is not None else identity.name or fallback()
    if not chosen:
        raise BoggleError(_("a name needs at least one printable character"))
    return DailyTarget(url, server or "", chosen, identity, language)
