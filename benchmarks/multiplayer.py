"""Many players against one room server process: verdict latency, loop lag, and the server's CPU a word.

Run: PYTHONPATH=. python benchmarks/multiplayer.py [--players 4000] [--rooms 1000] [--interval 0.5] [--seconds 20]
        [--scoring unique|all|team] [--on-board 0.5] [--client-processes 2] [--server-cpu N --client-cpus LIST]
        [--client-nice 19] [--profile FILE]
        [--json FILE] [--label NAME]

The server is `boggle server` in its own process, with limits raised past the players asked for;
the simulated players run in `--client-processes` other processes, each player in its room. Every room
is dealt before the measured window opens; in it, each player sends a word every `interval` seconds
(players not in step). Latency is from a word's send to its verdict, measured by the player: it includes
the players' own processes' delays, so on a machine with few cores it is the machine's figure as much as
the server's. `--scoring team` makes every room a team's (issue 40): a word a player finds is sent at once to
their teammates (`team_found`); `--on-board F` sends a share F of words the board holds (each player solves
its board with enable1 as the round starts), so that words are found, by one and by several, as in play.

The server's own figures, for the same window and independent of the players' processes:
- its loop lag: a probe sleeps 10 ms at a time and records how late it wakes (every frame that came
  meanwhile waited as long); on a loaded machine this includes the time the process waited for a core,
  so the lag is also given less those waits (Linux's schedstat for the loop's thread): the server's own;
- the CPU of each turn of its loop (a wait for the network, then every callback ready, back to back);
- its CPU: per word judged (the verdict, the progress broadcast when a word counts, the ticks, all of it
  divided by the words), and the frames it wrote;
- the loop callbacks that held it longest (with the task each was a step of), the collector's passes.
`--server-cpu` pins the server on one core and `--client-cpus` the players on others (`taskset` lists);
`--profile` samples the server's stacks with py-spy during the window (if installed) and prints where its
CPU went. Prints one row of the table in benchmarks/NOTES.md; `--json` writes every figure.

BENCH_NO_COLLECTOR=1 runs the server without net/collector.py's settings; BENCH_TICK_STRETCH=S sets
net/server.py's TICK_STRETCH (a large S: every room's tick in one stretch, as before issue 29).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.client import connect

from boggle_tui.net import messages as m

# The server as `boggle server` runs it (its own command line, collector settings and all), with probes added
# for the measurement: a task that sleeps 10 ms and records how late it wakes (the event loop's lag: a word that
# arrives meanwhile waits as long) and how much CPU the loop used meanwhile; each loop callback's CPU; the
# collector's passes; the words judged and the frames sent. The parent writes "start" and "stop" on the server's
# stdin around the measured window; "stop" prints the figures as JSON.
SERVER = """
import asyncio, gc, json, os, sys, threading, time
import boggle_tui
from boggle_tui.cli.main import main
from boggle_tui.net import server as served
from boggle_tui.net.room import Room

state = {"on": False, "lags": [], "own": [], "busy": [], "gc": [], "long": [], "worst": [], "turns": [], "callbacks": 0,
         "words": 0, "frames": 0}
tasks = []
run_callback = asyncio.events.Handle._run
perf_counter, thread_time = time.perf_counter, time.thread_time

def named(handle):
    # The task a callback was a step of (a C task's step hides it from repr; the collector knows it).
    for task in gc.get_referents(handle._callback):
        if isinstance(task, asyncio.Task):
            return repr(task)[:240]
    return repr(handle)[:240]

def timed(handle):
    # One callback of the loop (a task's step: a frame handled, a stretch of ticks...) and how long it held the
    # loop: nothing else is answered meanwhile. Wall time (perf_counter costs 0.1 us, a CPU clock 1 us a call).
    began = perf_counter()
    run_callback(handle)
    if state["on"]:
        state["callbacks"] += 1
        spent = perf_counter() - began
        if spent > 0.001:
            state["long"].append(spent)
            if spent > 0.010:
                state["worst"].append((spent, time.perf_counter() - state["t0"], named(handle)))

asyncio.events.Handle._run = timed
run_once = asyncio.base_events.BaseEventLoop._run_once

def iteration(loop):
    # One turn of the loop: a wait for the network, then every callback ready meanwhile, back to back. The CPU
    # of a turn is what a frame that arrived just after it began waits for at most, whatever else the machine
    # runs (a loaded machine's wait for a core is in the lag, not here): the server's own stall.
    began = thread_time()
    run_once(loop)
    if state["on"]:
        state["turns"].append(thread_time() - began)

