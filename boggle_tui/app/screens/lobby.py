"""An online room's lobby: who is here and ready, the evening's scoreboard, the settings, chat, the address.

Enter toggles ready; the round starts 3 seconds after everyone is. Only the host changes the
settings and has the host's controls (start anyway, remove a player, hand the role on, close
the room to newcomers). Everything shown here comes from strangers: names, chat lines and the
room's description are shown as plain text, never as markup.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from dataclasses import dataclass, replace
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from boggle_tui.app.keys import find_binding, short_key_for
from boggle_tui.app.screens.translated import TranslatedModalScreen, TranslatedScreen
from boggle_tui.app.widgets.choices import choices_width, dice_label, list_label, widen_to_fit
from boggle_tui.app.widgets.phrases import Phrases
from boggle_tui.app.widgets.touch import Touch, TouchBar
from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.dice import dice_set_names, load_dice_set
from boggle_tui.game.clock import format_seconds
from boggle_tui.game.languages import shipped_lists
from boggle_tui.game.rules import CLOCKS, Scoring, describe_seconds
from boggle_tui.i18n import N_, _, counted, number
from boggle_tui.net import messages as m

SCORINGS = [
    (N_("Shared words score 0 (the table rule)"), Scoring.UNIQUE.value),
    (N_("Every word scores"), Scoring.ALL.value),
]
TARGETS = (50, 100, 200)  # an evening's target points offered, besides none
CHAT_LINES = 6  # lines of chat kept on screen
HOST_KEYS = ("lobby-start", "lobby-remove", "lobby-promote", "lobby-lock", "lobby-bot")  # shown to the host alone


def _ordered(option: tuple[str | Text, Any]) -> int:
    """Options by value, "none" first."""
    return option[1] or 0


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


# The lobby's keys as buttons, for a phone (widgets/touch.py): the host's among them while this player hosts.
TOUCHES = (
    # Translators: a touch button in a room's lobby: ready for the next round, or not ready any more.
    Touch(N_("Ready"), "ready"),
    Touch(N_("Chat"), "talk"),
    Touch(N_("Leave"), "leave"),
    Touch(N_("Start now"), "host", ("start",)),
    Touch(N_("Remove"), "pick", ("remove",)),
    Touch(N_("Hand on"), "pick", ("promote",)),
    Touch(N_("Lock"), "lock"),
    Touch(N_("Add a bot"), "bot"),
)
NARROW = 60  # columns: a phone held upright has ~40


class SayScreen(TranslatedModalScreen[str | None]):
    """A line to say to the room from where the lobby's chat line is not (the results of a round)."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="say-cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="say"):
            yield Label(_("Say something to the room"))
            yield Input(max_length=m.MAX_CHAT, compact=True, id="say-line")

    @on(Input.Submitted, "#say-line")
    def said(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyScreen(TranslatedScreen[None]):
    AUTO_FOCUS = None  # Enter is "ready" until the host tabs into a setting
    # No letter keys: players type words into the lobby as a round ends or before it starts, and a word
    # must never start a round, lock the room or remove a player. Chat is Tab (or F2) away.
    BINDINGS = [
        Binding("enter", "ready", N_("Ready / not ready"), id="lobby-ready", tooltip=N_("online: ready, or not ready")),
        Binding("f2", "talk", N_("Chat"), id="lobby-chat", tooltip=N_("online: say something to the room")),
        Binding(
            "f3", "watch", N_("Watch"), show=False, id="lobby-watch",
            tooltip=N_("online: watch the round under way (the board and the counts) till the next one"),
        ),
        # The host's keys are shown in a line of the lobby, not in the footer: with them all the footer was cut at
        # 100 columns in most languages ("f8 Sper"). They still work, and the palette lists them (app/commands.py).
        Binding(
            "f5", "host('start')", N_("Start now"), show=False, id="lobby-start",
            tooltip=N_("host: start without waiting"),
        ),
        Binding(
            "f6", "pick('remove')", N_("Remove"), show=False, id="lobby-remove", tooltip=N_("host: remove a player")
        ),
        # Translators: the host's key that hands the host's role on to another player.
        Binding(
            "f7", "pick('promote')", N_("Hand on"), show=False, id="lobby-promote",
            tooltip=N_("host: make another the host"),
        ),
        Binding(
            "f8", "lock", N_("Lock"), show=False, id="lobby-lock",
            tooltip=N_("host: close the room to newcomers, or open it"),
        ),
        Binding(
            "f9", "bot", N_("Add a bot"), show=False, id="lobby-bot",
            tooltip=N_("host: a computer opponent (regular) in a free seat"),
        ),
        Binding("escape", "leave", N_("Leave"), id="lobby-leave", tooltip=N_("online: leave the room")),
    ]  # fmt: skip

    @dataclass
    class Outgoing(Message):
        """Something the player sends to the room."""

        message: m.ClientMessage

    @dataclass
    class Leave(Message):
        pass

    def __init__(
        self,
        room: str,
        me: int,
        address: str,
        lobby: m.Lobby | None = None,
        link: str = "",
        bell: bool = True,
        chat: deque[m.Said] | None = None,
        lobby_at: float | None = None,
    ) -> None:
        """`chat`: the evening's lines so far (kept by the room's play, so that a round does not clear them);
        `lobby_at`: when `lobby` came (on the app's clock), from which its time left in a round is counted."""
        super().__init__()
        self.room = room
        self.me = me
        self.address = address  # what others type to join, or "" when it is not ours to tell
        self.link = link  # a browser link into the room, when this game is served by `boggle web`
        self.bell = bell  # ring when the countdown starts (settings.json "bell")
        self.lobby = lobby or m.Lobby()
        self.countdown: float | None = None
        self._lobby_at = lobby_at  # when the lobby (and the time left in a round under way) was told
        self.chat: deque[m.Said] = chat if chat is not None else deque(maxlen=CHAT_LINES)
        self._drawn = False
        self._drawn_at = 0.0  # a Select's change made before the last drawing is the drawing's, not the player's
        self.language = _room_language(self.lobby)  # the choices offer this language's dice and word lists
        self.choices = self._choices()
        # A choice's label is plain text, or Text where it must never be read as markup (the host's own list).
        self._options: dict[str, list[tuple[str | Text, Any]]] = {
            field: list(options) for _, field, options in self.choices
        }
        self.touch_bar = TouchBar(TOUCHES, id="lobby-touch")

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Label(Text(_("Room {room}").format(room=self.room)), id="lobby-title")
            if self.address:
                joining = _("Friends join with:  boggle join {address}").format(address=self.address)
                yield Label(Text(joining), id="lobby-address")
            if self.link:
                yield Label(Text(_("or in a browser:  {link}").format(link=self.link)), id="lobby-link")
            yield Static("", id="lobby-players")
            yield Label("", id="lobby-settings")
            with Grid(id="lobby-choices"):
                for label, field, _options in self.choices:
                    yield Label(label)
                    yield Select(self._options[field], allow_blank=False, compact=True, id=f"lobby-{field}")
            yield Static("", id="lobby-chat-log")
            yield Input(placeholder=_("F2: say something to the room (between rounds)"), max_length=m.MAX_CHAT,
                        compact=True, id="lobby-say")  # fmt: skip
            yield Label("", id="lobby-status")
            yield Static("", id="lobby-host-keys")
            yield self.touch_bar
        yield Footer()

    def _choices(self) -> list[tuple[str, str, list[tuple[str, Any]]]]:
        """(label, setting, its options), in the player's language: made when the screen is."""
        return [
            # Translators: a setting's label: the set of dice the board is rolled from.
            (_("Dice"), "dice", [(dice_label(key), key) for key in dice_set_names(self.language)]),
            (_("Round length"), "seconds", [(describe_seconds(n), n) for n in CLOCKS]),
            (_("Word list"), "dictionary", [(list_label(name), name) for name in shipped_lists(self.language)]),
            (_("Scoring"), "scoring", [(_(label), value) for label, value in SCORINGS]),
            # Translators: a setting's label: the evening's target, first to so many points over its rounds.
            (_("Evening"), "target", [(_("None: play on"), None), *((_target(n), n) for n in TARGETS)]),
        ]

    def _now(self) -> float:
        clock = getattr(self.app, "now", None)  # the app's clock (a test's own)
        return float(clock()) if callable(clock) else time.monotonic()

    def on_mount(self) -> None:
        if self._lobby_at is None:
            self._lobby_at = self._now()
        self.set_interval(1.0, self._tick)  # the time left in a round under way, counted down
        self._fit_choices()
        self._drawn = True  # `is_mounted` is not yet true while on_mount runs
        self._show(self.lobby)  # the lobby as it came, and when (not now: it may have come a while ago)
        self.call_after_refresh(self.set_focus, None)  # Enter means ready until the host tabs into a setting

    @property
    def me_seated(self) -> m.Seat | None:
        return next((p for p in self.lobby.players if p.id == self.me), None)

    @property
    def host(self) -> bool:
        seat = self.me_seated
        return seat is not None and seat.host

    @property
    def ready(self) -> bool:
        seat = self.me_seated
        return seat is not None and seat.ready

    def on_unmount(self) -> None:
        self._drawn = False  # replaced by the round: later lobby messages are only kept

    def show_lobby(self, lobby: m.Lobby) -> None:
        """The room's lobby, as it comes."""
        self._lobby_at = self._now()
        self._show(lobby)

    def _show(self, lobby: m.Lobby) -> None:
        self.lobby = lobby
        if not self._drawn:
            return
        try:
            self._draw(lobby)
        except NoMatches:  # the screen is being taken down for the round: the lobby is kept for later
            self._drawn = False

    def show_line(self, said: m.Said) -> None:
        self.chat.append(said)
        if self._drawn:
            with contextlib.suppress(NoMatches):
                self._draw_chat()

    def _fit_choices(self) -> None:
        """The lobby as wide as its longest label and option (a Select cuts what does not fit)."""
        labels = [label for label, _field, _options in self.choices]
        options = [label for options in self._options.values() for label, _value in options]
        widen_to_fit(self.query_one("#lobby", Vertical), choices_width(labels, options))

    def _speak_room_language(self, lobby: m.Lobby) -> None:
        """The dice and word lists offered are the room's language's: the host changed the room's dice to
        another language's, or the first lobby message told the room's settings."""
        language = _room_language(lobby)
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
        self._fit_choices()

    def _draw(self, lobby: m.Lobby) -> None:
        self._speak_room_language(lobby)
        self.query_one("#lobby-players", Static).update(self._players_table(lobby))
        evening = _(" · champion of the evening: {player}").format(player=lobby.champion) if lobby.champion else ""
        closed = _(" · closed to newcomers") if lobby.locked else ""
        self.query_one("#lobby-settings", Label).update(Text(f"{lobby.described()}{closed}{evening}"))
        for field in ("dice", "seconds", "dictionary", "scoring", "target"):
            self._show_choice(self.query_one(f"#lobby-{field}", Select), field, getattr(lobby.settings, field))
        self._drawn_at = get_time()  # the clock Textual stamps each message with (Message.time)
        self._draw_chat()
        self._show_status()
        self._show_host_keys()
        self.touch_bar.refresh_touches()  # the host's buttons come and go with the role

    def _players_table(self, lobby: m.Lobby) -> Table:
        """Who is here, ready or not, with each one's points and wins over the evening."""
        table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
        for heading in (N_("player"), N_("ready"), N_("tonight"), N_("wins")):
            table.add_column(_(heading))
        table.add_column("")  # notes: host, you, away
        evening = {s.name: s for s in lobby.scoreboard}
        for p in lobby.players:
            name = Text(p.name, style="bold" if p.id == self.me else "")  # literal, never markup
            ready = _("✓ ready") if p.ready else _("· not yet")
            standing = evening.pop(p.name, None)
            table.add_row(name, ready, *_evening(standing), _notes(p.host, p.id == self.me, p.connected))
        for standing in evening.values():  # played earlier tonight, gone now
            # Translators: in the lobby's list of players: this player has left the room.
            table.add_row(Text(standing.name, style="dim"), "", *_evening(standing), _("left"))
        return table

    def _show_choice(self, select: Select[Any], field: str, value: Any) -> None:
        with select.prevent(Select.Changed):
            options = self._options[field]
            if field in ("seconds", "target") and isinstance(value, int) and value not in {v for _, v in options}:
                label = describe_seconds(value) if field == "seconds" else _target(value)
                self._options[field] = sorted([*options, (label, value)], key=_ordered)
                select.set_options(self._options[field])
            if field == "dictionary" and isinstance(value, str) and value and value not in {v for _, v in options}:
                self._options[field] = [*options, (Text(value), value)]  # the host's own list: literal text
                select.set_options(self._options[field])
            if value in {v for _, v in self._options[field]}:
                select.value = value
        select.disabled = not self.host

    def _draw_chat(self) -> None:
        lines = [Text.assemble((said.name, "bold"), ": ", said.text) for said in self.chat]  # literal, never markup
        self.query_one("#lobby-chat-log", Static).update(Text("\n").join(lines) if lines else "")

    def show_countdown(self, seconds: float | None) -> None:
        if seconds is not None and self.countdown is None and self.bell:
            self.app.bell()  # a player in another window hears that the board is coming
        self.countdown = seconds
        if self._drawn:
            with contextlib.suppress(NoMatches):  # the screen may be on its way out for the round
                self._show_status()

    def _tick(self) -> None:
        if self._drawn and self.lobby.state == "playing":
            with contextlib.suppress(NoMatches):
                self._show_status()

    @property
    def round_left(self) -> float | None:
        """Seconds left in the round the others are playing, as the room last said, counted down here."""
        if self.lobby.state != "playing" or self.lobby.remaining is None:
            return None
        told = self._lobby_at if self._lobby_at is not None else self._now()
        return max(0.0, self.lobby.remaining - (self._now() - told))

    def _show_status(self) -> None:
        left = self.round_left
        if left is not None:
            status = _("A round is on: {time} left. F3: watch it (the board and the counts) till the next one.")
            status = status.format(time=format_seconds(left))
        elif self.countdown is not None:
            seconds = round(self.countdown)
            status = counted(seconds, "The board comes in {count} second.", "The board comes in {count} seconds.")
        elif self.ready:
            status = _("You are ready. Waiting for the others… (Enter: not ready)")
        elif self.host:
            status = _("Press Enter when you are ready.  Host: Tab to the settings; F5 starts now.")
        else:
            status = _("Press Enter when you are ready.")
        self.query_one("#lobby-status", Label).update(status)

    def _show_host_keys(self) -> None:
        """The host's keys, in a line of their own (the footer has no room for them): `F5 Start now · F6 Remove`."""
        keys = self.query_one("#lobby-host-keys", Static)
        keys.display = self.host
        if self.host:
            named = [Text.assemble((short_key_for(self.app, self, key), "bold"), " ", _(_binding(key).description))
                     for key in HOST_KEYS]  # fmt: skip
            keys.update(Phrases.of(*named))

    def on_resize(self) -> None:
        narrow = self.size.width < NARROW
        self.set_class(narrow, "-narrow")
        self.set_class(narrow or bool(getattr(self.app, "web_url", None)), "-touch")  # a phone, or a browser

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("host", "pick", "lock", "bot"):
            return self.host
        return True

    @on(Select.Changed)
    def setting_changed(self, event: Select.Changed) -> None:
        field = (event.select.id or "").removeprefix("lobby-")
        settings = self.lobby.settings
        # Only the host's own choice is sent: a value the screen set from the server's lobby message, or one
        # a Select reports from before the screen last drew the room, is not a change.
        value = event.value
        if not isinstance(value, str | int):  # no setting is blank (allow_blank=False)
            return
        if not self.host or event.time <= self._drawn_at or getattr(settings, field, value) == value:
            return
        self.post_message(self.Outgoing(m.ChangeSettings(settings=replace(settings, **{field: value}))))  # type: ignore[arg-type]
        self.set_focus(None)  # Enter means ready again, not "open this setting"

    @on(Input.Submitted, "#lobby-say")
    def say(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.post_message(self.Outgoing(m.Say(text=text)))
        self.set_focus(None)

    def action_talk(self) -> None:
        self.query_one("#lobby-say", Input).focus()

    def action_watch(self) -> None:
        if self.lobby.state != "playing":
            self.notify(_("No round is under way: Enter when you are ready."), title=_("Room"))
            return
        self.post_message(self.Outgoing(m.Watch()))

    def action_ready(self) -> None:
        self.post_message(self.Outgoing(m.Ready(ready=not self.ready)))

    def action_host(self, action: str) -> None:
        self.post_message(self.Outgoing(m.HostCommand(action=action)))  # type: ignore[arg-type]

    def action_bot(self) -> None:
        self.post_message(self.Outgoing(m.HostCommand(action="bot")))

    def action_lock(self) -> None:
        self.post_message(self.Outgoing(m.HostCommand(action="unlock" if self.lobby.locked else "lock")))

    def action_pick(self, action: str) -> None:
        others = [p for p in self.lobby.players if p.id != self.me]
        if not others:
            self.notify(_("Nobody else is in the room."), title=_("Room"))
            return
        question = _("Remove which player?") if action == "remove" else _("Who becomes the host?")

        def picked(player: int | None) -> None:
            if player is not None:
                self.post_message(self.Outgoing(m.HostCommand(action=action, player=player)))  # type: ignore[arg-type]

        self.app.push_screen(PickPlayerScreen(question, others), picked)

    def action_leave(self) -> None:
        if self.focused is not None:
            self.set_focus(None)  # Escape first leaves the chat line or a setting
            return
        self.post_message(self.Leave())


def _room_language(lobby: m.Lobby) -> str:
    """The language the room plays: its dice's (English until the room's settings are known)."""
    dice = lobby.settings.dice
    return load_dice_set(dice).language if dice in dice_set_names(None) else DEFAULT_LANGUAGE


def _binding(binding_id: str) -> Binding:
    return find_binding(LobbyScreen, binding_id)


def _evening(standing: m.Standing | None) -> tuple[str, str]:
    if standing is None:
        return "", ""
    return number(standing.total), f"{standing.wins}" if standing.wins else ""


def _target(points: int) -> str:
    """An evening's target as the choice names it: `First to 100`."""
    return _("First to {points}").format(points=number(points))


def _notes(host: bool, me: bool, connected: bool) -> str:
    """What the lobby notes after a player: `host, you`, and `(away)` while their connection is lost."""
    # Translators: notes after a player's name in the lobby; "you" is the player reading it.
    notes = ", ".join(note for note, shown in ((_("host"), host), (_("you"), me)) if shown)
    return notes if connected else notes + " " + _("(away)")
