"""Many players against one room server process: words per second, verdict latency, server CPU.

Run: python benchmarks/multiplayer.py [--players 400] [--rooms 100] [--interval 0.5] [--seconds 20]

The server runs in its own process (as `boggle server` would); the simulated players run in
this one, each in its room, each sending a word every `interval` seconds once the round has
started. Latency is from a word's send to its verdict, measured here. Prints figures; asserts
nothing. On a machine with few cores the players' own process competes with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time

from websockets.asyncio.client import connect

SERVER = """
import asyncio, sys
from boggle_tui.net.server import RoomServer
async def main():
    server = RoomServer(max_rooms=10_000)
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


async def player(url: str, room: str, n: int, args: argparse.Namespace, latencies: list[float], go: asyncio.Event):
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 1, "name": f"p{n}", "room": room,
                                  "settings": {"seconds": 300}}))  # fmt: skip
        sent: dict[int, float] = {}
        rng = random.Random(n)
        next_id = 0

        async def receive() -> None:
            async for frame in ws:
                message = json.loads(frame)
                if message["type"] == "verdict" and message["id"] in sent:
                    latencies.append(time.perf_counter() - sent.pop(message["id"]))
                elif message["type"] == "start":
                    go.set()

        reader = asyncio.create_task(receive())
        await asyncio.sleep(0.5)
        await ws.send(json.dumps({"type": "ready", "ready": True}))
        await go.wait()
        await asyncio.sleep(rng.random() * args.interval)  # players do not type in step
        end = time.perf_counter() + args.seconds
        while time.perf_counter() < end:
            sent[next_id] = time.perf_counter()
            await ws.send(json.dumps({"type": "word", "id": next_id, "word": rng.choice(WORDS)}))
            next_id += 1
            await asyncio.sleep(args.interval)
        await asyncio.sleep(1.0)
        reader.cancel()


async def main(args: argparse.Namespace) -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())  # type: ignore[union-attr]
        url = f"ws://127.0.0.1:{port}"
        latencies: list[float] = []
        per_room = max(1, args.players // args.rooms)
        go = {room: asyncio.Event() for room in range(args.rooms)}
        tasks = [
            asyncio.create_task(player(url, f"room{n % args.rooms}", n, args, latencies, go[n % args.rooms]))
            for n in range(per_room * args.rooms)
        ]
        await asyncio.wait([asyncio.create_task(e.wait()) for e in go.values()], timeout=60)  # every board dealt
        cpu_before, wall_before = cpu_seconds(server.pid), time.perf_counter()
        await asyncio.gather(*tasks)
        cpu = cpu_seconds(server.pid) - cpu_before
        wall = time.perf_counter() - wall_before
    finally:
        server.terminate()
    latencies.sort()
    if not latencies:
        print("no verdicts came back")
        return
    p50, p99 = latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99)]
    print(f"players {per_room * args.rooms} in {args.rooms} rooms, a word every {args.interval} s each")
    print(f"verdicts {len(latencies):,} in {wall:.1f} s: {len(latencies) / wall:,.0f} words/s "
          f"(asked: {per_room * args.rooms / args.interval:,.0f}/s)")  # fmt: skip
    print(f"verdict latency p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    print(f"server CPU {cpu:.1f} s over {wall:.1f} s ({100 * cpu / wall:.0f}% of one core)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=20.0)
    asyncio.run(main(parser.parse_args()))
