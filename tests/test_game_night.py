"""A game night that holds: what broke when real groups and hostile strangers met the online rooms.

Each test here failed before the fix it names (issue 17). Servers are real, on 127.0.0.1 with an
ephemeral port; games are driven by Textual's pilot; time in rooms is the test's own.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import socket
import unicodedata
from contextlib import asynccontextmanager
from typing import Any

import pytest
from support import FakeTime, a_host, drawn, make_app, settle, shown, until, until_true
from test_keys_in_flight import burst
from test_online import WAIT, Bot, running_server
from textual.widgets import Input, Select
from websockets.asyncio.server import serve

from boggle_tui.app.online import OnlinePlay, OnlineTarget
from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.app.screens.lobby.chat import ChatLog
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.cli.online import list_name
from boggle_tui.net import messages as m
from boggle_tui.net.client import Connection, JoinError
from boggle_tui.net.protocol import Limits, ProtocolError
from boggle_tui.net.room import CHAT_BURST
from boggle_tui.net.server import EMPTY_SECONDS, RoomServer

# What a hostile peer puts in every string: markup that crashed the results (`[/]`), a window title, the
# clipboard (OSC 52), a clear screen, a device-status query whose answer would be typed into the game,
# bidirectional overrides, and far too much text.
HOSTILE = [
    "[/]",
    "[bold red]big[/]",
    "\x1b]0;owned\x07",
    "\x1b]52;c;cm0gLXJmIH4=\x07",
    "\x1b[2J\x1b[H",
    "\x1b[6n",
    "\u202eevil\u202c",
    "\x9b31m",
    "x" * 5000,
]
CONTROL = {"Cc", "Cf"}


def raw_controls(text: str) -> set[str]:
    """Control and format characters in what the terminal would be sent, beyond the SVG's own newlines."""
    return {hex(ord(ch)) for ch in text if unicodedata.category(ch) in CONTROL and ch not in "\n\r\t"}


def test_every_string_field_is_cleaned_and_bounded_both_ways() -> None:
    for evil in HOSTILE:
        frames = [
            m.encode(m.Welcome(version=2, room="r", player=1, name=evil, token=evil, notes=(evil,) * 8)),
            m.encode(
                m.Lobby(
                    room=evil,
                    description=evil,
                    players=(m.Seat(id=1, name=evil),),
                    champion=evil,
                    scoreboard=(m.Standing(name=evil),),
                    settings=m.Settings(dice=evil),
                )
            ),
            m.encode(m.Said(player=1, name=evil, text=evil)),
            m.encode(m.End(players=(m.Score(id=1, name=evil, words={evil: 1}),), shared=(evil,))),
            m.encode(m.Error(message=evil)),
            m.encode(m.Progress(players=(m.Count(id=1, name=evil),))),
        ]
        for frame in frames:
            decoded = m.decode_server(frame)
            assert not raw_controls(json.dumps(m.encode(decoded), ensure_ascii=False)), (evil, frame[:60])
            assert len(m.encode(decoded)) < 20_000
        for frame in (m.encode(m.Say(text=evil)), m.encode(m.Hello(version=2, name=evil, room="r"))):
            if len(frame) > m.MAX_FRAME:
                with pytest.raises(ProtocolError):
                    m.decode_client(frame)
            else:
                assert not raw_controls(str(m.decode_client(frame)))


