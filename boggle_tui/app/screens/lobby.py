"""An online room's lobby: who is here and ready, the room's settings, the address to join with.

Enter toggles ready; the round starts 3 seconds after everyone is. Only the host changes the
settings. Names come from strangers: they are shown as plain text, never as markup.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Label, Select, Static

from boggle_tui.engine.dice import dice_set_names, load_dice_set
from boggle_tui.engine.dictionary import shipped_dictionaries
from boggle_tui.game.preferences import describe_seconds
from boggle_tui.game.request import ROUND_SECONDS
from boggle_tui.net.protocol import Scoring

LOBBY_SECONDS = (60, 120, 180, 240, 300)
SCORINGS = [("Shared words score 0 (the table rule)", Scoring.UNIQUE.value), ("Every word scores", Scoring.ALL.value)]


def _second(option: tuple[str, Any]) -> Any:
    return option[1]


class LobbyScreen(Screen[None]):
    AUTO_FOCUS = None  # Enter is "ready" until the host tabs into a setting
    BINDINGS = [
        Binding("enter,r", "ready", "Ready / not ready", id="lobby-ready", tooltip="online: ready, or not ready"),
        Binding("escape", "leave", "Leave", id="lobby-leave", tooltip="online: leave the room"),
    ]

    @dataclass
    class Ready(Message):
        ready: bool

    @dataclass
    class Settings(Message):
        settings: dict[str, Any]

    @dataclass
    class Leave(Message):
        pass

    def __init__(self, room: str, me: int, address: str, lobby: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.room = room
        self.me = me
        self.address = address  # what others type to join, or "" when it is not ours to tell
        self.lobby: dict[str, Any] = lobby or {}
        self.countdown: float | None = None
        self._drawn = False
        self.choices = self._choices()
        self._options = {field: options for _, field, options in self.choices}

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Label(f"Room {self.room}", id="lobby-title")
            if self.address:
                yield Label(f"Friends join with:  boggle join {self.address}", id="lobby-address")
            yield Static("", id="lobby-players")
            yield Label("", id="lobby-settings")
            with Grid(id="lobby-choices"):
                for label, field, _ in self.choices:
                    yield Label(label)
                    yield Select(self._options[field], allow_blank=False, compact=True, id=f"lobby-{field}")
            yield Label("", id="lobby-status")
        yield Footer()

    def _choices(self) -> list[tuple[str, str, list[tuple[str, Any]]]]:
        return [
            ("Dice", "dice", [(load_dice_set(k).name, k) for k in dice_set_names()]),
            ("Round length", "seconds", [(describe_seconds(n), n) for n in LOBBY_SECONDS if n in ROUND_SECONDS]),
            ("Word list", "dictionary", [(n, n) for n in shipped_dictionaries()]),
            ("Scoring", "scoring", SCORINGS),
        ]

    def on_mount(self) -> None:
        self._drawn = True  # `is_mounted` is not yet true while on_mount runs
        self.show_lobby(self.lobby)
        self.call_after_refresh(self.set_focus, None)  # Enter means ready until the host tabs into a setting

    @property
    def host(self) -> bool:
        return any(p.get("id") == self.me and p.get("host") for p in self.lobby.get("players", []))

    @property
    def ready(self) -> bool:
        return any(p.get("id") == self.me and p.get("ready") for p in self.lobby.get("players", []))

    def on_unmount(self) -> None:
        self._drawn = False  # replaced by the round: later lobby messages are only kept

    def show_lobby(self, lobby: dict[str, Any]) -> None:
        self.lobby = lobby
        if not self._drawn:
            return
        try:
            self._draw(lobby)
        except NoMatches:  # the screen is being taken down for the round: the lobby is kept for later
            self._drawn = False

    def _draw(self, lobby: dict[str, Any]) -> None:
        table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
        for heading in ("player", "ready", ""):
            table.add_column(heading)
        for p in lobby.get("players", []):
            name = Text(str(p.get("name", "")), style="bold" if p.get("id") == self.me else "")  # literal, never markup
            ready = "✓ ready" if p.get("ready") else "· not yet"
            notes = ", ".join(n for n, on_ in (("host", p.get("host")), ("you", p.get("id") == self.me)) if on_)
            table.add_row(name, ready, notes + ("" if p.get("connected", True) else " (away)"))
        self.query_one("#lobby-players", Static).update(table)
        self.query_one("#lobby-settings", Label).update(Text(str(lobby.get("description", ""))))
        settings = lobby.get("settings", {})
        for field in ("dice", "seconds", "dictionary", "scoring"):
            select = self.query_one(f"#lobby-{field}", Select)
            value = settings.get(field)
            with select.prevent(Select.Changed):
                if field == "seconds" and isinstance(value, int) and value not in {v for _, v in self._options[field]}:
                    self._options[field] = sorted(
                        [*self._options[field], (describe_seconds(value), value)], key=_second
                    )
                    select.set_options(self._options[field])
                if value in {v for _, v in self._options[field]}:
                    select.value = value
            select.disabled = not self.host
        self._show_status()

    def show_countdown(self, seconds: float | None) -> None:
        self.countdown = seconds
        if self._drawn:
            with contextlib.suppress(NoMatches):  # the screen may be on its way out for the round
                self._show_status()

    def _show_status(self) -> None:
        if self.countdown is not None:
            status = f"Everyone is ready: the board comes in {self.countdown:.0f} seconds."
        elif self.ready:
            status = "You are ready. Waiting for the others… (Enter: not ready)"
        else:
            host = "  You are the host: Tab to the settings." if self.host else ""
            status = f"Press Enter (or r) when you are ready.{host}"
        self.query_one("#lobby-status", Label).update(status)

    @on(Select.Changed)
    def setting_changed(self, event: Select.Changed) -> None:
        field = (event.select.id or "").removeprefix("lobby-")
        settings = dict(self.lobby.get("settings", {}))
        # Only the host's own choice is sent: a value set from the server's lobby message is not a change.
        if self.host and event.select.has_focus and settings.get(field) != event.value:
            settings[field] = event.value
            self.post_message(self.Settings(settings))

    def action_ready(self) -> None:
        self.post_message(self.Ready(not self.ready))

    def action_leave(self) -> None:
        self.post_message(self.Leave())
