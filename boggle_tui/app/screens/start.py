"""The start screen: what to play. Enter on the defaults starts a 3-minute round at once."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Grid, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Label, Select, Static

from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.engine.dice import dice_set_names, load_dice_set
from boggle_tui.engine.dictionary import shipped_dictionaries
from boggle_tui.game.deal import RICH_TRIES
from boggle_tui.game.preferences import ROUND_LENGTHS, GameSettings, describe_seconds

LOGO = """\
╔═╗ ╔═╗ ╔═╗ ╔═╗ ╦   ╔═╗
╠╩╗ ║ ║ ║ ╦ ║ ╦ ║   ║╣
╚═╝ ╚═╝ ╚═╝ ╚═╝ ╩═╝ ╚═╝"""


WORD_LISTS = {
    "enable1": "ENABLE: every playable word (172,000)",
    "popular": "Popular: common words only (25,000)",
}


MODES = [
    ("Timed round", "timed"),
    ("Practice: no clock, hints", "practice"),
    ("Today's board: the same for everyone", "daily"),
    (f"Rich board: the most words of {RICH_TRIES} rolls", "rich"),
]
THEMES = ["textual-dark", "textual-light", "nord", "gruvbox", "dracula", "tokyo-night", "catppuccin-mocha"]


def _mode_of(settings: GameSettings) -> str:
    return "daily" if settings.daily else "practice" if settings.practice else "rich" if settings.rich else "timed"


class StartScreen(Screen[None]):
    BINDINGS = [Binding("f1", "help", "Help"), Binding("f2", "app.stats", "Statistics")]

    @dataclass
    class Play(Message):
        settings: GameSettings

    def __init__(self, settings: GameSettings) -> None:
        super().__init__()
        self.settings = settings

    def _choices(self) -> list[tuple[str, str, list[tuple[str, Any]], Any]]:
        """Each choice as (label, Select id, options, current value)."""
        s = self.settings
        dictionaries = shipped_dictionaries()
        if s.dictionary not in dictionaries:
            dictionaries.append(s.dictionary)
        lengths = ROUND_LENGTHS if s.seconds in ROUND_LENGTHS else (*ROUND_LENGTHS, s.seconds)
        return [
            ("Mode", "mode", MODES, _mode_of(s)),
            ("Dice", "dice", [(_dice_label(key), key) for key in dice_set_names()], s.dice),
            ("Round length", "seconds", [(describe_seconds(n), n) for n in lengths], s.seconds),
            ("Word list", "dictionary", [(WORD_LISTS.get(n, n), n) for n in dictionaries], s.dictionary),
            ("Theme", "theme", [(name, name) for name in THEMES], self.app.theme),
        ]

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            yield Static(LOGO, id="logo")
            yield Label("Find words in the dice before the clock runs out.", id="tagline")
            with Grid(id="choices"):
                for label, field, options, value in self._choices():
                    yield Label(label)
                    yield Select(options, value=value, allow_blank=False, compact=True, id=field)
            with Center():
                yield Button("Play", variant="success", id="go")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#go", Button).focus()

    @on(Select.Changed)
    def choice_changed(self, event: Select.Changed) -> None:
        field, value = event.select.id, event.value
        if field == "theme":
            self.app.theme = str(value)  # shown at once
        elif field == "mode":
            self.settings = replace(
                self.settings, practice=value == "practice", daily=value == "daily", rich=value == "rich"
            )
        elif field is not None:
            self.settings = replace(self.settings, **{field: value})

    @on(Button.Pressed, "#go")
    def play(self) -> None:
        self.post_message(self.Play(self.settings))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())


def _dice_label(key: str) -> str:
    dice = load_dice_set(key)
    return f"{dice.name}, {dice.height}x{dice.width}"