@asynccontextmanager
async def hostile_server(board: tuple[tuple[str, ...], ...]):
    """A server that plays a whole round, with hostile text in every field it sends."""
    evil = "".join(HOSTILE[:8])

    async def handle(ws: Any) -> None:
        await ws.recv()  # the hello
        seats = (m.Seat(id=1, name="alice"), m.Seat(id=2, name=evil[:20]), m.Seat(id=3, name="[/]"))
        await ws.send(m.encode(m.Welcome(version=2, room="r", player=1, name="alice", token="t", notes=(evil,))))
        lobby = m.Lobby(room="r", description=evil, players=seats, settings=m.Settings(dice="new", dictionary=evil),
                        scoreboard=(m.Standing(name="[/]", total=5, wins=1, rounds=1),), champion="[/]")  # fmt: skip
        await ws.send(m.encode(lobby))
        await ws.send(m.encode(m.Said(player=2, name=evil, text=evil)))
        while not isinstance(m.decode_client(await ws.recv()), m.Ready):
            pass
        await ws.send(m.encode(m.Countdown(seconds=3)))
        start = m.Start(round=1, board=board, dice=evil[:20], code=evil, min_length=3, seconds=60, remaining=60,
                        dictionary="enable1")  # fmt: skip
        await ws.send(m.encode(start))
        await ws.send(m.encode(m.Progress(players=(m.Count(id=1, name="alice"), m.Count(id=3, name=evil)))))
        async for frame in ws:
            message = m.decode_client(frame)
            if isinstance(message, m.Word):
                await ws.send(m.encode(m.Judgement(id=message.id, word=evil, verdict=evil)))
            if isinstance(message, m.VoteEnd):
                players = (m.Score(id=1, name="alice", score=1, words={"[/]": 1}),
                           m.Score(id=3, name="[/]", score=9, words={evil: 3, "[/]": 0}))  # fmt: skip
                end = m.End(players=players, shared=("[/]",), solution={"[/]": (0, 1, 99), evil: (0,)})
                await ws.send(m.encode(end))

    async with serve(handle, "127.0.0.1", 0) as server:
        yield f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}"


async def test_a_hostile_server_reaches_the_terminal_with_nothing_but_text(enable1, popular, tmp_path) -> None:
    """Defects 1 and 2: a winner named `[/]` crashed everyone's results; a server's names, notes and
    description reached the terminal raw (window title, clipboard, clear screen, a status query)."""
    board = (("c", "a", "t", "s"), ("o", "r", "e", "d"), ("p", "i", "n", "e"), ("l", "u", "m", "b"))
    async with hostile_server(board) as url:
        app, time_ = make_app(enable1, popular, None)
        app.online = OnlinePlay(app, OnlineTarget(url=url, room="r", name="alice"), app.show, time_, tmp_path,
                                app.online_round)  # fmt: skip
        async with app.run_test(size=(100, 32)) as pilot:
            screens = []
            lobby = await shown(pilot, LobbyScreen)
            await until(pilot, lambda: lobby.lobby.players and lobby.chat, "the hostile lobby")
            screens.append(app.export_screenshot())
            await pilot.press("enter")  # ready
            await shown(pilot, RoundScreen)
            await pilot.press(*"cats", "enter")
            await settle(pilot)  # the hostile server judges nothing: the screen as the entry left it
            screens.append(app.export_screenshot())
            await pilot.press("ctrl+g", "y")
            results = await shown(pilot, OnlineResultsScreen)
            screens.append(app.export_screenshot())
            assert results.online.winners == ["[/]"]  # shown, not read as markup: no MarkupError
            notices = " ".join(n.message for n in app._notifications)
            assert app.return_code is None  # still playing, never crashed
        for screen in [*screens, notices]:
            assert not raw_controls(screen), raw_controls(screen)
        assert "[/]" in screens[2] or "[/]" in screens[2].replace("&#91;", "[")


async def test_two_games_with_one_saved_token_each_have_their_own_seat(tmp_path) -> None:
    """Defect 5: every browser tab read the same saved token and played under the first tab's name."""
    async with running_server() as (server, url):
        first = await Connection.open(url, m.Hello(version=2, name="ann", room="tabs", game="tab-1"))
        token = first.welcome.token
        second = await Connection.open(url, m.Hello(version=2, name="ben", room="tabs", token=token, game="tab-2"))
        assert second.welcome.player != first.welcome.player and second.welcome.name == "ben"
        # The same game coming back (its connection dropped) gets its own seat back.
        again = await Connection.open(url, m.Hello(version=2, name="ann", room="tabs", token=token, game="tab-1"))
        assert again.welcome.player == first.welcome.player
        await until_true(lambda: server.connections == 2, "the replaced connection closed")
        assert len(server.rooms["tabs"].players) == 2
        for connection in (first, second, again):
            await connection.ws.close()


async def test_a_token_for_a_room_that_is_gone_is_told_so(tmp_path) -> None:
    """Defect 8: a restarted server made a new empty room of a stale token's room, and the client sat at 0:00."""
    async with running_server() as (server, url):
        with pytest.raises(JoinError) as refused:
            await Connection.open(url, m.Hello(version=2, name="a", room="lost", token="old-token"))
        assert refused.value.code == "room_gone" and "lost" not in server.rooms


