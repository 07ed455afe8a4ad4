"""Online rooms against a real server on 127.0.0.1 (an ephemeral port), with clients that speak the protocol
and a game driven by Textual's pilot. Time in rooms is the test's own; every wait is bounded."""

from __future__ import annotations

import asyncio
import errno
import gettext
import json
import socket
import struct
import uuid
from contextlib import asynccontextmanager
from typing import Any

import pytest
from rich.console import Console
from support import FakeTime, make_app, shown, until, until_true
from textual.widgets import OptionList
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from boggle_tui import i18n
from boggle_tui.app.online import OnlinePlay, OnlineTarget
from boggle_tui.app.screens.friends import FriendsScreen
from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.engine.scoring import score
from boggle_tui.game.contest import winner_line
from boggle_tui.net import client as client_module
from boggle_tui.net import messages as messages_module
from boggle_tui.net import server as server_module
from boggle_tui.net.client import Connection, JoinError, error_text, list_rooms
from boggle_tui.net.link import Link
from boggle_tui.net.messages import (
    OLDEST_VERSION,
    VERSION,
    Count,
    End,
    Hello,
    Lobby,
    Progress,
    Ready,
    Score,
    Settings,
    Start,
    Welcome,
    decode_server,
    encode,
)
from boggle_tui.net.protocol import MAX_FRAME
from boggle_tui.net.room import AWAY_SECONDS, COUNTDOWN, State
from boggle_tui.net.server import RoomServer
from boggle_tui.net.session import OnlineSession
from boggle_tui.storage.history import History
from boggle_tui.storage.rooms import RoomTokens

WAIT = 5.0  # seconds any one step may take


def typed(message: dict[str, Any]) -> Any:
    """A message a Bot read, as the game decodes it."""
    return decode_server(json.dumps(message))


@asynccontextmanager
async def running_server(time_: FakeTime | None = None):
    server = RoomServer(now=time_ or FakeTime())
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.stop()


