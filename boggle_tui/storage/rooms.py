"""The tokens of online rooms this player is in, so that a game killed mid-round can rejoin it.

`rooms.json` in the data folder maps "server room name" to the token the room gave the player who asked
for that name: a token brings back only a game under the same name (a `boggle web` tab opened with
`&name=phil` once came back as lana, whose tab had closed mid-round). A game that asks for no name takes the
room's newest token, as does an entry written before names were kept ("server room"). Like the settings file
it is the player's, so nothing in it is trusted; it is written atomically and keeps only the newest MAX_ROOMS
entries.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from boggle_tui.engine.atomic import open_regular, write_text_atomic
from boggle_tui.storage.paths import data_dir

ROOMS = "rooms.json"
MAX_ROOMS = 20
MAX_BYTES = 16 * 1024


def _path(folder: Path | None) -> Path:
    return (folder or data_dir()) / ROOMS


def _read(folder: Path | None) -> dict[str, str]:
    try:
        with open_regular(_path(folder)) as file:  # a FIFO reads as no tokens, never as a wait
            data = file.read(MAX_BYTES + 1)
        stored = json.loads(data.decode("utf-8")) if len(data) <= MAX_BYTES else {}
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(stored, dict):
        return {}
    return {k: v for k, v in stored.items() if isinstance(k, str) and isinstance(v, str) and len(v) <= 64}


def _key(server: str, room: str, name: str) -> str:
    return f"{server} {room} {name}"  # neither a server's URL nor a room's name holds a space: a name may


def _of_room(key: str, server: str, room: str) -> bool:
    return key.split(" ", 2)[:2] == [server, room]


def token_for(server: str, room: str, folder: Path | None = None, *, name: str = "") -> str | None:
    """The token kept for `name` in the room; with no name, the room's newest token."""
    tokens = _read(folder)
    if name:
        return tokens.get(_key(server, room, name))
    kept = [token for key, token in tokens.items() if _of_room(key, server, room)]
    return kept[-1] if kept else None


def forget_token(server: str, room: str, folder: Path | None = None, *, name: str = "") -> None:
    """Drop the room's token for `name` (left on purpose), or every token of the room (it is gone from the server)."""
    tokens = _read(folder)
    if name:
        kept = {key: token for key, token in tokens.items() if key != _key(server, room, name)}
    else:
        kept = {key: token for key, token in tokens.items() if not _of_room(key, server, room)}
    if kept != tokens:
        with contextlib.suppress(OSError):
            write_text_atomic(_path(folder), json.dumps(kept, indent=1) + "\n")


def remember_token(server: str, room: str, token: str, folder: Path | None = None, *, name: str = "") -> None:
    """Keep the token given to the player who asked for `name` (the newest last); a folder that cannot be written
    only loses the rejoin."""
    tokens = _read(folder)
    tokens.pop(_key(server, room, name), None)
    tokens[_key(server, room, name)] = token
    kept = dict(list(tokens.items())[-MAX_ROOMS:])
    with contextlib.suppress(OSError):
        write_text_atomic(_path(folder), json.dumps(kept, indent=1) + "\n")


class RoomTokens:
    """The tokens in `folder` (the data folder by default), as a room's link keeps them (net/link.py `Tokens`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder

    def token_for(self, url: str, room: str, name: str) -> str | None:
        return token_for(url, room, self.folder, name=name)

    def remember(self, url: str, room: str, token: str, name: str) -> None:
        remember_token(url, room, token, self.folder, name=name)

    def forget(self, url: str, room: str, name: str = "") -> None:
        forget_token(url, room, self.folder, name=name)
