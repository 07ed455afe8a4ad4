"""`boggle daily`: line by line against a real server on 127.0.0.1 (run in a thread of its own), on this machine
when there is no server or it is down, the table again (--table, --json), and the streaks over injected dates."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from support import DEAL_SECRET, FakeTime
from test_plain import ScriptedLines

from boggle_tui.cli.daily import run_daily
from boggle_tui.cli.history import run_stats
from boggle_tui.cli.parser import build_parser
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.solver import solve
from boggle_tui.game.codes import board_code
from boggle_tui.game.daily import daily_deal, served_deal
from boggle_tui.game.daily_table import against_levels
from boggle_tui.net import link
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError
from boggle_tui.net.daily import DailyService
from boggle_tui.net.server import RoomServer
from boggle_tui.storage.daily_store import SqliteStore
from boggle_tui.storage.history import History
from boggle_tui.storage.identity import load_identity

DAY = dt.date(2026, 3, 1)
WAIT = 30.0  # the longest wait for a line, on a slow machine


class Today:
    def __init__(self, day: dt.date = DAY) -> None:
        self.day = day

    def __call__(self) -> dt.date:
        return self.day


@contextmanager
def server_thread(folder: Path, today: Today) -> Iterator[str]:
    """A daily server on its own event loop in a thread: `boggle daily` is a blocking client."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    held: dict[str, object] = {}

    def run() -> None:
        asyncio.set_event_loop(loop)
        server = RoomServer(dictionaries={"enable1": "enable1"})
        server.daily = DailyService(
            SqliteStore(folder / "daily.sqlite3"),
            server.dictionary_for,
            today=today,
            secret=DEAL_SECRET,
            fair_play=False,
        )
        held["port"] = loop.run_until_complete(server.start("127.0.0.1", 0))
        held["server"] = server
        ready.set()
        loop.run_forever()
        loop.run_until_complete(server.stop())
        server.daily.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(60)
    address = f"127.0.0.1:{held['port']}"

    def drop() -> None:
        """Every daily connection the server holds, closed under its feet (a network drop, as the player sees it)."""
        service = held["server"].daily  # type: ignore[attr-defined]

        async def close_all() -> None:
            for ws, _done in list(service.live.values()):
                await ws.close()

        asyncio.run_coroutine_threadsafe(close_all(), loop).result(30)

    def kill() -> None:
        """The server stopped for good: its connections closed and no new one accepted."""
        asyncio.run_coroutine_threadsafe(held["server"].stop(), loop).result(30)  # type: ignore[attr-defined]

    DROPS[address] = drop
    KILLS[address] = kill
    try:
        yield address
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)


def said_by_then(lines: list[str], wanted: str | Callable[[str], bool]) -> Callable[[], None]:
    """A script's step that waits (in the reading thread, at most WAIT seconds) until a line like `wanted` was said."""
    like = wanted if callable(wanted) else wanted.__eq__

    def wait() -> None:
        for _ in range(int(WAIT / 0.01)):
            if any(like(line) for line in list(lines)):
                return
            time.sleep(0.01)
        raise AssertionError(f"never said: {wanted!r} in {lines}")

    return wait


DROPS: dict[str, Callable[[], None]] = {}  # by address: drop every daily connection of that server
KILLS: dict[str, Callable[[], None]] = {}  # by address: stop that server for good


class EventfulLines(ScriptedLines):
    """A script whose callables are done as they are reached (the server drops the connection, say). The lines are
    read by a thread of their own (as standard input is), so a callable may wait for what the round says."""

    def read(self, timeout: float | None) -> Any:
        while self.script and callable(self.script[0]):
            self.script.pop(0)()  # type: ignore[operator]
        return super().read(timeout)


def words(day: dt.date = DAY, *, served: bool = True) -> list[str]:
    """The day's words, longest last: of the test server's board, or (`served=False`) of the board played here."""
    board = (served_deal(DEAL_SECRET, day) if served else daily_deal(day)).board
    return sorted(solve(board, load_dictionary("enable1").trie, 3).paths, key=lambda w: (len(w), w))


