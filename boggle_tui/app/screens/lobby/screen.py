"""An online room's lobby: who is here and ready, the evening's scoreboard, the settings, chat, the address.

Enter toggles ready; the round starts 3 seconds after everyone is. Only the host changes the
settings and has the host's controls (start anyway, remove a player, hand the role on, close
the room to newcomers). Everything shown here comes from strangers: names, chat lines and the
room's description are shown as plain text, never as markup.

The screen keeps what the room told (its lobby, the countdown, the chat) and hands it to its parts, each a
widget of its own module drawing one reactive: the heading (room.py), the players' table (players.py), the
settings and the host's choices (settings.py), the chat (chat.py), the status line (status.py), the host's keys
and the touch buttons (controls.py). Its keys and what they do stay here: the keymap, the help and the palette
read the bindings by id.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.widgets import Input, Select

from boggle_tui.app.screens.lobby.chat import CHAT_LINES, Chat, ChatLog
from boggle_tui.app.screens.lobby.controls import TOUCHES, HostKeys, PickPlayerScreen
from boggle_tui.app.screens.lobby.players import PlayersTable
from boggle_tui.app.screens.lobby.room import RoomHeading
from boggle_tui.app.screens.lobby.settings import RoomChoices, SettingsLine
from boggle_tui.app.screens.lobby.status import StatusLine, Told
from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.app.widgets.touch import TouchBar
from boggle_tui.i18n import N_, _
from boggle_tui.net import messages as m

NARROW = 60  # columns: a phone held upright has ~40


class Room(VerticalScroll, can_focus=False):
    """The lobby's box: as tall as what it holds, and scrolling where the terminal is shorter (a host's lobby of four
    at 80x24 lost its last line and its border under the footer); the keyboard stays with the room's keys."""


