"""The day's table under load: N players submit today's round to `boggle server` processes, then ask for the table.

    python benchmarks/daily.py [--players 10000] [--store sqlite|postgresql://...] [--processes 1|2]

Each player is one WebSocket: a `daily` hello, a few words (a share of the board's, so that scores spread),
`end`, and the `daily_table` back; then as many `table` queries. With `--processes 2` two server processes
share one PostgreSQL table, and the players alternate between them. Measured on the client, from sending to
the answer: p50/p99 to place a result (`end` -> `daily_table`) and to answer a table query; and the store's
size per 10,000 results. Clients run CONCURRENCY at a time, from one asyncio loop in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.engine.dictionary import load_dictionary  # noqa: E402
from boggle_tui.engine.solver import solve  # noqa: E402
from boggle_tui.game.daily import daily_deal, today  # noqa: E402
from boggle_tui.net.messages import VERSION  # noqa: E402
from boggle_tui.storage.daily_store import open_store  # noqa: E402

CONCURRENCY = 32


def start_server(store: str, data: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "BOGGLE_DATA_DIR": str(data), "BOGGLE_CACHE_DIR": os.environ.get("BOGGLE_CACHE_DIR", "")}
    # Every player comes from 127.0.0.1: no limit of attempts per address.
    command = [sys.executable, "-m", "boggle_tui", "server", "--port", "0", "--announce-port", "--store", store,
               "--max-connections", "100000", "--daily-per-address", "0"]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line:
        raise SystemExit(f"the server did not start: {' '.join(command)}")
    return server, int(line.split()[1])


async def one_player(port: int, name: str, words: list[str], placed: list[float], asked: list[float]) -> None:
    async with connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
        secret = (name * 43)[:43]
        await ws.send(json.dumps({"type": "daily", "version": VERSION, "name": name, "secret": secret}))
        start = json.loads(await ws.recv())
        assert start["type"] == "start", start
        for entry, word in enumerate(words, 1):
            await ws.send(json.dumps({"type": "word", "id": entry, "word": word}))
            await ws.recv()
        began = time.perf_counter()
        await ws.send(json.dumps({"type": "end"}))
        while json.loads(await ws.recv())["type"] != "daily_table":
            pass
        placed.append(time.perf_counter() - began)
    async with connect(f"ws://127.0.0.1:{port}", compression=None) as ws:
        began = time.perf_counter()
        await ws.send(json.dumps({"type": "table", "version": VERSION, "name": name, "secret": secret, "rows": 20}))
        answer = json.loads(await ws.recv())
        if answer["type"] == "daily_table":  # one address for all: the rate limit refuses most; timed all the same
            asked.append(time.perf_counter() - began)


async def run(ports: list[int], players: int, board_words: list[str]) -> tuple[list[float], list[float]]:
    placed: list[float] = []
    asked: list[float] = []
    rng = random.Random(1)
    gate = asyncio.Semaphore(CONCURRENCY)

    async def player(n: int) -> None:
        async with gate:
            words = rng.sample(board_words, rng.randint(0, min(6, len(board_words))))
            await one_player(ports[n % len(ports)], f"p{n}", words, placed, asked)

    await asyncio.gather(*(player(n) for n in range(players)))
    return placed, asked


def percentiles(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    cut = statistics.quantiles(samples, n=100)
    return f"p50 {1000 * statistics.median(samples):.1f} ms, p99 {1000 * cut[98]:.1f} ms ({len(samples)} samples)"


def fresh_schema(url: str) -> str:
    """`url` with a schema of this run's own as its search path (created here; the servers create the tables)."""
    import psycopg

    schema = f"bench_{os.getpid()}_{int(time.time())}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {schema}")
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--store", default="sqlite", help="sqlite, or a postgresql:// URL (shared by --processes)")
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="boggle-daily-bench-"))
    # A fresh table each run: the players of an earlier run on the same database have played today already.
    store = str(data / "daily.sqlite3") if args.store == "sqlite" else fresh_schema(args.store)
    board = daily_deal(today()).board
    words = sorted(solve(board, load_dictionary("enable1").trie, 3).paths)
    servers = [start_server(store, data / f"s{n}") for n in range(args.processes)]
    try:
        began = time.perf_counter()
        placed, asked = asyncio.run(run([port for _, port in servers], args.players, words))
        took = time.perf_counter() - began
    finally:
        for server, _port in servers:
            server.terminate()
            server.wait()
    opened = open_store(store)
    size = opened.size()  # type: ignore[attr-defined]
    opened.close()
    print(f"{args.players} players, {args.processes} process(es), store {args.store}: {took:.1f} s")
    print(f"place a result: {percentiles(placed)}")
    print(f"table query:    {percentiles(asked)}")
    print(f"store size: {size / 1024:.0f} KiB, {size * 10_000 / args.players / 1024:.0f} KiB per 10,000 results")


if __name__ == "__main__":
    main()
