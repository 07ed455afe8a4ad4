"""A game served to strangers (ssh-server, a public `boggle web`) hosts nothing and joins only the room servers its
operator named (net/reach.py): checked where sockets are made, and on the screens that would offer more."""

from __future__ import annotations

import asyncio
import re
import socket

import pytest
from support import make_app, shown, until
from textual.widgets import Button, Label

from boggle_tui.app.online import friends_target
from boggle_tui.app.screens.friends import FriendsChoice, FriendsScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.cli.web import invited_address
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.preferences import Preferences
from boggle_tui.net import messages as m
from boggle_tui.net.address import default_name
from boggle_tui.net.client import JoinError, ask_daily_table, list_rooms
from boggle_tui.net.hosting import start_room_server
from boggle_tui.net.reach import REACH_VARIABLE, NotReachable, Reach, environment, reach, served
from boggle_tui.net.server import RoomServer


def test_a_players_own_game_reaches_anywhere_and_a_served_one_only_what_was_named() -> None:
    own = reach({})
    assert not own.served and own.allows("ws://10.0.0.1:22") and environment(own) == {}
    named = served(["Rooms.Example.org:8765", "[::1]:9000"])
    assert named.served
    assert named.allows("ws://rooms.example.org:8765/friends")  # any room there; a host's case is no matter
    assert named.allows("ws://[::1]:9000")
    assert not named.allows("ws://rooms.example.org:22")  # another port of a named host
    assert not named.allows("ws://127.0.0.1:8765") and not named.allows("not a url") and not named.allows("ws://x")
    assert reach(environment(named)) == named  # handed to the game through its environment
    nothing = reach({REACH_VARIABLE: ""})
    assert nothing.served and not nothing.allows("ws://127.0.0.1:8765")
    with pytest.raises(NotReachable, match="joins no rooms"):
        nothing.check_connect("ws://127.0.0.1:8765")
    with pytest.raises(NotReachable, match="cannot host"):
        nothing.check_listen()
    Reach().check_listen()  # a player's own game hosts


@pytest.fixture
def listener():
    """A socket on loopback that counts who connects to it: a served game must never knock."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(8)
        sock.setblocking(False)

        def knocked() -> bool:
            try:
                sock.accept()[0].close()
            except BlockingIOError:
                return False
            return True

        yield sock.getsockname()[1], knocked


async def test_a_served_game_connects_nowhere_but_the_named_servers(monkeypatch, listener) -> None:
    port, knocked = listener
    monkeypatch.setenv(REACH_VARIABLE, "127.0.0.1:9")
    with pytest.raises(JoinError, match=re.escape("only on 127.0.0.1:9")):
        await list_rooms(f"ws://127.0.0.1:{port}")
    with pytest.raises(JoinError, match=re.escape("only on 127.0.0.1:9")):
        await ask_daily_table(f"ws://127.0.0.1:{port}", m.TableAsk(version=m.VERSION))
    await asyncio.sleep(0.05)
    assert not knocked()  # refused before any socket was made: nothing learned of what listens there
    monkeypatch.setenv(REACH_VARIABLE, f"127.0.0.1:{port}")
    with pytest.raises(JoinError):  # named: it does connect (and finds no room server there)
        await list_rooms(f"ws://127.0.0.1:{port}")
    assert knocked()


async def test_a_served_game_never_listens(monkeypatch) -> None:
    monkeypatch.setenv(REACH_VARIABLE, "")
    with pytest.raises(NotReachable):
        await RoomServer().start("127.0.0.1", 0)
    with pytest.raises(OSError, match="cannot host"):  # no process is started at all
        await start_room_server("r", "0.0.0.0", 0)


def test_friends_target_refuses_to_host_or_join_elsewhere_when_served(monkeypatch) -> None:
    preferences = Preferences()
    assert friends_target(FriendsChoice("a", None), preferences).serve is not None  # at home: hosts here
    monkeypatch.setenv(REACH_VARIABLE, "rooms.example.org:8765")
    with pytest.raises(BoggleError, match="cannot host"):
        friends_target(FriendsChoice("a", None, open_to_network=True), preferences)
    with pytest.raises(BoggleError, match=re.escape("only on rooms.example.org:8765")):
        friends_target(FriendsChoice("a", "192.168.1.1:22/x"), preferences)
    target = friends_target(FriendsChoice("a", "rooms.example.org:8765/friends"), preferences)
    assert target.url == "ws://rooms.example.org:8765" and target.serve is None
    assert invited_address("192.168.1.1:8765/friends") is None  # a link into a room elsewhere opens nothing
    assert invited_address("rooms.example.org:8765/friends") == "rooms.example.org:8765/friends"


def test_a_served_game_never_names_its_player_after_the_servers_user(monkeypatch) -> None:
    monkeypatch.setattr("getpass.getuser", lambda: "root")
    assert default_name() == "root"
    monkeypatch.setenv(REACH_VARIABLE, "")
    assert default_name() == "Player"


@pytest.mark.parametrize("rooms", ["", "rooms.example.org:8765"])
async def test_the_friends_screen_of_a_served_game_offers_no_hosting(enable1, popular, monkeypatch, rooms) -> None:
    monkeypatch.setenv(REACH_VARIABLE, rooms)
    monkeypatch.setattr("getpass.getuser", lambda: "root")
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        await pilot.press("f4")
        dialog = await shown(pilot, FriendsScreen)
        assert not dialog.query("#friends-host") and not dialog.query("#friends-open")
        assert dialog.query_one("#friends-name").value == ""  # not "root"
        said = str(dialog.query_one("#friends-or", Label).render())
        if not rooms:
            assert "joins no rooms" in said and not dialog.query(Button)
            return
        assert "rooms.example.org:8765" in said
        dialog.query_one("#friends-address").value = "10.1.2.3:22/x"
        await pilot.click("#friends-join")
        await until(pilot, lambda: app._notifications, "the refusal")
        assert "only on rooms.example.org:8765" in next(iter(app._notifications)).message
        assert isinstance(app.screen, StartScreen) and app.online is None