class Bot:
    """A client that speaks the protocol directly."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []

    @classmethod
    async def join(cls, url: str, room: str, name: str, **hello: Any) -> Bot:
        ws = await connect(url)
        await ws.send(json.dumps({"type": "hello", "version": VERSION, "name": name, "room": room, **hello}))
        return cls(ws)

    async def send(self, kind: str, **fields: Any) -> None:
        await self.ws.send(json.dumps({"type": kind, **fields}))

    async def wait_for(self, kind: str, where=lambda m: True) -> dict[str, Any]:
        async def read() -> dict[str, Any]:
            while True:
                message = json.loads(await self.ws.recv())
                self.seen.append(message)
                if message["type"] == kind and where(message):
                    return message

        return await asyncio.wait_for(read(), WAIT)


async def start_round(time_: FakeTime, *bots: Bot) -> list[dict[str, Any]]:
    for bot in bots:
        await bot.wait_for("lobby")
        await bot.send("ready", ready=True)
    for bot in bots:
        await bot.wait_for("countdown", lambda m: m["seconds"])
    time_.now += COUNTDOWN
    return [await bot.wait_for("start") for bot in bots]


def words_of(server: RoomServer, room: str) -> list[str]:
    return list(server.rooms[room].solution.paths)


async def test_a_round_with_the_shared_word_rule() -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        alice, bob = await Bot.join(url, "t1", "alice"), await Bot.join(url, "t1", "bob")
        await start_round(time_, alice, bob)
        shared, mine = words_of(server, "t1")[:2]
        await alice.send("word", id=0, word=shared)
        await alice.send("word", id=1, word=mine)
        await bob.send("word", id=0, word=shared.upper())
        assert (await alice.wait_for("verdict", lambda m: m["id"] == 1))["verdict"] == "accepted"
        await bob.wait_for("verdict")
        await alice.send("end")
        await bob.send("end")
        end = await alice.wait_for("end")
        scores = {p["name"]: p for p in end["players"]}
        assert scores["alice"]["words"][shared] == 0 and scores["bob"]["score"] == 0
        assert end["shared"] == [shared] and end["reason"] == "ended" and shared in end["solution"]


async def test_scoring_all_and_the_host_s_settings() -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        settings = {"scoring": "all", "seconds": 60, "dice": "big"}
        alice = await Bot.join(url, "t2", "alice", settings=settings)
        bob = await Bot.join(url, "t2", "bob", settings={"dice": "classic"})
        assert (await bob.wait_for("welcome"))["notes"]  # the room's settings stand
        (start, _) = await start_round(time_, alice, bob)
        assert len(start["board"]) == 5 and start["seconds"] == 60
        (word,) = words_of(server, "t2")[:1]
        await alice.send("word", id=0, word=word)
        await bob.send("word", id=0, word=word)
        await alice.wait_for("verdict")
        await bob.wait_for("verdict")
        time_.now += 61
        end = await alice.wait_for("end")
        assert all(p["score"] > 0 for p in end["players"]) and end["reason"] == "time_up"


async def test_a_dropped_player_rejoins_the_round_with_their_words() -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        alice, bob = await Bot.join(url, "t3", "alice"), await Bot.join(url, "t3", "bob")
        token = (await alice.wait_for("welcome"))["token"]
        await start_round(time_, alice, bob)
        (word,) = words_of(server, "t3")[:1]
        await alice.send("word", id=0, word=word)
        await alice.wait_for("verdict")
        await alice.ws.close()
        await bob.wait_for("lobby", lambda m: any(not p["connected"] for p in m["players"]))
        back = await Bot.join(url, "t3", "", token=token)
        assert (await back.wait_for("welcome"))["name"] == "alice"
        await back.wait_for("start")
        entries = await back.wait_for("entries")
        assert [e["word"] for e in entries["entries"]] == [word] and entries["last_id"] == 0
        await back.send("word", id=0, word=word)  # sent again after the drop: judged once
        await back.send("word", id=1, word=word)
        assert (await back.wait_for("verdict"))["id"] == 1


async def test_a_drop_in_the_lobby_keeps_the_seat_and_the_room_for_the_game_on_its_way_back() -> None:
    """Everyone's connection dropped for a moment in the lobby (a play-test): the room closed at once, and each game
    came back to "room is gone", the evening lost. A connection ended without a close keeps its seat AWAY_SECONDS;
    one closed (the player left) gives it up at once."""
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        alice, bob = await Bot.join(url, "blip", "alice"), await Bot.join(url, "blip", "bob")
        welcome = await alice.wait_for("welcome")
        await bob.wait_for("welcome")
        await bob.ws.close()  # bob leaves: gone at once
        alice.ws.transport.abort()  # alice's network drops: no close
        for _ in range(500):  # each end is handled in its own time: a bound of 10 s, not a wait
            if "blip" in server.rooms and not server.rooms["blip"].connected:
                break
            await asyncio.sleep(0.02)
        room = server.rooms["blip"]  # kept: alice is on her way back
        assert [(p.name, p.connected) for p in room.players.values()] == [("alice", False)]
        server.tick()
        back = await Bot.join(url, "blip", "", token=welcome["token"])
        again = await back.wait_for("welcome")
        assert (again["player"], again["name"]) == (welcome["player"], "alice")  # her own seat
        back.ws.transport.abort()  # and once more, for good
        for _ in range(500):
            if not room.connected:
                break
            await asyncio.sleep(0.02)
        time_.now += AWAY_SECONDS
        server.tick()
        assert "blip" not in server.rooms  # her seat given up, the room closed


async def test_a_game_started_afresh_in_a_round_has_its_new_words_judged() -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        alice = await Bot.join(url, "t6", "alice")
        token = (await alice.wait_for("welcome"))["token"]
        await start_round(time_, alice)
        first, second, third = words_of(server, "t6")[:3]
        for n, word in enumerate((first, second)):
            await alice.send("word", id=n, word=word)
            await alice.wait_for("verdict")
        await alice.ws.close()  # the game is killed: what it knew of its ids is gone
        back = await Bot.join(url, "t6", "", token=token)
        sent: list[Any] = []
        session = OnlineSession(typed(await back.wait_for("start")), "t6", 1, sent.append, now=time_)
        session.apply(typed(await back.wait_for("entries")))
        session.submit(third)
        (word,) = sent
        await back.ws.send(encode(word))
        assert (await back.wait_for("verdict"))["word"] == third  # not dropped as a word sent twice


async def test_a_client_of_another_version_is_told_so() -> None:
    async with running_server() as (_, url):
        ws = await connect(url)
        await ws.send(json.dumps({"type": "hello", "version": VERSION + 1, "room": "x"}))
        reply = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        assert reply["type"] == "error" and reply["fatal"] and f"version {VERSION}" in reply["message"]
        with pytest.raises(JoinError, match="a room name is"):  # a refusal reaches the game in the server's words
            await Connection.open(url, Hello(version=VERSION, room="bad room!"))


async def test_a_game_of_the_version_before_plays_contests_and_is_told_to_update_for_a_team() -> None:
    async with running_server() as (_, url):
        old = await connect(url)
        await old.send(json.dumps({"type": "hello", "version": OLDEST_VERSION, "room": "contest", "name": "old"}))
        assert json.loads(await asyncio.wait_for(old.recv(), WAIT))["type"] == "welcome"  # a contest: seated
        host = await Bot.join(url, "team", "ada", settings={"scoring": "team"})
        await host.wait_for("welcome")
        late = await connect(url)
        await late.send(json.dumps({"type": "hello", "version": OLDEST_VERSION, "room": "team", "name": "old"}))
        reply = json.loads(await asyncio.wait_for(late.recv(), WAIT))
        assert (reply["type"], reply["code"], reply["fatal"]) == ("error", "version", True)
        assert "plays as one team: update boggle-tui" in reply["message"]


async def test_garbage_oversized_and_silent_clients_do_not_hurt_the_room(monkeypatch) -> None:
    monkeypatch.setattr(server_module, "HELLO_SECONDS", 0.3)
    time_ = FakeTime()
    async with running_server(time_) as (_, url):
        alice = await Bot.join(url, "t4", "alice")
        await alice.wait_for("lobby")
        host, port = url.removeprefix("ws://").split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(b"\x16\x03\x01 garbage that is not a handshake\r\n\r\n" * 10)
        await writer.drain()
        assert await asyncio.wait_for(reader.read(), WAIT) is not None  # answered and closed, not hung
        writer.close()
        big = await Bot.join(url, "t4", "mallory")
        await big.wait_for("welcome")
        await big.ws.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed):
            await big.wait_for("never")
        silent = await connect(url)
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(silent.recv(), WAIT)
            await asyncio.wait_for(silent.recv(), WAIT)
        bad = await Bot.join(url, "t4", "eve\x1b[2J[red]x[/red]")
        for frame in ("not json", '{"type": "dance"}', '{"type": "word", "id": "x", "word": 1}'):
            await bad.ws.send(frame)
            assert not (await bad.wait_for("error"))["fatal"]
        lobby = await alice.wait_for("lobby", lambda m: any(p["name"].startswith("eve") for p in m["players"]))
        names = [p["name"] for p in lobby["players"]]
        assert all("\x1b" not in n for n in names) and "eve[2J[red]x[/red]" in names  # literal, never run
        await alice.send("ready", ready=True)  # the room still works
        assert (await alice.wait_for("lobby", lambda m: m["players"][0]["ready"]))["state"] == "lobby"


async def test_floods_of_words_are_limited_and_the_room_plays_on() -> None:
    time_ = FakeTime()
    async with running_server(time_) as (_, url):
        alice = await Bot.join(url, "t5", "alice")
        await start_round(time_, alice)
        for n in range(45):
            await alice.send("word", id=n, word="zzz")
        verdicts = [(await alice.wait_for("verdict"))["verdict"] for _ in range(45)]
        assert verdicts.count("too fast") == 5


async def test_rooms_are_listed_unless_private() -> None:
    async with running_server() as (_, url):
        public = await Bot.join(url, "open", "alice")
        private = await Bot.join(url, "secret123", "bob", private=True)
        await public.wait_for("lobby")
        await private.wait_for("lobby")
        rooms = await asyncio.wait_for(list_rooms(url), WAIT)
        assert [r.room for r in rooms] == ["open"]


@pytest.mark.parametrize("again", ["n", "enter"])  # Enter, whichever word list has the focus
async def test_the_game_hosts_a_room_and_plays_it_to_the_results(enable1, popular, tmp_path, again) -> None:
    history = History.open(tmp_path)
    target = OnlineTarget(url="", room="pilot", name="alice", serve=("127.0.0.1", 0), address="here", detached=False)
    app, time_ = make_app(enable1, popular, None, history=history)
    app.online = OnlinePlay(app, target, app.show, time_, tmp_path, app.online_round)
    async with app.run_test() as pilot:
        lobby = await shown(pilot, LobbyScreen)
        server = app.online.server
        assert server is not None
        port = next(iter(server._server.sockets)).getsockname()[1]
        bob = await Bot.join(f"ws://127.0.0.1:{port}", "pilot", "bob")
        await bob.wait_for("lobby")
        await until(pilot, lambda: len(lobby.lobby.players) == 2, "bob in the lobby")
        room = server.rooms["pilot"]
        await pilot.press("enter")
        await until(
            pilot,
            lambda: [p.ready for p in room.connected] == [True, False],
            lambda: f"alice ready: {room.state} {room.connected}",
        )
        await bob.send("ready", ready=True)
        await until(
            pilot, lambda: room.state.value == "countdown", lambda: f"the countdown: {room.state} {room.connected}"
        )
        time_.now += COUNTDOWN
        screen = await shown(pilot, RoundScreen)
        shared, mine = list(room.solution.paths)[:2]
        await pilot.press(*shared, "enter", *mine, "enter")  # a burst: two verdicts
        await until(pilot, lambda: len(screen.session.entries) == 2, "the server's verdicts")
        await bob.send("word", id=0, word=shared)
        await until(pilot, lambda: any(p.words for p in screen.session.standings if p.name == "bob"))
        await bob.send("end")
        await pilot.press("ctrl+g", "y")
        results = await shown(pilot, OnlineResultsScreen)
        assert results.online.found[shared] == 0 and results.online.winners == ["alice"]
        table = Console(width=100, record=True)
        table.print(results._table(), *results._notes())
        text = table.export_text()
        assert f"= {shared.upper()} 0 (bob)" in text and "Tonight: alice" in text  # who else found it; the evening
        time_.now += 2  # past the moment in which the results take no keys
        assert isinstance(app.focused, OptionList)  # a word list, whose own Enter would only select a word
        await pilot.press(again)
        await shown(pilot, LobbyScreen)
    (record,) = history.rounds()
    assert record.mode == "online" and record.found[shared] == 0
    assert {p["name"] for p in record.players} == {"alice", "bob"}
    await bob.ws.close()


async def test_play_with_friends_from_the_start_screen_and_back(enable1, popular, monkeypatch) -> None:
    monkeypatch.setattr("boggle_tui.app.online.DEFAULT_PORT", 0)  # a free port, whatever runs here
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        await pilot.press("f4")
        dialog = await shown(pilot, FriendsScreen)
        dialog.query_one("#friends-address").value = "no room here!"
        await pilot.click("#friends-join")
        await until(pilot, lambda: app._notifications, "the refusal")
        assert isinstance(app.screen, StartScreen)  # a bad address is a notice, never a crash
        await pilot.press("f4")
        dialog = await shown(pilot, FriendsScreen)
        dialog.query_one("#friends-name").value = "alice"
        await pilot.click("#friends-host")
        lobby = await shown(pilot, LobbyScreen)
        await until(pilot, lambda: lobby.lobby.players, "the room")
        assert lobby.lobby.players[0].name == "alice" and not lobby.address.startswith("127.0.0.1:0/")
        await pilot.press("escape")
        await shown(pilot, StartScreen)
        assert app.online is None


async def test_a_player_whose_word_list_differs_is_told_so(enable1, popular, tmp_path) -> None:
    from boggle_tui.engine.dictionary import list_digest

    app, time_ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        play = OnlinePlay(app, OnlineTarget(url="", room="r", name="a"), app.show, time_, tmp_path)
        play._check_word_list(Lobby(settings=Settings(dictionary="enable1"), dictionary_hash=list_digest("enable1")))
        await pilot.pause()
        assert not app._notifications
        play._check_word_list(Lobby(settings=Settings(dictionary="enable1"), dictionary_hash="0" * 32))
        play._check_word_list(Lobby(settings=Settings(dictionary="enable1"), dictionary_hash="0" * 32))  # told once
        play._check_word_list(Lobby(settings=Settings(dictionary="their-own"), dictionary_hash="1" * 32))
        await until(pilot, lambda: len(app._notifications) == 2, "two notices")
        messages = [n.message for n in app._notifications]
        assert "differs from the server's" in messages[0] and "is not on this machine" in messages[1]


async def test_two_games_play_a_round_against_each_other(enable1, popular, tmp_path) -> None:
    """Two games, each driven by its own pilot, in one room on a real server."""
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        games = []
        for name in ("alice", "bob"):
            app, _ = make_app(enable1, popular, None, folder=tmp_path / name, now=time_)
            target = OnlineTarget(url=url, room="duel", name=name)
            app.online = OnlinePlay(app, target, app.show, time_, tmp_path / name, app.online_round)
            games.append(app)
        alice, bob = games
        async with alice.run_test() as pa, bob.run_test() as pb:
            await until(pa, lambda: len(server.rooms.get("duel").players if "duel" in server.rooms else ()) == 2)
            lobbies = [await shown(pa, LobbyScreen), await shown(pb, LobbyScreen)]
            await until(pa, lambda: all(len(view.lobby.players) == 2 for view in lobbies), "both lobbies")
            await pa.press("enter")
            await pb.press("enter")
            await until(pa, lambda: server.rooms["duel"].state.value == "countdown", "the countdown")
            time_.now += COUNTDOWN
            screens = [await shown(pa, RoundScreen), await shown(pb, RoundScreen)]
            assert screens[0].session.board == screens[1].session.board  # the same board for both
            shared, own = list(server.rooms["duel"].solution.paths)[:2]
            await pa.press(*shared, "enter", *own, "enter")
            await pb.press(*shared, "enter")
            await until(pa, lambda: len(screens[0].session.entries) == 2 and len(screens[1].session.entries) == 1)
            await until(pa, lambda: [p.words for p in screens[1].session.standings] == [2, 1], "bob sees alice's 2")
            time_.now += 181
            results = [await shown(pa, OnlineResultsScreen), await shown(pb, OnlineResultsScreen)]
            assert results[0].online.found == {shared: 0, own: score(own)}
            assert results[1].online.found == {shared: 0} and results[1].online.winners == ["alice"]


async def test_a_room_that_cannot_be_reached_ends_the_game_with_exit_code_2(enable1, popular, tmp_path) -> None:
    with socket.socket() as probe:  # a port with nothing listening on it
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app, time_ = make_app(enable1, popular, None)
    target = OnlineTarget(url=f"ws://127.0.0.1:{port}", room="r", name="a")
    app.online = OnlinePlay(app, target, app.show, time_, tmp_path, app.online_round)
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.return_code is not None, "the exit")
    assert app.return_code == 2


def test_an_error_whose_code_says_it_all_is_shown_in_the_player_s_language(monkeypatch) -> None:
    class Marked(gettext.NullTranslations):  # a catalogue that shows which texts went through it
        def gettext(self, message: str) -> str:
            return f"«{message}»"

    monkeypatch.setattr(i18n, "_catalogue", Marked())
    german = "der Gastgeber hat dich aus dem Raum entfernt"  # the server's text, in the server's language
    assert (
        error_text(messages_module.Error(message=german, code="removed"), "r1")
        == "«the host removed you from the room»"
    )
    gone = error_text(messages_module.Error(message="Raum r1 ist weg", code="room_gone"), "r1")
    assert gone == "«room r1 is gone: the server was restarted or the room closed»"
    # A code whose texts carry the server's own figures keeps the server's text (an earlier server's error has
    # no wording: test_phrases.py has the wording said in the player's language); no text at all is said so.
    full = messages_module.Error(message="der Server hat seine 3 Räume", code="full")
    assert error_text(full, "r1") == "der Server hat seine 3 Räume"
    assert error_text(messages_module.Error(message="\x07\u200b ", code="refused"), "r1") == "«the server refused us»"


async def ghost(url: str, room: str, how: str) -> None:
    """A connection that says hello and is gone before the welcome: closed, aborted, reset, or oversized."""
    ws = await connect(url)
    hello = json.dumps({"type": "hello", "version": VERSION, "name": "ghost", "room": room})
    if how == "reset":  # RST instead of FIN: the socket lingers for no time
        sock = ws.transport.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    await ws.send(hello)
    if how == "close":
        await ws.close()
    elif how == "oversized":
        await ws.send("x" * (MAX_FRAME + 1))
        ws.transport.abort()
    else:
        ws.transport.abort()


async def connected_in(url: str, room: str) -> int:
    """The players the room's listing says are connected (a room that closed has none)."""
    return sum(r.players for r in await asyncio.wait_for(list_rooms(url), WAIT) if r.room == room)


