"""Proof figures: CPU time, classes and nodes of `boggle prove`, for a whole proof or a sample of its classes.

Run: python benchmarks/prove.py [--size 3x3] [--dictionary enable1] [--threshold 545] [--sample N] [--seed S]
     [--switchover 1.6] [--searched-cells 4]
Prints one line per class and the totals (or, with --sample, the mean per class and the estimate for
the whole proof) and this process's peak resident memory (ru_maxrss: the word list and Python
included); asserts nothing. Uses the compiled core (its phases timed in C); CPU time is this
process's, so other load on the machine does not count.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time

from boggle_tui.cli.parser import parse_size
from boggle_tui.engine import core
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.research.prove import (
    SEARCHED_CELLS,
    SPLIT_PATHS,
    ProofSettings,
    board_text,
    canonical,
    compiled_prover,
    exact_scores,
    found_boards,
    split_order,
)

PHASES = ("walk_seconds", "sort_seconds", "build_seconds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=parse_size, default=(3, 3))
    parser.add_argument("--dictionary", default="enable1")
    parser.add_argument("--threshold", type=int, default=545)
    parser.add_argument("--sample", type=int, help="prove this many classes drawn at random, and estimate the rest")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--switchover", type=float, help="the multiple of the threshold (default the prover's)")
    parser.add_argument("--searched-cells", type=int, default=SEARCHED_CELLS, help="cells left to the search")
    parser.add_argument(
        "--split",
        type=int,
        default=SPLIT_PATHS,
        help="paths from which the first cell is forced as the tree is built (0: never)",
    )
    args = parser.parse_args()
    if core.compiled() is None:
        raise SystemExit(f"the compiled core is needed: {core.engine_name()}")
    height, width = args.size
    trie = load_dictionary(args.dictionary).trie
    settings = ProofSettings(height, width, args.threshold)
    if args.switchover:
        settings.switchover = args.switchover
    ids = list(settings.classes.canonical_ids())
    chosen = sorted(random.Random(args.seed).sample(ids, args.sample)) if args.sample else ids
    prover, order = compiled_prover(trie), split_order(height, width)
    switchover = int(settings.switchover * args.threshold)
    print(f"{height}x{width} {args.dictionary} threshold {args.threshold}: {len(chosen)} of {len(ids):,} classes")
    totals: dict[str, float] = {}
    seconds, best = [], {}
    for class_id in chosen:
        start = time.process_time()
        letters = settings.classes.letters(class_id)
        result = prover.prove(
            letters, height, width, order, args.threshold, switchover, args.searched_cells, 3, split=args.split
        )
        boards = exact_scores(trie, (columns for columns, _ in found_boards(result["found"], height * width)), settings)
        spent = time.process_time() - start
        seconds.append(spent)
        for board, points in boards:
            best[board_text(canonical(board, height, width))] = points
        for key, value in result.items():
            if key != "found":
                totals[key] = max(totals.get(key, 0), value) if key == "peak_bytes" else totals.get(key, 0) + value
        print(
            f"  class {class_id}: {spent:.2f} s, bound {result['bound']:,}, {result['nodes']:,} nodes, "
            f"{len(result['found'])} boards scored, peak {result['peak_bytes'] / 2**20:.0f} MB",
            flush=True,
        )
    total = sum(seconds)
    print(f"CPU {total:.1f} s for {len(chosen)} classes; nodes {int(totals['nodes']):,} "
          f"(first trees {int(totals['tree_nodes']):,}); words on paths {int(totals['paths']):,}, "
          f"keys {int(totals['keys']):,}; largest arena {totals['peak_bytes'] / 2**20:.0f} MB; "
          f"peak resident {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10:.0f} MB")  # fmt: skip
    print("  trees: " + ", ".join(f"{phase.split('_')[0]} {totals[phase]:.1f} s" for phase in PHASES)
          + f"; branch, search and scoring {total - sum(totals[p] for p in PHASES):.1f} s")  # fmt: skip
    if args.sample:
        mean = statistics.mean(seconds)
        print(f"per class: mean {mean:.2f} s, median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s; "
              f"estimate for all {len(ids):,} classes: {mean * len(ids) / 3600:.1f} CPU-hours")  # fmt: skip
    for board, points in sorted(best.items(), key=lambda item: -item[1])[:5]:
        print(f"  {board} {points}")


if __name__ == "__main__":
    main()
