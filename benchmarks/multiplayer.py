"""Many players against one room server process: words per second, verdict latency, loop lag, CPU.

Run: PYTHONPATH=. python benchmarks/multiplayer.py [--players 4000] [--rooms 1000] [--interval 0.5] [--seconds 20]
                                                  [--client-processes 2] [--label NAME]

The server is `boggle server` in its own process, with limits raised past the players asked for;
the simulated players run in `--client-processes` other processes, each player in its room, each
sending a word every `interval` seconds once the round has started. Latency is from a word's send
to its verdict, measured by the player. The server also runs a probe that sleeps 10 ms at a time
and records how late it wakes: the loop's lag, which every message waiting meanwhile shares.
Prints one row of the table in benchmarks/NOTES.md (and the collector's passes); asserts nothing.
The CPU figures are shares of one core over the measured part, the server's and each client
process's: on a machine with few cores a client process at 100% means the players, not the
server, set the pace. The goal (issue 17): 4,000 players in 1,000 rooms, p99 verdict <= 50 ms on
a quiet machine. BENCH_NO_COLLECTOR=1 runs the server without net/collector.py's settings.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect

from boggle_tui.net import messages as m

# The server as `boggle server` runs it (its own command line, collector settings and all), with two probes
# added for the measurement: a task that sleeps 10 ms and records how late it wakes (the event loop's lag: a
# word that arrives meanwhile waits as long) and how much CPU the loop used meanwhile (on a loaded machine the
# lag includes the time the process waited for a core; the CPU is the server's own work), and the collector's
# passes with their CPU time. The parent
# writes "start" and "stop" on the server's stdin around the measured part; "stop" prints the figures as JSON.
SERVER = """
import asyncio, gc, json, os, sys, threading, time
from boggle_tui.cli.main import main
from boggle_tui.net.server import RoomServer

state = {"on": False, "lags": [], "busy": [], "gc": [], "began": 0.0, "long": [], "callbacks": 0}
tasks = []
run_callback = asyncio.events.Handle._run

def timed(handle):
    # One callback of the loop (a task's step: a frame handled, a round of ticks...) and its CPU time: the
    # stretches during which nothing else is answered.
    began = time.thread_time()
    run_callback(handle)
    if state["on"]:
        state["callbacks"] += 1
        spent = time.thread_time() - began
        if spent > 0.001:
            state["long"].append(spent)

asyncio.events.Handle._run = timed

async def monitor():
    while True:
        before, cpu = time.perf_counter(), time.thread_time()
        await asyncio.sleep(0.010)
        if state["on"]:
            state["lags"].append(time.perf_counter() - before - 0.010)
            state["busy"].append(time.thread_time() - cpu)

def collector(phase, info):
    if phase == "start":
        state["began"] = time.thread_time()
    elif state["on"]:
        state["gc"].append((info["generation"], time.thread_time() - state["began"]))

gc.callbacks.append(collector)
if os.environ.get("BENCH_NO_COLLECTOR"):
    from boggle_tui.net import collector as tuned
    tuned.Collector.settle = tuned.Collector.dealt = lambda self: None
started = RoomServer.start

async def start(self, *args, **kwargs):
    port = await started(self, *args, **kwargs)
    tasks.append(asyncio.create_task(monitor()))
    return port

RoomServer.start = start

def commands():
    for line in sys.stdin:
        if line.strip() == "start":
            state["lags"], state["busy"], state["gc"], state["long"], state["callbacks"] = [], [], [], [], 0
            state["on"] = True
        elif line.strip() == "stop":
            state["on"] = False
            lags, busy = sorted(state["lags"]) or [0.0], sorted(state["busy"]) or [0.0]
            passes = list(state["gc"])
            print(json.dumps({
                "lag_p99": lags[int(len(lags) * 0.99)], "lag_max": lags[-1], "lag_samples": len(lags),
                "busy_p99": busy[int(len(busy) * 0.99)], "busy_max": busy[-1],
                "gc": [sum(1 for g, _ in passes if g == n) for n in range(3)],
                "gc_seconds": [sum(t for g, t in passes if g == n) for n in range(3)],
                "gc_max": max((t for _, t in passes), default=0.0),
                "tracked": len(gc.get_objects()), "frozen": gc.get_freeze_count(),
                "callbacks": state["callbacks"], "over_2ms": sum(1 for t in state["long"] if t > 0.002),
                "longest": max(state["long"], default=0.0),
            }), flush=True)

