"""The day's board on a real server on 127.0.0.1: rounds dealt, timed and judged by the server, the day's table,
one attempt a day, names held by their secrets, friends from rooms, a table that survives a restart.

The date and the clock are injected; the store is SQLite in the test's folder (tests/test_daily_store.py runs
the store's own suite against PostgreSQL too)."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from support import DEAL_SECRET, FakeTime
from websockets.asyncio.client import connect

from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.solver import solve
from boggle_tui.game.codes import parse_code
from boggle_tui.game.daily import served_deal
from boggle_tui.game.round import Verdict
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError, ask_daily_table
from boggle_tui.net.daily import SWEEP_SLACK, DailyService
from boggle_tui.net.link import Back, Event, Link
from boggle_tui.net.room import GRACE
from boggle_tui.net.server import RoomServer
from boggle_tui.storage.daily_store import SqliteStore

T = TypeVar("T")

DAY = dt.date(2026, 3, 1)
ROOT = Path(__file__).resolve().parent.parent
WAIT = 5.0
SECRETS = {name: (name * 40)[:43] for name in ("ada", "bo", "cy", "di", "ed")}


class Today:
    def __init__(self, day: dt.date = DAY) -> None:
        self.day = day

    def __call__(self) -> dt.date:
        return self.day


@asynccontextmanager
async def daily_server(
    folder: Path, time_: FakeTime, today: Today, **settings: Any
) -> AsyncIterator[tuple[RoomServer, str]]:
    server = RoomServer(now=time_, dictionaries={"enable1": "enable1"})
    server.daily = DailyService(
        SqliteStore(folder / "daily.sqlite3"),
        server.dictionary_for,
        today=today,
        now=time_,
        wall=time_,
        secret=DEAL_SECRET,
        **{"fair_play": False, **settings},  # words at a machine's speed: only the test of fair play judges them
    )
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.stop()
        server.daily.close()


class Player:
    """A client speaking the daily protocol directly."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    @classmethod
    async def start(cls, url: str, name: str, **extra: Any) -> tuple[Player, dict[str, Any]]:
        ws = await connect(url)
        hello = {"type": "daily", "version": m.VERSION, "name": name, "secret": SECRETS.get(name, ""), **extra}
        await ws.send(json.dumps(hello))
        player = cls(ws)
        return player, await player.read()

    async def read(self) -> dict[str, Any]:
        return json.loads(await asyncio.wait_for(self.ws.recv(), WAIT))

    async def word(self, entry: int, word: str, **extra: Any) -> dict[str, Any]:
        await self.ws.send(json.dumps({"type": "word", "id": entry, "word": word, **extra}))
        return await self.read()

    async def end(self) -> m.DailyTable:
        await self.ws.send(json.dumps({"type": "end"}))
        while True:
            message = m.decode_server(json.dumps(await self.read()))
            if isinstance(message, m.DailyTable):
                await self.ws.close()
                return message


def solution_words(language: str = "en") -> list[str]:
    from boggle_tui.engine.dictionary import load_dictionary
    from boggle_tui.engine.solver import solve

    board = served_deal(DEAL_SECRET, DAY, language).board
    return sorted(solve(board, load_dictionary("enable1").trie, 3).paths, key=lambda w: (len(w), w))


async def play(url: str, name: str, words: list[str]) -> m.DailyTable:
    player, start = await Player.start(url, name)
    assert start["type"] == "start", start
    for entry, word in enumerate(words, 1):
        await player.word(entry, word)
    return await player.end()


