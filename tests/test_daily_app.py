"""Today's board in the app: dealt, timed and judged by a real daily server on 127.0.0.1 (in this event loop), on
the app's own round screen; its results with the day's table; the table again on a key (friends alone on
another); a second attempt refused in one line; a server that is down said in one line and the board played
here; and the place against the bot levels on any timed round's results. Dates and clocks are injected."""

from __future__ import annotations

import asyncio
import datetime as dt
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from support import DEAL_SECRET, FakeTime, make_app, past_the_guard, shown, until
from textual.events import Paste
from textual.widgets import Label, OptionList, Static
from websockets.asyncio.client import connect

from boggle_tui.app.launch import AT_START, Daily
from boggle_tui.app.screens.daily_results import DailyResultsScreen, DayTableScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.engine.solver import solve
from boggle_tui.game.daily import served_deal
from boggle_tui.game.daily_table import against_levels
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.request import Mode
from boggle_tui.game.round import Verdict
from boggle_tui.game.session import SoloSession
from boggle_tui.net import daily_session, link
from boggle_tui.net import messages as m
from boggle_tui.net.daily import DailyService
from boggle_tui.net.daily_session import DailySession
from boggle_tui.net.room import GRACE
from boggle_tui.net.server import RoomServer
from boggle_tui.storage.daily_seat import daily_target
from boggle_tui.storage.daily_store import SqliteStore
from boggle_tui.storage.history import History
from boggle_tui.storage.identity import load_identity, remember

DAY = dt.date(2026, 11, 23)  # support.TODAY's date: the app's wall and the server's today


@asynccontextmanager
async def daily_server(folder: Path, time_: FakeTime, port: int = 0):
    server = RoomServer(dictionaries={"enable1": "enable1"}, now=time_)
    service = server.daily = DailyService(SqliteStore(folder / "daily.sqlite3"), server.dictionary_for,
                                          today=lambda: DAY, now=time_, wall=time_, secret=DEAL_SECRET,
                                          fair_play=False)  # fmt: skip
    address = f"127.0.0.1:{await server.start('127.0.0.1', port)}"
    SERVERS[address] = server
    try:
        yield service, address
    finally:
        if SERVERS.pop(address, None) is server:
            await server.stop()
        service.close()


SERVERS: dict[str, RoomServer] = {}  # the servers running, by address


async def service_stopped(address: str) -> None:
    """The server at `address` stops mid-round (its rounds' words are in its store)."""
    await SERVERS.pop(address).stop()


def board_words(enable1) -> list[str]:
    return sorted(solve(served_deal(DEAL_SECRET, DAY).board, enable1.trie, 3).paths, key=lambda w: (len(w), w))


def player(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str, address: str | None, enable1, popular, **kw: Any):
    """An app on the start screen for the player whose data is in `folder`, to play today's board on `address`."""
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(folder))
    app, time_ = make_app(enable1, popular, None, **kw)
    app.launch = Daily(daily_target("en", address, name))
    return app, time_


async def play_words(pilot: Any, words: list[str]) -> RoundScreen:
    """The words pasted into the entry (each line one word, as typing them would enter them: far fewer redraws)."""
    screen = await shown(pilot, RoundScreen)
    if words:
        screen.entry.post_message(Paste("\n".join(words) + "\n"))
    session = screen.session
    await until(pilot, lambda: len(session.entries) >= len(words), "the server's verdicts")
    return screen


async def end_round(pilot: Any) -> DailyResultsScreen:
    await pilot.press("ctrl+g", "y")
    results = await shown(pilot, DailyResultsScreen)
    past_the_guard(pilot)
    return results


