"""An engine's cost per board in machine instructions, counted by valgrind: a figure load does not move.

Run: python benchmarks/instructions.py [CHECKOUT ...] [--dice new] [--calls solve_json,solve,board_totals]
[--engine python|c]. For each
checkout (default: this one) and each call, a process loads enable1 and makes the call on 20 boards, another on 200;
callgrind counts both, and the difference over 180 boards is printed, side by side across checkouts (e.g. a
`git worktree` of the commit before a change, and this one). Wall-clock figures on the project's shared 2-core machine
swing by 10% between runs of one command; these repeat to 0.1%. Needs valgrind; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FEW, MANY = 20, 200
# What each counted process runs: the engine of the checkout on sys.path[0] (the Python engine unless --engine c).
CHILD = """
import sys
from boggle_tui.engine import solver
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import load_dictionary
call, dice, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
trie = load_dictionary("enable1").trie
boards = [load_dice_set(dice).roll(seed) for seed in range(count)]
for board in boards:
    getattr(solver, call)(board, trie)
"""


def instructions(checkout: Path, call: str, dice: str, count: int, env: dict[str, str]) -> int:
    """Instructions callgrind counts for a whole process that makes `call` on `count` boards."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", CHILD]
    run = subprocess.run([*command, call, dice, str(count)], cwd=checkout, env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or not found:
        raise SystemExit(f"valgrind failed in {checkout}: {run.stderr[-500:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("checkouts", nargs="*", type=Path, default=[HERE.parent])
    parser.add_argument("--dice", default="new")
    parser.add_argument("--calls", default="solve_json,solve,board_totals")
    parser.add_argument("--engine", choices=["python", "c"], default="python")
    args = parser.parse_args()
    cache = tempfile.mkdtemp(prefix="boggle-instructions-")
    calls = args.calls.split(",")
    per_board: dict[tuple[str, Path], float] = {}
    for checkout in args.checkouts:
        pure = "1" if args.engine == "python" else "0"
        env = {**os.environ, "BOGGLE_PURE_PYTHON": pure, "BOGGLE_CACHE_DIR": cache, "PYTHONPATH": str(checkout)}
        env["PYTHONHASHSEED"] = "0"  # sets and dicts of words cost the same in every process
        warm = [sys.executable, "-c", CHILD, "board_totals", args.dice, "1"]  # the trie's cache, built uncounted
        subprocess.run(warm, cwd=checkout, env=env, check=True)
        for call in calls:
            few, many = (instructions(checkout, call, args.dice, count, env) for count in (FEW, MANY))
            per_board[call, checkout] = (many - few) / (MANY - FEW)
    engine = "Python engine" if args.engine == "python" else "C core"
    print(f"{engine}, enable1, {args.dice} dice: instructions per board (callgrind, {MANY} boards less {FEW})")
    names = [checkout.name or str(checkout) for checkout in args.checkouts]
    print(f"{'call':<14}" + "".join(f"{name:>16}" for name in names) + ("   last/first" if len(names) > 1 else ""))
    for call in calls:
        counts = [per_board[call, checkout] for checkout in args.checkouts]
        ratio = f"   {counts[-1] / counts[0]:.3f}" if len(counts) > 1 else ""
        print(f"{call:<14}" + "".join(f"{count:>16,.0f}" for count in counts) + ratio)


if __name__ == "__main__":
    main()