async def test_a_connection_gone_before_its_welcome_leaves_no_ghost_seat() -> None:
    """A connection that ends without a close is a drop: its seat waits AWAY_SECONDS for its game's return, and is
    never connected meanwhile, never keeps a newcomer out, and is given up then."""
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        alice = await Bot.join(url, "haunt", "alice")  # holds the room open, in its lobby
        await alice.wait_for("welcome")
        for n in range(20):
            await ghost(url, "haunt", ("close", "abort", "reset", "oversized")[n % 4])
        for _ in range(500):  # each ghost's connection is handled in its own time: a bound of 10 s, not a wait
            if await connected_in(url, "haunt") == 1 and server.connections <= 1:
                break
            await asyncio.sleep(0.02)
        assert await connected_in(url, "haunt") == 1  # alice only: no seat is "connected" forever
        room = server.rooms["haunt"]
        assert all(not p.connected for p in room.players.values() if p.name != "alice")
        room.max_players = len(room.players)  # full of seats kept for dropped games
        newcomer = await Bot.join(url, "haunt", "bob")  # the room is not full of ghosts
        assert (await newcomer.wait_for("welcome"))["name"] == "bob"
        time_.now += AWAY_SECONDS
        server.tick()
        assert sorted(p.name for p in room.players.values()) == ["alice", "bob"]


