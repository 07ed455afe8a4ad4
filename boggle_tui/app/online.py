"""Playing in an online room: the connection's messages routed to the lobby, round and results screens.

`boggle host` (and "Host a room here") starts a room server as a process of its own, which
outlives the host's game: when the host leaves, the room goes on and the host role passes to
another player; the server ends by itself once it has had no room for a while. `boggle join`
only connects. A dropped connection is retried with the player's token (net/link.py),
so a player keeps their words; entries typed meanwhile wait in the session and are judged
once. Every game has its own id, so a seat is never shared by two live games (two browser
tabs reading the same saved token each get their own), and a saved token is kept for the name it
was given to: a game under another name never takes that seat.
"""

from __future__ import annotations

import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App

from boggle_tui.app.screens.friends import FriendsChoice
from boggle_tui.app.screens.lobby import CHAT_LINES, LobbyScreen
from boggle_tui.app.standing_notice import StandingNotice
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.rules import STANDARD_ROUND, Rules
from boggle_tui.i18n import _, counted, sentence
from boggle_tui.net import messages as m
from boggle_tui.net.address import DEFAULT_PORT, default_name, join_link, lan_address, parse_address
from boggle_tui.net.client import JoinError, error_text
from boggle_tui.net.hosting import start_room_server
from boggle_tui.net.link import Back, Dropped, Event, Link, Lost
from boggle_tui.net.protocol import ProtocolError, clean_name, clean_text
from boggle_tui.net.reach import NotReachable, reach, refusal_to_join
from boggle_tui.net.server import Limits, RoomServer, private_room_name
from boggle_tui.net.session import NEW_SEAT, OnlineSession, word_list_note
from boggle_tui.storage.rooms import RoomTokens


@dataclass(frozen=True)
class OnlineTarget:
    url: str  # ws://host:port
    room: str
    name: str
    settings: m.Settings | None = None  # the room's, if this player creates it
    private: bool = False  # not listed by the server (a host's room)
    serve: tuple[str, int] | None = None  # run a room server first, on (host, port); port 0: any free one
    address: str = ""  # what friends type after `boggle join`
    dictionaries: dict[str, str] | None = None  # the word lists the server here allows (name -> name or path)
    detached: bool = True  # the server runs as its own process, outliving this game (tests keep it in-process)
    watch: bool = False  # a spectator: no seat (boggle join --watch)
    party: bool = False  # a spectator's seat shown on one screen for a shared TV (boggle party, app/party.py)
    link: str = ""  # the browser's link into the room, for the party screen's QR code


class RoomClosed(Exception):
    """The room is gone (the server restarted, or it closed): the player goes back to where they can play."""


class RoomLost(RoomClosed):
    """The room's server could not be reached again within RECONNECT_SECONDS: a round under way ends as far as it
    got (its results say so); in the lobby the player goes back to where they can play."""