def text_of(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


async def test_three_players_play_today_in_the_app_and_each_sees_their_place(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    found = board_words(enable1)
    server_time = FakeTime()
    async with daily_server(tmp_path, server_time) as (_service, address):
        for name, count in (("ada", 5), ("bo", 2), ("cy", 8)):
            history = History.open(tmp_path / name / "history")
            app, _ = player(monkeypatch, tmp_path / name, name, address, enable1, popular, history=history)
            async with app.run_test(size=(100, 32)) as pilot:
                round_screen = await play_words(pilot, [*found[:count], "zzzq"])
                session = round_screen.session
                assert isinstance(session, DailySession) and round_screen.query_one("#title", Label)
                assert session.title == f"Today's board on {address}"
                assert (
                    session.board.text() == served_deal(DEAL_SECRET, DAY).board.text()
                )  # the server's board, the day's
                assert session.score == count and session.entries[-1].verdict is Verdict.NOT_ON_BOARD
                results = await end_round(pilot)
                day = text_of(results, "#day-summary")
                lines = {o.id: str(o.prompt) for o in (results.query_one("#found-list", OptionList).options)}
                levels = text_of(results, "#levels")
            assert load_identity(tmp_path / name).server == address  # the server took the name: remembered
        kept = [History.open(tmp_path / name / "history").rounds()[0] for name in ("ada", "bo", "cy")]
        assert [(r.place, r.of_players) for r in kept] == [(1, 1), (2, 2), (1, 3)]  # as each round ended
        assert day.splitlines() == [
            "1st of 3 · better than 100%", "> 1. cy  8 (8 words)", "  2. ada  5 (5 words)", "  3. bo  2 (2 words)",
            "Top score 8 · average 5.0 · 3 players", "Daily streak: 1 day in a row",
        ]  # fmt: skip
        assert lines[found[7]].endswith("only you") and lines[found[2]].endswith("2 found it")
        assert lines[found[0]].endswith("3 found it")
        assert levels == against_levels(
            solve(served_deal(DEAL_SECRET, DAY).board, enable1.trie, 3), 8, 180
        )  # cy's 8 points


async def test_a_fourth_player_s_later_result_changes_the_table_on_the_key_and_friends_show_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    found = board_words(enable1)
    async with daily_server(tmp_path, FakeTime()) as (service, address):
        service.store.befriend(["ada", "bo"])  # they have played a room together on this server
        app, _ = player(monkeypatch, tmp_path / "bo", "bo", address, enable1, popular)
        async with app.run_test(size=(100, 32)) as pilot:
            await play_words(pilot, found[:2])
            await end_round(pilot)
        history = History.open(tmp_path / "ada")  # ada keeps a history: her streak is said under the table
        app, _ = player(monkeypatch, tmp_path / "ada", "ada", address, enable1, popular, history=history)
        async with app.run_test(size=(100, 32)) as pilot:
            await play_words(pilot, found[:5])
            results = await end_round(pilot)
            summary = text_of(results, "#day-summary").splitlines()
            assert summary[0] == "1st of 2 · better than 100%" and summary[-1] == "Daily streak: 1 day in a row"
            assert found_by(results, found[0]) == "2 found it"
            await di_plays(address, found[:9])  # while ada looks at her results
            await pilot.press("t")
            table = await shown(pilot, DayTableScreen)
            await until(pilot, lambda: table.table is not None, "the table")
            assert text_of(table, "#day-list").splitlines() == [
                "  1. di  9 (9 words)", "> 2. ada  5 (5 words)", "  3. bo  2 (2 words) · friend",
            ]  # fmt: skip
            assert text_of(table, "#day-standing") == "2nd of 3 · better than 50%"
            await pilot.press("f")  # friends alone
            await until(pilot, lambda: "di" not in text_of(table, "#day-list"), "friends alone")
            assert text_of(table, "#day-list").splitlines() == [
                "> 2. ada  5 (5 words)",
                "  3. bo  2 (2 words) · friend",
            ]
            assert text_of(table, "#day-title").startswith("Your friends · 2026-11-23")
            await pilot.press("escape")
            results = await shown(pilot, DailyResultsScreen)
            assert text_of(results, "#day-summary").splitlines()[0] == "2nd of 3 · better than 50%"
            app.clear_notifications()
            past_the_guard(pilot)  # a key a moment later than the keys before it: a command, not typing run on
            await pilot.press("y")  # the day's share line: the place as it stands, no word of the board
            await until(pilot, lambda: app._notifications, "the line copied")
            line = next(iter(app._notifications)).message
            assert line.startswith("Boggle daily 2026-11-23 · English · ")
            assert "· 5 words · 2nd of 3 · better than 50% · " in line
            assert not set(line.lower().replace("·", " ").split()) & set(found) and "N-" not in line
            assert found_by(results, found[0]) == "3 found it"  # the lists as the table now stands


def found_by(results: DailyResultsScreen, word: str) -> str:
    return str(results.query_one("#found-list", OptionList).get_option(word).prompt).split("  ")[-1]


async def di_plays(address: str, words: list[str]) -> None:
    """A fourth player on another machine: the protocol spoken directly."""
    secret = "d" * 43
    async with connect(f"ws://{address}") as ws:
        await ws.send(m.encode(m.DailyHello(version=m.VERSION, name="di", secret=secret, language="en")))
        assert isinstance(m.decode_server(await ws.recv()), m.Start)
        for at, word in enumerate(words, 1):
            await ws.send(m.encode(m.Word(id=at, word=word)))
            await ws.recv()
        await ws.send(m.encode(m.VoteEnd()))
        while not isinstance(m.decode_server(await asyncio.wait_for(ws.recv(), 5)), m.DailyTable):
            pass


async def test_the_round_ends_when_the_server_s_clock_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    found = board_words(enable1)
    server_time = FakeTime()
    async with daily_server(tmp_path, server_time) as (_service, address):
        app, time_ = player(monkeypatch, tmp_path / "ada", "ada", address, enable1, popular)
        async with app.run_test(size=(100, 32)) as pilot:
            screen = await play_words(pilot, found[:3])
            time_.now += 179
            await until(pilot, lambda: screen.clock_view.remaining == pytest.approx(1.0), "the clock at 0:01")
            assert not screen.session.over  # the server's clock, not the player's, ends it
            time_.now += 1
            server_time.now += 180 + GRACE
            results = await shown(pilot, DailyResultsScreen)
            assert text_of(results, "#outcome") == "Time is up"
            assert text_of(results, "#day-summary").splitlines()[0] == "1st of 1 · the first to play it"


async def test_a_second_attempt_the_same_day_is_one_line_and_no_round(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    async with daily_server(tmp_path, FakeTime()) as (_service, address):
        app, _ = player(monkeypatch, tmp_path / "ada", "ada", address, enable1, popular)
        async with app.run_test(size=(100, 32)) as pilot:
            await play_words(pilot, [])
            await end_round(pilot)
        # From the start screen, on the remembered server: one line there, no round.
        app, _ = player(monkeypatch, tmp_path / "ada", "ada", None, enable1, popular,
                        preferences=Preferences(mode=Mode.DAILY))  # fmt: skip
        app.launch = AT_START
        async with app.run_test(size=(100, 32)) as pilot:
            await shown(pilot, StartScreen)
            await pilot.press("enter")
            await until(pilot, lambda: app._notifications, "a notice")
            await pilot.pause()
            assert [n.message for n in app._notifications] == [  # the wall at noon UTC: 12 h to the next board
                "you have played today's board already: boggle daily --table shows the table · "
                "The next board comes in 12 h 00 min (at midnight UTC)."
            ]
            assert isinstance(app.screen, StartScreen)
            assert not any(isinstance(s, RoundScreen) for s in app.screen_stack)
        # `boggle daily` itself: the line is the game's last words.
        app, _ = player(monkeypatch, tmp_path / "ada", "ada", address, enable1, popular)
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: app.return_code is not None, "the game's end")
        assert app.return_code == 1


async def test_a_server_that_is_down_is_one_line_and_the_board_is_played_here_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    remember(load_identity(), server="127.0.0.1:9")  # remembered, and down
    history = History.open(tmp_path)
    app, _ = make_app(enable1, popular, None, history=history, preferences=Preferences(mode=Mode.DAILY))
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, StartScreen)
        await pilot.press("enter")
        screen = await shown(pilot, RoundScreen)
        assert isinstance(screen.session, SoloSession) and screen.session.deal.daily == "2026-11-23"
        notices = [n.message for n in app._notifications]
        assert len(notices) == 1 and notices[0].startswith("cannot reach ws://127.0.0.1:9: Connection refused")
        assert notices[0].endswith(": playing today's board here instead")
        await pilot.press("ctrl+g", "y")
        await shown(pilot, ResultsScreen)
        past_the_guard(pilot)
        app.clear_notifications()
        await pilot.press("escape")
        await shown(pilot, StartScreen)
        await pilot.press("enter")  # again the same day: one line, no round
        await until(pilot, lambda: any("played today's board already" in n.message for n in app._notifications))
        assert isinstance(app.screen, StartScreen)
        assert [n.message for n in app._notifications][-1] == (  # support.TODAY is noon UTC
            "You have played today's board already; the next one comes in 12 h 00 min (at midnight UTC)."
        )


async def test_any_timed_round_is_placed_against_the_bot_levels_on_its_board(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)  # seed 42, a timed round played here
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, RoundScreen)
        await pilot.press(*"howl", "enter", "ctrl+g", "y")
        results = await shown(pilot, ResultsScreen)
        await until(pilot, lambda: text_of(results, "#levels") != "Against the bots: …", "the place")
        assert text_of(results, "#levels").startswith("Against the bots: below Beginner (")


