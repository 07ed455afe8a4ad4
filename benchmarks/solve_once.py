"""One `boggle solve BOARD --json` as a whole process: cold (empty cache) and warm, with the compiled core and without.

Run: python benchmarks/solve_once.py [CHECKOUT ...] [--runs 15]. Each checkout (default: this one; give a `git worktree`
of an older commit beside this one to compare) runs the command in its own directory, the configurations taking turns
run after run, so that every one meets the machine's drift alike; prints the median and the best wall and CPU
(user + system) milliseconds of each, side by side. Cold runs build enable1's trie into a fresh cache folder; warm runs
read it from the cache. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BOARD = "plsteaiertnrsges"


def run_once(checkout: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one `boggle solve BOARD --json` in `checkout`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, "-m", "boggle_tui", "solve", BOARD, "--json"]
    subprocess.run(command, cwd=checkout, env=env, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall * 1000, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("checkouts", nargs="*", type=Path, default=[HERE.parent])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="boggle-solve-once-"))
    configurations = [
        (checkout, engine, cache)
        for checkout in args.checkouts
        for engine in ("C", "Python")
        for cache in ("warm", "cold")
    ]
    figures: dict[tuple[Path, str, str], list[tuple[float, float]]] = {key: [] for key in configurations}
    for run in range(args.runs):
        for checkout, engine, cache in configurations:
            folder = scratch / f"{checkout.name}-{engine}-{cache}-{run if cache == 'cold' else 'kept'}"
            env = {
                **os.environ,
                "PYTHONPATH": str(checkout),
                "BOGGLE_CACHE_DIR": str(folder),
                "BOGGLE_PURE_PYTHON": "1" if engine == "Python" else "",
            }
            if cache == "warm" and run == 0:
                run_once(checkout, env)  # fills the kept cache
            figures[checkout, engine, cache].append(run_once(checkout, env))
    print(f"`boggle solve {BOARD} --json`, one process, {args.runs} runs each taking turns: milliseconds")
    print(f"{'checkout':<16} {'engine':<7} {'cache':<5} {'wall median':>11} {'best':>6} {'CPU median':>11} {'best':>6}")
    for checkout, engine, cache in configurations:
        walls, cpus = zip(*figures[checkout, engine, cache], strict=True)
        print(
            f"{checkout.name:<16} {engine:<7} {cache:<5} {statistics.median(walls):>11.0f} {min(walls):>6.0f} "
            f"{statistics.median(cpus):>11.0f} {min(cpus):>6.0f}"
        )


if __name__ == "__main__":
    main()
