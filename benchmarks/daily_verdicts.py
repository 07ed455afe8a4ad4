"""A round's verdicts while the day's table is flooded with queries: does an honest player wait behind them?

    python benchmarks/daily_verdicts.py [--askers 100] [--seconds 10]

A daily server in this process (SQLite, in a scratch folder) with 2,000 finished results on today's table. One
player sends a word every 20 ms and times each verdict's round trip; meanwhile `--askers` clients, each from a
loopback address of its own (127.0.0.2 onwards, so each keeps within its own rate of table queries), ask for the
table with 1,000 rows as fast as the server lets them. Run twice: with the tables' queries on a connection and
thread of their own (the server as it is), and on the round's own (as it was before issue 36). Printed: the
verdicts' p50, p99 and most, in milliseconds, side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.engine.solver import solve  # noqa: E402
from boggle_tui.game.daily import served_deal  # noqa: E402
from boggle_tui.net import messages as m  # noqa: E402
from boggle_tui.net.daily import DailyService  # noqa: E402
from boggle_tui.net.server import RoomServer  # noqa: E402
from boggle_tui.storage.daily_store import SqliteStore  # noqa: E402

SECRET = "benchmarks/daily_verdicts.py"
DAY = dt.date(2026, 12, 6)


def fill(path: Path, players: int) -> None:
    store = SqliteStore(path)
    for n in range(players):
        name = f"p{n}"
        store.claim(name, f"{name:x<43}", DAY)
        store.begin(DAY, "en", name)
        store.finish(DAY, "en", name, n % 97, [f"w{n % 50}"])
    store.close()


async def asker(url: str, source: str, stop: asyncio.Event, asked: list[int]) -> None:
    ask = m.encode(m.TableAsk(version=m.VERSION, language="en", rows=1000))
    while not stop.is_set():
        try:
            async with connect(url, local_addr=(source, 0), max_size=None) as ws:
                await ws.send(ask)
                await ws.recv()
                asked[0] += 1
        except Exception:
            await asyncio.sleep(0.05)


async def player(url: str, words: list[str], seconds: float) -> list[float]:
    times: list[float] = []
    async with connect(url) as ws:
        await ws.send(m.encode(m.DailyHello(version=m.VERSION, name="honest", secret="h" * 43)))
        start = m.decode_server(await ws.recv())
        assert isinstance(start, m.Start), start
        end = time.perf_counter() + seconds
        entry = start.next_id
        while time.perf_counter() < end:
            word = words[entry % len(words)] if entry < len(words) else f"zz{entry}"
            sent = time.perf_counter()
            await ws.send(m.encode(m.Word(id=entry, word=word)))
            await ws.recv()
            times.append((time.perf_counter() - sent) * 1000)
            entry += 1
            await asyncio.sleep(0.02)
    return times


async def run(askers: int, seconds: float, own_reader: bool) -> tuple[list[float], int]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "daily.sqlite3"
        fill(path, 2000)
        server = RoomServer(dictionaries={"enable1": "enable1"})
        reader = SqliteStore(path) if own_reader else None
        server.daily = DailyService(SqliteStore(path), server.dictionary_for, today=lambda: DAY, secret=SECRET,
                                    fair_play=False, reader=reader)  # fmt: skip
        url = f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}"
        words = list(solve(served_deal(SECRET, DAY).board, server.dictionary_for("enable1").trie, 3).paths)
        stop, asked = asyncio.Event(), [0]
        flood = [asyncio.create_task(asker(url, f"127.0.{2 + n // 250}.{2 + n % 250}", stop, asked))
                 for n in range(askers)]  # fmt: skip
        try:
            times = await player(url, words, seconds)
        finally:
            stop.set()
            await asyncio.gather(*flood, return_exceptions=True)
            await server.stop()
            server.daily.close()
    return times, asked[0]


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(ordered):8.1f} {p99:8.1f} {ordered[-1]:8.1f}"


async def main(askers: int, seconds: float) -> None:
    rows = []
    for label, flooded, own in (("quiet", 0, True), ("flooded, queries on their own", askers, True),
                                ("flooded, queries on the round's", askers, False)):  # fmt: skip
        times, asked = await run(flooded, seconds, own)
        rows.append((label, times, asked))
    heading = "the round's verdicts (ms)"
    print(f"{heading:<34} {'p50':>8} {'p99':>8} {'most':>8}  table queries answered")
    for label, times, asked in rows:
        print(f"{label:<34} {figures(times)}  {asked}")
    print(json.dumps({label: {"p50": statistics.median(t), "most": max(t), "queries": a} for label, t, a in rows}))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--askers", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    options = parser.parse_args()
    asyncio.run(main(options.askers, options.seconds))