async def test_a_game_whose_room_is_gone_goes_back_to_the_start(enable1, popular, tmp_path) -> None:
    """Defect 8, in the game: the server restarts under a player; they are told, and can play on."""
    time_ = FakeTime()
    app, _ = make_app(enable1, popular, None, now=time_)
    async with running_server(time_) as (server, url), app.run_test() as pilot:
        app.online_from_start = True
        app.online = app._online_play(OnlineTarget(url=url, room="gone", name="alice"))
        app.run_worker(app.online.run(), group="online")
        await shown(pilot, LobbyScreen)
        await server.stop()  # the server goes away...
        port = int(url.rsplit(":", 1)[1])
        restarted = RoomServer(now=time_)
        await restarted.start("127.0.0.1", port)  # ...and comes back without the room
        try:
            await until(pilot, lambda: isinstance(app.screen, StartScreen), "back at the start")
            await until(pilot, lambda: any("gone" in n.message for n in app._notifications), "the reason")
            assert "gone" not in restarted.rooms and app.online is None
        finally:
            await restarted.stop()


async def test_rooms_nobody_is_in_close_and_strangers_cannot_hold_them(monkeypatch) -> None:
    """Defect 3: 100 connections made day-long rooms, readied and left: every new room was refused for a day."""
    time_ = FakeTime()
    server = RoomServer(now=time_, limits=Limits(rooms_per_address=4, seconds=600))
    port = await server.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    try:
        with pytest.raises(JoinError, match="cannot be"):  # a day-long round is not this server's
            await Connection.open(url, m.Hello(version=2, room="long", settings=m.Settings(seconds=86400)))
        ghosts = []
        for n in range(4):
            ghost = await Bot.join(url, f"ghost{n}", "g", settings={"seconds": 600})
            await ghost.wait_for("lobby")
            ghosts.append(ghost)
        with pytest.raises(JoinError, match="4 rooms"):  # one address holds a few rooms at once
            await Connection.open(url, m.Hello(version=2, room="ghost5"))
        for ghost in ghosts:
            await ghost.send("ready", ready=True)
            await ghost.wait_for("countdown")
        time_.now += 3.5
        await ghosts[0].wait_for("start")
        for ghost in ghosts:
            await ghost.ws.close()
        await until_true(lambda: server.connections == 0, "the ghosts gone")
        assert len(server.rooms) == 4  # mid-round: a dropped player may still come back...
        time_.now += EMPTY_SECONDS + 1
        server.tick()
        assert server.rooms == {}  # ...but nobody did: the rooms close, and the address may make others
        fresh = await Connection.open(url, m.Hello(version=2, room="fresh"))
        await fresh.ws.close()
    finally:
        await server.stop()


async def test_the_host_s_lobby_keeps_the_room_s_dice(enable1, popular, tmp_path) -> None:
    """Defect 6: `boggle host --dice big` fell back to the standard dice: the lobby sent its Select's first value."""
    time_ = FakeTime()
    target = OnlineTarget(url="", room="big", name="host", settings=m.Settings(dice="big"), serve=("127.0.0.1", 0),
                          detached=False)  # fmt: skip
    app, _ = make_app(enable1, popular, None, now=time_)
    app.online = OnlinePlay(app, target, app.show, time_, tmp_path, app.online_round)
    async with app.run_test() as pilot:
        lobby = await shown(pilot, LobbyScreen)
        await until(pilot, lambda: lobby.lobby.settings.dice == "big", "the big room")
        await pilot.press("tab")  # the host moves into the settings
        await settle(pilot)
        room = app.online.server.rooms["big"]
        assert room.settings.dice == "big" and lobby.query_one("#lobby-dice", Select).value == "big"
        await pilot.press("escape")  # out of the settings: Enter means ready again
        for round_ in range(2):  # round after round
            await pilot.press("enter")
            await until(pilot, lambda: room.state.value == "countdown", "the countdown")
            time_.now += 3.5
            screen = await shown(pilot, RoundScreen)
            assert screen.session.board.shape == (5, 5), round_
            await pilot.press("ctrl+g", "y")
            await shown(pilot, OnlineResultsScreen)
            time_.now += 2  # past the moment in which the results take no keys
            await pilot.press("n")
            lobby = await shown(pilot, LobbyScreen)
        assert room.settings.dice == "big"


