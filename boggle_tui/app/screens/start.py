"""The start screen: what to play. Enter on the defaults starts a 3-minute round at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Label, Select, Static

from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.themes import THEME_CHOICES
from boggle_tui.app.widgets.choices import dice_label, list_label
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.engine.dice import dice_set_names, load_dice_set
from boggle_tui.game.daily import daily_dice
from boggle_tui.game.daily_table import streak_line
from boggle_tui.game.deal import RICH_TRIES
from boggle_tui.game.languages import languages, shipped_lists
from boggle_tui.game.preferences import ROUND_LENGTHS, Preferences, in_language
from boggle_tui.game.request import Mode
from boggle_tui.game.rules import describe_seconds
from boggle_tui.i18n import N_, _, number, use_language

LOGO = """\
╔═╗ ╔═╗ ╔═╗ ╔═╗ ╦   ╔═╗
╠╩╗ ║ ║ ║ ╦ ║ ╦ ║   ║╣
╚═╝ ╚═╝ ╚═╝ ╚═╝ ╩═╝ ╚═╝"""

MODES = [
    (N_("Timed round"), Mode.TIMED),
    (N_("Practice: no clock, hints"), Mode.PRACTICE),
    (N_("Today's board: the same for everyone"), Mode.DAILY),
    (N_("Rich board: the most words of {rolls} rolls"), Mode.RICH),
]
NARROW = 60  # columns: below this the buttons stand one under another (a phone held upright has ~40)
SHORT = 28  # rows: below this the choices close up, so that the buttons stay in view (a phone on its side has ~20)
BUTTONS = {"go": N_("Play"), "friends-button": N_("Play with friends"), "table-button": N_("Play against the table")}
TAGLINES = {
    Mode.TIMED: N_("Find words in the dice before the clock runs out."),
    Mode.PRACTICE: N_("No clock: take your time, and ask for hints."),
    Mode.DAILY: N_("Today's board, on the {dice} dice, 3 minutes: the same for everyone."),
    Mode.RICH: N_("A board with many words, before the clock runs out."),
}


def _tagline(mode: Mode, language: str) -> str:
    return _(TAGLINES[mode]).format(dice=load_dice_set(daily_dice(language)).label)


class StartScreen(TranslatedScreen[None]):
    BINDINGS = [
        Binding("f1", "help", N_("Help"), id="help", tooltip=N_("this help")),
        Binding("f2", "app.stats", N_("Statistics"), id="stats", tooltip=N_("your statistics")),
        Binding("f3", "study", N_("Study"), id="study", tooltip=N_("study the words you missed")),
        Binding("f4", "app.friends", N_("Friends"), id="friends", tooltip=N_("play with friends: host or join a room")),
        # Translators: the footer's short name of the key that shows today's table on the player's daily server
        Binding(
            "f6", "app.day_table", N_("Table"), id="start-day-table", tooltip=N_("today's table on your daily server")
        ),
    ]

    cards_due: reactive[int] = reactive(0, init=False)

    @dataclass
    class Play(Message):
        preferences: Preferences

    @dataclass
    class Study(Message):
        """Study the cards of the word list chosen."""

        preferences: Preferences

    def __init__(
        self,
        preferences: Preferences,
        due_on: Callable[[str], int] = lambda _: 0,
        streak_on: Callable[[str], tuple[int, int, int]] = lambda _: (0, 0, 0),
        *,
        settle: float = 0.0,
        today_on: Callable[[str], str] = lambda _: "",
    ) -> None:
        """`due_on` counts the study cards due today on a word list; `streak_on` gives a language's daily
        streaks (days in a row played, days in a row beating the player's average); `settle`: seconds before Play
        takes the focus, the keys typed until then going nowhere (the screen came in place of a room that was
        lost, whose keys may still be coming: an Enter for the lobby is not Play); `today_on` says, in a language,
        how today's board went where it is played already (its score, when the next comes), else nothing."""
        super().__init__()
        self.settle = settle
        self.preferences = preferences
        self.due_on = due_on
        self.streak_on = streak_on
        self.today_on = today_on
        self.set_reactive(StartScreen.cards_due, due_on(preferences.dictionary))

    def _settled(self) -> None:
        late_keys = getattr(self.app, "late_keys", None)
        if late_keys is not None:
            late_keys.forget()  # what came meanwhile was for the room
        if self.app.focused is None:
            self.query_one("#go", Button).focus()

    def _choices(self) -> list[tuple[str, str, list[tuple[str, Any]], Any]]:
        """Each choice as (label, Select id, options, current value)."""
        p = self.preferences
        dictionaries = self._lists()
        lengths = ROUND_LENGTHS if p.seconds in ROUND_LENGTHS else (*ROUND_LENGTHS, p.seconds)
        themes = THEME_CHOICES if p.theme in THEME_CHOICES else [*THEME_CHOICES, p.theme]
        return [
            (_("Language"), "language", [(language.own_name, language.code) for language in languages()], p.language),
            (_("Mode"), "mode", [(_(label).format(rolls=RICH_TRIES), mode) for label, mode in MODES], p.mode),
            (_("Dice"), "dice", self._dice_options(), p.dice),
            (_("Round length"), "seconds", [(describe_seconds(n), n or 0) for n in lengths], p.seconds or 0),
            (_("Word list"), "dictionary", self._list_options(dictionaries), p.dictionary),
            (_("Theme"), "theme", [(name, name) for name in themes], p.theme),
        ]

    def _lists(self) -> list[str]:
        """The language's shipped lists, and the remembered one if it is a file of the player's."""
        lists = shipped_lists(self.preferences.language)
        if self.preferences.dictionary not in lists:
            lists.append(self.preferences.dictionary)
        return lists

    def _dice_options(self) -> list[tuple[str, str]]:
        return [(dice_label(key), key) for key in dice_set_names(self.preferences.language)]

    @staticmethod
    def _list_options(lists: list[str]) -> list[tuple[str, str]]:
        return [(list_label(n), n) for n in lists]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="start", can_focus=False):  # scrolls where a phone's keyboard leaves too few rows
            yield Static(LOGO, id="logo")
            yield Label(_tagline(self.preferences.mode, self.preferences.language), id="tagline")
            yield Label("", id="streak")
            with Grid(id="choices"):
                for label, field, options, value in self._choices():
                    yield Label(label, id=f"{field}-label")
                    yield Select(options, value=value, allow_blank=False, compact=True, id=field)
            with Horizontal(id="start-buttons"):
                yield Button(_button_text("go"), variant="success", id="go")
                yield Button(_study_label(self.cards_due), id="study-button")
                yield Button(_button_text("friends-button"), id="friends-button")
            with Horizontal(id="start-buttons-table"):
                yield Button(_button_text("table-button"), id="table-button")
        yield Footer()

    def on_mount(self) -> None:
        if self.settle:
            self.set_timer(self.settle, self._settled)
        else:
            self.query_one("#go", Button).focus()
        self._show_mode()
        self._show_streak()
        self.set_interval(30, self._show_mode)  # the wait for the next board, kept to the minute

    def on_resize(self) -> None:
        self.set_class(self.size.width < NARROW, "-narrow")  # a phone held upright: the buttons one under another
        self.set_class(self.size.height < SHORT, "-short")  # a phone on its side: no blank lines between choices

    @on(Select.Changed)
    def choice_changed(self, event: Select.Changed) -> None:
        field, value = event.select.id, event.value
        language = self.preferences.language
        if field == "theme":
            self.app.theme = str(value)  # shown at once
        chosen: Any = value or None if field == "seconds" else value  # 0 stands for no clock in the list
        if field is not None:
            self.preferences = replace(self.preferences, **{field: chosen})
        if field == "mode":
            self._show_mode()
        if field == "language" and isinstance(value, str) and value != language:  # its dice and list come with it
            self.preferences = replace(in_language(self.preferences, value), language_chosen=True)  # remembered
            self.count_due()
            self.speak(value)
        elif field == "dictionary":
            self.count_due()

    def speak(self, language: str) -> None:
        """Show the screen in `language`, whose dice and word list are already chosen.

        Every text is changed in place, not composed again: the language's own Select is still handling
        its change, and removing it then would leave Textual's pending updates of it nowhere to go."""
        use_language(language)
        for label, field, options, value in self._choices():
            self.query_one(f"#{field}-label", Label).update(label)
            if field != "language":  # its options are each language's own name, in every language
                self._offer(self.query_one(f"#{field}", Select), options, value)
        for button in BUTTONS:
            relabel(self.query_one(f"#{button}", Button), _button_text(button))
        self.watch_cards_due(self.cards_due)
        self._show_mode()
        self._show_streak()
        self.refresh_bindings()  # the footer describes the keys again, in the language

    @staticmethod
    def _offer(select: Select[Any], options: list[tuple[str, Any]], value: Any) -> None:
        """New options, `value` chosen and shown: set to blank first without a watcher, so that the choice is
        drawn again even when `value` is the one set_options picked (the first), with its new words."""
        with select.prevent(Select.Changed):
            select.set_options(options)
            select.set_reactive(Select.value, Select.BLANK)  # type: ignore[misc]  # Select is generic; its reactive is one
            select.value = value

    def _show_mode(self) -> None:
        """Choices the mode decides for itself are shown disabled: the daily board's dice and length."""
        mode = self.preferences.mode
        played = self.today_on(self.preferences.language) if mode is Mode.DAILY else ""
        self.query_one("#tagline", Label).update(played or _tagline(mode, self.preferences.language))
        self.query_one("#dice", Select).disabled = mode is Mode.DAILY
        self.query_one("#seconds", Select).disabled = mode in (Mode.DAILY, Mode.PRACTICE)

    def _show_streak(self) -> None:
        """The language's daily streak under the tagline; no line at all with none."""
        line = streak_line(*self.streak_on(self.preferences.language))
        self.query_one("#streak", Label).update(line)
        self.set_class(bool(line), "-streak")

    @on(Button.Pressed, "#go")
    def play(self) -> None:
        self.post_message(self.Play(self.preferences))

    @dataclass
    class Table(Message):
        """Play against computer opponents, with the choices made here (dice, length, word list)."""

        preferences: Preferences

    @on(Button.Pressed, "#table-button")
    def table(self) -> None:
        self.post_message(self.Table(self.preferences))

    @on(Button.Pressed, "#friends-button")
    async def friends(self) -> None:
        await self.run_action("app.friends")

    @on(Button.Pressed, "#study-button")
    def action_study(self) -> None:
        self.post_message(self.Study(self.preferences))

    def count_due(self) -> None:
        self.cards_due = self.due_on(self.preferences.dictionary)

    def watch_cards_due(self, due: int) -> None:
        relabel(self.query_one("#study-button", Button), _study_label(due))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())


def _button_text(button: str) -> str:
    text = BUTTONS[button]  # marked where it is written (a key inside `_()` would be read as a message)
    return _(text)


def relabel(button: Button, label: str) -> None:
    """A button's new words, and its width made theirs (Textual's label does not lay the button out again)."""
    button.label = label
    button.refresh(layout=True)


def _study_label(due: int) -> str:
    return _("Study ({due} due)").format(due=number(due))


class SettlingStartScreen(StartScreen):
    """The start screen in place of a room that was lost (`settle` > 0): nothing has the focus until it has
    settled, then Play takes it."""

    AUTO_FOCUS = ""
