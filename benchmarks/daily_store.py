"""The daily store alone, with no server: each call a server makes for one player, timed, player after player.

    python benchmarks/daily_store.py [--players 10000] [--store sqlite|postgresql://...]

benchmarks/daily.py measures what a player waits for, which on a busy machine is mostly the WebSockets and the
clients; this measures what the store itself costs per call, and how that grows with the day's table: the mean
over all players and over the last tenth (the table nearly full). A PostgreSQL run works in a schema of its own.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.storage.daily_store import open_store  # noqa: E402

DAY = dt.date(2026, 3, 1)
WORDS = [f"w{n}" for n in range(60)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--store", default="sqlite", help="sqlite, or a postgresql:// URL")
    args = parser.parse_args()
    if args.store == "sqlite":
        where = str(Path(tempfile.mkdtemp(prefix="boggle-daily-store-")) / "daily.sqlite3")
    else:
        from daily import fresh_schema  # benchmarks/daily.py, beside this file

        where = fresh_schema(args.store)
    store = open_store(where)
    rng = random.Random(1)
    times: dict[str, list[float]] = {}

    def timed(call: str, method: Callable[..., object], *args: object) -> None:
        began = time.perf_counter()
        method(*args)
        times.setdefault(call, []).append(time.perf_counter() - began)

    began = time.perf_counter()
    for n in range(args.players):
        name = f"p{n}"
        score, found = rng.randint(0, 60), rng.sample(WORDS, rng.randint(0, 6))
        timed("claim", store.claim, name, "s" * 43, DAY)
        timed("begin", store.begin, DAY, "en", name)
        timed("finish", store.finish, DAY, "en", name, score, found)
        timed("place", store.place, DAY, "en", name)
        timed("rows", store.rows, DAY, "en", 20)
        timed("finds", store.finds, DAY, "en", found)
    took = time.perf_counter() - began
    store.close()
    print(f"{args.players} players, store {args.store}: {took:.1f} s")
    for call, samples in times.items():
        last = samples[-max(1, len(samples) // 10) :]
        whole, full = 1000 * statistics.mean(samples), 1000 * statistics.mean(last)
        print(f"  {call:7s} mean {whole:.2f} ms, last tenth {full:.2f} ms")


if __name__ == "__main__":
    main()