async def test_three_players_each_see_their_rank_percentile_and_neighbours_and_a_fourth_moves_them(
    tmp_path: Path,
) -> None:
    words = solution_words()
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        ada = await play(url, "ada", words[:6])
        bo = await play(url, "bo", words[:3])
        cy = await play(url, "cy", words[:9])
        assert ada.you is not None and bo.you is not None and cy.you is not None
        assert (ada.you.rank, ada.players) == (1, 1)  # first of the day: alone on the table
        assert (bo.you.rank, bo.players) == (2, 2) and bo.you.percentile == 0
        assert (cy.you.rank, cy.players, cy.you.percentile) == (1, 3, 100)  # better than both others
        assert [r.name for r in cy.below] == ["ada", "bo"] and cy.above == ()
        assert cy.top == cy.you.score and cy.average == pytest.approx((ada.you.score + bo.you.score + cy.you.score) / 3)
        assert cy.date == "2026-03-01" and cy.board.startswith("N-")
        assert cy.finds[words[0]] == 3 and cy.finds[words[8]] == 1  # how many found each of cy's words
        di = await play(url, "di", words[:12])
        assert di.you is not None and di.you.rank == 1 and [r.name for r in di.below] == ["cy", "ada"]
        later = await ask_daily_table(
            url, m.TableAsk(version=m.VERSION, language="en", name="ada", secret=SECRETS["ada"])
        )
        assert later.players == 4 and later.you is not None and later.you.rank == 3  # the fourth moved ada down
        assert [r.name for r in later.rows] == ["di", "cy", "ada", "bo"]
        assert [r.name for r in later.above] == ["di", "cy"] and [r.name for r in later.below] == ["bo"]


async def test_a_second_attempt_the_same_day_is_refused_and_the_next_day_is_open(tmp_path: Path) -> None:
    today = Today()
    async with daily_server(tmp_path, FakeTime(), today) as (_server, url):
        await play(url, "ada", [])
        _player, again = await Player.start(url, "ada")
        assert again["type"] == "error" and again["code"] == "played" and again["fatal"]
        assert "\n" not in again["message"]
        today.day = DAY + dt.timedelta(days=1)
        _player, next_day = await Player.start(url, "ada")
        assert next_day["type"] == "start"


async def test_a_name_is_held_by_its_secret(tmp_path: Path) -> None:
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        await play(url, "ada", [])
        ws = await connect(url)
        await ws.send(json.dumps({"type": "daily", "version": m.VERSION, "name": "ada", "secret": "x" * 43}))
        answer = json.loads(await ws.recv())
        assert answer["code"] == "name_taken"
        for bad in ({"name": "", "secret": "x" * 43}, {"name": "\x1b\x07", "secret": "y" * 43},
                    {"name": "eve", "secret": "short"}):  # fmt: skip
            ws = await connect(url)
            await ws.send(json.dumps({"type": "daily", "version": m.VERSION, **bad}))
            assert json.loads(await ws.recv())["type"] == "error", bad


async def test_a_forged_score_or_words_not_on_the_board_gain_nothing(tmp_path: Path) -> None:
    words = solution_words()
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        player, _start = await Player.start(url, "ada")
        forged = await player.word(1, words[0], score=999)
        assert forged["type"] == "error" and not forged["fatal"]  # an unknown field: the message is refused whole
        assert (await player.word(2, "qqqqzz"))["points"] == 0
        assert (await player.word(3, "zymurgy"))["verdict"] == Verdict.NOT_ON_BOARD.value
        accepted = await player.word(4, words[1])
        assert accepted["verdict"] == Verdict.ACCEPTED.value and accepted["points"] == 1
        await player.ws.send(json.dumps({"type": "end", "score": 500}))  # refused too: the round goes on
        assert (await player.read())["type"] == "error"
        table = await player.end()
        assert table.you is not None and (table.you.score, table.you.words) == (1, 1)


async def test_an_entry_sent_again_is_judged_once(tmp_path: Path) -> None:
    words = solution_words()
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        player, _start = await Player.start(url, "ada")
        await player.word(1, words[0])
        await player.ws.send(json.dumps({"type": "word", "id": 1, "word": words[1]}))  # id already judged
        assert (await player.word(2, words[2]))["id"] == 2  # the repeat got no verdict
        table = await player.end()
        assert table.you is not None and table.you.words == 2


async def test_the_server_keeps_the_time(tmp_path: Path) -> None:
    time_ = FakeTime()
    words = solution_words()
    async with daily_server(tmp_path, time_, Today()) as (_server, url):
        player, start = await Player.start(url, "ada")
        assert start["seconds"] == 180 and start["remaining"] == 180
        await player.word(1, words[0])
        time_.now += 180.2  # within the grace: still judged
        assert (await player.word(2, words[1]))["verdict"] == Verdict.ACCEPTED.value
        time_.now += 1.0
        table = m.decode_server(json.dumps(await player.read()))  # the server ends the round by itself
        assert isinstance(table, m.DailyTable) and table.you is not None and table.you.words == 2


