"""A room whose server dies for good in a round (stopped, never back): the reconnecting gives up, and the round ends
as far as it got, headed so, with the player's words and their verdicts (no shared-word scoring); the app then goes
back to the start screen, and `--plain` says the same and exits with code 1 (no fault of the player's input).
In the lobby, the same loss is the start screen with a notice."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import asynccontextmanager

import pytest
from support import FakeTime, drawn, make_app, past_the_guard, shown, until
from test_keys_in_flight import burst
from test_online import WAIT
from textual.widgets import OptionList

from boggle_tui.app import app as app_module
from boggle_tui.app.online import OnlineTarget
from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.app.screens.lost_round import LostRoundScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.cli import plain_room
from boggle_tui.cli.plain_room import PlainTarget, play_room
from boggle_tui.engine.scoring import score
from boggle_tui.net import link
from boggle_tui.net.room import COUNTDOWN, State
from boggle_tui.net.server import RoomServer


def quick_give_up(monkeypatch) -> None:
    """Reconnecting tries every 20 ms and gives up after 0.2 s of the loop's time (30 s in play)."""
    monkeypatch.setattr(link, "RETRY_SECONDS", 0.02)
    monkeypatch.setattr(link, "ROOM_PATIENCE", 0.2)


@asynccontextmanager
async def alice_in_room_night(enable1, popular, folder):
    """A real server, and alice's game in its room "night" at 100x32: (time_, server, app, pilot)."""
    time_ = FakeTime()
    server = RoomServer(now=time_)
    port = await server.start("127.0.0.1", 0)
    app, _ = make_app(enable1, popular, None, folder=folder, now=time_)
    app.online = app._online_play(OnlineTarget(url=f"ws://127.0.0.1:{port}", room="night", name="alice"))
    async with app.run_test(size=(100, 32)) as pilot:
        yield time_, server, app, pilot


async def test_a_room_lost_for_good_mid_round_ends_it_as_far_as_it_got(enable1, popular, tmp_path, monkeypatch) -> None:
    quick_give_up(monkeypatch)
    dropped, tried = asyncio.Event(), asyncio.Event()
    again = link.Link._greet_again

    async def held(self: link.Link) -> object:
        """Reconnecting waits for the test to have typed a word while the connection is down."""
        dropped.set()
        await tried.wait()
        return await again(self)

    monkeypatch.setattr(link.Link, "_greet_again", held)
    async with alice_in_room_night(enable1, popular, tmp_path) as (time_, server, app, pilot):
        await shown(pilot, LobbyScreen)
        await pilot.press("enter")  # alone and ready: the countdown
        await until(pilot, lambda: server.rooms["night"].state is State.COUNTDOWN, "the countdown")
        time_.now += COUNTDOWN
        screen = await shown(pilot, RoundScreen)
        word = max(server.rooms["night"].solution.paths, key=len)
        await pilot.press(*word, "enter", "x", "q", "enter")
        await until(pilot, lambda: len(screen.session.entries) == 2, "the room's verdicts")
        await server.stop()  # for good: it never comes back
        await until(pilot, dropped.is_set, "the drop")
        late = next(w for w in sorted(server.rooms["night"].solution.paths, key=len) if w != word)
        await pilot.press(*late, "enter")  # sent while reconnecting: the room never judges it
        assert screen.session.waiting == 1, screen.session.entries
        tried.set()
        await until(pilot, lambda: not isinstance(app.screen, RoundScreen), "the round's end")
        await pilot.pause()
        assert not isinstance(app.screen, StartScreen), [str(n.message) for n in app._notifications]
        text = "\n".join(drawn(widget) for widget in app.screen.query("Label, OptionList"))
        flat = " ".join(text.split())  # the summary's lines wrap at the board's width
        assert "The connection to the room was lost: the round could not be finished." in flat
        assert f"{word.upper()} " in text and "accepted" in text
        assert "XQ  too short" in text and f"{late.upper()}  sent, never judged" in text
        assert f"Score so far: {score(word)} · 1 word accepted by the room" in flat
        assert not app.screen.query("#players-table")  # nobody's words were compared: no table, no shared rule
        assert app.online is None  # the room is let go
        await pilot.press("enter")  # Enter typed as the round was lost is not a way out
        await pilot.pause()
        assert not isinstance(app.screen, StartScreen)
        past_the_guard(pilot)
        await pilot.press("escape")
        await shown(pilot, StartScreen)


