"""Where a room is, as people type it: `HOST[:PORT][/ROOM]`, checked as text before any socket sees it. A plain rule
of the game's (no socket here), so that what is remembered of a server (storage/) needs nothing of the network."""

from __future__ import annotations

import contextlib
import ipaddress
import re

from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.i18n import _

MAX_ROOM = 40  # characters of a room's name
DEFAULT_PORT = 8765
ROOM_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
_ADDRESS = re.compile(r"(?:wss?://)?(?P<host>\[[^\]]+\]|[^:/\s]+)(?::(?P<port>\d{1,5}))?(?:/(?P<room>[^/\s]*))?/?")


def parse_address(text: str) -> tuple[str, int, str]:
    """`HOST[:PORT][/ROOM]` as (host, port, room); a BoggleError says what is wrong."""
    match = _ADDRESS.fullmatch(text.strip())
    if not match:
        raise BoggleError(
            _("{address} is not an address like 192.168.1.5:8765/ROOM").format(address=repr(cut_short(text, 60)))
        )
    port = int(match["port"] or DEFAULT_PORT)
    if not 1 <= port <= 65535:
        raise BoggleError(_("port {port} is not between 1 and 65535").format(port=port))
    room = match["room"] or ""
    if room and not ROOM_NAME.fullmatch(room):
        raise BoggleError(_("a room name is 1 to {most} letters, digits, - or _").format(most=MAX_ROOM))
    return check_host(match["host"]), port, room


MAX_HOST = 253  # the longest name DNS carries
MAX_LABEL = 63  # the longest part between dots


def check_host(text: str) -> str:
    """A host to listen on or connect to, as given: an IP address or a name the resolver can take.

    Checked before any socket sees it: the resolver's IDNA step raises UnicodeError (no message for a
    person) on a part longer than 63 characters, and a name of thousands of letters is no host at all.
    """
    shown = cut_short(text, 40)
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(bare)
        return text
    why = _why_not_a_name(text)
    if why:
        raise BoggleError(_("{host} is not a host name or an address: {why}").format(host=repr(shown), why=why))
    return text


def _why_not_a_name(name: str) -> str | None:
    if not name:
        return _("it is empty")
    if len(name) > MAX_HOST:
        return _("a host name is at most {most} characters").format(most=MAX_HOST)
    if not name.isprintable() or any(char.isspace() or char in "/[]@" for char in name):
        return _("it holds a space or a character no host name has")
    if any(len(label) > MAX_LABEL for label in name.rstrip(".").split(".")):
        return _("a part of a host name is at most {most} characters").format(most=MAX_LABEL)
    if name.rstrip(".").rpartition(".")[2].isdigit():  # 999.1.1.1: no top-level name is a number (RFC 3696)
        return _("it is no IP address, and a host name does not end in a number")
    try:
        name.encode("idna")
    except UnicodeError:
        return _("it is not a name the resolver can look up")
    return None