async def test_a_host_room_on_a_taken_port_takes_another_and_serves_only_its_room(
    enable1, popular, tmp_path, monkeypatch
) -> None:
    """Defect 10: "Host a room here" always used 8765, so a second host failed; a host's server let anyone
    make rooms in it."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setattr("boggle_tui.app.online.DEFAULT_PORT", port)
        target = OnlineTarget(url="", room="mine", name="host", serve=("127.0.0.1", port), detached=False,
                              address=f"127.0.0.1:{port}/mine")  # fmt: skip
        app, time_ = make_app(enable1, popular, None)
        app.online = OnlinePlay(app, target, app.show, time_, tmp_path, app.online_round)
        async with app.run_test() as pilot:
            await shown(pilot, LobbyScreen)
            assert app.online.url != f"ws://127.0.0.1:{port}" and f":{port}/" not in app.online.address
            with pytest.raises(JoinError, match="one room only"):
                await Connection.open(app.online.url, m.Hello(version=2, room="another"))


def test_a_host_s_own_word_list_goes_by_its_name_never_its_path(tmp_path) -> None:
    words = tmp_path / "secret" / "family-words.txt"
    words.parent.mkdir()
    words.write_text("cat\ndog\n")
    assert list_name(str(words)) == "family-words" and list_name("enable1") == "enable1"


async def test_the_room_outlives_its_host(enable1, popular, tmp_path) -> None:
    """Defect 7: the host's Esc or Ctrl+Q closed the room for everyone. The host's server is a process of its
    own: the host leaves, the others play on, and one of them becomes the host."""
    target = OnlineTarget(url="", room="stays", name="host", serve=("127.0.0.1", 0), address="here")
    app, time_ = make_app(enable1, popular, None)
    app.online = OnlinePlay(app, target, app.show, time_, tmp_path, app.online_round)
    async with app.run_test() as pilot:
        lobby = await shown(pilot, LobbyScreen)
        url = app.online.url
        guest = await Bot.join(url, "stays", "guest")
        await until(pilot, lambda: len(lobby.lobby.players) == 2, "the guest")
        await pilot.press("escape")  # the host leaves: asked first, since someone else is here
        await until(pilot, lambda: "1 other player" in str(app.screen.query_one("#question").render()), "the ask")
        await pilot.press("y")
        await until(pilot, lambda: app.return_code is not None, "the host's game ends")
    lobby_now = await guest.wait_for("lobby", lambda msg: len(msg["players"]) == 1)
    assert lobby_now["players"][0]["name"] == "guest" and lobby_now["players"][0]["host"]  # the role passed on
    await guest.send("ready", ready=True)
    assert (await guest.wait_for("countdown", lambda msg: msg["seconds"]))["seconds"]  # the room plays on
    await guest.ws.close()


async def test_a_provisional_verdict_shows_at_once_and_the_server_s_stands(enable1, popular, tmp_path) -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        app, _ = make_app(enable1, popular, None, now=time_)
        app.online = OnlinePlay(app, OnlineTarget(url=url, room="quick", name="a"), app.show, time_, tmp_path,
                                app.online_round)  # fmt: skip
        async with app.run_test() as pilot:
            await shown(pilot, LobbyScreen)
            await pilot.press("enter")
            await until(pilot, lambda: server.rooms["quick"].state.value == "countdown", "the countdown")
            time_.now += 3.5
            screen = await shown(pilot, RoundScreen)
            server.rooms["quick"].enter = lambda *_: []  # the room is slow to answer: nothing comes back
            await pilot.press(*"qz", "enter")
            assert screen.verdict.entry.provisional and screen.verdict.entry.verdict.value == "too short"
            assert screen.session.entries == []  # only the room's verdicts are kept


@asynccontextmanager
async def in_a_lobby_with(friend_name: str, enable1, popular, tmp_path):
    """Player "a"'s game in room "talk" of a real server, and a friend there: (app, pilot, lobby, friend)."""
    time_ = FakeTime()
    async with running_server(time_) as (_, url):
        app, _ = make_app(enable1, popular, None, now=time_)
        app.online = OnlinePlay(app, OnlineTarget(url=url, room="talk", name="a"), app.show, time_, tmp_path,
                                app.online_round)  # fmt: skip
        async with app.run_test() as pilot:
            lobby = await shown(pilot, LobbyScreen)
            friend = await Bot.join(url, "talk", friend_name)
            yield app, pilot, lobby, friend
            await asyncio.wait_for(friend.ws.close(), WAIT)