asyncio.base_events.BaseEventLoop._run_once = iteration

enter = Room.enter
def counted_enter(self, *args):
    state["words"] += 1
    return enter(self, *args)
Room.enter = counted_enter

write = asyncio.selector_events._SelectorSocketTransport.write
def counted_write(self, data):
    # A frame is one write to its socket, however the server made it.
    state["frames"] += 1
    return write(self, data)
asyncio.selector_events._SelectorSocketTransport.write = counted_write

def waits():
    # The seconds this thread has spent ready to run but waiting for a core (Linux's schedstat; 0 elsewhere).
    try:
        return int(os.pread(state["schedstat"], 100, 0).split()[1]) / 1e9
    except (KeyError, OSError, IndexError, ValueError):
        return 0.0

async def monitor():
    try:
        state["schedstat"] = os.open("/proc/thread-self/schedstat", os.O_RDONLY)  # the loop's own thread
    except OSError:
        pass
    while True:
        before, cpu, waited = time.perf_counter(), time.thread_time(), waits()
        await asyncio.sleep(0.010)
        if state["on"]:
            lag = time.perf_counter() - before - 0.010
            state["lags"].append(lag)
            state["own"].append(max(0.0, lag - (waits() - waited)))
            state["busy"].append(time.thread_time() - cpu)

def collector(phase, info):
    if phase == "start":
        state["gc_began"] = time.thread_time()
    elif state["on"]:
        state["gc"].append((info["generation"], time.thread_time() - state["gc_began"]))

gc.callbacks.append(collector)
if os.environ.get("BENCH_NO_COLLECTOR"):
    from boggle_tui.net import collector as tuned
    tuned.Collector.settle = tuned.Collector.dealt = lambda self: None
if os.environ.get("BENCH_TICK_STRETCH"):
    served.TICK_STRETCH = float(os.environ["BENCH_TICK_STRETCH"])
started = served.RoomServer.start

async def start(self, *args, **kwargs):
    port = await started(self, *args, **kwargs)
    tasks.append(asyncio.create_task(monitor()))
    state["server"] = self
    return port

served.RoomServer.start = start

def commands():
    for line in sys.stdin:
        if line.strip() == "start":
            state.update(lags=[], own=[], busy=[], gc=[], long=[], worst=[], turns=[], callbacks=0, words=0, frames=0,
                         t0=time.perf_counter(), cpu0=time.process_time())
            state["on"] = True
        elif line.strip() == "stop":
            state["on"] = False
            cpu = time.process_time() - state["cpu0"]
            lags, busy = sorted(state["lags"]) or [0.0], sorted(state["busy"]) or [0.0]
            turns = sorted(state["turns"]) or [0.0]
            own = sorted(state["own"]) or [0.0]
            passes = list(state["gc"])
            server = state["server"]
            playing = sum(1 for room in list(server.rooms.values()) if room.state.value == "playing")
            print(json.dumps({
                "checkout": os.path.dirname(os.path.dirname(boggle_tui.__file__)),
                "cpu": cpu, "wall": time.perf_counter() - state["t0"], "words": state["words"],
                "frames": state["frames"], "rooms": len(server.rooms), "playing": playing,
                "connections": server.connections,
                "lag_p99": lags[int(len(lags) * 0.99)], "lag_max": lags[-1], "lag_samples": len(lags),
                "own_p99": own[int(len(own) * 0.99)], "own_max": own[-1],
                "busy_p99": busy[int(len(busy) * 0.99)], "busy_max": busy[-1],
                "turn_p99": turns[int(len(turns) * 0.99)], "turn_max": turns[-1], "turns": len(turns),
                "gc": [sum(1 for g, _ in passes if g == n) for n in range(3)],
                "gc_seconds": [sum(t for g, t in passes if g == n) for n in range(3)],
                "gc_max": max((t for _, t in passes), default=0.0),
                "tracked": len(gc.get_objects()), "frozen": gc.get_freeze_count(),
                "callbacks": state["callbacks"], "over_2ms": sum(1 for t in state["long"] if t > 0.002),
                "longest": max(state["long"], default=0.0),
                "worst": sorted(state["worst"], reverse=True)[:5],
            }), flush=True)

