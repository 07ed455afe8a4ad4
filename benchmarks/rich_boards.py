"""The compiled core's search on rich boards (3,000 points or more) and on rolled ones, side by side with danvk's.

Run: python benchmarks/rich_boards.py [--danvk CHECKOUT] [--before PYTHON] [--boards 300] [--rounds 7]

Prints the search's CPU time per board, measured inside each solver over the same boards (no process start, no
parsing of the boards, no output), each solver in its own process, the solvers taking turns round after round and
each keeping its best round: this machine's speed drifts by up to 1.5x within minutes. Asserts nothing, but every
solver's total points over a set must agree (printed beside the times), so that like is measured against like.

- ours: `Core.score_many` over the set, this checkout's core (`--before PYTHON`: also the core that interpreter
  imports, e.g. another checkout's venv, as "before").
- danvk: `Boggler<4, 4>::Score` of hybrid-boggle (github.com/danvk/hybrid-boggle, MIT), built here from a checkout
  of it with his own flags (`-O3 -march=native`, as his build.sh) and a small driver written for this benchmark;
  none of his code is part of this project.

The sets: `rich`, boards of 3,000 points or more found by random changes of one to three faces or swaps from
`plsteaiertnrsges` (3,623), a walk seeded so that every run times the same boards; `rolled`, the new dice rolled
from seeds 0 to N-1. Both 4x4, enable1, words of 3 letters or more.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

BEST = "plsteaiertnrsges"
RICH = 3000
LETTERS = "abcdefghijklmnoprstuvwxyz"  # no bare q: the Qu die is `q` to danvk's solver

# Times `passes` scorings of every board; prints the best round's microseconds a board and the points summed.
DRIVER = r"""
#include <cstdio>
#include <ctime>
#include <cstring>
#include <string>
#include <vector>
#include "boggler.h"

int main(int argc, char** argv) {
  // argv: words boards passes rounds
  auto trie = Trie::CreateFromFile(argv[1]);
  std::vector<std::string> boards;
  char line[64];
  FILE* f = fopen(argv[2], "r");
  while (fscanf(f, "%63s", line) == 1) boards.push_back(line);
  fclose(f);
  int passes = atoi(argv[3]), rounds = atoi(argv[4]);
  Boggler<4, 4> boggler(trie.get());
  long total = 0;
  for (auto& b : boards) total += boggler.Score(b.c_str());
  for (int r = 0; r < rounds; r++) {
    std::clock_t start = std::clock();  // CPU time: other load on the machine does not count
    long check = 0;
    for (int p = 0; p < passes; p++)
      for (auto& b : boards) check += boggler.Score(b.c_str());
    double us = (std::clock() - start) * 1e6 / CLOCKS_PER_SEC;
    printf("%.3f %ld %ld\n", us / passes / boards.size(), total, check / passes);
    fflush(stdout);
  }
  return 0;
}
"""

# Run by each Python measured: the same figures for the core that interpreter imports.
OURS = r"""
import sys, time
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.solver import columns_of
from boggle_tui.engine.board import parse_board
boards_file, passes, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
trie = load_dictionary("enable1").trie
core = trie.core()
boards = [columns_of(parse_board(line.replace("q", "qu")), trie) for line in open(boards_file).read().split()]
total = sum(core.score_many(boards, 4, 4, 3))
for _ in range(rounds):
    start = time.process_time()  # CPU time: other load on the machine does not count
    for _ in range(passes):
        core.score_many(boards, 4, 4, 3)
    us = (time.process_time() - start) * 1e6 / passes / len(boards)
    print(f"{us:.3f} {total}", flush=True)
"""


def rich_boards(count: int, seed: int = 1) -> list[str]:
    """`count` distinct boards of RICH points or more near the best board, the same on every run."""
    from boggle_tui.engine.board import parse_board
    from boggle_tui.engine.dictionary import load_dictionary
    from boggle_tui.engine.solver import columns_of

    trie = load_dictionary("enable1").trie
    core = trie.core()
    assert core is not None, "the compiled core is not built"
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        board = list(BEST)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(16)
            if rng.random() < 0.5:
                board[i] = rng.choice(LETTERS)
            else:
                j = rng.randrange(16)
                board[i], board[j] = board[j], board[i]
        text = "".join(board)
        if text not in found and core.score(columns_of(parse_board(text), trie), 4, 4, 3) >= RICH:
            found[text] = None
    return list(found)


def rolled_boards(count: int) -> list[str]:
    from boggle_tui.engine.dice import load_dice_set

    dice = load_dice_set("new")
    return ["".join("q" if face == "qu" else face for face in dice.roll(seed).faces) for seed in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--danvk", type=Path, help="a checkout of github.com/danvk/hybrid-boggle")
    parser.add_argument("--before", help="another Python whose core to time too (another checkout's venv)")
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7, help="rounds of turns")
    parser.add_argument("--passes", type=int, default=20, help="passes over the set a timing")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="boggle-rich-"))
    sets = {"rich": rich_boards(args.boards), "rolled": rolled_boards(args.boards)}
    for name, boards in sets.items():
        (folder / f"{name}.txt").write_text("\n".join(boards) + "\n")
    script = folder / "ours.py"
    script.write_text(OURS)
    solvers: dict[str, list[str]] = {"ours": [sys.executable, str(script)]}
    if args.before:
        solvers["ours, before"] = [args.before, str(script)]
    if args.danvk:
        from boggle_tui.engine.dictionary import resolve
        from boggle_tui.engine.wordlist import read_list_bytes

        (folder / "words.txt").write_bytes(read_list_bytes(resolve("enable1")))
        (folder / "driver.cc").write_text(DRIVER)
        cpp = args.danvk / "cpp"
        subprocess.run(
            ["c++", "-std=c++20", "-O3", "-march=native", "-I", str(cpp), str(folder / "driver.cc"),
             str(cpp / "trie.cc"), "-o", str(folder / "danvk")],
            check=True,
        )  # fmt: skip
        solvers["danvk"] = [str(folder / "danvk"), str(folder / "words.txt")]
    best: dict[tuple[str, str], float] = {}
    totals: dict[tuple[str, str], str] = {}
    for _ in range(args.rounds):
        for set_name in sets:
            for name, command in solvers.items():
                out = subprocess.run(
                    [*command, str(folder / f"{set_name}.txt"), str(args.passes), "1"],
                    capture_output=True, text=True, check=True, env={**os.environ, "PYTHONUTF8": "1"},
                ).stdout.split()  # fmt: skip
                us, total = float(out[0]), out[1]
                best[set_name, name] = min(best.get((set_name, name), float("inf")), us)
                totals[set_name, name] = total
    print(f"{args.boards} boards a set, 4x4, enable1; µs a board, best of {args.rounds} rounds of {args.passes} passes")
    print(f"{'set':<8}" + "".join(f"{name:>14}" for name in solvers) + "   points summed")
    for set_name in sets:
        row = "".join(f"{best[set_name, name]:>14.2f}" for name in solvers)
        agreed = {totals[set_name, name] for name in solvers}
        print(f"{set_name:<8}{row}   {' / '.join(sorted(agreed))}{'' if len(agreed) == 1 else '  (DISAGREE)'}")
    if "danvk" in solvers:
        for set_name in sets:
            print(f"{set_name}: ours / danvk = {best[set_name, 'ours'] / best[set_name, 'danvk']:.2f}x", end="")
            if "ours, before" in solvers:
                print(f", before / danvk = {best[set_name, 'ours, before'] / best[set_name, 'danvk']:.2f}x", end="")
            print()


if __name__ == "__main__":
    main()
