"""The room's settings in the lobby: the line that describes them, and the host's choices.

Every player sees the choices; only the host's are enabled, and only the host's own pick is sent (as a
`RoomChoices.Picked`): a value set here from the room's lobby message, or one a Select reports from before the
choices last showed the room, is not a change. The dice and word lists offered are the room's language's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rich.text import Text
from textual import on
from textual._time import get_time
from textual.app import ComposeResult
from textual.containers import Grid
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Label, Select

from boggle_tui.app.widgets.choices import choices_width, dice_label, list_label, widen_to_fit
from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.dice import dice_set_names, load_dice_set
from boggle_tui.game.languages import shipped_lists
from boggle_tui.game.rules import CLOCKS, Scoring, describe_seconds
from boggle_tui.i18n import N_, _, number
from boggle_tui.net import messages as m

SCORINGS = [
    (N_("Shared words score 0 (the table rule)"), Scoring.UNIQUE.value),
    (N_("Every word scores"), Scoring.ALL.value),
    # Translators: a room's scoring: everyone plays together (its goal is set with boggle host --goal)
    (N_("Play together: one team, one goal"), Scoring.TEAM.value),
    # Translators: a room's scoring: two teams, dealt from four players up (F10 moves a player to the other)
    (N_("Two teams: the better one wins"), "teams"),
    # Translators: a room's scoring: two teams, and a word both teams found scores for neither
    (N_("Two teams: words both found score 0"), "teams:unique"),
]
TARGETS = (50, 100, 200)  # an evening's target points offered, besides none
GOALS = (25, 50, 100)  # a team's goals offered in points, besides the default share of the board's common words
FIELDS = ("dice", "seconds", "dictionary", "scoring", "target")


class SettingsLine(Label):
    """The room's settings described, whether it is closed to newcomers, and the evening's champion."""

    lobby: reactive[m.Lobby] = reactive(m.Lobby, always_update=True, init=False)

    def watch_lobby(self, lobby: m.Lobby) -> None:
        evening = _(" · champion of the evening: {player}").format(player=lobby.champion) if lobby.champion else ""
        closed = _(" · closed to newcomers") if lobby.locked else ""
        self.update(Text(f"{lobby.described()}{closed}{evening}"))  # the champion's name: literal, never markup


class RoomChoices(Grid):
    """A label and a Select for each setting, showing the room's; the host's pick posted as `Picked`."""

    lobby: reactive[m.Lobby] = reactive(m.Lobby, always_update=True, init=False)

    @dataclass
    class Picked(Message):
        """The host chose a setting: the room's settings with that one changed."""

        settings: m.Settings

    def __init__(self, lobby: m.Lobby, me: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.me = me
        self.set_reactive(RoomChoices.lobby, lobby)
        # A Select's change made before the last drawing is the drawing's, not the player's; and the Selects report
        # their first values here before the screen has drawn the room at all (None).
        self._drawn_at: float | None = None
        self.language = room_language(lobby)  # the choices offer this language's dice and word lists
        self.choices = self._choices()
        # A choice's label is plain text, or Text where it must never be read as markup (the host's own list).
        self._options: dict[str, list[tuple[str | Text, Any]]] = {
            field: list(options) for _, field, options in self.choices
        }

    def compose(self) -> ComposeResult:
        for label, field, _options in self.choices:
            yield Label(label)
            yield Select(self._options[field], allow_blank=False, compact=True, id=f"lobby-{field}")

    def _choices(self) -> list[tuple[str, str, list[tuple[str, Any]]]]:
        """(label, setting, its options), in the player's language: made when the screen is."""
        return [
            # Translators: a setting's label: the set of dice the board is rolled from.
            (_("Dice"), "dice", [(dice_label(key), key) for key in dice_set_names(self.language)]),
            (_("Round length"), "seconds", [(describe_seconds(n), n) for n in CLOCKS]),
            (_("Word list"), "dictionary", [(list_label(name), name) for name in shipped_lists(self.language)]),
            (_("Scoring"), "scoring", [(_(label), value) for label, value in SCORINGS] + _goals()),
            # Translators: a setting's label: the evening's target, first to so many points over its rounds.
            (_("Evening"), "target", [(_("None: play on"), None), *((_target(n), n) for n in TARGETS)]),
        ]

    @property
    def host(self) -> bool:
        return any(p.id == self.me and p.host for p in self.lobby.players)

    def fit(self) -> None:
        """The dialog the choices stand in as wide as their longest label and option (a Select cuts what does
        not fit)."""
        labels = [label for label, _field, _options in self.choices]
        options = [label for options in self._options.values() for label, _value in options]
        if isinstance(self.parent, Widget):
            widen_to_fit(self.parent, choices_width(labels, options))

    def watch_lobby(self, lobby: m.Lobby) -> None:
        self._speak_room_language(lobby)
        for field in FIELDS:
            self._show_choice(self.query_one(f"#lobby-{field}", Select), field, _shown(lobby.settings, field))
        self._drawn_at = get_time()  # the clock Textual stamps each message with (Message.time)

    def _speak_room_language(self, lobby: m.Lobby) -> None:
        """The dice and word lists offered are the room's language's: the host changed the room's dice to
        another language's, or the first lobby message told the room's settings."""
        language = room_language(lobby)
        if language == self.language:
            return
        self.language = language
        self.choices = self._choices()
        for _label, field, options in self.choices:
            if field in ("dice", "dictionary"):
                self._options[field] = list(options)
                select = self.query_one(f"#lobby-{field}", Select)
                with select.prevent(Select.Changed):
                    select.set_options(options)
        self.fit()

    def _show_choice(self, select: Select[Any], field: str, value: Any) -> None:
        with select.prevent(Select.Changed):
            options = self._options[field]
            if field in ("seconds", "target") and isinstance(value, int) and value not in {v for _, v in options}:
                label = describe_seconds(value) if field == "seconds" else _target(value)
                self._options[field] = sorted([*options, (label, value)], key=_ordered)
                select.set_options(self._options[field])
            if field == "scoring" and str(value).startswith("team:") and value not in {v for _, v in options}:
                self._options[field] = [*options, (_goal(int(str(value)[5:])), value)]  # a goal set with --goal
                select.set_options(self._options[field])
            if field == "dictionary" and isinstance(value, str) and value and value not in {v for _, v in options}:
                self._options[field] = [*options, (Text(value), value)]  # the host's own list: literal text
                select.set_options(self._options[field])
            if value in {v for _, v in self._options[field]}:
                select.value = value
        select.disabled = not self.host

    @on(Select.Changed)
    def setting_changed(self, event: Select.Changed) -> None:
        field = (event.select.id or "").removeprefix("lobby-")
        settings = self.lobby.settings
        value = event.value
        if not isinstance(value, str | int):  # no setting is blank (allow_blank=False)
            return
        if self._drawn_at is None or event.time <= self._drawn_at:
            return
        if not self.host or _shown(settings, field) == value:
            return
        changed: dict[str, Any] = {field: value}
        if field == "scoring" and str(value).startswith("teams"):  # two teams, each with the default goal
            between = Scoring.UNIQUE.value if value == "teams:unique" else Scoring.ALL.value
            changed = {"scoring": Scoring.TEAM.value, "goal": None, "teams": 2, "between": between}
        elif field == "scoring":  # a team's goal is chosen with its scoring: `team:50`
            scoring, _colon, goal = str(value).partition(":")
            changed = {"scoring": scoring, "goal": int(goal) if goal else None, "teams": 1}
        self.post_message(self.Picked(replace(settings, **changed)))
        self.screen.set_focus(None)  # Enter means ready again, not "open this setting"


def room_language(lobby: m.Lobby) -> str:
    """The language the room plays: its dice's (English until the room's settings are known)."""
    dice = lobby.settings.dice
    return load_dice_set(dice).language if dice in dice_set_names(None) else DEFAULT_LANGUAGE


def _ordered(option: tuple[str | Text, Any]) -> int:
    """Options by value, "none" first."""
    return option[1] or 0


def _shown(settings: m.Settings, field: str) -> Any:
    """A setting's value as its choice holds it: a team's scoring with its goal (`team:50`), else the field's own."""
    value = getattr(settings, field)
    if field == "scoring" and value == Scoring.TEAM.value and settings.teams == 2:
        return "teams:unique" if settings.between == Scoring.UNIQUE.value else "teams"
    if field == "scoring" and value == Scoring.TEAM.value and settings.goal is not None:
        return f"{value}:{settings.goal}"
    return value


def _goals() -> list[tuple[str, Any]]:
    """Playing together with a goal in points: `team:50`, as the scoring choice holds it."""
    return [(_goal(n), f"{Scoring.TEAM.value}:{n}") for n in GOALS]


def _goal(points: int) -> str:
    """A team's goal as the scoring choice names it."""
    # Translators: a room's scoring: everyone plays together, aiming at so many points a round
    return _("Play together: goal {points} points").format(points=number(points))


def _target(points: int) -> str:
    """An evening's target as the choice names it: `First to 100`."""
    return _("First to {points}").format(points=number(points))