async def table_now(url: str, **ask: Any) -> m.DailyTable:
    return await ask_daily_table(url, m.TableAsk(version=m.VERSION, language="en", **ask))


async def resumed(url: str, name: str) -> tuple[Player, dict[str, Any], dict[str, Any]]:
    """The player back on a new connection: the board again, then the words judged so far."""
    player, start = await Player.start(url, name)
    assert start["type"] == "start", start
    return player, start, await player.read()


async def test_a_dropped_connection_keeps_the_round_open_and_the_player_resumes_it(tmp_path: Path) -> None:
    words = solution_words()
    time_ = FakeTime()
    async with daily_server(tmp_path, time_, Today()) as (_server, url):
        player, _start = await Player.start(url, "ada")
        await player.word(1, words[0])
        await player.word(2, "zzzq")
        await player.ws.close()
        time_.now += 30
        assert (await table_now(url)).players == 0  # not a result yet: the round is hers until its deadline
        back, start, judged = await resumed(url, "ada")
        assert start["remaining"] == 150 and start["next_id"] == 2 and start["code"].startswith("N-")
        entry = {"word": words[0], "verdict": "accepted", "points": 1, "by": ""}  # `by`: a teammate's (no team here)
        assert judged == {"type": "entries", "entries": [entry], "last_id": 1}
        assert (await back.word(2, words[0]))["verdict"] == Verdict.ALREADY_FOUND.value
        assert (await back.word(3, words[1]))["verdict"] == Verdict.ACCEPTED.value
        table = await back.end()
        assert table.you is not None and (table.you.score, table.you.words) == (2, 2)
        _again, refused = await Player.start(url, "ada")
        assert refused["code"] == "played"


async def test_a_round_begun_before_midnight_and_resumed_after_it_is_that_day_s(tmp_path: Path) -> None:
    """Dropped at 23:59 UTC, back at 00:00:30: the round goes on, on the day it began (the board, the words kept,
    the row on that day's table), and the new day's board is still the player's to play once it is over."""
    words = solution_words()
    time_, today = FakeTime(), Today()
    async with daily_server(tmp_path, time_, today) as (_server, url):
        player, start = await Player.start(url, "ada")
        await player.word(1, words[0])
        await player.ws.close()
        time_.now += 60
        today.day = DAY + dt.timedelta(days=1)  # midnight
        back, again, judged = await resumed(url, "ada")
        assert again["code"] == start["code"] and again["remaining"] == 120
        assert [e["word"] for e in judged["entries"]] == [words[0]]
        table = await back.end()
        assert table.date == DAY.isoformat() and table.you is not None and table.you.words == 1
        _next, dealt = await Player.start(url, "ada")  # the new day's board: a round of its own
        assert dealt["type"] == "start" and dealt["code"] != start["code"] and dealt["remaining"] == 180


async def test_a_round_never_resumed_is_finished_at_its_deadline_with_the_words_judged(tmp_path: Path) -> None:
    words = solution_words()
    time_ = FakeTime()
    async with daily_server(tmp_path, time_, Today()) as (_server, url):
        player, _start = await Player.start(url, "ada")
        await player.word(1, words[0])
        await player.word(2, words[1])
        await player.ws.close()
        time_.now += 180 + GRACE + SWEEP_SLACK + 0.1
        later = await table_now(url)
        assert [(r.name, r.score, r.words) for r in later.rows] == [("ada", 2, 2)]
        _again, refused = await Player.start(url, "ada")
        assert refused["code"] == "played"


async def test_a_player_back_after_the_deadline_has_the_result_of_the_words_judged(tmp_path: Path) -> None:
    words = solution_words()
    time_ = FakeTime()
    async with daily_server(tmp_path, time_, Today()) as (_server, url):
        player, _start = await Player.start(url, "ada")
        await player.word(1, words[0])
        await player.ws.close()
        time_.now += 180 + GRACE  # before any sweep: her hello finishes it
        _again, refused = await Player.start(url, "ada")
        assert refused["code"] == "played"
        mine = await table_now(url, name="ada", secret=SECRETS["ada"])
        assert mine.you is not None and (mine.you.score, mine.you.words) == (1, 1)


