"""An evening in a room, as the app shows it: the chat kept across rounds and open on the results, F2 in a round
saying why not, a web server's visitors not named after its login."""

from __future__ import annotations

from typing import Any

from support import FakeTime, make_app, shown, until
from test_keys_in_flight import burst
from test_online import Bot, running_server, start_round, words_of

from boggle_tui.app.online import OnlinePlay, OnlineTarget, friends_target
from boggle_tui.app.screens.friends import FriendsChoice, FriendsScreen
from boggle_tui.app.screens.lobby import LobbyScreen, SayScreen
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.cli.plain_room import PlainRoom
from boggle_tui.game.preferences import Preferences
from boggle_tui.net import messages as m
from boggle_tui.net.protocol import Limits
from boggle_tui.net.room import COUNTDOWN, State


async def test_the_evening_s_chat_outlives_a_round_and_the_results_have_it(enable1, popular, tmp_path) -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        app, _ = make_app(enable1, popular, None, folder=tmp_path, now=time_)
        target = OnlineTarget(url=url, room="chat", name="alice")
        app.online = OnlinePlay(app, target, app.show, time_, tmp_path, app.online_round)

        def notices() -> str:
            return " | ".join(str(n.message) for n in app._notifications)

        async with app.run_test() as pilot:
            await shown(pilot, LobbyScreen)
            bob = await Bot.join(url, "chat", "bob")
            await bob.send("say", text="hello")
            await until(pilot, lambda: any(s.text == "hello" for s in app.online.chat), "bob's hello")
            await bob.send("ready", ready=True)
            await pilot.press("enter")
            await until(pilot, lambda: server.rooms["chat"].state is State.COUNTDOWN, "the countdown")
            time_.now += COUNTDOWN
            await shown(pilot, RoundScreen)
            await pilot.press("f2")
            await until(pilot, lambda: "Chat waits for the end of the round" in notices(), notices)
            time_.now += 181
            await shown(pilot, OnlineResultsScreen)
            await bob.send("say", text="gg")
            await until(pilot, lambda: "bob: gg" in notices(), notices)  # said while alice reads the results
            await pilot.press("f2")
            await shown(pilot, SayScreen)
            await pilot.press(*"nice", "enter")
            said = await bob.wait_for("said", lambda m: m["name"] == "alice")
            assert said["text"] == "nice"
            results = await shown(pilot, OnlineResultsScreen)
            time_.now += 10  # a while on, F2 and a line in one burst (a browser's keys, a paste): the line is said
            burst(app, "f2", *"wp", "enter")
            said = await bob.wait_for("said", lambda m: m["name"] == "alice")
            assert said["text"] == "wp" and not [e for e in results.session.entries if e.word == "wp"]
            await shown(pilot, OnlineResultsScreen)
            time_.now += 2  # past the moment in which the results take no keys
            await pilot.press("escape")
            lobby = await shown(pilot, LobbyScreen)
            await until(pilot, lambda: len(lobby.chat) == 4, lambda: str(list(lobby.chat)))
            assert [s.text for s in lobby.chat] == ["hello", "gg", "nice", "wp"]  # the round did not clear it
            await bob.ws.close()


async def test_a_web_server_s_visitors_are_offered_no_name(enable1, popular, monkeypatch) -> None:
    monkeypatch.setattr("boggle_tui.net.address.default_name", lambda: "root")
    app, _ = make_app(enable1, popular, None)
    app.web_url = "http://example.org:8000/"
    async with app.run_test() as pilot:
        app.action_friends()
        dialog = await shown(pilot, FriendsScreen)
        assert dialog.query_one("#friends-name").value == ""
    target = friends_target(FriendsChoice("", "example.org:8765/night"), Preferences(), "")
    assert target.name == ""  # the room names the visitor "Player N", never root


async def test_a_game_on_this_machine_still_offers_the_user_s_name(enable1, popular, monkeypatch) -> None:
    monkeypatch.setattr("boggle_tui.net.address.default_name", lambda: "ann")
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        app.action_friends()
        dialog = await shown(pilot, FriendsScreen)
        assert dialog.query_one("#friends-name").value == "ann"


async def test_spectators_watch_without_a_seat_and_never_hold_the_room_up() -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        server.limits = Limits(spectators=1)
        alice = await Bot.join(url, "show", "alice")
        await alice.wait_for("welcome")
        bob = await Bot.join(url, "show", "bob")
        await start_round(time_, alice, bob)
        carol = await Bot.join(url, "show", "carol", watch=True)
        assert not (await carol.wait_for("welcome"))["host"]
        lobby = await carol.wait_for("lobby")
        assert lobby["state"] == "playing" and lobby["spectators"] == 1 and lobby["remaining"] > 0
        assert "carol" not in [p["name"] for p in lobby["players"]]
        start = await carol.wait_for("start")
        assert start["watching"] and (await carol.wait_for("progress"))["players"]
        dave = await Bot.join(url, "show", "dave", watch=True)
        refused = await dave.wait_for("error")
        assert refused["fatal"] and refused["code"] == "full" and "1 spectator" in refused["message"]
        await carol.send("word", id=0, word=words_of(server, "show")[0])
        assert (await carol.wait_for("verdict"))["verdict"] == "too late"  # a spectator never scores
        await alice.send("end")
        await bob.send("end")  # carol's vote is not waited for
        end = await carol.wait_for("end")
        assert [p["name"] for p in end["players"]] == ["alice", "bob"]
        await carol.send("ready", ready=True)
        (start_alice, _) = await start_round(time_, alice, bob)  # carol is not waited for either
        assert start_alice["round"] == 2 and (await carol.wait_for("start"))["watching"]