class Quiet:
    """What OnlinePlay asks of the app when no screen is drawn."""

    def notify(self, *args: Any, **kwargs: Any) -> None:
        pass


class Noting(Quiet):
    def __init__(self) -> None:
        self.notices: list[str] = []

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        self.notices.append(message)


def test_back_as_a_newcomer_the_game_is_that_seat_in_the_lobby(tmp_path) -> None:
    """The room gave the seat up while the connection was down (a play-test): the game went on as the old seat, its
    words nobody's and its score 0."""
    app, screens = Noting(), []
    play = OnlinePlay(app, OnlineTarget(url="ws://127.0.0.1:9", room="night", name="bo"), screens.append,
                      FakeTime(), tmp_path)  # type: ignore[arg-type]  # fmt: skip
    play.welcome = Welcome(version=VERSION, room="night", player=2, name="bo", token="t" * 22)
    play._back(play.welcome)
    assert app.notices == ["Back in the room."] and screens == []
    play.session = object()  # type: ignore[assignment]  # a round under way, as the old seat
    newcomer = Welcome(version=VERSION, room="night", player=5, name="bo", token="u" * 22)
    play._back(newcomer)
    assert play.welcome is newcomer and play.session is None
    assert isinstance(screens[-1], LobbyScreen) and screens[-1].me == 5
    assert app.notices[-1].startswith("Back in the room, as a newcomer")