class OnlinePlay:
    def __init__(
        self,
        app: App[int],
        target: OnlineTarget,
        show: Callable[[Any], None],
        now: TimeSource,
        folder: Path | None,
        start: Callable[[OnlineSession], None] = lambda _: None,
        back: Callable[[str], None] | None = None,
        lost: Callable[[], None] | None = None,
    ) -> None:
        """`show` puts a screen in place of the current one (the app's own); `now` times the round locally;
        `folder` keeps the room's token (the data folder by default); `start` is told of each board dealt;
        `back` takes the player back to the start screen with a message (None: the game exits with it); `lost` is
        told the room was lost in a round, which then ends with its results (whose way on is the start screen)."""
        self.app = app
        self.start = start
        self.back = back
        self.lost = lost
        self.folder = folder
        self.now = now
        self.target = target
        self.show = show
        self.game = uuid.uuid4().hex  # this game's id: its seat is never handed to another live game
        self.welcome: m.Welcome | None = None
        self.lobby: m.Lobby | None = None
        self.lobby_at: float | None = None  # when the last lobby came: a round's time left is counted from then
        self.session: OnlineSession | None = None
        self.lobby_view: LobbyScreen | None = None
        self.address = target.address  # what friends type to join
        self._checked: set[tuple[str, str]] = set()
        self.server: RoomServer | None = None
        self._link: Link | None = None
        self.url = target.url
        self._reconnecting = StandingNotice(app, _("Room"))  # shown while the link tries again
        self.chat: deque[m.Said] = deque(maxlen=CHAT_LINES)  # the evening's chat: rounds come and go, it stays

    # Running

    async def run(self) -> None:
        try:
            await self._run()
        except RoomLost as error:
            if not self._lose_round(str(error)):
                self._leave_with(str(error))
        except (JoinError, RoomClosed, OSError) as error:
            self._leave_with(str(error))

    def _lose_round(self, reason: str) -> bool:
        """The room's server is gone for good in a round of the player's: the round ends as far as it got, on its
        results. False where there is no such round (the lobby, a round only watched: nothing of the player's)."""
        session = self.session
        if session is None or session.over or session.watching or self.lost is None:
            return False
        self.session = None
        self.lost()  # the app lets go of the room first: the results lead back to the start screen
        session.lose(reason)
        return True

    def _leave_with(self, message: str) -> None:
        if self.back is not None:
            self.back(message)
        else:
            self.app.exit(return_code=2, message=_("boggle: error: {message}").format(message=message))

    async def _run(self) -> None:
        target = self.target
        if target.serve is not None:
            port = await (self._serve_detached() if target.detached else self._serve_here())
            self.url = f"ws://127.0.0.1:{port}"
            self.address = target.address.replace(f":{target.serve[1]}/", f":{port}/")  # the port bound
        # A token only for the name it was given to: another player's (a tab closed mid-round) is not ours; a room
        # of our own server's is new, and a spectator has no seat to come back to.
        seated = target.serve is None and not target.watch
        hello = m.Hello(version=m.VERSION, name=target.name, room=target.room, settings=target.settings,
                        private=target.private, game=self.game, watch=target.watch)  # fmt: skip
        link = self._link = Link(self.url, hello, tokens=RoomTokens(self.folder) if seated else None)
        try:
            welcome = await link.open()
            assert isinstance(welcome, m.Welcome)
            self._welcomed(welcome)
            async for event in link.events():
                self._event(event)
        finally:
            self._reconnecting.down()
            await link.close()
            if self.server is not None:
                await self.server.stop()

    def _welcomed(self, welcome: m.Welcome) -> None:
        self.welcome = welcome
        for note in welcome.notes:
            # A note in the server's words: one of the game's own (a server speaking English) is shown in the
            # player's language; any other text is shown as it came, already cleaned (_ leaves it unchanged).
            self.app.notify(sentence(_(note)), title=_("Room"), timeout=8, markup=False)
        self.show(self.lobby_screen())

    def _event(self, event: Event) -> None:
        """What the link says: the server's messages, and the connection's drops and returns."""
        match event:
            case Dropped(seconds=seconds):
                self._reconnecting.say(counted(
                    seconds,
                    "The connection dropped: reconnecting… ({count} second left before the seat is given up)",
                    "The connection dropped: reconnecting… ({count} seconds left before the seat is given up)",
                ))  # fmt: skip
            case Back(reply=reply):  # a room's answer to a hello is its welcome (net/link.py)
                self._reconnecting.down()
                if isinstance(reply, m.Welcome):
                    self._back(reply)
            case Lost(why=why, code=code):
                # A room gone with its server (restarted without its state) ends a round as a lost one.
                raise (RoomLost if code in ("", "room_gone") else RoomClosed)(why)
            case _:
                self.handle(event)

    def _back(self, welcome: m.Welcome) -> None:
        """Back in the room: as the same seat, or (the room gave the old one up meanwhile) as a newcomer, whose
        round under way is not this game's any more."""
        same = self.welcome is not None and welcome.player == self.welcome.player
        self.welcome = welcome
        if same:
            self.app.notify(_("Back in the room."), title=_("Room"), timeout=3)
            return
        self.session = None
        self.show(self.lobby_screen())
        self.app.notify(_(NEW_SEAT), title=_("Room"), severity="warning", timeout=10, markup=False)

    async def _serve_here(self) -> int:
        assert self.target.serve is not None
        host = self.target.serve[0]
        limits = Limits(only_room=self.target.room)
        server = self.server = RoomServer(dictionaries=self.target.dictionaries, now=self.now, limits=limits)
        return await self._listen(lambda port: server.start(host, port))

    async def _serve_detached(self) -> int:
        """Start `boggle server` as a process of its own for this one room; the port it bound."""
        assert self.target.serve is not None
        host, port = self.target.serve
        bound, _process = await start_room_server(self.target.room, host, port, self.target.dictionaries)
        return bound

    async def _listen(self, start: Callable[[int], Any]) -> int:
        """The port asked for; when it is the default and taken (another host here), any free one."""
        assert self.target.serve is not None
        port = self.target.serve[1]
        try:
            return int(await start(port))
        except OSError:
            if port != DEFAULT_PORT:
                raise
            return int(await start(0))

    def send(self, message: m.ClientMessage) -> None:
        if self._link is not None:
            self._link.send(message)

    def forget(self) -> None:
        """The player leaves the room for good: the saved token goes (it brings back only games that died)."""
        if self.welcome is not None and self.target.serve is None:
            RoomTokens(self.folder).forget(self.url, self.welcome.room, self.target.name)

    # What the server says

    def handle(self, message: m.ServerMessage) -> None:
        """One message from the server; one that does not make sense is reported, never a crash."""
        try:
            self._handle(message)
        except RoomClosed as error:
            self._leave_with(str(error))
        except (ProtocolError, BoggleError, ValueError, KeyError) as error:
            # A server is a stranger too: nothing it sends may take the game down.
            cannot = _("The server sent a message this game cannot use ({error}).").format(error=type(error).__name__)
            self.app.notify(cannot, title=_("Room"), severity="warning", markup=False)

    def _handle(self, message: m.ServerMessage) -> None:
        match message:
            case m.Lobby():
                self._tell_new_settings(self.lobby, message)
                self.lobby, self.lobby_at = message, self.now()
                self._check_word_list(message)
                if self.session is not None and self.session.voided_by(message):
                    self.session = None  # the server restarted mid-round: back to the lobby (an error says why)
                    self.show(self.lobby_screen())
                if self.lobby_view is not None:
                    self.lobby_view.show_lobby(message)
            case m.Countdown(seconds=seconds):
                if self.lobby_view is not None:
                    self.lobby_view.show_countdown(seconds)
            case m.Start():
                self._start(message)
            case m.Said(name=name, text=text):
                if self.lobby_view is not None:
                    self.lobby_view.show_line(message)
                if self.app.screen is not self.lobby_view:  # on the results: the line as a notice
                    self.app.notify(f"{name}: {text}", title=_("Room"), timeout=8, markup=False)
            case m.Error(fatal=fatal, code=code, returned=returned):
                text = error_text(message, self.welcome.room if self.welcome else self.target.room)
                if code in ("removed", "room_gone"):
                    raise RoomClosed(text)
                if returned:
                    text = "\n".join((text, self._give_back(returned)))
                self.app.notify(sentence(text), title=_("Room"), severity="error" if fatal else "warning", markup=False)
            case _:
                if self.session is not None:
                    self.session.apply(message)

    def _give_back(self, line: str) -> str:
        """A chat line the server did not take: back in the lobby's chat line, or said in full, never lost."""
        if self.lobby_view is not None and self.app.screen is self.lobby_view and self.lobby_view.give_back(line):
            return _("Your line is back in the chat line: F2, then Enter to say it again.")
        return _("Not said: {line}").format(line=line)

    def _tell_new_settings(self, old: m.Lobby | None, new: m.Lobby) -> None:
        """The host changed the settings, and the server un-readied everyone: said, as --plain says it (#29)."""
        if old is None or old.settings == new.settings:
            return
        lines = [_("New settings: {settings}").format(settings=clean_text(new.described(), m.MAX_TEXT))]
        if not self.target.watch:  # a spectator is never ready
            lines.append(_("Nobody is ready now: press Enter when you are."))
        self.app.notify("\n".join(lines), title=_("Room"), timeout=8, markup=False)

    def _check_word_list(self, lobby: m.Lobby) -> None:
        """Tell the player, once per list, when their copy of the room's word list is not the server's."""
        note = word_list_note(lobby, self._checked)
        if note:
            self.app.notify(note, title=_("Room"), severity="warning", timeout=10, markup=False)

    def _start(self, message: m.Start) -> None:
        assert self.welcome is not None
        if self.session is not None and not self.session.over and self.session.start_message.round == message.round:
            return  # the same round again, after a reconnect: the session already has it
        self.session = OnlineSession(message, self.welcome.room, self.welcome.player, self.send, self.now)
        self.start(self.session)

    def stop_watching(self) -> None:
        """Back to the lobby from a round only watched: the round goes on without this game, which hears no more
        of it (F3 asks the room for it again, afresh) and shows no results of it."""
        if self.session is not None and self.session.watching:
            self.session = None
        self.show(self.lobby_screen())

    def lobby_screen(self) -> LobbyScreen:
        """A fresh lobby screen, kept up to date with the room (it may not be mounted yet)."""
        assert self.welcome is not None
        web_url = getattr(self.app, "web_url", None)
        link = join_link(web_url, self.address) if web_url and self.address else ""
        bell = getattr(getattr(self.app, "preferences", None), "bell", True)
        self.lobby_view = LobbyScreen(self.welcome.room, self.welcome.player, self.address, self.lobby, link, bell,
                                      self.chat, self.lobby_at, self.target.watch)  # fmt: skip
        return self.lobby_view

    def am_host(self) -> bool:
        return (
            self.lobby is not None
            and self.welcome is not None
            and any(p.host and p.id == self.welcome.player for p in self.lobby.players)
        )

    def others_here(self) -> int:
        """Other players connected to the room: whom the host's leaving would leave behind (bots are not)."""
        if self.lobby is None or self.welcome is None:
            return 0
        return sum(1 for p in self.lobby.players if p.connected and not p.bot and p.id != self.welcome.player)