async def test_a_player_back_in_the_lobby_mid_round_is_told_the_time_left_and_watches(
    enable1, popular, tmp_path
) -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        bob = await Bot.join(url, "late", "bob", settings={"seconds": 60})
        await bob.wait_for("welcome")

        def game() -> Any:
            app, _ = make_app(enable1, popular, None, folder=tmp_path, now=time_)
            target = OnlineTarget(url=url, room="late", name="alice")
            app.online = OnlinePlay(app, target, app.show, time_, tmp_path, app.online_round)
            return app

        first = game()
        async with first.run_test() as pilot:  # alice plays round 1, and her game dies in it
            await shown(pilot, LobbyScreen)
            await bob.send("ready", ready=True)
            await pilot.press("enter")
            await until(pilot, lambda: server.rooms["late"].state is State.COUNTDOWN, "the countdown")
            time_.now += COUNTDOWN
            await shown(pilot, RoundScreen)
        time_.now += 61
        await bob.wait_for("end")
        await bob.send("ready", ready=True)  # round 2, without alice
        await bob.wait_for("countdown", lambda m: m["seconds"])
        time_.now += COUNTDOWN
        await bob.wait_for("start", lambda m: m["round"] == 2)
        time_.now += 23
        second = game()
        async with second.run_test() as pilot:
            await shown(pilot, OnlineResultsScreen)  # round 1's results first, then the lobby
            time_.now += 2
            await pilot.press("escape")
            lobby = await shown(pilot, LobbyScreen)
            status = lobby.query_one("#lobby-status").render()
            assert "A round is on: 0:35 left. F3: watch it" in str(status)  # counted from when the room said 0:37
            await pilot.press("f3")
            screen = await shown(pilot, RoundScreen)
            session = screen.session
            assert session.watching and session.start_message.round == 2 and "Watching" in session.title
            assert [s.name for s in session.standings] == ["bob"]  # the counts of those in the round
            session.submit(words_of(server, "late")[0])
            assert session.waiting == 0  # a watcher's words go nowhere
            time_.now += 40
            await shown(pilot, OnlineResultsScreen)
            assert session.record(second.wall()) is None  # a round watched is not one played


ALICE = m.Welcome(version=m.VERSION, room="r", player=2, name="alice", token="t" * 22)


def test_a_plain_seat_in_the_lobby_mid_round_is_told_the_time_left_and_watches() -> None:
    time_, sent = FakeTime(), []
    seat = PlainRoom(
        m.Welcome(version=m.VERSION, room="r", player=2, name="alice", token="t" * 22), sent.append, now=time_
    )
    players = (m.Seat(id=1, name="bob"), m.Seat(id=2, name="alice"))
    lines = seat.handle(m.Lobby(room="r", state="playing", remaining=83.0, players=players, rounds=2))
    assert "A round is on: 1:23 left. Type watch to watch it" in "\n".join(lines)
    time_.now += 20
    assert seat.take("watch") == [] and sent == [m.Watch()]
    board = tuple(tuple("abcd") for _ in range(4))
    start = m.Start(round=2, board=board, dice="classic", min_length=3, seconds=180, remaining=63.0,
                    dictionary="enable1", watching=True)  # fmt: skip
    assert any(line.startswith("You are watching") for line in seat.handle(start))
    assert seat.take("dab") == ["You are watching this round: the next one is yours."] and sent == [m.Watch()]
    assert "1:03 left" in seat.take("time")[0]
    lines = seat.handle(m.End(round=2, players=(m.Score(id=1, name="bob", score=1, words={"dab": 1}),)))
    assert not any("Saved" in line or "nothing is saved" in line for line in lines)


def test_a_plain_seat_in_a_round_a_restart_voided_is_back_in_the_lobby() -> None:
    sent: list = []
    seat = PlainRoom(
        m.Welcome(version=m.VERSION, room="r", player=2, name="alice", token="t" * 22), sent.append, now=FakeTime()
    )
    board = tuple(tuple("abcd") for _ in range(4))
    seat.handle(m.Lobby(room="r", state="playing", rounds=2, players=(m.Seat(id=2, name="alice"),)))
    seat.handle(m.Start(round=2, board=board, dice="classic", min_length=3, seconds=180, remaining=63.0,
                        dictionary="enable1"))  # fmt: skip
    assert seat.playing
    # As a restarted server says it to a seat that comes back: the lobby, then why the round is gone (net/room.py).
    lines = seat.handle(m.Lobby(room="r", state="lobby", rounds=1, players=(m.Seat(id=2, name="alice"),)))
    restarted = seat.handle(m.Error(message="the server restarted: round 2 was not counted"))
    said = [*lines, *restarted]
    assert sum("not counted" in line for line in said) == 1, said  # the voided round said once, not twice
    assert lines[0] == "Back in the lobby." and not seat.playing
    assert restarted == ["Room: the server restarted: round 2 was not counted"]


def test_a_plain_seat_shows_a_chat_line_the_server_gave_back() -> None:
    seat = PlainRoom(m.Welcome(version=m.VERSION, room="r", player=2, name="alice", token="t" * 22), [].append,
                     now=FakeTime())  # fmt: skip
    refused = m.decode_server(m.encode(m.Error(message="too many lines: wait a moment", returned="gg \x1b[2Jall")))
    assert seat.handle(refused) == ["Room: too many lines: wait a moment", "Not said: gg [2Jall"]
    assert seat.handle(m.Error(message="only the host can do that")) == ["Room: only the host can do that"]
