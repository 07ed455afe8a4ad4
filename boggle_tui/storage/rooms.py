"""The tokens of online rooms this player is in, so that a game killed mid-round can rejoin it.

`rooms.json` in the data folder maps "server room" to the token the room gave. Like the
settings file it is the player's, so nothing in it is trusted; it is written atomically and
keeps only the newest MAX_ROOMS entries.
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


def token_for(server: str, room: str, folder: Path | None = None) -> str | None:
    return _read(folder).get(f"{server} {room}")


def forget_token(server: str, room: str, folder: Path | None = None) -> None:
    """Drop the room's token: left on purpose, or gone from the server."""
    tokens = _read(folder)
    if tokens.pop(f"{server} {room}", None) is not None:
        with contextlib.suppress(OSError):
            write_text_atomic(_path(folder), json.dumps(tokens, indent=1) + "\n")


def remember_token(server: str, room: str, token: str, folder: Path | None = None) -> None:
    """Keep the token (the newest last); a folder that cannot be written only loses the rejoin."""
    tokens = _read(folder)
    tokens.pop(f"{server} {room}", None)
    tokens[f"{server} {room}"] = token
    kept = dict(list(tokens.items())[-MAX_ROOMS:])
    with contextlib.suppress(OSError):
        write_text_atomic(_path(folder), json.dumps(kept, indent=1) + "\n")