async def test_a_saved_token_brings_back_only_the_name_it_was_given_to(tmp_path) -> None:
    """A `boggle web` tab opened with `&name=phil` came back as lana, whose tab had closed mid-round: the saved
    token was chosen by server and room only."""
    time_ = FakeTime()
    async with running_server(time_) as (server, url):

        async def game(name: str) -> tuple[Link, Welcome]:
            """A game of its own (its own id), keeping its tokens where the app keeps them."""
            hello = Hello(version=VERSION, name=name, room="tabs", game=uuid.uuid4().hex)
            played = Link(url, hello, tokens=RoomTokens(tmp_path))
            welcome = await played.open()
            assert isinstance(welcome, Welcome)
            return played, welcome

        lana, lana_welcome = await game("lana")
        lana.send(Ready(ready=True))
        for _ in range(1000):  # a bound of 10 s on a slow machine, not a wait
            if server.rooms["tabs"].state is State.COUNTDOWN:
                break
            await asyncio.sleep(0.01)
        time_.now += COUNTDOWN
        server.tick()
        assert server.rooms["tabs"].state is State.PLAYING
        await lana.close()  # lana's tab closes mid-round: her seat waits for her
        phil, phil_welcome = await game("phil")
        assert phil_welcome.name == "phil" and phil_welcome.player != lana_welcome.player
        back, back_welcome = await game("lana")  # lana's own game, started again, still gets her seat and words
        assert back_welcome.player == lana_welcome.player
        for played in (phil, back):
            await played.close()


