"""A room's state on disk, so that a server stopped and started again brings its rooms back.

One file per room, `ROOM.room.json` in the server's state folder (`boggle server --state`), written atomically
whenever what it keeps has changed: the settings, who holds which seat (name, token, host, a bot's level), the
evening's scoreboard and champion, and whether a round was under way. A round's words are never kept: a round
that was running when the server stopped is voided when the room comes back, never half-saved.

The file is input like any client's message: bounded (MAX_BYTES), read as the types below field by field
(net/messages.py `checked`), then checked as a whole (ids, names and tokens unique, one host, known bot
levels). A file that fails is `Damaged`; the server moves it aside and says so in one line of its log.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import field
from pathlib import Path

from boggle_tui.engine.atomic import open_regular, write_text_atomic
from boggle_tui.game.levels import LEVELS
from boggle_tui.net import messages as m
from boggle_tui.net.address import ROOM_NAME
from boggle_tui.net.protocol import MAX_ID, MAX_NAME, MAX_ROOM, ProtocolError

FORMAT = 1  # the file's own version: one of another is damage to this server, never a guess
MAX_BYTES = 64 * 1024  # a room with every list full is well under this
SUFFIX = ".room.json"  # the server reads and moves aside its own files only: a folder may hold others
ASIDE = ".damaged"  # a file that could not be read is renamed with this after it
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # a seat's token as the room makes it (secrets.token_urlsafe)


class Damaged(ValueError):
    """A saved room that cannot be brought back; the text says why (for the operator's log)."""


@m.message
class SavedSeat:
    id: int = m.number(1, MAX_ID)
    name: str = m.text(MAX_NAME, required=True)
    token: str = m.text(m.HASH, required=True)
    host: bool = False
    level: str = m.text(16)  # a bot's level; "" for a person


@m.message
class SavedRoom:
    format: int = m.number(1, 10**6)
    room: str = m.text(MAX_ROOM, required=True)
    settings: m.Settings = field(default_factory=m.Settings)
    listed: bool = True
    locked: bool = False
    rounds: int = m.number(0, 10**6, 0)  # rounds played, the one under way included
    playing: bool = False  # a round was under way: it is voided when the room comes back
    next_id: int = m.number(1, MAX_ID, 1)
    players: tuple[SavedSeat, ...] = m.many(m.MAX_LIST, ())
    scoreboard: tuple[m.Standing, ...] = m.many(m.MAX_LIST, ())
    champion: str = m.text(MAX_NAME)


def path_of(folder: Path, room: str) -> Path:
    return folder / f"{room}{SUFFIX}"


def room_files(folder: Path, most: int) -> list[Path]:
    """The saved rooms in `folder` (files named as a room may be), at most `most` of them; none if it is unreadable."""
    try:
        found = sorted(
            p for p in folder.iterdir() if p.name.endswith(SUFFIX) and ROOM_NAME.fullmatch(p.name.removesuffix(SUFFIX))
        )
    except OSError:
        return []
    return found[:most]


def write_text(folder: Path, room: str, text: str) -> None:
    """A room's state (`encode`) to its file, atomically: a kill leaves the old file or the new one."""
    write_text_atomic(path_of(folder, room), text)


def encode(saved: SavedRoom) -> str:
    return json.dumps(m.plain(saved), ensure_ascii=False, separators=(",", ":")) + "\n"


def read(path: Path) -> SavedRoom:
    """The room saved at `path`, checked; Damaged when it is not one this server can bring back."""
    try:
        with open_regular(path) as file:  # a FIFO or a device in its place is damage, never a wait
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise Damaged(f"unreadable ({error.strerror or error})") from None
    if len(data) > MAX_BYTES:
        raise Damaged(f"over {MAX_BYTES} bytes")
    try:
        raw = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Damaged("not JSON") from None
    try:
        saved = m.checked(SavedRoom, raw, "room")
    except ProtocolError as error:
        raise Damaged(str(error)) from None
    _check_whole(saved, path.name.removesuffix(SUFFIX))
    return saved


def _check_whole(saved: SavedRoom, room: str) -> None:
    """What each field's type cannot say: the room is the file's, and its seats make one room."""
    if saved.format != FORMAT:
        raise Damaged(f"format {saved.format}, not {FORMAT}")
    if saved.room != room or not ROOM_NAME.fullmatch(room):
        raise Damaged("the room's name is not the file's")
    seats = saved.players
    for what, values in (("ids", [s.id for s in seats]), ("names", [s.name for s in seats]),
                         ("tokens", [s.token for s in seats])):  # fmt: skip
        if len(set(values)) != len(values):
            raise Damaged(f"two seats share their {what}")
    if any(not TOKEN.fullmatch(s.token) for s in seats):
        raise Damaged("a seat's token is not one this server makes")
    if any(s.level and s.level not in LEVELS for s in seats):
        raise Damaged("a bot of an unknown level")
    if sum(s.host for s in seats) > 1 or any(s.host and s.level for s in seats):
        raise Damaged("more than one host, or a bot as the host")
    if seats and saved.next_id <= max(s.id for s in seats):
        raise Damaged("next_id is not past every seat's id")
    names = [s.name for s in saved.scoreboard]
    if len(set(names)) != len(names) or (saved.champion and saved.champion not in names):
        raise Damaged("the scoreboard names a player twice, or a champion not on it")
    if saved.playing and saved.rounds < 1:
        raise Damaged("a round under way before the first")


def move_aside(path: Path) -> Path | None:
    """Rename a damaged file out of the way (kept for whoever wants to look at it); None if it cannot be."""
    aside = path.with_name(path.name + ASIDE)
    try:
        path.replace(aside)
    except OSError:
        return None
    return aside


def forget(folder: Path, room: str) -> None:
    """The room closed: its file goes."""
    with contextlib.suppress(OSError):
        path_of(folder, room).unlink(missing_ok=True)
