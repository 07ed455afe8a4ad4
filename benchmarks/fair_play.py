"""Fair play on the day's table, measured: how many of N rounds the table verifies, for the expert bot and for a
script that solved the board (game/fair_play.py; docs/daily.md).

    python benchmarks/fair_play.py [--rounds 100]

Each round is a day of its own (its own board, dealt from the server's secret) on a daily server in this
process, played over a WebSocket with the protocol's messages, as a client plays it: the expert bot types its
plan's words at the moments the plan gives (docs/bots.md's model, on the server's clock, moved by this script);
the solver sends every word of the board, longest first, as fast as the server's rate lets words in. Printed:
rounds verified of each, and each round's seconds to spare at its tightest word (negative: past the floor), the
least and the most over the rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import random
import sys
import tempfile
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.engine.solver import solve  # noqa: E402
from boggle_tui.game.bots import cues, plan_for  # noqa: E402
from boggle_tui.game.daily import served_deal  # noqa: E402
from boggle_tui.game.fair_play import READING_SECONDS, SLACK_SECONDS, fastest_typing  # noqa: E402
from boggle_tui.game.languages import language_for  # noqa: E402
from boggle_tui.net import messages as m  # noqa: E402
from boggle_tui.net.daily import DailyService  # noqa: E402
from boggle_tui.net.room import Bucket  # noqa: E402
from boggle_tui.net.server import RoomServer  # noqa: E402
from boggle_tui.storage.daily_store import SqliteStore  # noqa: E402

SECRET = "benchmarks/fair_play.py"
FIRST_DAY = dt.date(2026, 1, 1)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def expert(board, words: list[str], seed: int) -> list[tuple[float, str]]:
    plan = plan_for(cues(board, words, language_for("en").rank), board, "expert", 180, random.Random(seed))
    return [(t.at, t.word) for t in plan if t.found]


def script(words: list[str]) -> list[tuple[float, str]]:
    bucket, at, times = Bucket(), 0.0, []
    for word in sorted(words, key=len, reverse=True):
        while not bucket.take(1000.0 + at):  # the server's own bucket, on its clock
            at += 0.01
        times.append((at, word))
    return times


def spare(times: list[tuple[float, str]]) -> float:
    """Seconds to spare at the tightest word: the floor's slack less how far the words ran ahead of it."""
    typed, worst = 0.0, -1e9
    for at, word in times:
        typed += fastest_typing(word)
        worst = max(worst, READING_SECONDS + typed - at)
    return SLACK_SECONDS - worst


async def play(url: str, clock: Clock, name: str, times: list[tuple[float, str]]) -> bool:
    async with connect(url) as ws:
        await ws.send(m.encode(m.DailyHello(version=m.VERSION, name=name, secret=f"{name:x<43}"[:43])))
        start = m.decode_server(await ws.recv())
        assert isinstance(start, m.Start), start
        began = clock.now
        for entry, (at, word) in enumerate(times, start.next_id):
            clock.now = began + at
            await ws.send(m.encode(m.Word(id=entry, word=word)))
            await ws.recv()
        await ws.send(m.encode(m.VoteEnd()))
        while True:
            said = m.decode_server(await ws.recv())
            if isinstance(said, m.DailyTable):
                assert said.you is not None
                return said.you.verified


async def main(rounds: int) -> None:
    clock = Clock()
    day = [FIRST_DAY]
    with tempfile.TemporaryDirectory() as folder:
        server = RoomServer(now=clock, dictionaries={"enable1": "enable1"})
        server.daily = DailyService(SqliteStore(Path(folder) / "daily.sqlite3"), server.dictionary_for,
                                    today=lambda: day[0], now=clock, wall=clock, secret=SECRET)  # fmt: skip
        url = f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}"
        enable1 = server.dictionary_for("enable1")
        passed = {"expert": 0, "script": 0}
        spares: dict[str, list[float]] = {"expert": [], "script": []}
        try:
            for n in range(rounds):
                day[0] = FIRST_DAY + dt.timedelta(days=n)
                board = served_deal(SECRET, day[0]).board
                words = list(solve(board, enable1.trie, 3).paths)
                for who, times in (("expert", expert(board, words, n)), ("script", script(words))):
                    passed[who] += await play(url, clock, f"{who}{n}", times)
                    spares[who].append(spare(times))
                    clock.now += 400  # past the round's end and its grace
        finally:
            await server.stop()
            server.daily.close()
    print(f"{rounds} rounds each, on {rounds} days' boards (enable1, new dice, 3 minutes)")
    print(f"{'player':<8} {'verified':>11} {'spare at the tightest word (s): least':>40} {'most':>7}")
    for who in passed:
        print(f"{who:<8} {passed[who]:>4} of {rounds:<4} {min(spares[who]):>40.2f} {max(spares[who]):>7.2f}")
    extremes = {who: (round(min(s), 2), round(max(s), 2)) for who, s in spares.items()}
    print(json.dumps({"rounds": rounds, "verified": passed, "spare_least_most": extremes}))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    asyncio.run(main(parser.parse_args().rounds))
