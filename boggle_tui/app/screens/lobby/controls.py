"""The lobby's controls besides its keys: the host's keys named in a line of their own (the footer has no room
for them), the keys as touch buttons for a phone, and the host's pick of a player (to remove, or to hand the
role to)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from boggle_tui.app.keys import find_binding, short_key_for
from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.app.widgets.phrases import Phrases
from boggle_tui.app.widgets.touch import Touch
from boggle_tui.i18n import N_, _
from boggle_tui.net import messages as m

HOST_KEYS = (
    "lobby-start",
    "lobby-remove",
    "lobby-promote",
    "lobby-lock",
    "lobby-bot",
    "lobby-side",
)  # shown to the host alone

# The lobby's keys as buttons, for a phone (widgets/touch.py): the host's among them while this player hosts.
TOUCHES = (
    # Translators: a touch button in a room's lobby: ready for the next round, or not ready any more.
    Touch(N_("Ready"), "ready"),
    Touch(N_("Chat"), "talk"),
    Touch(N_("Watch"), "watch"),  # while a round is on: F3 is far from a phone's keyboard
    Touch(N_("Leave"), "leave"),
    Touch(N_("Start now"), "host", ("start",)),
    Touch(N_("Remove"), "pick", ("remove",)),
    Touch(N_("Hand on"), "pick", ("promote",)),
    Touch(N_("Lock"), "lock"),
    Touch(N_("Add a bot"), "bot"),
)


class HostKeys(Static):
    """`F5 Start now · F6 Remove · …`, shown while this player hosts: the keys in force (a player's keymap
    remaps them) and their bindings' names, read from the screen's bindings by id."""

    host: reactive[bool] = reactive(False, always_update=True, init=False)

    def watch_host(self, host: bool) -> None:
        self.display = host
        if host:
            self.update(Phrases.of(*(self._named(key) for key in HOST_KEYS)))

    def _named(self, binding_id: str) -> Text:
        """`F5 Start now`: the first key in force, then the binding's name."""
        description = _(find_binding(self.screen, binding_id).description)
        return Text.assemble((short_key_for(self.app, self.screen, binding_id), "bold"), " ", description)


class PickPlayerScreen(TranslatedModalScreen[int | None]):
    """Which player the host means (to remove, or to hand the role to)."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="pick-cancel")]

    def __init__(self, question: str, players: list[m.Seat]) -> None:
        super().__init__()
        self.question, self.players = question, players

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-player"):
            yield Label(self.question)
            yield OptionList(*(Option(Text(p.name), id=str(p.id)) for p in self.players), id="pick-list")

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)
