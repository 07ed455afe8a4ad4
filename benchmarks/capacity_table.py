"""Issue 29's capacity table: the rows it asks for, then the most players one server process holds.

Run through benchmarks/capacity_device.sh (it checks the environment first); the environment's QUICK (1: a
small run of every step), BUDGET (seconds for it all) and PYTHON (the interpreter for the runs) steer it.
Each row is one run of benchmarks/multiplayer.py; prints markdown.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import tempfile
import time
import typing
from typing import Any

Row = dict[str, Any]

began = time.monotonic()
QUICK, BUDGET = os.environ.get("QUICK") == "1", float(os.environ.get("BUDGET", "570"))


def siblings(cpu: int) -> set[int]:
    """The logical cores sharing `cpu`'s physical core (hyperthreads), itself included."""
    try:
        with open(f"/sys/devices/system/cpu/cpu{cpu}/topology/thread_siblings_list") as listed:
            text = listed.read().strip()
    except OSError:
        return {cpu}
    found: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        found.update(range(int(low), int(high or low) + 1))
    return found


# The server on the first core this process may use, the players on the others, its hyperthread sibling aside.
USABLE = sorted(os.sched_getaffinity(0))
SERVER_CPU = USABLE[0]
OTHERS = [cpu for cpu in USABLE if cpu not in siblings(SERVER_CPU)] or USABLE[1:]
CORES = len(USABLE)
CLIENTS = max(1, min(15, len(OTHERS)))
PIN = ["--server-cpu", str(SERVER_CPU), "--client-cpus", ",".join(map(str, OTHERS))] if OTHERS else []
SECONDS, SEARCH_SECONDS = (8, 8) if QUICK else (20, 15)
ASKED = [(200, 50, 0.5), (400, 100, 1.0), (400, 100, 0.5)] if QUICK else [
    (2000, 500, 0.5), (4000, 1000, 1.0), (4000, 1000, 0.5)]  # fmt: skip
HEADER = (
    "| players | rooms | a word every | answered | p50 | p99 | server loop lag p99 / max | less waits for a core "
    "| server CPU | server CPU a word |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def model() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            return next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or "?"


def expected(players: int, window: float) -> float:
    return 8 + players / 400 + window + 12  # warm-up, the window, start-up and the last verdicts


def run(scratch: str, players: int, rooms: int, interval: float, window: float) -> Row | None:
    """One run of benchmarks/multiplayer.py, its figures; None when the budget has no room for it."""
    if time.monotonic() - began + expected(players, window) > BUDGET:
        return None
    out = os.path.join(scratch, f"{players}-{rooms}-{interval}.json")
    command = [os.environ.get("PYTHON", "python3"), "benchmarks/multiplayer.py", "--players", str(players),
               "--rooms", str(rooms), "--interval", str(interval), "--seconds", str(window),
               "--client-processes", str(CLIENTS), "--json", out, *PIN]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=expected(players, window) + 60)
    if done.returncode != 0 or not os.path.exists(out):
        print(f"<!-- {players} players: the benchmark failed: {done.stderr.strip()[-300:]} -->", flush=True)
        return {"players": players, "rooms": rooms, "interval": interval, "failed_run": True}
    with open(out) as f:
        return typing.cast(Row, json.load(f))


def holds(row: Row | None) -> bool:
    """p99 and the loop's lag max at most 50 ms, every word sent answered, the players sending (nearly) all the
    words asked, every player typing throughout."""
    if row is None or row.get("failed_run"):
        return False
    return bool(row["p99"] <= 0.050 and row["server_lag_max"] <= 0.050 and answered_all(row) and row["late"] == 0
                and row["failed"] == 0)  # fmt: skip


def answered_all(row: Row) -> bool:
    """Every word sent had its verdict, and the players sent what was asked (a player's first word comes within
    one interval of the window's start: a few fewer than players x window / interval)."""
    return bool(row["unanswered"] == 0 and row["sent"] >= 0.95 * row["asked"] * row["seconds"])


def line(row: Row) -> str:
    if row.get("failed_run"):
        return f"| {row['players']:,} | {row['rooms']:,} | {row['interval']} s | the run failed | | | | | | |"

    def ms(key: str) -> str:
        return f"{row[key] * 1000:.1f}"

    sent = max(row["sent"], 1)
    answered = (
        "all" if answered_all(row) else f"{1 - row['unanswered'] / sent:.1%} of {row['sent'] / row['seconds']:,.0f}/s"
    )
    return (
        f"| {row['players']:,} | {row['rooms']:,} | {row['interval']} s | {answered} | {ms('p50')} ms "
        f"| {ms('p99')} ms | {ms('server_lag_p99')} / {ms('server_lag_max')} ms "
        f"| {ms('server_own_p99')} / {ms('server_own_max')} ms | {100 * row['server_cpu']:.0f}% of a core "
        f"| {row['cpu_per_word'] * 1e6:.0f} us |"
    )


def search(scratch: str, start: int, known: dict[int, Row]) -> tuple[int | None, int | None]:
    """The most players (4 a room, a word every 0.5 s) that hold: doubling from `start` while they hold (halving
    while they do not), then halving the gap; the most that held and the fewest that did not. `known`: rows
    already run at that rate, by players."""
    held, failed = (start, None) if holds(known.get(start)) else (None, start)
    while True:
        if failed is None:
            players = typing.cast(int, held) * 2
        elif held is None:
            players = failed // 2 // 4 * 4
        elif failed - held > max(held // 8, 100):
            players = (held + failed) // 2 // 4 * 4
        else:
            return held, failed
        if players < 4 or players in (held, failed):
            return held, failed
        row = known.get(players)
        if row is None:
            row = run(scratch, players, players // 4, 0.5, SEARCH_SECONDS)
            if row is None:
                print(f"<!-- out of time before {players} players -->", flush=True)
                return held, failed
            print(line(row), flush=True)
        held, failed = (players, failed) if holds(row) else (held, players)


def main() -> None:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    quick = " (--quick)" if QUICK else ""
    print(f"{model()}, {CORES} cores, Python {platform.python_version()}, load average before {load}; the server "
          f"on core {SERVER_CPU}, {CLIENTS} players' processes on {len(OTHERS)} others{quick}\n")  # fmt: skip
    print(HEADER, flush=True)
    rows: dict[tuple[int, float], Row] = {}
    with tempfile.TemporaryDirectory(prefix="boggle-capacity-") as scratch:
        for players, rooms, interval in ASKED:
            row = run(scratch, players, rooms, interval, SECONDS)
            if row is None:
                print(f"<!-- out of time before {players} players -->", flush=True)
                break
            rows[players, interval] = row
            print(line(row), flush=True)
        known = {players: row for (players, interval), row in rows.items() if interval == 0.5}
        held, failed = search(scratch, ASKED[-1][0], known)
    most = f"{held:,} players ({held // 4:,} rooms)" if held else "none of the sizes tried"
    beyond = f"; {failed:,} did not" if failed else " (the largest tried)"
    print(f"\nThe most one process held at p99 <= 50 ms and loop lag max <= 50 ms, a word every 0.5 s: {most}"
          f"{beyond}. {time.monotonic() - began:.0f} s in all.")  # fmt: skip


if __name__ == "__main__":
    main()
