"""The lobby's heading: the room's name, and how friends join it (the address to type, a browser's link)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label

from boggle_tui.i18n import _


class RoomHeading(Vertical):
    DEFAULT_CSS = "RoomHeading { height: auto; }"

    def __init__(self, room: str, address: str, link: str) -> None:
        """`address`: what others type to join, or "" when it is not ours to tell; `link`: a browser link into the
        room, when this game is served by `boggle web`."""
        super().__init__()
        self.room, self.address, self.link = room, address, link

    def compose(self) -> ComposeResult:
        yield Label(Text(_("Room {room}").format(room=self.room)), id="lobby-title")
        if self.address:
            joining = _("Friends join with:  boggle join {address}").format(address=self.address)
            yield Label(Text(joining), id="lobby-address")
        if self.link:
            yield Label(Text(_("or in a browser:  {link}").format(link=self.link)), id="lobby-link")