async def test_a_server_stopped_mid_round_resumes_it_after_its_restart(tmp_path: Path) -> None:
    words = solution_words()
    time_ = FakeTime()
    async with daily_server(tmp_path, time_, Today()) as (_server, url):
        player, _start = await Player.start(url, "ada")
        await player.word(1, words[0])
        await player.word(2, words[1])
        bo, _start = await Player.start(url, "bo")
        await bo.word(1, words[2])
    time_.now += 40
    async with daily_server(tmp_path, time_, Today()) as (_server, url):
        back, start, judged = await resumed(url, "ada")
        assert start["remaining"] == 140 and [e["word"] for e in judged["entries"]] == words[:2]
        await back.word(3, words[3])
        table = await back.end()
        assert table.you is not None and (table.you.score, table.you.words, table.players) == (3, 3, 1)
        time_.now += 140 + GRACE + SWEEP_SLACK + 0.1  # bo never came back: his round ends with his word
        assert [(r.name, r.words) for r in (await table_now(url)).rows] == [("ada", 3), ("bo", 1)]


async def test_a_restarted_server_keeps_the_table(tmp_path: Path) -> None:
    words = solution_words()
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        await play(url, "ada", words[:4])
        await play(url, "bo", words[:2])
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        _player, refused = await Player.start(url, "ada")
        assert refused["code"] == "played"
        cy = await play(url, "cy", words[:3])
        assert cy.players == 3 and cy.you is not None and cy.you.rank == 2


async def test_friends_from_a_room_are_marked_and_shown_alone(tmp_path: Path) -> None:
    words = solution_words()
    time_ = FakeTime()
    async with daily_server(tmp_path, time_, Today()) as (_server, url):
        for name in ("ada", "bo", "cy"):
            await play(url, name, words[: len(name) + 1])
        seats = []
        for name in ("ada", "bo"):
            ws = await connect(url)
            await ws.send(json.dumps({"type": "hello", "version": m.VERSION, "name": name, "room": "club"}))
            seats.append(ws)

        async def until(ws: Any, kind: str) -> None:
            while (message := json.loads(await asyncio.wait_for(ws.recv(), WAIT)))["type"] != kind or (
                kind == "countdown" and not message["seconds"]
            ):
                pass

        for ws in seats:
            await ws.send(json.dumps({"type": "ready", "ready": True}))
        for ws in seats:
            await until(ws, "countdown")
        time_.now += 5.0  # past the countdown
        for ws in seats:
            await until(ws, "start")
            await ws.send(json.dumps({"type": "end"}))  # both vote the round to its end
        for ws in seats:
            await until(ws, "end")
        ask = m.TableAsk(version=m.VERSION, language="en", name="ada", secret=SECRETS["ada"], friends=True)
        for _ in range(500):  # the friendship is written off the loop: a bound of 10 s, not a wait
            shown = await ask_daily_table(url, ask)
            if len(shown.rows) == 2:
                break
            await asyncio.sleep(0.02)
        assert sorted(r.name for r in shown.rows) == ["ada", "bo"]
        assert [r.friend for r in shown.rows if r.name == "bo"] == [True]
        everyone = await ask_daily_table(url, m.TableAsk(version=m.VERSION, language="en", name="ada",
                                                                         secret=SECRETS["ada"]))  # fmt: skip
        assert {r.name: r.friend for r in everyone.rows} == {"ada": False, "bo": True, "cy": False}
        for ws in seats:
            await ws.close()


async def test_table_queries_are_rate_limited_and_checked(tmp_path: Path) -> None:
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        ask = m.TableAsk(version=m.VERSION, language="en")
        for _ in range(10):
            await ask_daily_table(url, ask)
        with pytest.raises(JoinError) as limited:
            await ask_daily_table(url, ask)
        assert limited.value.code == "limit"
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        for wrong in ({"date": "2020-01-01"}, {"date": "2026-03-02"}, {"date": "yesterday"}, {"language": "xx"}):
            with pytest.raises(JoinError):
                await ask_daily_table(url, m.TableAsk(version=m.VERSION, **wrong))
        with pytest.raises(JoinError) as future:
            await ask_daily_table(url, m.TableAsk(version=m.VERSION, date="2026-03-02"))
        assert str(future.value) == "2026-03-02 has no table yet: the server's today is 2026-03-01"