@asynccontextmanager
async def answering(handle: Any):
    """A server of the test's own, which does with each connection what `handle` does."""
    async with serve(handle, "127.0.0.1", 0) as server:
        yield f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}"


async def test_a_server_that_never_answers_the_hello_is_given_up_on_in_words(monkeypatch) -> None:
    monkeypatch.setattr(client_module, "ANSWER_SECONDS", 0.05)

    async def silent(ws: Any) -> None:
        await ws.recv()  # the hello, never answered
        await ws.wait_closed()

    async with answering(silent) as url:
        with pytest.raises(JoinError) as refused:
            await asyncio.wait_for(Connection.open(url, Hello(version=VERSION, room="r")), WAIT)
        assert str(refused.value) == "the server did not answer within 0.05 s"


async def test_an_answer_over_the_client_s_limit_is_called_too_large(monkeypatch) -> None:
    monkeypatch.setattr(messages_module, "MAX_SERVER_FRAME", 1000)

    async def flood(ws: Any) -> None:
        await ws.recv()
        await ws.send(encode(Lobby(room="r", description="x" * 150, players=())) + " " * 2000)
        await ws.wait_closed()

    async with answering(flood) as url:
        with pytest.raises(JoinError) as refused:
            await asyncio.wait_for(Connection.open(url, Hello(version=VERSION, room="r")), WAIT)
        assert str(refused.value) == "the server's answer was too large (over 1000 bytes)"


