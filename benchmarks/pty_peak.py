"""The game's peak memory in a terminal, as a player starts it: `boggle ARGS` in a 100x40 pseudo-terminal.

Run: python benchmarks/pty_peak.py [--runs N] [--seconds S] [--cold] [CHECKOUT ...] [-- BOGGLE_ARGS ...] (default args:
`play --seed 1`, a round at once). Each run is a fresh process on a warm cache (enable1, popular and the list of
the args' `--lang CODE` compiled first, in a scratch cache: a cold build's peak is its own). A thread inside the
game reads its own peak (VmHWM), RSS, CPU and modules S seconds after launch (default 7: the definitions and the
common words are read a second after the board), then the game is killed. The checkouts take turns.
BOGGLE_PURE_PYTHON=1 measures the Python engine. The goal (issue 41): the game's peak <= 65 MiB. Asserts nothing.
`--cold`: each run on an empty cache (a first start: the list compiled, in the game or in a child of its own); the
largest child's peak is given too.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from startup import WARM

HERE = Path(__file__).resolve().parent
GOAL_MIB = 65
NETWORK = ("websockets", "http.client", "email", "boggle_tui.net.client", "boggle_tui.app.screens.lobby")

GAME = r"""
import json, os, resource, sys, threading, time
def report():
    time.sleep(float(os.environ["PTY_PEAK_SECONDS"]))
    status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines())
    used = resource.getrusage(resource.RUSAGE_SELF)
    figures = {name: int(status[name].split()[0]) / 1024 for name in ("VmHWM", "VmRSS")}
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures.update(cpu=used.ru_utime + used.ru_stime, modules=sorted(sys.modules), child_peak=children.ru_maxrss / 1024,
                   child_cpu=children.ru_utime + children.ru_stime)
    with open(os.environ["PTY_PEAK_OUT"], "w") as out:
        json.dump(figures, out)
threading.Thread(target=report, daemon=True).start()
from boggle_tui.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def one_run(checkout: Path, args: list[str], seconds: float, env: dict[str, str]) -> dict:
    out = Path(tempfile.mkdtemp(prefix="boggle-pty-")) / "figures.json"
    env = {**env, "PTY_PEAK_SECONDS": str(seconds), "PTY_PEAK_OUT": str(out), "TERM": "xterm-256color"}
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    game = subprocess.Popen([sys.executable, "-c", GAME, *args], stdin=child, stdout=child, stderr=child, cwd=checkout,
                            env=env, start_new_session=True)  # fmt: skip
    os.close(child)
    deadline = time.monotonic() + seconds + 10
    try:
        while time.monotonic() < deadline and not (out.exists() and out.stat().st_size):
            if select.select([main], [], [], 0.1)[0]:
                try:
                    os.read(main, 1 << 16)  # the game's drawing: read, so that it never waits on a full terminal
                except OSError:
                    break
        time.sleep(0.2)  # the figures' file written whole
        return json.loads(out.read_text())
    finally:
        game.kill()
        game.wait()
        os.close(main)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("checkouts", nargs="*", type=Path, default=[HERE.parent])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=7)
    parser.add_argument("--cold", action="store_true", help="each run on an empty cache: a first start")
    given, rest = sys.argv[1:], []
    if "--" in given:
        given, rest = given[: given.index("--")], given[given.index("--") + 1 :]
    args = parser.parse_args(given)
    boggle_args = rest or ["play", "--seed", "1"]
    scratch = Path(tempfile.mkdtemp(prefix="boggle-pty-peak-"))
    envs = {}
    for checkout in args.checkouts:
        envs[checkout] = {
            **os.environ,
            "PYTHONPATH": str(checkout),
            "BOGGLE_CACHE_DIR": str(scratch / "cache"),
            "BOGGLE_DATA_DIR": str(scratch / f"data-{checkout.name}"),
        }
        languages = boggle_args[boggle_args.index("--lang") + 1 :][:1] if "--lang" in boggle_args else []
        if not args.cold:
            subprocess.run([sys.executable, "-c", WARM, *languages], cwd=checkout, env=envs[checkout], check=True)
    runs: dict[Path, list[dict]] = {checkout: [] for checkout in args.checkouts}
    for n in range(args.runs):
        for checkout in args.checkouts:
            env = (
                {**envs[checkout], "BOGGLE_CACHE_DIR": str(scratch / f"cold-{checkout.name}-{n}")}
                if args.cold
                else envs[checkout]
            )
            runs[checkout].append(one_run(checkout, boggle_args, args.seconds, env))
    cache = "empty cache (a first start)" if args.cold else "warm cache"
    print(f"boggle {' '.join(boggle_args)} in a 100x40 pty, {cache}, {args.runs} runs, figures at {args.seconds} s;"
          f" goal: peak <= {GOAL_MIB} MiB")  # fmt: skip
    print(f"{'checkout':<16}{'peak MiB':>18}{'RSS MiB':>10}{'CPU s':>8}{'modules':>9}{'child peak':>12}"
          f"{'child CPU':>10}  network imported")  # fmt: skip
    for checkout, figures in runs.items():
        peaks = [f["VmHWM"] for f in figures]
        rss, cpu = statistics.median(f["VmRSS"] for f in figures), statistics.median(f["cpu"] for f in figures)
        modules = statistics.median(len(f["modules"]) for f in figures)
        network = sorted({name.split(".")[0] if name[0] != "b" else name for f in figures for name in f["modules"]
                          if name.startswith(NETWORK)})  # fmt: skip
        shown = ", ".join(name for name in network if name.count(".") < 4)[:60] or "-"
        child_peak = statistics.median(f.get("child_peak", 0.0) for f in figures)
        child_cpu = statistics.median(f.get("child_cpu", 0.0) for f in figures)
        print(f"{checkout.name:<16}{min(peaks):>7.1f}-{max(peaks):<5.1f}med {statistics.median(peaks):<5.1f}"
              f"{rss:>7.1f}{cpu:>8.2f}{modules:>9.0f}{child_peak:>12.1f}{child_cpu:>10.2f}  {shown}")  # fmt: skip


if __name__ == "__main__":
    main()