class LobbyScreen(TranslatedScreen[None]):
    # Enter is "ready" until the host tabs into a setting. "", not None (None is the app's "*"): nothing is focused
    # for the player, on mount or when a dialog over the lobby closes (Stay in Leave's put the focus in the first
    # setting or the chat line, and the next Enter was not ready); a focus the dialog found is kept.
    AUTO_FOCUS = ""
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
        Binding(
            "f10", "pick('side')", N_("Teams"), show=False, id="lobby-side",
            tooltip=N_("host, two teams: move a player to the other team"),
        ),
        # Escape in a setting or the chat line goes back to the room, and the footer says so (#29: it said Leave);
        # first, so that it is Escape's there (the touch bar's Leave leaves from anywhere).
        Binding(
            "escape", "back", N_("Back"), id="lobby-back",
            tooltip=N_("online: out of the setting or the chat line (Enter means ready again)"),
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
        watching: bool = False,
    ) -> None:
        """`chat`: the evening's lines so far (kept by the room's play, so that a round does not clear them);
        `lobby_at`: when `lobby` came (on the app's clock), from which its time left in a round is counted;
        `watching`: this game is a spectator's (boggle join --watch), with no seat: never ready, never playing."""
        super().__init__()
        self.room = room
        self.me = me
        self.address = address  # what others type to join, or "" when it is not ours to tell
        self.link = link  # a browser link into the room, when this game is served by `boggle web`
        self.bell = bell  # ring when the countdown starts (settings.json "bell")
        self.watching = watching
        self.lobby = lobby or m.Lobby()
        self.countdown: float | None = None
        self._lobby_at = lobby_at  # when the lobby (and the time left in a round under way) was told
        self.chat: deque[m.Said] = chat if chat is not None else deque(maxlen=CHAT_LINES)
        self._drawn = False
        # Made with the screen, in the player's language, offering the first lobby's language's dice and lists.
        self.room_choices = RoomChoices(self.lobby, me, id="lobby-choices")
        self.touch_bar = TouchBar(TOUCHES, id="lobby-touch")

    def compose(self) -> ComposeResult:
        with Room(id="lobby"):
            yield RoomHeading(self.room, self.address, self.link)
            yield PlayersTable(self.me, id="lobby-players")
            yield SettingsLine("", id="lobby-settings")
            yield self.room_choices
            yield Chat()
            yield StatusLine(self.me, watching=self.watching, id="lobby-status")
            yield HostKeys("", id="lobby-host-keys")
            yield self.touch_bar
        yield Footer()

    def _now(self) -> float:
        clock = getattr(self.app, "now", None)  # the app's clock (a test's own)
        return float(clock()) if callable(clock) else time.monotonic()

    def on_mount(self) -> None:
        if self._lobby_at is None:
            self._lobby_at = self._now()
        self.room_choices.fit()
        self._drawn = True  # `is_mounted` is not yet true while on_mount runs
        self._show(self.lobby)  # the lobby as it came, and when (not now: it may have come a while ago)
        self.call_after_refresh(self.set_focus, None)  # Enter means ready until the host tabs into a setting
        self.watch(self, "focused", self._focus_moved, init=False)

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

    # What the room tells, as its play hands it on (app/online.py): kept, and drawn while the screen is shown.

    def show_lobby(self, lobby: m.Lobby) -> None:
        """The room's lobby, as it comes. A room between rounds has no countdown: one shown (its server restarted
        during it, or the lobby came back after a drop) is taken down."""
        self._lobby_at = self._now()
        if lobby.state == "lobby" and self.countdown is not None:
            self.countdown = None
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

    def give_back(self, line: str) -> bool:
        """A chat line the server refused, put back in the chat line when that is empty: whether it was."""
        if not self._drawn:
            return False
        try:
            say = self.query_one("#lobby-say", Input)
        except NoMatches:
            return False
        if say.value:  # the player is typing another: theirs stays, the refused one is told in the notice
            return False
        say.value = line
        say.cursor_position = len(line)
        return True

    def show_countdown(self, seconds: float | None) -> None:
        if seconds is not None and self.countdown is None and self.bell:
            self.app.bell()  # a player in another window hears that the board is coming
        self.countdown = seconds
        if self._drawn:
            with contextlib.suppress(NoMatches):  # the screen may be on its way out for the round
                self._draw_status()

    def _draw(self, lobby: m.Lobby) -> None:
        self.room_choices.lobby = lobby  # first: the room's language may change the choices offered
        self.query_one(PlayersTable).lobby = lobby
        self.query_one(SettingsLine).lobby = lobby
        self._draw_chat()
        self._draw_status()
        self.query_one(HostKeys).host = self.host
        self.refresh_bindings()  # ready is offered between rounds, watch during one
        self.touch_bar.refresh_touches()  # the host's buttons come and go with the role

    def _draw_chat(self) -> None:
        self.query_one(ChatLog).lines = tuple(self.chat)

    def _draw_status(self) -> None:
        self.query_one(StatusLine).told = Told(self.lobby, self._lobby_at, self.countdown, self._focus())

    def _focus(self) -> str:
        """Where the keys go now: a setting (its list open or not), the chat line, or the room (Enter: ready)."""
        focused = self.focused
        if focused is None:
            return ""
        around = focused.ancestors_with_self
        if any(isinstance(node, Select) and node.expanded for node in around):
            return "choices"
        if any(isinstance(node, RoomChoices) for node in around):
            return "setting"
        return "chat" if any(isinstance(node, Chat) for node in around) else ""

    def _focus_moved(self) -> None:
        """The host tabbed into a setting, opened or closed its list, or went back: the status line says what
        Enter and Escape do now, and the footer offers ready only where Enter means it."""
        if self._drawn:
            with contextlib.suppress(NoMatches):
                self._draw_status()
        self.refresh_bindings()

    # The screen's parts' messages, and its keys.

    def on_resize(self) -> None:
        narrow = self.size.width < NARROW
        self.set_class(narrow, "-narrow")
        self.set_class(narrow or bool(getattr(self.app, "web_url", None)), "-touch")  # a phone, or a browser

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("host", "pick", "lock", "bot"):
            return self.host
        playing = self.lobby.state == "playing"
        if action == "ready":  # not for a spectator, during a round (the next one readies afresh), or in a setting
            return not self.watching and not playing and not self._focus()
        if action == "watch":
            return playing
        if action == "back":  # Escape: back to the room from a setting or the chat line, else Leave's
            return self.focused is not None
        return True

    @on(RoomChoices.Picked)
    def setting_picked(self, event: RoomChoices.Picked) -> None:
        self.post_message(self.Outgoing(m.ChangeSettings(settings=event.settings)))

    @on(Chat.Said)
    def say(self, event: Chat.Said) -> None:
        self.post_message(self.Outgoing(m.Say(text=event.text)))

    def action_talk(self) -> None:
        self.set_focus(self.query_one("#lobby-say", Input))  # now, not later: the keys behind F2 follow it there

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
        if action == "side" and self.lobby.settings.teams != 2:
            self.notify(_("The room plays as one team: choose two teams in its Scoring first."), title=_("Room"))
            return
        others = [p for p in self.lobby.players if p.id != self.me or action == "side"]
        if not others:
            self.notify(_("Nobody else is in the room."), title=_("Room"))
            return
        questions = {"remove": _("Remove which player?"), "side": _("Move whom to the other team?")}
        question = questions.get(action, _("Who becomes the host?"))
        sides = {p.id: p.side for p in self.lobby.players}

        def picked(player: int | None) -> None:
            if player is None:
                return
            if action == "side":  # to the other team: one not dealt yet goes to the first
                side = 2 if sides.get(player) == 1 else 1
                self.post_message(self.Outgoing(m.HostCommand(action="side", player=player, side=side)))
                return
            self.post_message(self.Outgoing(m.HostCommand(action=action, player=player)))  # type: ignore[arg-type]

        self.app.push_screen(PickPlayerScreen(question, others), picked)

    def action_back(self) -> None:
        self.set_focus(None)  # Enter means ready again

    def action_leave(self) -> None:
        self.post_message(self.Leave())
