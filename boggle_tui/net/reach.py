"""What a game may do on the network: anything, on the player's own machine; when it is served to strangers
(`boggle ssh-server`, `boggle web` on a public address), only join rooms on the servers its operator named.

A served game never listens (no room hosted here, none opened to a network) and never connects anywhere but a
named server: a visitor must not be able to leave servers running on the host, nor use it to probe the host's
network. The serving command says so in the game's environment (REACH_VARIABLE, set by the server, never taken
from a visitor: ssh passes only a terminal type and a language through, the page nothing). The rule is checked
where a socket is made (net/client.py connects, net/server.py and net/hosting.py listen), so a screen that forgot
to hide a button still cannot open anything; the screens hide what cannot work as well.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from boggle_tui.i18n import _

REACH_VARIABLE = "BOGGLE_SERVED_ROOMS"  # set for a served game: the servers it may join, "HOST:PORT" by spaces


@dataclass(frozen=True)
class Reach:
    """The servers a game may join: None for any (a game on the player's own machine, which may also host)."""

    named: tuple[str, ...] | None = None  # "host:port", the host in lower case

    @property
    def served(self) -> bool:
        """Served to strangers: it hosts nothing and joins only the named servers."""
        return self.named is not None

    def allows(self, url: str) -> bool:
        """May this game connect to `url` (ws://HOST:PORT, any path)?"""
        return self.named is None or _key(url) in self.named

    def check_connect(self, url: str) -> None:
        """A NotReachable unless this game may connect to `url`."""
        if not self.allows(url):
            raise NotReachable(refusal_to_join(self))

    def check_listen(self) -> None:
        """A NotReachable unless this game may listen (host a room)."""
        if self.served:
            raise NotReachable(_("a game served to visitors cannot host a room: join one on the server's own rooms"))


class NotReachable(OSError):
    """The game may not open this connection or listener (an OSError: every caller already says one calmly)."""


def served(servers: Iterable[str]) -> Reach:
    """The reach of a game served to strangers that may join rooms on `servers` ("HOST:PORT" each)."""
    return Reach(tuple(_key(f"ws://{server}") for server in servers))


def reach(environ: Mapping[str, str] | None = None) -> Reach:
    """This game's reach, as its environment says (no variable: the player's own game, which reaches anywhere)."""
    value = (os.environ if environ is None else environ).get(REACH_VARIABLE)
    return Reach() if value is None else Reach(tuple(value.split()))


def environment(reach: Reach) -> dict[str, str]:
    """The variable that hands `reach` to a served game (nothing for an unrestricted one)."""
    return {} if reach.named is None else {REACH_VARIABLE: " ".join(reach.named)}


def refusal_to_join(reach: Reach) -> str:
    if not reach.named:
        return _("this game is served to visitors and joins no rooms: install boggle-tui to play with friends")
    return _("this game joins rooms only on {servers}").format(servers=", ".join(reach.named))


def _key(url: str) -> str:
    """`host:port` of a ws:// URL, the host in lower case (an IPv6 address in brackets); "" for no URL at all."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return ""
    host = (parts.hostname or "").lower()
    if not host or port is None:
        return ""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