async def next_of(events: AsyncIterator[Event], kind: type[T]) -> T:
    """The link's next event of that kind (a verdict, the table...): the others are passed over."""
    while not isinstance(event := await asyncio.wait_for(anext(events), WAIT), kind):
        pass
    return event


def hello_of(name: str, secret: str = "") -> m.DailyHello:
    return m.DailyHello(version=m.VERSION, name=name, secret=secret or SECRETS[name], language="en")


async def test_a_link_plays_a_round_and_is_refused_a_second(tmp_path: Path) -> None:
    words = solution_words()
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        link = Link(url, hello_of("ada"))
        start = await link.open()
        assert isinstance(start, m.Start)
        for entry, word in enumerate((words[0], "zzzzq", words[0]), start.next_id or 1):
            link.send(m.Word(id=entry, word=word))
        events = aiter(link.events())
        verdicts = [(await next_of(events, m.Judgement)).verdict for _ in range(3)]
        link.send(m.VoteEnd())
        table = await next_of(events, m.DailyTable)
        await link.close()
        assert verdicts == [Verdict.ACCEPTED.value, Verdict.NOT_ON_BOARD.value, Verdict.ALREADY_FOUND.value]
        assert table.you is not None and table.you.score == 1
        with pytest.raises(JoinError) as refused:
            await Link(url, hello_of("ada")).open()
        assert refused.value.code == "played" and not refused.value.unreachable


async def test_an_unreachable_server_is_said_so() -> None:
    with pytest.raises(JoinError) as error:
        await Link("ws://127.0.0.1:9", hello_of("ada")).open()
    assert error.value.unreachable


async def test_one_address_begins_a_bounded_number_of_attempts_a_day(tmp_path: Path) -> None:
    today = Today()
    async with daily_server(tmp_path, FakeTime(), today, per_address=3) as (server, url):
        names = [f"p{n}" for n in range(5)]
        SECRETS.update({name: (name * 30)[:43] for name in names})
        answers = []
        for name in names:
            player, answer = await Player.start(url, name)
            answers.append(answer)
            await player.ws.close()
        assert [a["type"] for a in answers] == ["start"] * 3 + ["error"] * 2
        assert answers[3]["code"] == "limit" and "\n" not in answers[3]["message"]
        async with connect(url) as ws:  # nor is a new name made for a limited address
            await ws.send(json.dumps({"type": "table", "version": m.VERSION, "name": "p3", "secret": SECRETS["p3"]}))
            assert json.loads(await ws.recv())["you"] is None  # a table for anyone: p3 is nobody's name here
        assert server.daily is not None and not server.daily.store.known("p3")
        _back, start, _judged = await resumed(url, "p0")  # a round begun may still be resumed
        assert start["type"] == "start"
        today.day = DAY + dt.timedelta(days=1)  # a new day, new attempts
        _player, answer = await Player.start(url, "p3")
        assert answer["type"] == "start"


