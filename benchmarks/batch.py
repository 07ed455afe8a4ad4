"""`boggle solve -` as a whole process against the write-up's sorted-list solver, on the same boards.

Run: python benchmarks/batch.py [--boards 2000] [--rounds 3] [--lang es] [--before PYTHON]. Prints the marginal CPU
time per board
of each command (its long run less its short run, so start-up cancels out), side by side with the
issue's goals; asserts nothing. `--before PYTHON` adds the C commands of the game that interpreter
imports (another checkout's venv), in the same turns. The commands take turns, round after round, and each keeps its
best long and best short run: this machine's speed drifts by up to 1.5x within minutes, and taking
turns lets every command meet the same drift.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
GOALS = {"C, --json": 65.0, "Python, --json": 7.0}  # C: issue 41 (issue 11 asked 25x)


def cpu_seconds(command: list[str], stdin: Path, env: dict[str, str]) -> float:
    """CPU time (user + system) of one run of `command`, run in stdin's folder (so that `-m boggle_tui` imports
    the interpreter's own installed game, not a checkout it happens to be run from)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with stdin.open() as feed:
        subprocess.run(command, stdin=feed, stdout=subprocess.DEVNULL, env=env, check=True, cwd=stdin.parent)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lang", default="en", help="a language's own dice and word list (default: English's)")
    parser.add_argument("--before", help="another Python whose game's C commands to time too (another checkout's venv)")
    args = parser.parse_args()
    from boggle_tui.engine.dice import load_dice_set
    from boggle_tui.engine.dictionary import resolve
    from boggle_tui.engine.wordlist import read_list_bytes
    from boggle_tui.game.languages import language_for

    folder = Path(tempfile.mkdtemp(prefix="boggle-batch-"))
    defaults = language_for(args.lang)
    dice = load_dice_set(defaults.dice)
    short, long = folder / "short.txt", folder / "long.txt"
    short.write_text("".join(dice.roll(seed).text() + "\n" for seed in range(20)))
    long.write_text("".join(dice.roll(seed).text() + "\n" for seed in range(args.boards)))
    words = folder / "words.txt"  # the list as plain text (the other languages' ship compressed), spelt as they are
    words.write_bytes(read_list_bytes(resolve(defaults.dictionary)))
    env = {**os.environ, "BOGGLE_CACHE_DIR": str(folder / "cache"), "PYTHONUTF8": "1"}
    boggle = [sys.executable, "-m", "boggle_tui", "solve", "-", "--lang", args.lang]
    commands = {
        "write-up's sorted list": ([sys.executable, str(HERE / "sorted_list_solver.py"), str(words)], {}),
        "C, --json": ([*boggle, "--json"], {"BOGGLE_PURE_PYTHON": ""}),
        "C, text": (boggle, {"BOGGLE_PURE_PYTHON": ""}),
        "Python, --json": ([*boggle, "--json"], {"BOGGLE_PURE_PYTHON": "1"}),
        "Python, text": (boggle, {"BOGGLE_PURE_PYTHON": "1"}),
    }
    if args.before:
        before = [args.before, *boggle[1:]]
        commands["C, --json, before"] = ([*before, "--json"], {"BOGGLE_PURE_PYTHON": ""})
        commands["C, text, before"] = (before, {"BOGGLE_PURE_PYTHON": ""})
    for python in [sys.executable, *([args.before] if args.before else [])]:  # the cache, and each game works
        ready = [python, *boggle[1:], "--json"]
        subprocess.run(ready, input="abcd\n", text=True, env=env, capture_output=True, check=True, cwd=folder)
    best = {(name, feed): float("inf") for name in commands for feed in (long, short)}
    for _ in range(args.rounds):
        for name, (command, extra) in commands.items():
            for feed in (long, short):
                best[name, feed] = min(best[name, feed], cpu_seconds(command, feed, {**env, **extra}))
    per_board = {name: (best[name, long] - best[name, short]) / (args.boards - 20) * 1000 for name in commands}
    yardstick = per_board["write-up's sorted list"]
    print(
        f"{args.boards:,} boards of the {dice.key} dice, {defaults.dictionary}; marginal CPU ms per board "
        f"(best of {args.rounds} rounds)"
    )
    print(f"{'command':<24} {'ms/board':>9} {'speed-up':>9} {'goal':>6}")
    for name, ms in per_board.items():
        goal = f"{GOALS[name]:.0f}x" if name in GOALS else ""
        print(f"{name:<24} {ms:>9.4f} {yardstick / ms:>8.1f}x {goal:>6}")


if __name__ == "__main__":
    main()