threading.Thread(target=commands, daemon=True).start()
sys.exit(main(sys.argv[1:]))
"""
WORDS = ["tone", "stone", "notes", "rat", "tar", "art", "seat", "east", "eats", "sate", "teas", "zzz", "qi"]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def player(url: str, room: str, n: int, args: argparse.Namespace, latencies: list[float]) -> None:
    async with connect(url, max_size=m.MAX_SERVER_FRAME, open_timeout=60) as ws:
        await ws.send(m.encode(m.Hello(version=m.VERSION, name=f"p{n}", room=room, settings=m.Settings(seconds=600))))
        sent: dict[int, float] = {}
        rng = random.Random(n)
        go = asyncio.Event()

        async def receive() -> None:
            # The simulated players read only what they time, with json alone: the server's cost is the figure,
            # and a full decode of every progress message would make the players' processes the bottleneck.
            async for frame in ws:
                message = json.loads(frame)
                kind = message["type"]
                if kind == "verdict" and message["id"] in sent:
                    latencies.append(time.perf_counter() - sent.pop(message["id"]))
                elif kind == "start":
                    go.set()

        reader = asyncio.create_task(receive())
        await asyncio.sleep(1.0 + rng.random())  # everyone in the room has joined
        await ws.send(m.encode(m.Ready(ready=True)))
        await asyncio.wait_for(go.wait(), 120)
        await asyncio.sleep(5.0 + rng.random() * args.interval)  # every room dealt; players do not type in step
        end = time.perf_counter() + args.seconds
        entry = 0
        while time.perf_counter() < end:
            sent[entry] = time.perf_counter()
            await ws.send(json.dumps({"type": "word", "id": entry, "word": rng.choice(WORDS)}))
            entry += 1
            await asyncio.sleep(args.interval)
        await asyncio.sleep(2.0)
        reader.cancel()


def players(url: str, numbers: list[int], args: argparse.Namespace, results: multiprocessing.Queue) -> None:
    """One client process: its share of the players; their latencies and this process's CPU sent back at the end."""

    async def run() -> list[float]:
        latencies: list[float] = []
        tasks = []
        for n in numbers:
            tasks.append(asyncio.create_task(player(url, f"room{n % args.rooms}", n, args, latencies)))
            if len(tasks) % 200 == 0:
                await asyncio.sleep(0.2)  # connect in waves, as people arrive
        await asyncio.gather(*tasks, return_exceptions=True)
        return latencies

    latencies = asyncio.run(run())
    results.put((latencies, time.process_time()))


def server_command(args: argparse.Namespace) -> list[str]:
    """`boggle server` with its limits raised past the players asked for."""
    big = str(max(10 * args.players, 1000))
    return [sys.executable, "-c", SERVER, "server", "--host", "127.0.0.1", "--port", "0", "--announce-port",
            "--max-rooms", big, "--max-connections", big, "--rooms-per-address", big]  # fmt: skip


def main(args: argparse.Namespace) -> None:
    # Started from this folder: `python -c` looks first in its working folder, and the checkout measured is the
    # one PYTHONPATH names (the clients' too).
    server = subprocess.Popen(server_command(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, cwd=Path(__file__).parent)  # fmt: skip
    assert server.stdin is not None and server.stdout is not None
    try:
        port = int(server.stdout.readline().split()[-1])  # "port N"
        url = f"ws://127.0.0.1:{port}"
        everyone = list(range(args.players))
        results: multiprocessing.Queue = multiprocessing.Queue()
        clients = [
            multiprocessing.Process(target=players, args=(url, everyone[k :: args.client_processes], args, results))
            for k in range(args.client_processes)
        ]
        for client in clients:
            client.start()
        time.sleep(8.0 + args.players / 400)  # connecting and dealing, before the measured part
        server.stdin.write("start\n")
        server.stdin.flush()
        cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()
        clients_before = sum(cpu_seconds(client.pid) for client in clients)
        reports = [results.get() for _ in clients]
        cpu = cpu_seconds(server.pid) - cpu_before
        wall = time.perf_counter() - wall_before
        server.stdin.write("stop\n")
        server.stdin.flush()
        loop = json.loads(server.stdout.readline())
        for client in clients:
            client.join()
    finally:
        server.terminate()
        server.wait()
    latencies = sorted(x for got, _ in reports for x in got)
    clients_cpu = sum(cpu_end for _, cpu_end in reports) - clients_before
    if not latencies:
        print("no verdicts came back")
        return
    p50, p99 = latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)]
    ms = {key: f"{loop[key] * 1000:.1f}" for key in ("lag_p99", "lag_max", "busy_p99", "busy_max", "gc_max", "longest")}
    print(f"players {args.players:,} in {args.rooms:,} rooms, a word every {args.interval} s each, "
          f"{args.client_processes} client processes, {wall:.1f} s measured")  # fmt: skip
    print(f"collector: passes by generation {loop['gc']}, CPU {[round(t * 1000) for t in loop['gc_seconds']]} ms, "
          f"longest {ms['gc_max']} ms; objects tracked {loop['tracked']:,}, frozen {loop['frozen']:,}")  # fmt: skip
    print(
        f"the loop's CPU in a probe's 10-ms window: p99 {ms['busy_p99']} ms, max {ms['busy_max']} ms; "
        f"callbacks {loop['callbacks']:,}, {loop['over_2ms']} over 2 ms of CPU, longest {ms['longest']} ms"
    )
    row = [
        args.label, f"{args.players:,}", f"{args.rooms:,}", f"{args.players / args.interval:,.0f}",
        f"{len(latencies) / args.seconds:,.0f}", f"{p50 * 1000:.1f} ms", f"{p99 * 1000:.1f} ms",
        f"{ms['lag_p99']} / {ms['lag_max']} ms", f"{100 * cpu / wall:.0f}%", f"{cpu / len(latencies) * 1e6:.0f} us",
        f"{100 * clients_cpu / wall / args.client_processes:.0f}% each",
    ]  # fmt: skip
    print("| label | players | rooms | words/s asked | answered | p50 | p99 | loop lag p99 / max | server CPU "
          "| server CPU a verdict | clients' CPU |")  # fmt: skip
    print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--label", default="", help="the table row's first column (before, after...)")
    main(parser.parse_args())