async def test_a_practice_round_is_not_placed(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, practice=True, seconds=None)
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, RoundScreen)
        await pilot.press("ctrl+g")
        results = await shown(pilot, ResultsScreen)
        assert not results.query("#levels")


async def test_a_server_restarted_mid_round_gives_the_round_back_with_its_words(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    found = board_words(enable1)
    monkeypatch.setattr(link, "RETRY_SECONDS", 0.02)
    server_time = FakeTime()
    async with daily_server(tmp_path, server_time) as (_service, address):
        app, time_ = player(monkeypatch, tmp_path / "gina", "gina", address, enable1, popular)
        async with app.run_test(size=(100, 32)) as pilot:
            screen = await play_words(pilot, found[:2])
            await service_stopped(address)  # the server goes down mid-round
            await until(pilot, lambda: any("reconnecting" in n.message for n in app._notifications), "the notice")
            notice = [n.message for n in app._notifications if "reconnecting" in n.message][-1]
            assert notice == "The connection to the server dropped: reconnecting… (180 seconds left in the round)"
            await pilot.press(*found[2], "enter")  # said at once; the server is not a room
            assert str(screen.verdict.content) == f"… {found[2].upper()}: sent: the server judges it"
            time_.now += 20
            server_time.now += 20
            async with daily_server(tmp_path, server_time, port=int(address.split(":")[1])):  # back on its port
                await until(pilot, lambda: any(n.message == "Back in today's round." for n in app._notifications))
                session = screen.session
                assert session.remaining == pytest.approx(160)
                await until(pilot, lambda: session.score == 3, "the third word's verdict, typed while it was down")
                results = await end_round(pilot)
                assert text_of(results, "#outcome") == "You ended the round"  # she did, after the restart
                assert text_of(results, "#day-summary").splitlines()[:2] == ["1st of 1 · the first to play it",
                                                                            "> 1. gina  3 (3 words)"]  # fmt: skip


async def test_a_server_that_never_comes_back_is_said_so_not_you_ended_the_round(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    found = board_words(enable1)
    monkeypatch.setattr(link, "RETRY_SECONDS", 0.02)
    async with daily_server(tmp_path, FakeTime()) as (_service, address):
        app, time_ = player(monkeypatch, tmp_path / "gina", "gina", address, enable1, popular)
        async with app.run_test(size=(100, 32)) as pilot:
            await play_words(pilot, found[:2])
            await service_stopped(address)
            await until(pilot, lambda: any("reconnecting" in n.message for n in app._notifications), "the notice")
            time_.now += 180 + daily_session.END_SECONDS  # the round's time, and the wait for its table, are over
            results = await shown(pilot, DailyResultsScreen)
            assert text_of(results, "#outcome") == "The connection to the server was lost"
            table = text_of(results, "#day-summary")  # the heading says the connection was lost: not said again
            assert "connection" not in table and table.startswith("The day's table could not be reached: "), table


async def test_the_start_screen_opens_today_s_table_on_the_remembered_server(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    """#38 item 9: F6 on the start screen shows the day's table (over ssh too, where no shell is at hand); with no
    server remembered, one line says how to name one. A player who has not played sees the table, not the board."""
    found = board_words(enable1)
    async with daily_server(tmp_path, FakeTime()) as (_service, address):
        app, _ = player(monkeypatch, tmp_path / "ada", "ada", address, enable1, popular)
        async with app.run_test(size=(100, 32)) as pilot:
            await play_words(pilot, found[:3])
            await end_round(pilot)
        monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path / "eve"))
        app, _ = make_app(enable1, popular, None)
        async with app.run_test(size=(100, 32)) as pilot:
            await shown(pilot, StartScreen)
            await pilot.press("f6")
            await until(pilot, lambda: app._notifications, "the notice")
            assert "No daily server yet" in next(iter(app._notifications)).message
        remember(load_identity(tmp_path / "eve"), tmp_path / "eve", name="eve", server=address)
        app, _ = make_app(enable1, popular, None)
        async with app.run_test(size=(100, 32)) as pilot:
            await shown(pilot, StartScreen)
            await pilot.press("f6")
            table = await shown(pilot, DayTableScreen)
            await until(pilot, lambda: "ada" in str(table.query_one("#day-list", Static).content), "the table")
            assert "1. ada  3 (3 words)" in str(table.query_one("#day-list", Static).content)
            await pilot.press("escape")
            await shown(pilot, StartScreen)


async def test_today_s_board_on_a_server_counts_live_once_solved_here(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, enable1, popular
) -> None:
    """#38 item 7: the day's words are the server's, but the board is solved here as it is played: the score line
    counts them as soon as it is (on by default on the day's board)."""
    found = board_words(enable1)
    async with daily_server(tmp_path, FakeTime()) as (_service, address):
        app, _ = player(monkeypatch, tmp_path / "ada", "ada", address, enable1, popular)
        async with app.run_test(size=(100, 32)) as pilot:
            screen = await play_words(pilot, found[:2])
            await until(pilot, lambda: f"2 / {len(found)} words" in str(screen.score.render()), "the live count")
