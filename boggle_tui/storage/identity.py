"""Who this player is on daily servers, without accounts: a name and a secret the game makes on first use.

`daily.json` in the data folder holds the secret (43 random URL-safe characters), the name last played
under and the server last used. The secret is the only proof of the name a server knows, so the file is
written atomically and readable by its owner only (0600); a lost secret means playing under a new name.
Like every file of the player's, nothing in it is trusted: a damaged file gives a fresh secret.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, replace
from pathlib import Path

from boggle_tui.engine.atomic import open_regular, write_text_atomic
from boggle_tui.game.names import MAX_NAME, SECRET, clean_name
from boggle_tui.storage.paths import data_dir

IDENTITY = "daily.json"
MAX_BYTES = 4096
MAX_SERVER = 200


@dataclass(frozen=True)
class Identity:
    secret: str
    name: str = ""
    server: str = ""  # the daily server last played on ("" none)


def _path(folder: Path | None) -> Path:
    return (folder or data_dir()) / IDENTITY


def load_identity(folder: Path | None = None) -> Identity:
    """The saved identity, or a new one (saved at once: the secret must outlive this game)."""
    try:
        with open_regular(_path(folder)) as file:
            data = file.read(MAX_BYTES + 1)
        stored = json.loads(data.decode("utf-8")) if len(data) <= MAX_BYTES else None
    except (OSError, ValueError, RecursionError):
        stored = None
    if isinstance(stored, dict) and isinstance(stored.get("secret"), str) and SECRET.fullmatch(stored["secret"]):
        name, server = stored.get("name"), stored.get("server")
        return Identity(
            stored["secret"],
            clean_name(name) if isinstance(name, str) else "",
            server[:MAX_SERVER] if isinstance(server, str) and server.isprintable() else "",
        )
    made = Identity(secrets.token_urlsafe(32))
    save_identity(made, folder)
    return made


def save_identity(identity: Identity, folder: Path | None = None) -> None:
    path = _path(folder)
    text = json.dumps({"secret": identity.secret, "name": identity.name[:MAX_NAME], "server": identity.server})
    write_text_atomic(path, text)
    os.chmod(path, 0o600)  # the secret is the name's only proof


def remember(identity: Identity, folder: Path | None = None, *, name: str = "", server: str = "") -> Identity:
    """The identity with the name and server just used, saved when either changed."""
    changed = replace(identity, name=name or identity.name, server=server or identity.server)
    if changed != identity:
        save_identity(changed, folder)
    return changed
