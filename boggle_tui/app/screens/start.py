"""The start screen: what to play. Enter on the defaults starts a 3-minute round at once."""

from __future__ import annotations

from dataclasses import dataclass, replace

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Grid, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Label, Select, Static

from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.dice import dice_set_names, load_dice_set
from boggle_tui.dictionary import shipped_dictionaries
from boggle_tui.game_settings import ROUND_LENGTHS, GameSettings, describe_seconds

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
    ("Rich board: the most words of 40 rolls", "rich"),
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

    def compose(self) -> ComposeResult:
        s = self.settings
        dictionaries = shipped_dictionaries()
        if s.dictionary not in dictionaries:
            dictionaries.append(s.dictionary)
        lengths = ROUND_LENGTHS if s.seconds in ROUND_LENGTHS else (*ROUND_LENGTHS, s.seconds)
        with Vertical(id="start"):
            yield Static(LOGO, id="logo")
            yield Label("Find words in the dice before the clock runs out.", id="tagline")
            with Grid(id="choices"):
                yield Label("Mode")
                yield Select(MODES, value=_mode_of(s), allow_blank=False, compact=True, id="mode")
                yield Label("Dice")
                yield Select(
                    [(_dice_label(key), key) for key in dice_set_names()],
                    value=s.dice,
                    allow_blank=False,
                    compact=True,
                    id="dice",
                )
                yield Label("Round length")
                yield Select(
                    [(describe_seconds(n), n) for n in lengths],
                    value=s.seconds,
                    allow_blank=False,
                    compact=True,
                    id="seconds",
                )
                yield Label("Word list")
                yield Select(
                    [(WORD_LISTS.get(name, name), name) for name in dictionaries],
                    value=s.dictionary,
                    allow_blank=False,
                    compact=True,
                    id="dictionary",
                )
                yield Label("Theme")
                yield Select(
                    [(name, name) for name in THEMES], value=self.app.theme, allow_blank=False, compact=True, id="theme"
                )
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