class HeldStore(SqliteStore):
    """A store whose `begin` waits until the test lets it go (the player leaves meanwhile)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.go = threading.Event()
        self.begun = 0

    def begin(self, day: dt.date, language: str, name: str, deadline: int = 0) -> bool:
        assert self.go.wait(WAIT)
        begun = super().begin(day, language, name, deadline)
        self.begun += 1
        return begun


async def test_a_player_gone_before_the_board_was_dealt_has_no_attempt(tmp_path: Path) -> None:
    server = RoomServer(now=FakeTime(), dictionaries={"enable1": "enable1"})
    store = HeldStore(tmp_path / "daily.sqlite3")
    server.daily = DailyService(
        store,
        server.dictionary_for,
        today=Today(),
        now=FakeTime(),
        wall=FakeTime(),
        secret=DEAL_SECRET,
        fair_play=False,
    )
    url = f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}"
    try:
        ws = await connect(url)
        await ws.send(json.dumps({"type": "daily", "version": m.VERSION, "name": "ada", "secret": SECRETS["ada"]}))
        await ws.close()
        store.go.set()
        for _ in range(1000):  # the attempt begun, then undone when the board could not be dealt (at most 10 s)
            if store.begun and await asyncio.to_thread(store.open_round, DAY, "en", "ada") is None:
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the attempt was kept")
        _player, start = await Player.start(url, "ada")  # no attempt was spent: the board is dealt now
        assert start["type"] == "start" and store.begun == 2
    finally:
        await server.stop()
        server.daily.close()


async def test_a_word_with_a_control_character_is_refused_not_cleaned(tmp_path: Path) -> None:
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        player, _start = await Player.start(url, "ada")
        answer = await player.word(1, "DEN\u0000T")
        assert answer["type"] == "error" and "printable" in answer["message"]
        assert (await player.word(2, "dent\u200b"))["type"] == "error"  # a format character too
        table = await player.end()
        assert table.you is not None and table.you.words == 0


@contextmanager
def server_process(folder: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`boggle server` as a process of its own, its table in `folder`; its URL once it listens."""
    command = [sys.executable, "-m", "boggle_tui", "server", "--host", "127.0.0.1", "--port", "0", "--announce-port",
               "--store", str(folder / "daily.sqlite3"), "--state", str(folder / "state")]  # fmt: skip
    env = {**os.environ, "BOGGLE_DATA_DIR": str(folder)}
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert process.stdout is not None
        announced = re.fullmatch(r"port (\d+)\n", process.stdout.readline())
        assert announced, "boggle server did not start"
        yield process, f"ws://127.0.0.1:{announced[1]}"
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(WAIT)


async def test_a_server_killed_mid_round_and_started_again_gives_her_round_back(tmp_path: Path) -> None:
    with server_process(tmp_path) as (process, url):
        link = Link(url, hello_of("gina", SECRETS["ada"]), patience=lambda: 10 * WAIT)
        start = await link.open()
        assert isinstance(start, m.Start)
        board = parse_code(start.code).board  # the server's today: never read from the wall here
        found = sorted(solve(board, load_dictionary("enable1").trie, 3).paths, key=lambda w: (len(w), w))
        for entry, word in enumerate(found[:2], start.next_id or 1):
            link.send(m.Word(id=entry, word=word))
        events = aiter(link.events())
        assert [(await next_of(events, m.Judgement)).verdict for _ in range(2)] == ["accepted", "accepted"]
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)
    with server_process(tmp_path) as (_process, url):
        link.url = url
        back = (await next_of(events, Back)).reply  # the same board, her words back, the clock where it was
        kept = await next_of(events, m.Entries)
        assert [e.word for e in kept.entries] == found[:2]
        assert isinstance(back, m.Start) and parse_code(back.code).board.text() == board.text()
        assert 0 < back.remaining < 180
        link.send(m.Word(id=kept.last_id + 1, word=found[2]))
        assert (await next_of(events, m.Judgement)).verdict == "accepted"
        link.send(m.VoteEnd())
        table = await next_of(events, m.DailyTable)
        await link.close()
        assert table.you is not None and (table.you.name, table.you.score, table.you.words) == ("gina", 3, 3)


async def test_the_days_board_comes_from_the_servers_secret_and_no_command_can_print_it(tmp_path: Path) -> None:
    """`boggle solve --seed 20260301` (the board played with no server) is not the board a server deals that day;
    the server's comes from its store's secret, the same after a restart; today's table shows it to players only."""
    from boggle_tui.game.daily import daily_deal, daily_seed
    from boggle_tui.game.deal import deal

    assert deal(seed=daily_seed(DAY)).board == daily_deal(DAY).board  # what anyone can print a day ahead
    boards = []
    for restart, name in enumerate(("ada", "bo")):
        server = RoomServer(now=FakeTime(), dictionaries={"enable1": "enable1"})
        store = SqliteStore(tmp_path / "daily.sqlite3")
        server.daily = DailyService(store, server.dictionary_for, today=Today(), now=FakeTime(), wall=FakeTime())
        url = f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}"
        try:
            player, start = await Player.start(url, name)
            boards.append(tuple(tuple(row) for row in start["board"]))
            if restart == 0:
                anyone = m.TableAsk(version=m.VERSION, language="en")  # someone who has not played today
                assert (await ask_daily_table(url, anyone)).board == ""
                await player.end()
                ada = m.TableAsk(version=m.VERSION, language="en", name="ada", secret=SECRETS["ada"])
                assert (await ask_daily_table(url, ada)).board.startswith("N-")  # ada has
            else:
                await player.ws.close()
        finally:
            await server.stop()
            server.daily.close()
        kept = SqliteStore(tmp_path / "daily.sqlite3")
        secret = kept.deal_secret()
        kept.close()
        assert boards[-1] == tuple(tuple(row) for row in served_deal(secret, DAY).board.rows)
    assert boards[0] == boards[1] != tuple(tuple(row) for row in daily_deal(DAY).board.rows)