def test_a_round_nobody_scored_in_has_no_winner_and_a_vote_is_of_those_here() -> None:
    """`a tie: carol, bob, dan and lana` for an all-zero round, and `every player voted` when two away never did."""
    start = Start(round=1, board=(("a", "b", "c", "d"),) * 4, dice="new", code="", min_length=3, seconds=60,
                  remaining=60, dictionary="enable1")  # fmt: skip
    session = OnlineSession(start, "r", 1, lambda _: None, now=FakeTime())
    names = ("carol", "bob", "dan", "lana")
    away = {"dan", "lana"}  # dropped out and never voted; carol and bob, here, did
    session.apply(Progress(players=tuple(Count(id=i, name=n, connected=n not in away, voted_end=n not in away)
                                         for i, n in enumerate(names, 1))))  # fmt: skip
    session.apply(End(reason="ended", players=tuple(Score(id=i, name=n, score=0) for i, n in enumerate(names, 1))))
    assert session.end_reason is not None and session.winners == []
    assert winner_line(session.winners, session.end_reason.text) == "Everyone here voted to end · winner: nobody"


async def test_the_server_logs_rounds_and_bots_and_a_line_a_second_when_it_cannot_accept(caplog) -> None:
    time_ = FakeTime()
    lines: list[str] = []
    server = RoomServer(now=time_, log=lines.append)
    url = f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}"
    loop = asyncio.get_running_loop()
    out_of_files = {"message": "socket.accept() out of system resource", "exception": OSError(errno.EMFILE, "Too many")}
    try:
        alice = await Bot.join(url, "logged", "alice")
        await alice.wait_for("lobby")
        await alice.send("host", action="bot", level="casual")
        await alice.wait_for("lobby", lambda m: len(m["players"]) == 2)
        await alice.send("ready", ready=True)
        await alice.wait_for("countdown", lambda m: m["seconds"])
        time_.now += COUNTDOWN
        await alice.wait_for("start")
        await alice.send("end")
        await alice.wait_for("end")
        for _ in range(50):  # what asyncio reports each time accept() fails under a descriptor limit
            loop.call_exception_handler(dict(out_of_files))
        time_.now += 1.0
        loop.call_exception_handler(dict(out_of_files))
        loop.call_exception_handler({"message": "something else"})  # any other trouble: to the loop's own handler
        newcomer = await Bot.join(url, "logged", "bob")  # still serving
        assert (await newcomer.wait_for("welcome"))["name"] == "bob"
    finally:
        await server.stop()
    assert loop.get_exception_handler() is None  # the loop's own handler is back
    said = "\n".join(lines)
    assert "room logged: 'Ada (bot)' seated (casual)" in said
    assert (
        "room logged: round 1 started (2 playing, " in said
        and "room logged: round 1 ended (ended, best score 0)" in said
    )
    assert sum("cannot accept connections: Too many" in line for line in lines) == 2  # one line a second
    assert [r.getMessage() for r in caplog.records if r.name == "asyncio"] == ["something else"]  # no tracebacks


