"""Play with friends: host a room here, or join one by its address. A game served to strangers (net/reach.py)
hosts nothing and joins only rooms on the servers its operator named: the screen offers just that."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label

from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.app.widgets.toggle import WrappingCheckbox
from boggle_tui.i18n import N_, _
from boggle_tui.net.protocol import MAX_NAME
from boggle_tui.net.reach import Reach, refusal_to_join


@dataclass(frozen=True)
class FriendsChoice:
    name: str
    join: str | None  # an address to join; None: host a room here
    open_to_network: bool = False


class FriendsScreen(TranslatedModalScreen[FriendsChoice | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="friends-cancel")]

    def __init__(self, name: str, address: str = "", reach: Reach | None = None) -> None:
        """`address`: a room to join, filled in (a link into a room): the player gives their name and joins.
        `reach`: what this game may do on the network (a served game: join the named servers' rooms only)."""
        super().__init__()
        self.player_name = name
        self.address = address
        self.reach = reach or Reach()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="friends", can_focus=False):  # scrolls where a phone's keyboard leaves too few rows
            yield Label(_("Play with friends"), id="friends-title")
            yield Label(_("Your name"))
            yield Input(self.player_name, max_length=MAX_NAME, id="friends-name")
            named = self.reach.named
            if named is None:
                yield WrappingCheckbox(_("Open my room to my network (others on the LAN can join)"), id="friends-open")
                yield Button(_("Host a room here"), variant="success", id="friends-host")
                # Translators: HOST:PORT/ROOM is the form of an address to type; translate its words if you like.
                yield Label(_("or join a room: HOST:PORT/ROOM"), id="friends-or")
                # Translators: an example of a room's address; "friends" is the room's name, yours to translate.
                example = _("192.168.1.5:8765/friends")
            elif named:
                # Translators: {servers} are the servers this game may join, HOST:PORT each, by commas.
                yield Label(_("Join a room on {servers}: HOST:PORT/ROOM").format(servers=", ".join(named)),
                            id="friends-or")  # fmt: skip
                example = f"{named[0]}/" + _("192.168.1.5:8765/friends").rpartition("/")[2]
            else:
                yield Label(refusal_to_join(self.reach), id="friends-or")
            if named is None or named:
                with Horizontal(id="friends-join-row"):
                    yield Input(self.address, placeholder=example, max_length=200, id="friends-address")
                    yield Button(_("Join"), variant="primary", id="friends-join")
            yield Label("", id="friends-error")

    def on_mount(self) -> None:
        if self.address:  # invited to a room: the name is all that is asked
            self.query_one("#friends-title", Label).update(_("Join the room {address}").format(address=self.address))
            name = self.query_one("#friends-name", Input)
            name.focus()
            name.action_select_all()

    @on(Input.Submitted, "#friends-name")
    def name_given(self) -> None:
        if self.address:
            self.join()

    @on(Button.Pressed, "#friends-host")
    def host(self) -> None:
        if self.reach.served:
            return
        self.dismiss(FriendsChoice(self._chosen_name(), None, self.query_one("#friends-open", WrappingCheckbox).value))

    @on(Button.Pressed, "#friends-join")
    @on(Input.Submitted, "#friends-address")
    def join(self) -> None:
        if self.reach.named == ():
            return
        address = self.query_one("#friends-address", Input).value.strip()
        if not address:
            self.query_one("#friends-error", Label).update(_("✗ Type the address your friend's lobby shows."))
            return
        self.dismiss(FriendsChoice(self._chosen_name(), address))

    def _chosen_name(self) -> str:
        return self.query_one("#friends-name", Input).value

    def action_cancel(self) -> None:
        self.dismiss(None)