async def test_chat_in_the_lobby_between_players(enable1, popular, tmp_path) -> None:
    async with in_a_lobby_with("[b]bo[/b]", enable1, popular, tmp_path) as (_, pilot, lobby, friend):
        await friend.send("say", text="hello \x1b[2J[red]all")
        await until(pilot, lambda: lobby.chat, "the line")
        assert lobby.chat[-1].name == "[b]bo[/b]" and "\x1b" not in lobby.chat[-1].text
        await pilot.press(*"stale", "f2", *"gg", "enter")  # words typed in the lobby do nothing; F2 chats
        said = await friend.wait_for("said", lambda msg: msg["text"] == "gg")
        assert said["name"] == "a"


async def test_a_chat_line_the_server_refused_is_back_in_the_chat_line(enable1, popular, tmp_path) -> None:
    """A line past the chat's rate was refused and gone: the player had to type it again (or never knew)."""
    async with in_a_lobby_with("bo", enable1, popular, tmp_path) as (app, pilot, lobby, friend):
        for n in range(CHAT_BURST):  # the clock is still: the bucket does not fill again
            await pilot.press("f2", *f"line{n}", "enter")
            await friend.wait_for("said", lambda msg, n=n: msg["text"] == f"line{n}")
        await pilot.press("f2", *"onemore", "enter")
        say = lobby.query_one("#lobby-say", Input)
        await until(pilot, lambda: say.value == "onemore", "the refused line back in the chat line")
        assert any("back in the chat line" in n.message for n in app._notifications)
        await pilot.press("f2", *"x")  # typing again: the line is the player's to send or change
        assert say.value == "onemorex"


def test_boggle_stats_gives_the_record_against_each_friend(tmp_path) -> None:
    from support import record

    from boggle_tui.storage.history import History
    from boggle_tui.storage.stats import summarize

    history = History.open(tmp_path)
    me = {"name": "alice", "words": {"howl": 1, "hot": 1}}
    games = [  # (my score, bob's, carol's or None)
        (5, 3, None), (2, 4, 2), (6, 6, 1), (9, 1, 0),
    ]  # fmt: skip
    for n, (mine, bob, carol) in enumerate(games):
        players = [{**me, "score": mine, "me": n % 2 == 0}, {"name": "bob", "score": bob, "words": {}}]
        if carol is not None:
            players.append({"name": "[red]carol", "score": carol, "words": {}})
        history.record(record(n, score=mine, mode="online", players=tuple(players)))
    summary = summarize(history, lambda _code: lambda _w: False, dt.date(2026, 11, 20))
    assert [rival.describe() for rival in summary.rivals] == ["bob 2-1 (1 tie)", "[red]carol 2-0 (1 tie)"]


async def test_after_the_host_changes_a_setting_enter_means_ready(enable1, popular, tmp_path) -> None:
    """Defect 10: after a change, Enter opened the setting's menu again instead of readying."""
    app, _ = a_host(enable1, popular, tmp_path)
    async with app.run_test() as pilot:
        lobby = await shown(pilot, LobbyScreen)
        await until(pilot, lambda: lobby.host, "the host's lobby")
        select = lobby.query_one("#lobby-seconds", Select)
        select.focus()
        await pilot.pause()
        select.value = 120  # the host picks 2 minutes
        room = app.online.server.rooms["set"]
        await until(pilot, lambda: room.settings.seconds == 120, "the new setting")
        assert app.focused is None
        await pilot.press("enter")
        await until(pilot, lambda: room.state.value == "countdown", "ready, and the countdown")