def friends_target(choice: FriendsChoice, preferences: Preferences, fallback: str | None = None) -> OnlineTarget:
    """The room the start screen's "Play with friends" asks for; a BoggleError for a bad address. `fallback`: the
    name when none is given (None: this machine's user's; "": the room's "Player N", for a web server's visitors)."""
    name = clean_name(choice.name) or (default_name() if fallback is None else fallback)
    served = reach()
    if choice.join is not None:
        host, port, room = parse_address(choice.join)
        if not room:
            raise BoggleError(_("give the room too: HOST:PORT/ROOM"))
        if not served.allows(f"ws://{host}:{port}"):
            raise BoggleError(refusal_to_join(served))
        return OnlineTarget(url=f"ws://{host}:{port}", room=room, name=name, address=f"{host}:{port}/{room}")
    try:
        served.check_listen()
    except NotReachable as refused:
        raise BoggleError(str(refused)) from None
    room = private_room_name()
    listen = "0.0.0.0" if choice.open_to_network else "127.0.0.1"
    shown = lan_address() if choice.open_to_network else "127.0.0.1"
    rules = Rules(preferences.dice, preferences.dictionary, preferences.seconds or STANDARD_ROUND)
    settings = m.Settings.of(rules)
    return OnlineTarget(url="", room=room, name=name, settings=settings, private=True,
                        serve=(listen, DEFAULT_PORT), address=f"{shown}:{DEFAULT_PORT}/{room}")  # fmt: skip
