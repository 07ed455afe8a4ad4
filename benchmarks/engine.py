"""Engine figures: dictionary load (cold and cached), gc pause with the trie resident, solver speed, peak RSS.

Run: python benchmarks/engine.py [--boards N]. It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed(fn, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=1000)
    args = parser.parse_args()
    os.environ["BOGGLE_CACHE_DIR"] = tempfile.mkdtemp(prefix="boggle-bench-")

    from boggle_tui.engine.dice import load_dice_set
    from boggle_tui.engine.dictionary import load_dictionary
    from boggle_tui.engine.solver import solve

    start = time.perf_counter()
    dictionary = load_dictionary("enable1")
    print(f"enable1 first build (parse + trie + cache write): {(time.perf_counter() - start) * 1000:.0f} ms")
    print(
        f"  {len(dictionary):,} words, {dictionary.trie.node_count:,} nodes, "
        f"{len(dictionary.trie.table) * 4 / 1e6:.1f} MB table"
    )
    print(f"enable1 ready from cache: {timed(lambda: load_dictionary('enable1')):.1f} ms (best of 5)")

    import textual.app  # noqa: F401  (the game holds the trie while Textual runs)

    def gc_pause() -> float:
        pauses = []
        for _ in range(20):
            start = time.perf_counter()
            gc.collect()
            pauses.append((time.perf_counter() - start) * 1000)
        return statistics.median(pauses)

    print(f"full gc.collect(), trie and Textual loaded, no freeze: {gc_pause():.2f} ms (Textual's own objects)")
    # What `boggle play` does before the app starts: what is loaded by then is never garbage.
    gc.freeze()
    print(f"full gc.collect(), trie and Textual loaded, after gc.freeze(): {gc_pause():.2f} ms")

    dice = load_dice_set("new")
    boards = [dice.roll(seed) for seed in range(args.boards)]
    times = []
    for board in boards:
        start = time.perf_counter()
        solve(board, dictionary.trie)
        times.append((time.perf_counter() - start) * 1000)
    print(
        f"solver on {len(boards)} boards of the new dice: median {statistics.median(times):.3f} ms, "
        f"mean {statistics.mean(times):.3f} ms, {len(boards) / (sum(times) / 1000):,.0f} boards/s"
    )
    best = solve(dice.roll(0).__class__((tuple("plst"), tuple("eaie"), tuple("rtnr"), tuple("sges"))), dictionary.trie)
    print(
        f"plsteaiertnrsges: {len(best)} words, {best.total_score} points, "
        f"{timed(lambda: solve(best.board, dictionary.trie)):.2f} ms"
    )

    # The child reports its own peak (VmHWM, kB): its rusage figure would include this process, which it forked from.
    report = (
        "import atexit, re, runpy, sys;"
        "hwm = lambda: re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1);"
        "atexit.register(lambda: print(hwm(), file=sys.stderr));"
        "sys.argv = ['boggle', 'solve', 'plsteaiertnrsges'];"
        "runpy.run_module('boggle_tui', run_name='__main__')"
    )
    child = subprocess.run([sys.executable, "-c", report], check=False, capture_output=True, text=True)
    print(f"`boggle solve plsteaiertnrsges` peak RSS: {int(child.stderr.split()[-1]) / 1024:.1f} MB")
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "boggle_tui", "solve", "plsteaiertnrsges", "--json"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"`boggle solve plsteaiertnrsges --json` wall time: {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