async def test_lines_said_in_a_burst_are_said_each_once_as_typed(enable1, popular, tmp_path) -> None:
    """Enter in the chat line went through the app's bindings, after the letters behind it in the same burst:
    "tea⏎ate⏎eat⏎" was said as "teaateeat", three times."""
    async with in_a_lobby_with("bo", enable1, popular, tmp_path) as (app, pilot, lobby, friend):
        await pilot.press("f2")
        burst(app, *"tea", "enter", *"ate", "enter", *"eat", "enter")
        heard = [(await friend.wait_for("said", lambda msg: msg["name"] == "a"))["text"] for _ in range(3)]
        assert heard == ["tea", "ate", "eat"]
        burst(app, "f2", *"gg", "enter")  # F2 in the burst too: the letters and Enter follow it to the line
        said = await friend.wait_for("said", lambda msg: msg["name"] == "a")
        assert said["text"] == "gg" and not lobby.ready


async def test_lines_each_after_f2_in_a_quick_run_are_each_said(enable1, popular, tmp_path) -> None:
    """F2, a line and Enter, three times in quick succession (keys over ssh or the browser, a few milliseconds
    apart): the second line was lost. Its letters waited behind the first Enter, which took the focus from the line,
    and were dropped with nothing focused, before the F2 ahead of them gave the line the focus back."""
    async with in_a_lobby_with("bo", enable1, popular, tmp_path) as (app, pilot, lobby, friend):
        for line in ("one", "two", "six"):
            burst(app, "f2")
            await asyncio.sleep(0.003)
            burst(app, *line, "enter")
            await asyncio.sleep(0.003)
        heard = [(await friend.wait_for("said", lambda msg: msg["name"] == "a"))["text"] for _ in range(3)]
        assert heard == ["one", "two", "six"]
        await settle(pilot)
        assert not lobby.ready and lobby.query_one("#lobby-say", Input).value == ""  # no Enter read as ready


async def test_stay_in_the_leave_dialog_gives_the_focus_back_where_it_was(enable1, popular, tmp_path) -> None:
    """Escape after a chat line asked to leave; Stay put the focus in the chat line, so the next Enter said nothing
    instead of readying. After Stay the keys go where they went before: the room (Enter: ready), or the setting."""
    async with in_a_lobby_with("bo", enable1, popular, tmp_path) as (_, pilot, lobby, friend):
        await until(pilot, lambda: len(lobby.lobby.players) == 2, "the friend in the lobby")
        await pilot.press("f2", *"hi", "enter")
        await friend.wait_for("said", lambda msg: msg["text"] == "hi")
        assert lobby.focused is None
        await pilot.press("escape")
        await shown(pilot, ConfirmScreen)
        await pilot.press("n")  # Stay
        await shown(pilot, LobbyScreen)
        await settle(pilot)
        assert lobby.focused is None, lobby.focused
        await pilot.press("enter")
        await until(pilot, lambda: lobby.ready, "ready")
        select = lobby.query_one("#lobby-seconds", Select)  # the host was in a setting when asked to leave
        select.focus()
        await pilot.pause()
        await pilot.press("ctrl+q")
        await shown(pilot, ConfirmScreen)
        await pilot.press("n")
        await shown(pilot, LobbyScreen)
        await settle(pilot)
        assert lobby.focused is select


async def test_the_newest_chat_lines_are_shown_when_an_older_one_wraps(enable1, popular, tmp_path) -> None:
    """The chat log kept its last six lines in six rows: a line that wrapped pushed the newest out of sight. At
    80x24 it keeps three rows, so that the lobby's last lines (press Enter when ready) stay on the screen."""
    async with in_a_lobby_with("bo", enable1, popular, tmp_path) as (_, pilot, lobby, friend):
        for text in ("wrap " * 30, "s1", "s2", "s3", "s4"):
            await friend.send("say", text=text)
        await until(pilot, lambda: len(lobby.chat) == 5, "the five lines")
        log = lobby.query_one(ChatLog)
        await until(pilot, lambda: "bo: s4" in drawn(log), lambda: drawn(log))
        assert drawn(log).splitlines() == ["bo: s2", "bo: s3", "bo: s4"]
        assert lobby.query_one("#lobby-status").region.bottom <= lobby.size.height