def daily(
    monkeypatch: pytest.MonkeyPatch, folder: Path, *flags: str, typed: list[Any] = (), today: Today | None = None,
    said: list[str] | None = None, noted: list[str] | None = None,
) -> tuple[int, list[str], list[str]]:  # fmt: skip
    """`boggle daily FLAGS` as the player whose data is in `folder`, typing `typed`, then the end of input; what it
    says goes to `said` and `noted` (fresh lists by default)."""
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(folder))
    monkeypatch.setattr(link, "RETRY_SECONDS", 0.02)
    clock = FakeTime()
    said = [] if said is None else said
    noted = [] if noted is None else noted

    args = build_parser().parse_args(["daily", *flags])
    day = (today or Today())()
    evening = dt.datetime.combine(day, dt.time(18, 53), dt.UTC)  # the wall at 18:53 UTC: 5 h 07 min to the next board
    code = run_daily(args, today=today or Today(), lines=EventfulLines(clock, *typed), write=said.append,
                     note=noted.append, now=clock, wall=lambda: evening)  # fmt: skip
    return code, said, noted


def test_three_players_play_today_on_a_server_line_by_line_and_see_their_place(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    found = words()
    today = Today()
    with server_thread(tmp_path, today) as address:
        for name, count in (("ada", 5), ("bo", 2), ("cy", 8)):
            code, said, noted = daily(monkeypatch, tmp_path / name, "--plain", "--server", address, "--name", name,
                                      typed=[*found[:count], "zzzzq"], today=today)  # fmt: skip
            assert code == 0, noted
            assert said[-1].startswith("To share: Boggle daily 2026-03-01 · English · "), said[-1]
        text = "\n".join(said)
        assert f"{found[0].upper()}: accepted, 1 point" in text and "ZZZZQ: not on the board" in text
        assert "1st of 3 · better than 100%" in text
        assert "> 1. cy  8 (8 words)" in text and "  2. ada  5 (5 words)" in text and "  3. bo  2 (2 words)" in text
        assert "Top score 8 · average 5.0 · 3 players" in text
        assert f"you alone found {found[7].upper()}" in text and f"you were one of 2 to find {found[2].upper()}" in text
        assert (
            against_levels(solve(served_deal(DEAL_SECRET, DAY).board, load_dictionary("enable1").trie, 3), 8, 180)
            in said
        )
        assert "Daily streak: 1 day in a row" in text

        code, _again, noted = daily(monkeypatch, tmp_path / "ada", "--plain", today=today)  # the server remembered
        assert code == 1 and noted == [
            "boggle: you have played today's board already: boggle daily --table shows the table",
            "The next board comes in 5 h 07 min (at midnight UTC).",
        ]

        code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--table", today=today)
        assert said[1] == "2nd of 3 · better than 50%"
        assert said[2:5] == ["  1. cy  8 (8 words)", "> 2. ada  5 (5 words)", "  3. bo  2 (2 words)"]
        daily(monkeypatch, tmp_path / "di", "--plain", "--server", address, "--name", "di", typed=found[:20],
              today=today)  # fmt: skip
        code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--json", today=today)
        table = json.loads(said[0])
        assert code == 0 and table["players"] == 4 and table["date"] == "2026-03-01" and table["language"] == "en"
        assert [r["name"] for r in table["rows"]] == ["di", "cy", "ada", "bo"]  # the fourth changed the table
        assert table["rows"][2] == {
            "rank": 3,
            "name": "ada",
            "score": 5,
            "words": 5,
            "percentile": 33,
            "verified": True,
        }
        assert set(table) == {"date", "language", "board", "players", "average", "top", "rows", "share"}
        share = table["share"]
        assert (
            share.startswith("Boggle daily 2026-03-01 · English · 5/")
            and "· 5 words · 3rd of 4 · better than 33%" in share
        )
        assert not set(share.lower().replace("·", " ").split()) & set(found)  # no word of the board given away
        code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--share", today=today)
        assert code == 0 and said == [share]
        with pytest.raises(BoggleError, match="nothing to share yet"):
            daily(monkeypatch, tmp_path / "eve", "--share", "--server", address, "--name", "eve", today=today)


def test_with_no_server_the_board_is_played_here_and_placed_against_the_bots(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    found = words()
    code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--plain", typed=found[:3])
    text = "\n".join(said)
    assert code == 0 and "practice daily 2026-03-01" in text
    placed = r"Against the bots: ((above|level with) \w+ \(\d+\)(, |: ))?(below \w+ \(\d+\)|every level \w+)"
    assert any(re.fullmatch(placed, line) for line in said), text


def test_a_server_that_is_down_is_said_in_one_line_and_the_board_is_played_here(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, said, noted = daily(monkeypatch, tmp_path / "ada", "--plain", "--server", "127.0.0.1:9", "--name", "gina",
                              typed=["tea"])  # fmt: skip
    assert code == 0
    assert len([n for n in noted if "127.0.0.1:9" in n]) == 1
    assert any("playing today's board here instead" in n for n in noted)
    assert any("practice daily 2026-03-01" in line for line in said)
    kept = load_identity(tmp_path / "ada")  # remembered as the player asked: the server being down refuses neither
    assert (kept.server, kept.name) == ("127.0.0.1:9", "gina")
    with pytest.raises(BoggleError, match=r"cannot reach ws://127\.0\.0\.1:9"):  # --table asks that server, as gina
        daily(monkeypatch, tmp_path / "ada", "--table")


def test_a_name_the_server_refuses_is_not_remembered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    today = Today()
    with server_thread(tmp_path, today) as address:
        daily(monkeypatch, tmp_path / "ada", "--plain", "--server", address, "--name", "ada", today=today)
        code, _said, noted = daily(monkeypatch, tmp_path / "eve", "--plain", "--server", address, "--name", "ada",
                                   today=today)  # fmt: skip
    assert code == 1 and noted == ["boggle: that name is someone else's on this server: choose another with --name"]
    assert load_identity(tmp_path / "eve").name == ""


def test_a_streak_of_three_days_after_rounds_on_three_dates(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for days in range(3):
        day = DAY + dt.timedelta(days=days)
        typed = words(day, served=False)[: 2 + 3 * days]
        _code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--plain", typed=typed, today=Today(day))
    assert "Daily streak: 3 days in a row · 2 beating your average" in said


def test_the_secret_is_made_once_and_kept_for_its_owner_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    first = load_identity(tmp_path)
    assert load_identity(tmp_path).secret == first.secret and len(first.secret) == 43
    assert stat.S_IMODE(os.stat(tmp_path / "daily.json").st_mode) == 0o600
    (tmp_path / "daily.json").write_text('{"secret": "short"}')
    assert load_identity(tmp_path).secret != first.secret  # a damaged file: a new secret (and so a new name)


def test_bad_flags_are_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from boggle_tui.cli.main import main

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    assert main(["daily", "--table"]) == 2
    assert main(["daily", "--server", "example.org:1/room", "--table"]) == 2


def test_today_s_board_is_played_once_here_too(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A play-tester played the offline daily three times in a day, and again here after the server's round."""
    code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--plain", typed=["tea"])
    assert code == 0 and any("practice daily 2026-03-01" in line for line in said)
    code, said, noted = daily(monkeypatch, tmp_path / "ada", "--plain", typed=["tea"])
    assert (
        code == 1
        and said == []
        and noted
        == ["boggle: You have played today's board already; the next one comes in 5 h 07 min (at midnight UTC)."]
    )
    code, said, _noted = daily(
        monkeypatch, tmp_path / "ada", "--plain", typed=["tea"], today=Today(dt.date(2026, 3, 2))
    )
    assert code == 0  # the next day's board is new


def test_boggle_stats_shows_each_language_s_streak_until_a_day_is_missed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """English on three days in a row, German on the third only: a German streak counts German days."""
    for days in range(3):
        day = DAY + dt.timedelta(days=days)
        daily(
            monkeypatch, tmp_path / "ada", "--plain", typed=words(day, served=False)[: 2 + 3 * days], today=Today(day)
        )
    _code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--plain", "--lang", "de", today=Today(day))
    assert "Daily streak: 1 day in a row" in said
    capsys.readouterr()

    def stats(on: dt.date) -> list[str]:
        assert run_stats(build_parser().parse_args(["stats"]), today=Today(on)) == 0
        return [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]

    shown = stats(day)
    assert "Daily streak English: 3 days in a row · 2 beating your average" in shown
    assert "German: 1 day in a row" in shown
    shown = stats(day + dt.timedelta(days=1))  # today's boards still to come: the streaks stand till midnight
    assert any(line.startswith("Daily streak English: 3 days in a row · 2 beating your average") for line in shown)
    shown = stats(day + dt.timedelta(days=2))  # a day missed in both
    assert "Daily streak 0 days (today's board is waiting)" in shown and not any("in a row" in x for x in shown)


def test_a_dropped_connection_is_reconnected_line_by_line_and_the_round_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    found = words()
    today = Today()
    said: list[str] = []
    noted: list[str] = []
    with server_thread(tmp_path, today) as address:
        code, said, noted = daily(monkeypatch, tmp_path / "gina", "--plain", "--server", address, "--name", "gina",
                                  typed=[found[0], found[1], said_by_then(said, verdict(found[1])), DROPS[address],
                                         said_by_then(noted, "Back in today's round."), found[2]],
                                  today=today, said=said, noted=noted)  # fmt: skip
    assert code == 0, noted
    assert noted == [
        "The connection to the server dropped: reconnecting… (180 seconds left in the round)",
        "Back in today's round.",
    ]
    assert verdict(found[2]) in said and "Round ended." in said
    assert "> 1. gina  3 (3 words)" in said


def verdict(word: str) -> str:
    return f"{word.upper()}: accepted, 1 point"


def test_words_typed_while_the_connection_is_down_are_said_at_once_and_judged_once_when_it_is_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A play-tester's words typed while reconnecting had no line until the server was back (rooms answer at once);
    the end of input typed while down ends the round only once they are judged."""
    found = words()
    today = Today()
    tries: list[int] = []
    again = link.Link._greet_again
    typing = threading.Event()

    async def down_twice(self: link.Link) -> object:  # the network is down until the words are typed, and twice more
        await asyncio.to_thread(typing.wait, WAIT)
        tries.append(1)
        if len(tries) <= 2:
            raise JoinError("cannot reach the server", unreachable=True)
        return await again(self)

    monkeypatch.setattr(link.Link, "_greet_again", down_twice)
    said: list[str] = []
    noted: list[str] = []
    kept = [f"{w.upper()}: kept: the server judges it when it is back" for w in found[1:4]]
    with server_thread(tmp_path, today) as address:
        code, said, noted = daily(monkeypatch, tmp_path / "gina", "--plain", "--server", address, "--name", "gina",
                                  typed=[found[0], said_by_then(said, verdict(found[0])), DROPS[address],
                                         said_by_then(noted, lambda line: "dropped" in line), *found[1:4],
                                         said_by_then(said, kept[-1]), typing.set, 2.5],
                                  today=today, said=said, noted=noted)  # fmt: skip
    assert code == 0, noted
    assert noted == [
        "The connection to the server dropped: reconnecting… (180 seconds left in the round)",
        "Back in today's round.",
    ]
    assert said[said.index(verdict(found[0])) + 1 :][:6] == [*kept, *(verdict(w) for w in found[1:4])]
    assert sum(line.startswith(found[1].upper()) for line in said) == 2  # kept, then judged: once each
    assert "> 1. gina  4 (4 words)" in said


def test_a_server_that_never_comes_back_ends_with_the_score_and_one_reconnecting_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    found = words()
    today = Today()
    solution = solve(served_deal(DEAL_SECRET, DAY).board, load_dictionary("enable1").trie, 3)
    total = solution.total_score
    said: list[str] = []
    noted: list[str] = []
    with server_thread(tmp_path, today) as address:
        code, said, noted = daily(monkeypatch, tmp_path / "gina", "--plain", "--server", address, "--name", "gina",
                                  typed=[found[0], said_by_then(said, verdict(found[0])), KILLS[address],
                                         said_by_then(noted, lambda line: "dropped" in line), found[1], 200.0],
                                  today=today, said=said, noted=noted)  # fmt: skip
    assert code == 0, noted
    assert noted == [
        "The connection to the server dropped: reconnecting… (180 seconds left in the round)",
        "boggle: the connection to the server was lost",
    ]
    at = said.index(f"{found[1].upper()}: kept: the server judges it when it is back")
    assert said[at + 1 : at + 3] == [
        "Time is up.",
        f"Score 1 of {total} ({100 / total:.0f}%) · 1 of {len(solution)} words",  # what the server judged before
    ]


def test_friends_without_the_table_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with pytest.raises(BoggleError, match=r"^--friends narrows the day's table: give --table \(or --json\) with it$"):
        daily(monkeypatch, tmp_path / "ada", "--friends", "--server", "127.0.0.1:9")


def test_a_board_the_game_cannot_draw_is_one_line_and_no_round(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A server's board of faces no die shows: one line and exit code 1, never a traceback (a server is a stranger)."""

    class Wire:
        async def send(self, message: str) -> None:
            pass

        async def close(self) -> None:
            pass

        def __aiter__(self) -> Wire:
            return self

        async def __anext__(self) -> str:
            raise StopAsyncIteration

    async def greet(_url: str, _hello: object) -> tuple[Wire, m.Start]:
        board = (("1", "2"), ("3", "4"))
        return Wire(), m.Start(round=1, board=board, dice="new", code="x", min_length=3, seconds=180, remaining=90.0,
                               dictionary="enable1")  # fmt: skip

    monkeypatch.setattr(link, "greet", greet)
    code, said, noted = daily(monkeypatch, tmp_path / "ada", "--plain", "--server", "127.0.0.1:9", "--name", "ada")
    assert code == 1 and said == [] and len(noted) == 1
    assert noted[0].startswith("boggle: the server's board cannot be read ('1' is not a face a die can show")


def test_a_past_day_is_played_as_practice_and_set_against_that_day_s_table(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """#38 item 6: three play on the 1st; on the 3rd, a fourth plays the 1st's board with --date: the server's board
    (from that day's table), never ranked, kept as a replay, placed against the day's final table."""
    found = words()
    today = Today()
    with server_thread(tmp_path, today) as address:
        for name, count in (("ada", 5), ("bo", 2), ("cy", 8)):
            daily(monkeypatch, tmp_path / name, "--plain", "--server", address, "--name", name,
                  typed=found[:count], today=today)  # fmt: skip
        today.day = later_day = DAY + dt.timedelta(days=2)  # the server's day too
        later = Today(later_day)
        code, said, noted = daily(monkeypatch, tmp_path / "di", "--plain", "--server", address, "--name", "di",
                                  "--date", DAY.isoformat(), typed=found[:6], today=later)  # fmt: skip
        assert code == 0, noted
        assert noted[0] == "2026-03-01's board, played as practice: never ranked, kept as a replay."
        assert said[0].endswith(f"board {board_code(served_deal(DEAL_SECRET, DAY).board, 'new')}")
        assert "Challenge beaten" not in "\n".join(said) and said[-2:] == [
            "2026-03-01: 6 points would have placed 2 of 3 on the day's table",
            "Top score 8 · average 5.0 · 3 players",
        ]
        (saved,) = History.open(tmp_path / "di").rounds()
        assert saved.replay and saved.daily is None and saved.score == 6  # no streak, no best
        code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--table", today=later)
        assert "di" not in "\n".join(said)  # never ranked: the day's table is as it was... and today's is empty
        code, said, _noted = daily(monkeypatch, tmp_path / "ada", "--table", "--date", DAY.isoformat(), today=later)
        assert code == 0 and "  4." not in "\n".join(said) and "> 2. ada  5 (5 words)" in said


def test_a_past_day_offline_plays_the_offline_board_and_a_day_out_of_reach_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    day = DAY - dt.timedelta(days=3)
    code, said, _noted = daily(
        monkeypatch, tmp_path, "--plain", "--date", day.isoformat(), typed=words(day, served=False)[:2]
    )
    assert code == 0 and said[0].endswith(f"board {board_code(daily_deal(day).board, 'new')}"), said
    (saved,) = History.open(tmp_path).rounds()
    assert saved.replay and saved.daily is None and saved.score == 2
    for bad, why in ((DAY, "is not past"), (DAY + dt.timedelta(days=1), "is not past"),
                     (DAY - dt.timedelta(days=31), "reaches back 30 days, to 2026-01-30")):  # fmt: skip
        with pytest.raises(BoggleError, match=why):
            daily(monkeypatch, tmp_path, "--plain", "--date", bad.isoformat())