async def test_one_name_twice_at_once_plays_one_round_and_keeps_every_accepted_word(tmp_path: Path) -> None:
    """Two hellos of one name and secret in the same moment: the later takes the round over (the earlier is closed,
    as a player back on a new connection closes their old one); none of the words accepted is lost."""
    from websockets.exceptions import ConnectionClosed

    words = solution_words()
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        for pair in range(2):
            name = ("ada", "bo")[pair]
            players = await asyncio.gather(Player.start(url, name), Player.start(url, name))
            assert [start["type"] for _player, start in players] == ["start", "start"]
            live = []
            for player, start in players:
                try:
                    said = json.loads(await asyncio.wait_for(player.ws.recv(), WAIT))
                except ConnectionClosed:
                    continue
                assert said["type"] == "entries"  # the round the first hello began, taken over
                live.append((player, start))
            assert len(live) == 1
            player, start = live[0]
            mine = words[pair * 5 : pair * 5 + 5]
            for entry, word in enumerate(mine, start["next_id"]):
                assert (await player.word(entry, word))["verdict"] == Verdict.ACCEPTED.value
            table = await player.end()
            assert table.you is not None and table.you.words == len(mine)


class SlowReader(SqliteStore):
    """A second connection whose table queries wait until the test lets them go: a flood of table queries."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.go = threading.Event()
        self.asked: list[int] = []

    def rows(self, day: dt.date, language: str, limit: int = 1000, names: Any = None) -> list[Any]:
        self.asked.append(limit)
        assert self.go.wait(WAIT)
        return super().rows(day, language, limit, names)


async def test_verdicts_never_wait_behind_the_tables_queries_and_a_query_gets_100_rows_at_most(tmp_path) -> None:
    words = solution_words()
    server = RoomServer(now=FakeTime(), dictionaries={"enable1": "enable1"})
    reader = SlowReader(tmp_path / "daily.sqlite3")
    server.daily = DailyService(SqliteStore(tmp_path / "daily.sqlite3"), server.dictionary_for, today=Today(),
                                now=FakeTime(), wall=FakeTime(), secret=DEAL_SECRET, fair_play=False,
                                reader=reader)  # fmt: skip
    url = f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}"
    try:
        ask = m.TableAsk(version=m.VERSION, language="en", rows=1000)
        queries = [asyncio.create_task(ask_daily_table(url, ask)) for _ in range(3)]
        for _ in range(500):  # a bound of 10 s, not a wait
            if reader.asked:
                break
            await asyncio.sleep(0.02)
        assert reader.asked == [100]  # the first query, held; the others queue behind it on the reader's thread
        player, start = await Player.start(url, "ada")
        assert start["type"] == "start"
        for entry, word in enumerate(words[:3], 1):  # judged and kept while the queries wait
            assert (await player.word(entry, word))["verdict"] == Verdict.ACCEPTED.value
        reader.go.set()
        for query in queries:
            assert (await query).players == 0  # answered once let go
        await player.ws.close()
    finally:
        reader.go.set()
        await server.stop()
        server.daily.close()


async def test_a_result_typed_faster_than_a_person_can_is_kept_unverified_and_out_of_everyones_figures(
    tmp_path: Path,
) -> None:
    words = solution_words()
    time_ = FakeTime()
    async with daily_server(tmp_path, time_, Today(), fair_play=True) as (_server, url):
        script, _start = await Player.start(url, "ada")  # a solver: every word at once, at the server's rate
        for entry, word in enumerate(words[:20], 1):
            assert (await script.word(entry, word))["verdict"] == Verdict.ACCEPTED.value
        flagged = await script.end()
        assert flagged.you is not None and not flagged.you.verified
        assert flagged.players == 0  # not among the day's figures, nor anyone's
        person, _start = await Player.start(url, "bo")  # a person: a word every few seconds, after reading
        time_.now += 3
        for entry, word in enumerate(words[:4], 1):
            time_.now += 4
            assert (await person.word(entry, word))["verdict"] == Verdict.ACCEPTED.value
        table = await person.end()
        assert table.you is not None and table.you.verified and table.players == 1
        assert table.you.rank == 1  # ada's result is listed above, and counts in nobody's place
        assert [(r.name, r.verified) for r in table.above] == [("ada", False)]
        asked = await ask_daily_table(url, m.TableAsk(version=m.VERSION, language="en", rows=10))
        assert [(r.name, r.verified) for r in asked.rows] == [("ada", False), ("bo", True)]
        assert (asked.players, asked.top) == (1, table.you.score)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_one_name_on_two_servers_of_one_store_plays_on_one_connection_at_a_time(tmp_path, kind) -> None:
    """Two server processes sharing a store (two services, each with its own connection to it, stand for them):
    the player's hello on the second takes the round over; the first stops at its next word, which it neither
    keeps nor says it accepted; every word either accepted is on the table once the round ends."""
    from websockets.exceptions import ConnectionClosed

    from boggle_tui.storage.daily_store import open_store

    if kind == "postgresql":
        from test_daily_store import _fresh_postgres

        where = _fresh_postgres()
    else:
        where = str(tmp_path / "shared.sqlite3")
    words = solution_words()
    servers, urls = [], []
    for _ in range(2):
        server = RoomServer(now=FakeTime(), dictionaries={"enable1": "enable1"})
        server.daily = DailyService(open_store(where), server.dictionary_for, today=Today(), now=FakeTime(),
                                    wall=FakeTime(), secret=DEAL_SECRET, fair_play=False)  # fmt: skip
        urls.append(f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}")
        servers.append(server)
    try:
        first, start = await Player.start(urls[0], "ada")
        assert (await first.word(start["next_id"], words[0]))["verdict"] == Verdict.ACCEPTED.value
        second, again = await Player.start(urls[1], "ada")  # the same player, on the other server
        assert again["type"] == "start" and json.loads(await second.ws.recv())["type"] == "entries"
        with pytest.raises(ConnectionClosed):  # the first stops at its next word: no verdict for it
            await first.word(start["next_id"] + 1, words[1])
        for entry, word in enumerate(words[2:5], again["next_id"]):
            assert (await second.word(entry, word))["verdict"] == Verdict.ACCEPTED.value
        table = await second.end()
        assert table.you is not None and table.you.words == 4  # words[0] on the first, three on the second
        assert set(table.finds) == {words[0], *words[2:5]}
    finally:
        for server in servers:
            await server.stop()
            assert server.daily is not None
            server.daily.close()


async def test_anyone_may_read_the_table_and_a_name_nobody_holds_is_no_error(tmp_path: Path) -> None:
    words = solution_words()
    async with daily_server(tmp_path, FakeTime(), Today()) as (_server, url):
        await play(url, "ada", words[:3])

        def ask(name: str, secret: str) -> Awaitable[m.DailyTable]:
            return ask_daily_table(url, m.TableAsk(version=m.VERSION, language="en", name=name, secret=secret, rows=10))

        table = await ask("newcomer", "n" * 43)  # never played here: no name of anyone's
        assert table.you is None and [r.name for r in table.rows] == ["ada"] and table.board == ""
        with pytest.raises(JoinError, match="someone else's"):  # a name held by another secret is still refused
            await ask("ada", "x" * 43)
        _player, start = await Player.start(url, "newcomer", secret="n" * 43)
        assert start["type"] == "start"  # asking made no claim: the name is still free to play under
