"""An evening in a room, as the app shows it: the chat kept across rounds and open on the results, F2 in a round
saying why not, a web server's visitors not named after its login."""

from __future__ import annotations

from support import FakeTime, make_app, shown, until
from test_online import Bot, running_server

from boggle_tui.app.online import OnlinePlay, OnlineTarget, friends_target
from boggle_tui.app.screens.friends import FriendsChoice, FriendsScreen
from boggle_tui.app.screens.lobby import LobbyScreen, SayScreen
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.game.preferences import Preferences
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
            await shown(pilot, OnlineResultsScreen)
            time_.now += 2  # past the moment in which the results take no keys
            await pilot.press("escape")
            lobby = await shown(pilot, LobbyScreen)
            await until(pilot, lambda: len(lobby.chat) == 3, lambda: str(list(lobby.chat)))
            assert [s.text for s in lobby.chat] == ["hello", "gg", "nice"]  # the round did not clear it
            await bob.ws.close()


async def test_a_web_server_s_visitors_are_offered_no_name(enable1, popular, monkeypatch) -> None:
    monkeypatch.setattr("boggle_tui.app.app.default_name", lambda: "root")
    app, _ = make_app(enable1, popular, None)
    app.web_url = "http://example.org:8000/"
    async with app.run_test() as pilot:
        app.action_friends()
        dialog = await shown(pilot, FriendsScreen)
        assert dialog.query_one("#friends-name").value == ""
    target = friends_target(FriendsChoice("", "example.org:8765/night"), Preferences(), "")
    assert target.name == ""  # the room names the visitor "Player N", never root


async def test_a_game_on_this_machine_still_offers_the_user_s_name(enable1, popular, monkeypatch) -> None:
    monkeypatch.setattr("boggle_tui.app.app.default_name", lambda: "ann")
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        app.action_friends()
        dialog = await shown(pilot, FriendsScreen)
        assert dialog.query_one("#friends-name").value == "ann"