threading.Thread(target=commands, daemon=True).start()
sys.exit(main(sys.argv[1:]))
"""
HEADER = (
    "| label | players | rooms | words/s asked | answered | p50 | p99 | loop lag p99 / max | less waits for a core "
    "| server CPU | server CPU a word | frames a word | clients' CPU |"
)
WORDS = ["tone", "stone", "notes", "rat", "tar", "art", "seat", "east", "eats", "sate", "teas", "zzz", "qi"]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def player(url: str, room: str, n: int, args: argparse.Namespace, window: tuple[float, float], out: dict) -> None:
    """One player: joins, readies, and once its room's round is on and the window open (wall clock, shared by
    every process), sends a word every `interval` until the window closes; latencies of the window's words."""
    begin, end = window
    async with connect(url, max_size=m.MAX_SERVER_FRAME, open_timeout=60) as ws:
        settings = m.Settings(seconds=600, scoring=args.scoring)
        await ws.send(m.encode(m.Hello(version=m.VERSION, name=f"p{n}", room=room, settings=settings)))
        sent: dict[int, float] = {}
        rng = random.Random(n)
        go = asyncio.Event()
        on_board: list[str] = []

        async def receive() -> None:
            # The simulated players read only what they time, with json alone: the server's cost is the figure,
            # and a full decode of every progress message would make the players' processes the bottleneck.
            async for frame in ws:
                message = json.loads(frame)
                kind = message["type"]
                if kind == "verdict" and message["id"] in sent:
                    out["latencies"].append(time.perf_counter() - sent.pop(message["id"]))
                elif kind == "start":
                    if args.on_board:
                        on_board[:] = board_words(message["board"])
                    go.set()

        reader = asyncio.create_task(receive())
        await asyncio.sleep(1.0 + rng.random())  # everyone in the room has joined
        await ws.send(m.encode(m.Ready(ready=True)))
        await asyncio.wait_for(go.wait(), 120)
        if time.time() > begin:
            out["late"] += 1  # its round began after the window opened: the warm-up was too short
        await asyncio.sleep(max(0.0, begin - time.time()) + rng.random() * args.interval)  # not in step
        entry = 0
        while time.time() < end:
            sent[entry] = time.perf_counter()
            pick = on_board if on_board and rng.random() < args.on_board else WORDS
            await ws.send(json.dumps({"type": "word", "id": entry, "word": rng.choice(pick)}))
            out["sent"] += 1
            entry += 1
            await asyncio.sleep(args.interval)
        await asyncio.sleep(2.0)  # the last verdicts
        out["unanswered"] += len(sent)
        reader.cancel()


def board_words(rows: list[list[str]]) -> list[str]:
    """The words of a round's board, as a player who knows them all would type them (enable1's, solved here)."""
    from boggle_tui.engine.board import Board
    from boggle_tui.engine.dictionary import load_dictionary
    from boggle_tui.engine.solver import solve

    board = Board(tuple(tuple(row) for row in rows))
    return list(solve(board, load_dictionary("enable1").trie, 3).paths)


def players(url: str, numbers: list[int], args: argparse.Namespace, window: tuple[float, float], cpus: set[int] | None,
            results: multiprocessing.Queue) -> None:  # fmt: skip
    """One client process: its share of the players; their figures and this process's CPU sent back at the end."""
    if cpus:
        os.sched_setaffinity(0, cpus)
    if args.client_nice:
        os.nice(args.client_nice)

    async def run() -> dict:
        out: dict = {"latencies": [], "late": 0, "sent": 0, "unanswered": 0, "failed": 0}
        tasks = []
        for n in numbers:
            tasks.append(asyncio.create_task(player(url, f"room{n % args.rooms}", n, args, window, out)))
            if len(tasks) % 200 == 0:
                await asyncio.sleep(0.2)  # connect in waves, as people arrive
        done = await asyncio.gather(*tasks, return_exceptions=True)
        out["failed"] = sum(1 for d in done if isinstance(d, BaseException))
        return out

    cpu = time.process_time()
    out = asyncio.run(run())
    out["cpu"] = time.process_time() - cpu
    results.put(out)


def server_command(args: argparse.Namespace, scratch: Path) -> list[str]:
    """`boggle server` with its limits raised past the players asked for, its rooms' states and the daily's store
    in a scratch folder (never the user's: a later run would bring this one's rooms back). A checkout from before
    either existed is run without them."""
    big = str(max(10 * args.players, 1000))
    command = [sys.executable, "-c", SERVER, "server", "--host", "127.0.0.1", "--port", "0", "--announce-port",
               "--max-rooms", big, "--max-connections", big, "--rooms-per-address", big]  # fmt: skip
    if importlib.util.find_spec("boggle_tui.net.saved") is not None:
        command += ["--state", str(scratch / "rooms")]
    if importlib.util.find_spec("boggle_tui.net.daily") is not None:
        command += ["--store", str(scratch / "daily.sqlite3")]
    return command


