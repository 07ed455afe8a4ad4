"""Many players against one room server process: words per second, verdict latency, server CPU.

Run: python benchmarks/multiplayer.py [--players 4000] [--rooms 1000] [--interval 0.5] [--seconds 20]
                                      [--client-processes 2]

The server runs in its own process (as `boggle server` would), with limits raised past the
players asked for; the simulated players run in `--client-processes` other processes, each
player in its room, each sending a word every `interval` seconds once the round has started.
Latency is from a word's send to its verdict, measured by the player. Prints figures; asserts
nothing. The goal (issue 17): 4,000 players in 1,000 rooms, p99 verdict <= 50 ms on a quiet
machine. On a machine with few cores the players' processes compete with the server, so the
server's CPU is the figure that says what one process carries.
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

from websockets.asyncio.client import connect

from boggle_tui.net import messages as m

SERVER = """
import asyncio
from boggle_tui.net.protocol import Limits
from boggle_tui.net.server import RoomServer
async def main():
    limits = Limits(rooms=100_000, connections=100_000, rooms_per_address=100_000)
    server = RoomServer(limits=limits)
    port = await server.start("127.0.0.1", 0)
    print(port, flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""
WORDS = ["tone", "stone", "notes", "rat", "tar", "art", "seat", "east", "eats", "sate", "teas", "zzz", "qi"]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def player(url: str, room: str, n: int, args: argparse.Namespace, latencies: list[float]) -> None:
    async with connect(url, max_size=m.MAX_SERVER_FRAME, open_timeout=60) as ws:
        await ws.send(m.encode(m.Hello(version=m.VERSION, name=f"p{n}", room=room, settings={"seconds": 600})))
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
    """One client process: its share of the players, their latencies sent back at the end."""

    async def run() -> list[float]:
        latencies: list[float] = []
        tasks = []
        for n in numbers:
            tasks.append(asyncio.create_task(player(url, f"room{n % args.rooms}", n, args, latencies)))
            if len(tasks) % 200 == 0:
                await asyncio.sleep(0.2)  # connect in waves, as people arrive
        await asyncio.gather(*tasks, return_exceptions=True)
        return latencies

    results.put(asyncio.run(run()))


def main(args: argparse.Namespace) -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())  # type: ignore[union-attr]
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
        cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()
        latencies = sorted(x for _ in clients for x in results.get())
        cpu = cpu_seconds(server.pid) - cpu_before
        wall = time.perf_counter() - wall_before
        for client in clients:
            client.join()
    finally:
        server.terminate()
    if not latencies:
        print("no verdicts came back")
        return
    p50, p99 = latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)]
    print(f"players {args.players:,} in {args.rooms:,} rooms, a word every {args.interval} s each, "
          f"{args.client_processes} client processes")  # fmt: skip
    print(f"verdicts {len(latencies):,}: {len(latencies) / args.seconds:,.0f} words/s "
          f"(asked: {args.players / args.interval:,.0f}/s)")  # fmt: skip
    print(f"verdict latency p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    print(f"server CPU {cpu:.1f} s over {wall:.1f} s of wall time ({100 * cpu / wall:.0f}% of one core)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--client-processes", type=int, default=2)
    main(parser.parse_args())
