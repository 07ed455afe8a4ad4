"""`boggle join ADDRESS --plain` and `boggle host --plain`: a seat in an online room, line by line, for screen
readers, braille displays and pipes.

The lobby is said as lines (who is here and ready, the settings, chat as it arrives, who hosts), and changes
to it as a line each; commands are words (`ready`, `say TEXT`, the host's `start`, `remove NAME`...). The
round is solo `--plain`'s: the board as rows, a verdict a line, the clock's warnings, `=` before a word that
is also a command; and a line when the others' counts change, at most one every COUNTS_EVERY seconds.
The results are lines: each word found with who found it, the scores, the evening so far.

Nothing below the front end changes: the round is an `OnlineSession` (net/session.py) fed by the server's
typed messages, as in the app; this module turns messages and lines into lines. Everything the server sends
is a stranger's: names, chat and the server's texts are shown cleaned (net/protocol.py `clean_text`), never
raw. Times are the injected clock's; the server's ticks (one a second in a round) wake the seat to speak.
The end of input leaves the room: what was said is sent, then the connection is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from boggle_tui.cli.plain import (
    ESCAPE,
    GRACE,
    WARNINGS,
    Lines,
    Read,
    Signal,
    StreamLines,
    WallClock,
    Write,
    board_rows,
    missed_line,
    required_words,
    save_round,
    score_line,
    tiers_lines,
    utc_now,
    verdict_line,
    word_of,
    words_by_value,
    write_lines,
)
from boggle_tui.cli.plain_rivals import CountsLine, contest_lines, counts_line, evening_lines, shown_name
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import score
from boggle_tui.game.clock import TimeSource, format_seconds
from boggle_tui.game.languages import Language, language_for
from boggle_tui.game.levels import LEVELS
from boggle_tui.game.round import EndReason, Entry
from boggle_tui.game.study import NEW_CARDS_A_ROUND
from boggle_tui.i18n import N_, _, counted, number
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError, error_text
from boggle_tui.net.hosting import start_room_server
from boggle_tui.net.link import ROOM_PATIENCE, Back, Dropped, Link, Lost
from boggle_tui.net.protocol import ProtocolError, clean_text
from boggle_tui.net.session import NEW_SEAT, ROUND_LOST, OnlineSession, lost_totals, lost_verdict, word_list_note
from boggle_tui.storage.history import History
from boggle_tui.storage.rooms import RoomTokens

SHOWN_TYPED = 40  # characters of a line the player typed, when a calm line repeats it

# The commands, and what `help` says of each: typed as they are in every language; what they do is translated.
LOBBY_COMMANDS = {
    "ready": N_("you are ready: the round starts when everyone is"),
    "not ready": N_("you are not ready after all"),
    # Translators: TEXT is a placeholder for what the player says; "say" is the command, typed as it is
    "say TEXT": N_("say something to the room"),
    "who": N_("who is here, and the room's settings"),
    "watch": N_("watch the round under way (the board and the others' counts) till the next one"),
    "help": N_("this list"),
    "leave": N_("leave the room (so does the end of input, Ctrl+D)"),
}
HOST_COMMANDS = {
    "start": N_("start the countdown now, ready or not"),
    # Translators: NAME is a placeholder for a player's name; "remove" is the command, typed as it is
    "remove NAME": N_("remove a player (a bot too) from the room"),
    "lock": N_("close the room to newcomers"),
    "unlock": N_("open the room to newcomers again"),
    # Translators: LEVEL is a placeholder; the levels are typed as they are, in English
    "bot LEVEL": N_("a computer opponent: beginner, casual, regular (the default), strong or expert"),
    # Translators: NAME and TEAM are placeholders; "side" is the command, typed as it is
    "side NAME TEAM": N_("two teams: put a player on team 1 or 2 (0: dealt at random as the round starts)"),
}
ROUND_COMMANDS = {
    "time": N_("the time left and your score"),
    "board": N_("the board again"),
    "who": N_("the others' word counts now"),
    "end": N_("vote to end the round: it ends when every player has voted"),
    "help": N_("this list"),
    "leave": N_("leave the room (so does the end of input, Ctrl+D)"),
}
# A spectator's (boggle join --watch): no seat, so nothing to be ready for, and no words of their own.
WATCHER_COMMANDS = {name: LOBBY_COMMANDS[name] for name in ("say TEXT", "who", "help", "leave")}
WATCHED_COMMANDS = {
    "time": N_("the time left"),
    **{name: ROUND_COMMANDS[name] for name in ("board", "who", "help", "leave")},
}
LEAVING = ("leave", "quit")  # quit, as solo --plain's: here it leaves the room


class RoomClosed(Exception):
    """The room is gone, or this seat was removed from it: the message says which, for the player."""


class RoomLost(RoomClosed):
    """The room's server could not be reached again within the reconnecting time: no fault of the player's input
    (exit code 1). A round under way was said as far as it got (`PlainRoom.lost`)."""


@dataclass(frozen=True)
class PlainTarget:
    """The room to sit in: as the app's OnlineTarget, less what only the app's screens use."""

    url: str  # ws://host:port ("" while a server of our own is still to start)
    room: str
    name: str
    settings: m.Settings | None = None  # the room's, if this seat makes it
    private: bool = False
    serve: tuple[str, int] | None = None  # run a room server first, on (host, port), as `boggle host` does
    address: str = ""  # what friends type after `boggle join`
    dictionaries: dict[str, str] | None = None  # the word lists a server of our own allows
    watch: bool = False  # a spectator: no seat (boggle join --watch)


class AsyncLines(Protocol):
    async def read(self) -> Read:
        """The next line, Signal.TOO_LONG, or Signal.ENDED at the end of input (never Signal.WAITED)."""
        ...


class ThreadedLines:
    """Lines read by a thread of their own (standard input's: cli/plain.py's StreamLines, a terminal, a pipe or a
    file) and handed to the loop as they come."""

    def __init__(self, source: Lines) -> None:
        self.source = source
        self.queue: asyncio.Queue[Read] = asyncio.Queue()
        self.thread: threading.Thread | None = None

    async def read(self) -> Read:
        if self.thread is None:
            loop = asyncio.get_running_loop()
            self.thread = threading.Thread(target=self._pump, args=(loop,), daemon=True, name="plain-lines")
            self.thread.start()
        return await self.queue.get()

    def _pump(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            got = self.source.read(None)
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is reading any more
                loop.call_soon_threadsafe(self.queue.put_nowait, got)
            if got is Signal.ENDED:
                return


def described(lobby: m.Lobby) -> str:
    """The room's settings in the player's language, as the app's lobby says them."""
    return clean_text(lobby.described(brief=False), m.MAX_TEXT)  # spelt out, as the round's first lines