def cpu_list(text: str) -> set[int]:
    """A taskset-style list of cores: 1 or 1,3 or 2-15."""
    cores: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        cores.update(range(int(low), int(high or low) + 1))
    return cores


def profile_summary(path: Path, top: int = 25) -> list[str]:
    """py-spy's raw stacks as the functions that used the most CPU: own samples and with what they called."""
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = [re.sub(r":\d+\)$", ")", frame) for frame in stack.split(";")]  # by function, not line
        if frames[-1].startswith(("EpollSelector.select", "KqueueSelector.select")) or "commands (" in stack:
            continue  # waiting for the network (py-spy counts a blocked epoll as running), or the probe's reader
        total += int(count)
        own[frames[-1]] += int(count)
        for frame in set(frames):
            inclusive[frame] += int(count)
    lines = [f"{total} samples of the server at work; own share, then with what each called:"]
    lines += [f"  own {n / total:6.1%}  {frame}" for frame, n in own.most_common(top)]
    lines += [f"  all {n / total:6.1%}  {frame}" for frame, n in inclusive.most_common(top * 2)]
    return lines


def main(args: argparse.Namespace) -> dict:
    # Started from this folder: `python -c` looks first in its working folder, and the checkout measured is the
    # one PYTHONPATH names (the clients' too).
    pin = (lambda: os.sched_setaffinity(0, cpu_list(args.server_cpu))) if args.server_cpu else None
    with tempfile.TemporaryDirectory(prefix="boggle-bench-") as scratch:
        return run(args, pin, Path(scratch))