async def test_a_room_gone_with_its_server_s_restart_mid_round_ends_the_round_as_far_as_it_got(
    enable1, popular, tmp_path, monkeypatch
) -> None:
    """A server restarted without its rooms' state says the room is gone: mid-round that is the round lost, as
    far as it got, not the start screen with the words out of sight (a play-tester's find)."""
    quick_give_up(monkeypatch)
    async with alice_in_room_night(enable1, popular, tmp_path) as (time_, server, app, pilot):
        await shown(pilot, LobbyScreen)
        await pilot.press("enter")
        await until(pilot, lambda: server.rooms["night"].state is State.COUNTDOWN, "the countdown")
        time_.now += COUNTDOWN
        screen = await shown(pilot, RoundScreen)
        word = max(server.rooms["night"].solution.paths, key=len)
        await pilot.press(*word, "enter")
        await until(pilot, lambda: len(screen.session.entries) == 1, "the room's verdict")
        port = int(app.online.url.rsplit(":", 1)[1])
        await server.stop()
        fresh = RoomServer(now=time_)  # the same port, none of the rooms
        await fresh.start("127.0.0.1", port)
        try:
            lost = await shown(pilot, LostRoundScreen)
            assert [e.word for e in lost.session.entries] == [word] and lost.session.lost
            past_the_guard(pilot)
            assert isinstance(app.focused, OptionList)  # its word list, whose own Enter would only select a word
            await pilot.press("enter")  # the footer's Menu
            await shown(pilot, StartScreen)
        finally:
            await fresh.stop()


async def test_a_room_lost_for_good_in_the_lobby_is_the_start_screen_with_why(
    enable1, popular, tmp_path, monkeypatch
) -> None:
    quick_give_up(monkeypatch)
    # The start screen settles when the test says (below), never by the wall's clock first on a loaded machine.
    monkeypatch.setattr(app_module, "SETTLE_SECONDS", 3600.0)
    async with alice_in_room_night(enable1, popular, tmp_path) as (_, server, app, pilot):
        await shown(pilot, LobbyScreen)
        await server.stop()
        start = await shown(pilot, StartScreen)
        await until(pilot, lambda: any("The connection to the room was lost" in str(n.message)
                                       for n in app._notifications))  # fmt: skip
        burst(app, "enter", "enter")  # typed for the lobby as it went: not Play (a play-tester's solo round)
        await pilot.pause()
        assert app.screen is start and app.focused is None
        start._settled()  # GUARD_SECONDS on: Play takes the focus, and what came meanwhile went nowhere
        await pilot.pause()
        assert app.screen is start and app.focused is start.query_one("#go")


class Lines:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[str] = asyncio.Queue()

    async def read(self) -> str:
        return await self.queue.get()


async def said_line(said: list[str], wanted: str | Callable[[str], bool]) -> int:
    test = wanted if callable(wanted) else (lambda line: line == wanted)
    for _ in range(int(WAIT / 0.02)):
        for n, line in enumerate(said):
            if test(line):
                return n
        await asyncio.sleep(0.02)
    raise AssertionError(f"{wanted!r} never came; said: {said}")


@pytest.mark.parametrize("restarted", [False, True], ids=["never back", "back without its rooms"])
async def test_a_plain_seat_whose_room_is_lost_mid_round_says_its_words_and_stops(
    tmp_path, monkeypatch, restarted
) -> None:
    quick_give_up(monkeypatch)
    time_ = FakeTime()
    said: list[str] = []
    lines = Lines()
    server = RoomServer(now=time_)
    port = await server.start("127.0.0.1", 0)
    target = PlainTarget(url=f"ws://127.0.0.1:{port}", room="duel", name="alice")
    seat = asyncio.create_task(play_room(target, lines, said.append, now=time_, folder=tmp_path,
                                         is_common=lambda _word: False,
                                         # back: long enough for the fresh server to load its lists on a slow machine
                                         reconnect_seconds=WAIT if restarted else 0.2))  # fmt: skip
    await said_line(said, "Type ready when you are; help lists the commands.")
    lines.queue.put_nowait("ready")
    await said_line(said, "The board comes in 3 seconds.")
    time_.now += COUNTDOWN
    await said_line(said, "Type a word and press Enter; help lists the commands. The clock is running: 3:00.")
    word = max(server.rooms["duel"].solution.paths, key=len)
    lines.queue.put_nowait(word)
    accepted = await said_line(said, lambda line: line.startswith(f"{word.upper()}: accepted, "))
    await server.stop()  # for good: it never comes back, or comes back with none of its rooms
    await said_line(said, lambda line: line.startswith("The connection dropped: reconnecting…"))
    lines.queue.put_nowait("xq")
    fresh = RoomServer(now=time_)
    if restarted:
        await asyncio.sleep(0.01)  # the seat reads "xq" before the server is back
        await fresh.start("127.0.0.1", port)
    with pytest.raises(plain_room.RoomLost, match="is gone" if restarted else "the connection to the room was lost"):
        await asyncio.wait_for(seat, WAIT)
    await fresh.stop()
    heading = said.index("The connection to the room was lost: the round could not be finished.")
    assert said[heading + 1 :] == [said[accepted], "XQ: too short", "Score so far: "
                                   f"{score(word)} · 1 word accepted by the room"]  # fmt: skip
    assert said.count("The connection to the room was lost: the round could not be finished.") == 1


def test_join_plain_whose_room_is_lost_exits_with_1_and_one_line(monkeypatch, capsys, tmp_path) -> None:
    """Not exit code 2, which says the player's input was wrong."""

    async def lost(*args: object, **kwargs: object) -> None:
        raise plain_room.RoomLost("the connection to the room was lost")

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(plain_room, "play_room", lost)
    assert plain_room.run_plain_room(PlainTarget(url="ws://127.0.0.1:9", room="r", name="a")) == 1
    assert capsys.readouterr().err == "boggle: the connection to the room was lost\n"