def _typed(text: str) -> str:
    """A line the player typed, repeated in a calm line: printable, and short."""
    return clean_text(text, SHOWN_TYPED)


@dataclass
class PlainRoom:
    """A seat in a room, as lines: `handle` a message from the server, `take` a line from the player; each
    gives the lines to say. Messages to the room go out through `send`, which never waits."""

    welcome: m.Welcome
    send: Callable[[m.ClientMessage], None]
    now: TimeSource = time.monotonic
    wall: WallClock = utc_now
    address: str = ""  # what friends type to join, when this seat hosts the room
    history: History | None = None
    is_common: Callable[[str], bool] | None = None  # the required words; None: read when a round first ends
    cards_a_round: int = NEW_CARDS_A_ROUND  # the study cards a round makes at most (the player's setting)
    lobby: m.Lobby | None = None
    session: OnlineSession | None = None
    countdown: float | None = None
    ended_at: float | None = None  # when the last round ended: a word typed within GRACE of it is too late
    lobby_at: float = 0.0  # when the last lobby message came (its time left in a round under way is from then)
    left: bool = False
    spectator: bool = False  # boggle join --watch: no seat in the room, every round watched
    reconnecting: bool = False  # the connection dropped: the room hears nothing until it is back
    warnings: list[int] = field(default_factory=list)
    counts: CountsLine = field(init=False)
    _checked: set[tuple[str, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.counts = CountsLine(self.now)

    @property
    def me(self) -> int:
        return self.welcome.player

    @property
    def seat(self) -> m.Seat | None:
        return next((p for p in self.lobby.players if p.id == self.me), None) if self.lobby else None

    @property
    def host(self) -> bool:
        seat = self.seat
        return seat is not None and seat.host

    @property
    def playing(self) -> bool:
        return self.session is not None and not self.session.over

    # Arriving

    def welcomed(self) -> list[str]:
        room, name = shown_name(self.welcome.room), shown_name(self.welcome.name)
        lines = [_("You are in room {room} as {name}.").format(room=room, name=name)]
        if self.address:
            lines.append(_("Friends join with:  boggle join {address}").format(address=clean_text(self.address, 200)))
        # A note in the server's words: one of the game's own (a server speaking English) in the player's language;
        # any other text as it came, cleaned again (_ leaves it unchanged).
        lines += [clean_text(_(note), m.MAX_TEXT) for note in self.welcome.notes]
        return lines

    # What the server says

    def handle(self, message: m.ServerMessage) -> list[str]:
        """The lines one message makes; one that does not make sense is a line, never a crash."""
        try:
            lines = self._handle(message)
        except RoomClosed:
            raise
        except (ProtocolError, BoggleError, ValueError, KeyError) as error:
            cannot = _("The server sent a message this game cannot use ({error}).").format(error=type(error).__name__)
            lines = [cannot]
        return lines + self.news()

    def _handle(self, message: m.ServerMessage) -> list[str]:
        match message:
            case m.Lobby():
                return self._lobby(message)
            case m.Countdown(seconds=seconds):
                return self._countdown(seconds)
            case m.Start():
                return self._start(message)
            case m.Said(player=player, name=name, text=text):
                if player == self.me:
                    return [_("You said: {text}").format(text=clean_text(text, m.MAX_CHAT))]
                return [_("{name} says: {text}").format(name=shown_name(name), text=clean_text(text, m.MAX_CHAT))]
            case m.Error(fatal=fatal, code=code, returned=returned):
                said = clean_text(error_text(message, self.welcome.room), m.MAX_TEXT)
                if fatal or code in ("removed", "room_gone"):
                    raise RoomClosed(said)
                lines = [_("Room: {message}").format(message=said)]
                if returned := clean_text(returned, m.MAX_CHAT):  # a chat line refused: the player's, never lost
                    lines.append(_("Not said: {line}").format(line=returned))
                return lines
            case m.End():
                return self._end(message)
            case _:
                return self._in_round(message)

    def news(self) -> list[str]:
        """What the round says unasked, whenever the seat wakes: the clock's warnings, the others' counts."""
        session = self.session
        if session is None or session.over:
            return []
        remaining = session.remaining
        passed = [w for w in self.warnings if remaining <= w]
        lines = []
        if passed:
            self.warnings = [w for w in self.warnings if w not in passed]
            # Translators: {time} is m:ss, said when a minute or ten seconds are left
            lines.append(_("{time} left.").format(time=format_seconds(remaining)))
        return lines + self.counts.due(session.standings, session.watching)

    # The lobby

    def _lobby(self, new: m.Lobby) -> list[str]:
        old, self.lobby, self.lobby_at = self.lobby, new, self.now()
        lines = self._check_word_list(new)
        if self.session is not None and self.session.voided_by(new):
            self.session = None  # the server restarted mid-round: the round is gone, the seat is in the lobby
            # The server says why, and that it was not counted, in its error after this lobby: said once, there.
            lines += [_("Back in the lobby."), *self.room_lines(), *self._prompt()]
            return lines
        if old is None:
            return lines + self.room_lines() + self._prompt()
        before = {p.id: p for p in old.players}
        now_here = {p.id for p in new.players}
        after_round = old.state == "playing" and new.state == "lobby"  # everyone is un-readied: no news
        settings_changed = old.settings != new.settings
        for p in new.players:
            was = before.get(p.id)
            name = shown_name(p.name)
            if was is None:
                lines.append(_("{name} joined.").format(name=name))
                continue
            if p.connected != was.connected:
                lines.append((_("{name} is back.") if p.connected else _("{name} is away.")).format(name=name))
            if p.ready and not was.ready and not p.bot:
                lines.append(_("You are ready.") if p.id == self.me else _("{name} is ready.").format(name=name))
            elif was.ready and not p.ready and not after_round and not settings_changed:
                mine = p.id == self.me
                lines.append(_("You are not ready.") if mine else _("{name} is not ready.").format(name=name))
            if p.host and not was.host:
                if p.id == self.me:
                    lines.append(_("You are the host now."))
                    lines += self._host_line()
                else:
                    lines.append(_("{name} is the host now.").format(name=name))
        lines += [_("{name} left.").format(name=shown_name(p.name)) for p in old.players if p.id not in now_here]
        if settings_changed:
            lines.append(_("New settings: {settings}").format(settings=described(new)))
            if not self.spectator:
                lines.append(_("Nobody is ready now: type ready when you are."))
        if new.locked != old.locked:
            lines.append(_("The room is closed to newcomers.") if new.locked else _("The room is open to newcomers."))
        return lines

    def room_lines(self) -> list[str]:
        """The room as a whole: who is here and ready, the settings, the evening so far."""
        lobby = self.lobby
        if lobby is None:
            return []
        room = shown_name(lobby.room or self.welcome.room)
        ready = sum(1 for p in lobby.players if p.ready and not p.playing)  # those in a round are not "ready"
        header = counted(
            len(lobby.players),
            "Room {room}: {count} player, {ready} ready.",
            "Room {room}: {count} players, {ready} ready.",
        )
        lines = [header.format(room=room, ready=number(ready))]
        for p in lobby.players:
            notes = [note for note, shown in ((_("host"), p.host), (_("you"), p.id == self.me)) if shown]
            if not p.connected:
                notes.append(_("away"))
            if p.side and lobby.settings.teams == 2:
                # Translators: two teams: the one a player is on ("ben (team 2)")
                notes.append(_("team {side}").format(side=p.side))
            who = shown_name(p.name) + (f" ({', '.join(notes)})" if notes else "")
            if p.playing:
                state = _("{player}: in the round")
            else:
                state = _("{player}: ready") if p.ready else _("{player}: not ready")
            lines.append("  " + state.format(player=who))
        settings = described(lobby)
        if lobby.locked:
            settings += _(" · closed to newcomers")
        lines.append(_("Settings: {settings}").format(settings=settings))
        lines += evening_lines(lobby.scoreboard, lobby.champion)
        return lines

    def _prompt(self) -> list[str]:
        if self.spectator:
            # Translators: "help" is the command, typed as it is in every language
            watching = _(
                "You are watching this room: each round's board and counts come by themselves; help lists the commands."
            )
            return [watching]
        lines = self._host_line() if self.host else []
        left = self._round_left()
        if left is not None and not self.playing:
            on = _("A round is on: {time} left. Type watch to watch it; the next one is yours (ready when you are).")
            return [*lines, on.format(time=format_seconds(left))]
        # Translators: "ready" and "help" are commands, typed as they are in every language
        return [*lines, _("Type ready when you are; help lists the commands.")]

    def _round_left(self) -> float | None:
        """Seconds left in the round the others play, as the room last said, counted down here; None: none is on."""
        if self.lobby is None or self.lobby.state != "playing":
            return None
        if self.lobby.remaining is None:
            return 0.0
        return max(0.0, self.lobby.remaining - (self.now() - self.lobby_at))

    def _host_line(self) -> list[str]:
        # Translators: the commands are typed as they are in every language
        return [_("You host the room: start, remove NAME, lock, unlock and bot LEVEL are yours (help says more).")]

    def _countdown(self, seconds: float | None) -> list[str]:
        was, self.countdown = self.countdown, seconds
        if seconds is None:
            return [_("The countdown stopped: not everyone is ready.")] if was is not None else []
        whole = round(seconds)
        return [counted(whole, "The board comes in {count} second.", "The board comes in {count} seconds.")]

    def _check_word_list(self, lobby: m.Lobby) -> list[str]:
        """Once per list: when this machine's copy of the room's word list is not the server's, say so."""
        note = word_list_note(lobby, self._checked)
        return [note] if note else []

    # The round

    def _start(self, message: m.Start) -> list[str]:
        session = self.session
        if session is not None and not session.over and session.start_message.round == message.round:
            return []  # the same round again, after a reconnect: the session has it
        session = self.session = OnlineSession(message, self.welcome.room, self.me, self.send, self.now)
        self.countdown = None
        self.counts.start()
        self.warnings = [w for w in WARNINGS if w < session.remaining]
        title = _("{title} · board {code}").format(title=clean_text(session.title, m.MAX_TEXT), code=session.code)
        lines = [title, session.request.describe(session.min_length), *board_rows(session.board)]
        if session.watching:
            # Translators: "help" is the command's name, typed as it is in every language
            start = _("You are watching: the others' counts come as they change; help lists the commands. {time} left.")
        else:
            # Translators: "help" is the command's name, typed as it is in every language
            start = _("Type a word and press Enter; help lists the commands. The clock is running: {time}.")
        lines.append(start.format(time=format_seconds(session.remaining)))
        return lines

    def _in_round(self, message: m.ServerMessage) -> list[str]:
        session = self.session
        if session is None:
            return []
        before = len(session.entries)
        known = len(session.teammates)
        session.apply(message)
        if isinstance(message, m.TeamFound) and len(session.teammates) > known:
            return [self._teammate_found(message)]
        if not isinstance(message, m.Judgement):
            return []  # an `entries` after a reconnect is what was said before: not said again
        lines = [self._verdict(entry) for entry in session.entries[before:]]
        if lines and session.team and session.entries[-1].verdict.accepted:  # `…, 1 point · Team 3 / 5`
            lines[-1] = " · ".join([lines[-1], session.team_line()])
        return lines

    def _teammate_found(self, found: m.TeamFound) -> str:
        """`ben found TEAM: +1 for the team, 41 of 60` (the name as decoded: cleaned, shown literally)."""
        assert self.session is not None
        # Translators: a team's round: a teammate's find, its points, and the team's points against its goal
        line = _("{name} found {word}: +{points} for the team, {team} of {goal}")
        word = self.session.board.alphabet.upper(found.word)
        return line.format(name=shown_name(found.name), word=word, points=found.points, team=number(found.team),
                           goal=number(found.goal))  # fmt: skip

    def _verdict(self, entry: Entry) -> str:
        assert self.session is not None
        return verdict_line(entry, self.session.board.alphabet.upper)

    def _end(self, message: m.End) -> list[str]:
        session = self.session
        if session is None or session.over:
            return []
        before = len(session.entries)
        session.apply(message)
        self.ended_at = self.now()
        lines = [self._verdict(entry) for entry in session.entries[before:]]  # still on their way: too late
        ended = (session.end_reason or EndReason.TIME_UP).text
        # Translators: {reason} is why the round ended, e.g. "Time is up"
        lines.append(_("{reason}.").format(reason=ended))
        lines += contest_lines(session, session.board.alphabet)
        if not session.watching:  # a round watched is not one played: no score of one's own, nothing saved
            lines += self._own_results()
        lines += evening_lines(session.evening, session.champion)
        lines += [] if session.watching else self._save()
        if self.spectator:
            lines.append(_("Back in the lobby: the next round's board comes by itself."))
        else:
            # Translators: "ready" is the command, typed as it is in every language
            lines.append(_("Back in the lobby: type ready for the next round."))
        return lines

    def _own_results(self) -> list[str]:
        """This seat's score against the board, its required and bonus words, and the words nobody here found, as
        solo --plain lists them."""
        session = self.session
        assert session is not None
        results = session.results()
        language = language_for(session.board.language)
        required = self._required(language)
        on_the_list = session.request.rules.dictionary == language.common_words  # every word is common: none is marked
        common = None if on_the_list else required
        alphabet = session.board.alphabet

        def mark(word: str) -> str:
            return alphabet.upper(word) + ("*" if common is not None and common(word) else "")

        missed = results.missed  # the most valuable first, in the language's order
        lines = [score_line(results), *tiers_lines(results, required), missed_line(len(missed))]
        lines += words_by_value(missed, score, mark)
        if common is not None and any(common(w) for w in missed):
            lines.append(_("{mark} marks a required word: the common ones, worth learning.").format(mark="*"))
        return lines

    def _required(self, language: Language) -> Callable[[str], bool]:
        """The player's required words of the language, read when a round first ends (given by tests)."""
        if self.is_common is None:
            self.is_common = required_words(language.code, self.history or History.disabled())
        return self.is_common

    def _save(self) -> list[str]:
        if self.history is None or self.session is None:
            return []
        required = self._required(language_for(self.session.board.language))
        return save_round(self.session, self.history, self.wall, required, self.cards_a_round)

    # What the player types

    def take(self, text: str) -> list[str]:
        """One line from the player: a command, a word, or a calm line saying what is not."""
        command = " ".join(text.split()).lower()
        if self.playing:
            return self._take_in_round(text, command)
        verb, _space, rest = command.partition(" ")
        if command in LEAVING:
            return self.leave()
        if command == "help":
            return self.help()
        if command == "who":
            return self.room_lines()
        if command in ("ready", "not ready", "unready") and self.spectator:
            return [_("You are watching: the players get ready, and each board comes to you by itself.")]
        if command == "ready":
            left = self._round_left()
            if left is not None:  # the room readies afresh after the round: a ready now would be lost
                on = _("A round is on: {time} left. Type ready once it has ended.")
                return [on.format(time=format_seconds(left))]
            self.send(m.Ready(ready=True))
            return []
        if command == "watch":
            if self._round_left() is None:
                return [_("No round is under way: type ready when you are.")]
            self.send(m.Watch())
            return []
        if command in ("not ready", "unready"):
            self.send(m.Ready(ready=False))
            return []
        if verb == "say":
            said = " ".join(text.split()[1:])
            if not clean_text(said, m.MAX_CHAT):
                return [_("Say what? Type say and then the line, as say hello.")]
            self.send(m.Say(text=clean_text(said, m.MAX_CHAT)))
            return []
        if verb in ("start", "remove", "lock", "unlock", "bot", "side"):
            return self._host_command(verb, " ".join(text.split()[1:]), rest)
        if command == "end":
            return [_("No round is under way: end votes to end one.")]
        if not command:
            return []
        return self._late(text) or [_("{text} is not a command here: help lists them.").format(text=repr(_typed(text)))]

    def _late(self, text: str) -> list[str]:
        """A word typed as the round ended (within GRACE of its end): too late, as solo --plain says it."""
        session = self.session
        if session is None or self.ended_at is None or self.now() - self.ended_at > GRACE:
            return []
        entry = session.late(word_of(text))
        return [self._verdict(entry)] if entry is not None else []

    def _host_command(self, verb: str, argument: str, lowered: str) -> list[str]:
        if not self.host:
            host = next((shown_name(p.name) for p in self.lobby.players if p.host), "") if self.lobby else ""
            return [_("Only the host can do that; the host is {name}.").format(name=host or "?")]
        if verb in ("start", "lock", "unlock"):
            self.send(m.HostCommand(action=verb))  # type: ignore[arg-type]
            return []
        if verb == "bot":
            level = lowered or ""
            if level and level not in LEVELS:
                levels = ", ".join(LEVELS)
                return [_("No bot level is called {level}: {levels}.").format(level=repr(_typed(level)), levels=levels)]
            self.send(m.HostCommand(action="bot", level=level))
            return []
        if verb == "side":
            return self._side(argument)
        seat = self._player_called(argument)
        if seat is None:
            if not argument:
                return [_("Remove whom? Type remove and the player's name, as remove bob.")]
            return [_("Nobody here is called {name}: who lists the players.").format(name=repr(_typed(argument)))]
        if seat.id == self.me:
            return [_("You cannot remove yourself: leave leaves the room.")]
        self.send(m.HostCommand(action="remove", player=seat.id))
        return []

    def _side(self, argument: str) -> list[str]:
        """`side ben 2`: the host puts a player on a team (0: dealt at random as the next round starts)."""
        name, _space, team = argument.rstrip().rpartition(" ")
        seat = self._player_called(name)
        if team not in ("0", "1", "2") or seat is None:
            return [_("Put whom on which team? Type side, a player's name and 1 or 2, as side bob 2.")]
        self.send(m.HostCommand(action="side", player=seat.id, side=int(team)))
        return []

    def _player_called(self, name: str) -> m.Seat | None:
        """The player of that name (case aside; a bot's ` (bot)` may be left off)."""
        wanted = " ".join(name.split()).casefold()
        if not wanted or self.lobby is None:
            return None
        players = self.lobby.players
        exact = [p for p in players if p.name.casefold() == wanted]
        if exact:
            return exact[0]
        bots = [p for p in players if p.bot and p.name.casefold().removesuffix(" (bot)") == wanted]
        return bots[0] if len(bots) == 1 else None

    def _take_in_round(self, text: str, command: str) -> list[str]:
        session = self.session
        assert session is not None
        if command in LEAVING:
            return self.leave()
        if command == "help":
            return self.help()
        if command == "board":
            return board_rows(session.board)
        if command == "who":
            others = [s for s in session.standings if not s.me]  # a spectator has no count of their own
            return [counts_line(session.standings, session.watching)] if others else [_("Nobody else is playing.")]
        if command == "time" and session.watching:
            return [_("{time} left").format(time=format_seconds(session.remaining))]
        if command == "time":
            words = counted(len(session.found), "{count} word", "{count} words")
            # Translators: {time} is m:ss, the time left in the round
            clock = _("{time} left").format(time=format_seconds(session.remaining))
            line = _("{clock} · score {score} · {words}")
            return [line.format(clock=clock, score=number(session.score), words=words)]
        if command == "end" and session.watching:
            return [_("You are watching: the players end the round, by their votes or the clock.")]
        if command == "end":
            session.end(EndReason.VOTED)
            return [_("You voted to end the round: it ends when every player has voted.")]
        if command.partition(" ")[0] == "say":
            return [_("Chat waits for the end of the round.")]
        if session.watching and self.spectator:
            return [_("You are watching: a spectator's words go nowhere.")]
        if session.watching:
            return [_("You are watching this round: the next one is yours.")]
        entry = session.submit(word_of(text))
        if entry is not None and (not entry.provisional or self.reconnecting):
            # Judged here (the player's clock had run out), or kept until the room hears again: said at once, as
            # the app's entry line says it (#29: a word typed while reconnecting had no line)
            return [self._verdict(entry)]
        return []  # the room's verdict follows, and is the one said: one line an entry

    def help(self) -> list[str]:
        if self.playing and self.session is not None and self.session.watching:
            return [_("You are watching the round. Commands:"), *_listed(WATCHED_COMMANDS)]
        if self.spectator:
            return [_("You are watching the room. Commands:"), *_listed(WATCHER_COMMANDS)]
        if self.playing:
            return [
                _("Type a word and press Enter: each entry gets a verdict. Commands:"),
                *_listed(ROUND_COMMANDS),
                # Translators: {escape} is the sign typed before a word that is also a command; "end" is a command
                _("A word that is also a command: type {escape} before it, as {escape}end.").format(escape=ESCAPE),
            ]
        lines = [_("Commands in the lobby:"), *_listed(LOBBY_COMMANDS)]
        if self.host:
            lines += [_("The host's commands:"), *_listed(HOST_COMMANDS)]
        return lines

    def leave(self) -> list[str]:
        self.left = True
        return []

    # The connection

    def dropped(self, seconds: float) -> list[str]:
        """The connection dropped: said once, with how long the seat is kept (a spectator has none)."""
        self.reconnecting = True
        if self.spectator:
            return [_("The connection dropped: reconnecting…")]
        left = math.ceil(seconds)
        return [
            counted(
                left,
                "The connection dropped: reconnecting… ({count} second left before the seat is given up)",
                "The connection dropped: reconnecting… ({count} seconds left before the seat is given up)",
            )
        ]

    def lost(self) -> list[str]:
        """The room's server is gone for good: a round of this seat's under way ends as far as it got, as the app's
        results say it: the heading, each word with its verdict (the room's, or never judged), the score so far.
        Nobody's words were compared: no shared-word rule, nothing saved. Nothing to say in the lobby."""
        session = self.session
        if session is None or session.over or session.watching:
            return []
        session.lose(_("the connection to the room was lost"))
        upper = session.board.alphabet.upper
        lines = [_(ROUND_LOST)]
        for entry in session.entries:
            if entry.verdict.accepted:
                lines.append(verdict_line(entry, upper))
            else:
                lines.append(_("{word}: {verdict}").format(word=upper(entry.word), verdict=lost_verdict(entry)))
        return [*lines, lost_totals(session)]

    def reconnected(self, welcome: m.Welcome | None = None) -> list[str]:
        """Back: the words typed meanwhile are sent again, and the room's verdicts follow. `welcome` is the room's
        answer: a new seat where the room gave the old one up meanwhile, whose round under way is not ours."""
        self.reconnecting = False  # the session sends again what the room did not judge, once it says which
        if welcome is None or welcome.player == self.welcome.player:
            return [_("Back in the room.")]
        self.welcome, self.session = welcome, None
        return [_(NEW_SEAT), *self.room_lines(), *self._prompt()]


def _listed(commands: dict[str, str]) -> list[str]:
    width = max(map(len, commands))
    return [f"  {name.ljust(width)}  {_(what)}" for name, what in commands.items()]


# Running: the connection, the lines typed, and the two together


async def play_room(
    target: PlainTarget,
    lines: AsyncLines,
    write: Write,
    *,
    now: TimeSource = time.monotonic,
    wall: WallClock = utc_now,
    history: History | None = None,
    folder: Path | None = None,
    is_common: Callable[[str], bool] | None = None,
    reconnect_seconds: float = ROOM_PATIENCE,
) -> None:
    """Sit in the room until the player leaves (a command, or the end of input); a RoomClosed or a JoinError
    says why the room was left otherwise. `folder` keeps the seat's token (the data folder by default)."""
    url, address, server = target.url, target.address, None
    if target.serve is not None:
        port, server = await _serve(target)
        url = f"ws://127.0.0.1:{port}"
        address = target.address.replace(f":{target.serve[1]}/", f":{port}/")  # the port bound
    seated = target.serve is None and not target.watch  # a room of our own server's is new; a spectator has no seat
    hello = m.Hello(version=m.VERSION, name=target.name, room=target.room, settings=target.settings,
                    private=target.private, game=uuid.uuid4().hex, watch=target.watch)  # fmt: skip
    link = Link(url, hello, patience=lambda: reconnect_seconds, tokens=RoomTokens(folder) if seated else None)
    try:
        welcome = await link.open()
        assert isinstance(welcome, m.Welcome)
        room = PlainRoom(welcome, link.send, now, wall, address, history, is_common, spectator=target.watch)
        write_lines(write, room.welcomed())

        async def listen() -> None:
            async for event in link.events():
                if isinstance(event, Lost) and event.code in ("", "room_gone"):
                    # A room gone with its server (restarted without its state) ends a round as a lost one.
                    write_lines(write, room.lost())
                    raise RoomLost(event.why)
                if isinstance(event, Lost):
                    raise RoomClosed(event.why)
                write_lines(write, _said(room, event))

        async def type_lines() -> None:
            while not room.left:
                got = await lines.read()
                if got is Signal.ENDED:
                    room.leave()
                elif got is Signal.TOO_LONG:
                    write(_("That line is too long to be a word."))
                elif isinstance(got, str):
                    write_lines(write, room.take(got))

        tasks = {asyncio.create_task(listen()), asyncio.create_task(type_lines())}
        try:
            done, _pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()  # a RoomClosed or a JoinError goes on to the caller
            await link.flush(2.0)  # what was said before leaving is sent first
            write(_("You left room {room}.").format(room=shown_name(room.welcome.room)))
            if seated:  # left for good: the token brings back only games that died
                RoomTokens(folder).forget(url, room.welcome.room, target.name)
        finally:
            for task in tasks:
                task.cancel()
    finally:
        await link.close()
        if server is not None:
            server.let_go()


def _said(room: PlainRoom, event: m.ServerMessage | Dropped | Back) -> list[str]:
    """The lines an event of the link makes (a drop is said once)."""
    match event:
        case Dropped(seconds=seconds):
            return [] if room.reconnecting else room.dropped(seconds)
        case Back(reply=reply):
            return room.reconnected(reply if isinstance(reply, m.Welcome) else None)
        case _:
            return room.handle(event)


@dataclass
class ServerProcess:
    """`boggle server` for a host's one room, as a process of its own that outlives this seat (as the app's)."""

    process: subprocess.Popen[str]

    def let_go(self) -> None:
        """This seat is done with it: the server goes on for the others, and ends once its room is empty."""
        if self.process.stdout is not None:
            self.process.stdout.close()


async def _serve(target: PlainTarget) -> tuple[int, ServerProcess]:
    """Start the room's server; the port it bound (any free one when the default is taken by another host)."""
    assert target.serve is not None
    host, port = target.serve
    bound, process = await start_room_server(target.room, host, port, target.dictionaries)
    return bound, ServerProcess(process)


def run_plain_room(target: PlainTarget, notices: Iterable[str] = ()) -> int:
    """`join --plain` and `host --plain` on stdin and stdout; the exit code. A room that cannot be reached or
    is left against the player's will is a BoggleError: one line on stderr, and exit code 2; a room whose server
    was lost for good once in it is one line on stderr and exit code 1 (nothing the player typed was wrong)."""
    from boggle_tui.cli.plain import _note, _stdin_fd, _stdout_line

    for notice in notices:
        _note(notice)
    history = History.open()
    if history.notice:
        _note(history.notice)
    source = StreamLines(_stdin_fd())
    try:
        asyncio.run(play_room(target, ThreadedLines(source), _stdout_line, history=history))
    except RoomLost as error:
        _note(_("boggle: {reason}").format(reason=error))
        return 1
    except (JoinError, RoomClosed) as error:
        raise BoggleError(str(error)) from None
    except OSError as error:
        raise BoggleError(error.strerror or str(error)) from None
    finally:
        history.close()
    source.drop_typed_ahead()
    return 0