async def test_a_client_that_stops_reading_is_dropped_and_what_it_left_unread_freed() -> None:
    """A room's frames are pushed without waiting, so a stalled reader kept every one of them (a busy room grew the
    server by 210 KB a second, and websockets' ping never timed out behind them). Past MAX_BACKLOG bytes unsent it is
    dropped, as a lost connection is: its seat waits, and the room plays on for the others."""
    async with running_server() as (server, url):
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # and it will read nothing past its welcome
        stalled.setblocking(False)
        await asyncio.get_running_loop().sock_connect(stalled, ("127.0.0.1", int(url.rsplit(":", 1)[1])))
        async with connect(url, sock=stalled, max_queue=1, close_timeout=0.1) as ws:
            staller = Bot(ws)
            await ws.send(json.dumps({"type": "hello", "version": VERSION, "name": "staller", "room": "busy"}))
            await staller.wait_for("welcome")
            other = await Bot.join(url, "busy", "reader")
            await other.wait_for("welcome")
            (link,) = [link for link in server.links.values() if link.player.name == "staller"]
            link.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            for _ in range(12):  # the room's frames, past what the kernels' buffers hold, never read
                server_module._broadcast([link.ws], "x" * 500_000)
            assert link.ws.transport.is_closing() and link.ws.transport.get_write_buffer_size() == 0
            await until_true(lambda: ("busy", link.player.id) not in server.links, "the staller dropped")
            await other.send("ready", ready=True)  # the room plays on for the reader
            assert await other.wait_for("lobby", lambda m: any(p["ready"] for p in m["players"]))