def run(args: argparse.Namespace, pin: Callable[[], None] | None, scratch: Path) -> dict:
    server = subprocess.Popen(server_command(args, scratch), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, cwd=Path(__file__).parent,
                              preexec_fn=pin)  # fmt: skip
    assert server.stdin is not None and server.stdout is not None
    profiler = None
    try:
        port = int(server.stdout.readline().split()[-1])  # "port N"
        url = f"ws://127.0.0.1:{port}"
        everyone = list(range(args.players))
        warm_up = args.warm_up if args.warm_up is not None else 8.0 + args.players / 400
        begin = time.time() + warm_up
        window = (begin, begin + args.seconds)
        results: multiprocessing.Queue = multiprocessing.Queue()
        cpus = cpu_list(args.client_cpus) if args.client_cpus else None
        clients = [
            multiprocessing.Process(
                target=players, args=(url, everyone[k :: args.client_processes], args, window, cpus, results)
            )
            for k in range(args.client_processes)
        ]
        for client in clients:
            client.start()
        time.sleep(max(0.0, begin - time.time()))
        server.stdin.write("start\n")
        server.stdin.flush()
        clients_before = sum(cpu_seconds(client.pid) for client in clients)
        if args.profile and shutil.which("py-spy"):
            profiler = subprocess.Popen(
                ["py-spy", "record", "--pid", str(server.pid), "--duration", str(int(args.seconds)), "--rate", "200",
                 "--format", "raw", "--output", args.profile, "--nonblocking"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
            )  # fmt: skip
        time.sleep(max(0.0, window[1] - time.time()))
        clients_cpu = sum(cpu_seconds(client.pid) for client in clients) - clients_before
        server.stdin.write("stop\n")
        server.stdin.flush()
        loop = json.loads(server.stdout.readline())
        reports = [results.get() for _ in clients]
        for client in clients:
            client.join()
        if profiler is not None:
            profiler.wait(timeout=30)
    finally:
        server.terminate()
        server.wait()
        if profiler is not None and profiler.poll() is None:
            profiler.terminate()
    return report(args, loop, reports, clients_cpu)


def report(args: argparse.Namespace, loop: dict, reports: list[dict], clients_cpu: float) -> dict:
    cpu = loop["cpu"]  # the server's own count (all its threads), finer than /proc's ticks
    latencies = sorted(x for r in reports for x in r["latencies"])
    wall = loop["wall"]
    words = max(loop["words"], 1)
    p50 = latencies[len(latencies) // 2] if latencies else float("nan")
    p99 = latencies[int(len(latencies) * 0.99)] if latencies else float("nan")
    figures = {
        **{f"server_{key}": value for key, value in loop.items()},  # the probe's own; those below are shares
        "label": args.label, "players": args.players, "rooms": args.rooms, "interval": args.interval,
        "seconds": wall, "asked": args.players / args.interval, "answered": len(latencies) / args.seconds,
        "sent": sum(r["sent"] for r in reports), "unanswered": sum(r["unanswered"] for r in reports),
        "late": sum(r["late"] for r in reports), "failed": sum(r["failed"] for r in reports),
        "p50": p50, "p99": p99, "server_cpu": cpu / wall, "server_cpu_seconds": cpu, "cpu_per_word": cpu / words,
        "frames_per_word": loop["frames"] / words, "clients_cpu": clients_cpu / wall / args.client_processes,
        "server_cpu_pinned": args.server_cpu, "client_cpus": args.client_cpus, "load": os.getloadavg(),
    }  # fmt: skip
    timed = ("lag_p99", "lag_max", "own_p99", "own_max", "busy_p99", "busy_max", "gc_max", "longest")
    timed += ("turn_p99", "turn_max")
    ms = {key: f"{loop[key] * 1000:.1f}" for key in timed}
    print(f"players {args.players:,} in {args.rooms:,} rooms ({loop['playing']:,} playing), a word every "
          f"{args.interval} s each, {args.client_processes} client processes, {wall:.1f} s measured, checkout "
          f"{loop['checkout']}, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")  # fmt: skip
    if figures["late"] or figures["failed"]:
        print(f"warning: {figures['late']} players began after the window opened, {figures['failed']} failed")
    print(f"server: {loop['words']:,} words judged, {loop['frames']:,} frames sent ({figures['frames_per_word']:.1f} "
          f"a word), CPU {cpu:.2f} s = {cpu / words * 1e6:.0f} us a word, {cpu / max(loop['frames'], 1) * 1e6:.1f} us "
          f"a frame; words unanswered {figures['unanswered']:,} of {figures['sent']:,}")  # fmt: skip
    print(f"collector: passes by generation {loop['gc']}, CPU {[round(t * 1000) for t in loop['gc_seconds']]} ms, "
          f"longest {ms['gc_max']} ms; objects tracked {loop['tracked']:,}, frozen {loop['frozen']:,}")  # fmt: skip
    print(
        f"the loop's CPU in a probe's 10-ms window: p99 {ms['busy_p99']} ms, max {ms['busy_max']} ms; "
        f"callbacks {loop['callbacks']:,}, {loop['over_2ms']} held it over 2 ms, the longest {ms['longest']} ms"
    )
    print(f"turns of the loop (CPU): {loop['turns']:,}, p99 {ms['turn_p99']} ms, max {ms['turn_max']} ms")
    for spent, at, what in loop["worst"]:
        print(f"  a {spent * 1000:.1f}-ms callback at {at:.1f} s: {what}")
    if args.profile and Path(args.profile).exists():
        print("\n".join(profile_summary(Path(args.profile))))
    row = [
        args.label, f"{args.players:,}", f"{args.rooms:,}", f"{args.players / args.interval:,.0f}",
        f"{figures['answered']:,.0f}", f"{p50 * 1000:.1f} ms", f"{p99 * 1000:.1f} ms",
        f"{ms['lag_p99']} / {ms['lag_max']} ms", f"{ms['own_p99']} / {ms['own_max']} ms", f"{100 * cpu / wall:.0f}%",
        f"{cpu / words * 1e6:.0f} us", f"{figures['frames_per_word']:.2f}", f"{100 * figures['clients_cpu']:.0f}% each",
    ]  # fmt: skip
    print(HEADER)
    print(f"| {' | '.join(row)} |")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))
    return figures


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=4000)
    p.add_argument("--rooms", type=int, default=1000)
    p.add_argument("--interval", type=float, default=0.5, help="seconds between a player's words")
    p.add_argument("--seconds", type=float, default=20.0, help="the measured window")
    p.add_argument("--warm-up", type=float, help="seconds before the window opens (default 8 + players / 400)")
    p.add_argument("--scoring", choices=("unique", "all", "team"), default="unique", help="the rooms' scoring")
    p.add_argument("--on-board", type=float, default=0.0, help="the share of words sent that the board holds")
    p.add_argument("--client-processes", type=int, default=2)
    p.add_argument("--server-cpu", help="the cores the server may use (a taskset list: 0, or 0-1)")
    p.add_argument("--client-cpus", help="the cores the players' processes (and py-spy) may use")
    p.add_argument("--client-nice", type=int, default=0, help="the players' processes' niceness (19: the lowest)")
    p.add_argument("--profile", help="a file for py-spy's samples of the server during the window (raw format)")
    p.add_argument("--json", help="a file for every figure, as JSON")
    p.add_argument("--label", default="", help="the table row's first column (before, after...)")
    return p


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main(parser().parse_args())
