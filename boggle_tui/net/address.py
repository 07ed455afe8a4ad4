"""Where a room is: `HOST[:PORT][/ROOM]` as people type it, this machine's LAN address, a default name."""

from __future__ import annotations

import getpass
import socket
from urllib.parse import quote

# Where a room is, as text, is the game's rule (game/address.py): said here too, for the network's own code.
from boggle_tui.game.address import DEFAULT_PORT as DEFAULT_PORT
from boggle_tui.game.address import ROOM_NAME as ROOM_NAME
from boggle_tui.game.address import check_host as check_host
from boggle_tui.game.address import parse_address as parse_address
from boggle_tui.net.protocol import clean_name
from boggle_tui.net.reach import reach


def join_link(web_url: str, address: str) -> str:
    """The `boggle web` link that opens the browser game straight into a room (the visitor gives their name)."""
    return f"{web_url.rstrip('/')}/?join={quote(address, safe=':/')}"


def lan_address() -> str:
    """This machine's address on its network (no packet is sent), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def default_name() -> str:
    """The player's user name, cleaned, for a room; a game served to strangers runs as the server's user, which is
    no visitor's name (nor theirs to learn): "Player"."""
    if reach().served:
        return "Player"
    try:
        return clean_name(getpass.getuser()) or "Player"
    except (OSError, KeyError):
        return "Player"
