"""The cost of a whole proof, estimated from a seeded random sample of its classes: CPU time and memory per class.

Run: nice -n 10 python benchmarks/prove_sample.py --size 4x4 --threshold 3623 [--lang es] [--budget 2700]
     [--seed 1] [--class-limit 900] [--memory-limit 6] [--out sample.jsonl]
     [--ids 1,2,3] [--switchover 1.6] [--searched-cells 4]

--ids proves those classes (a fixed sample, in that order) instead of the shuffled ones: the same
classes measured before and after a change. --switchover and --searched-cells try other switchovers
than the prover's (the multiple of the threshold under which a class is searched, not forced; the
cells always left to the search).

The canonical classes are shuffled with the seed and proved in that order, one at a time, each in a
child process forked for it (the word list and the core are loaded once, before), until the CPU
budget is spent: any prefix of the shuffled order is a random sample. A child's CPU time and its
peak resident memory (`ru_maxrss` from wait4: the whole worker, the word list and Python included)
are the kernel's; the core's largest arena (its nodes) is reported beside them. A class that runs
past --class-limit seconds of CPU (RLIMIT_CPU) or needs more than --memory-limit GB of address space
(RLIMIT_AS) is stopped and counted as at least that: the estimate is then a lower bound, and says so.
Prints one line per class and the summary: mean, median and max per class, and the whole proof in
CPU-hours with a 95% interval (bootstrap of the mean, seeded). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from boggle_tui.cli.parser import parse_size
from boggle_tui.engine import core
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.game.languages import language_for
from boggle_tui.research.prove import (
    SEARCHED_CELLS,
    SPLIT_PATHS,
    ProofSettings,
    board_text,
    compiled_prover,
    exact_scores,
    found_boards,
    found_count,
    split_order,
)

BOOTSTRAP_ROUNDS = 10_000


@dataclass(frozen=True)
class Measured:
    """One class of the sample: what the kernel measured of its child, and what the core said."""

    class_id: int
    cpu: float
    max_rss: int  # bytes
    outcome: str  # "proved", "cpu limit", "memory limit" or "failed: ..."
    report: dict[str, Any]

    @property
    def proved(self) -> bool:
        return self.outcome == "proved"


def prove_in_child(
    prover: Any, trie: Any, settings: ProofSettings, class_id: int, limits: tuple[int, int], searched: int, split: int
) -> Measured:
    """The class proved in a forked child under CPU and memory limits; its figures read from wait4."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: prove, write one JSON line, leave without Python's cleanup
        os.close(read)
        cpu_limit, memory_limit = limits
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 5))
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
        try:
            report = prove_one(prover, trie, settings, class_id, searched, split)
            outcome = "proved"
        except MemoryError:
            report, outcome = {}, "memory limit"
        except Exception as error:  # a benchmark records what went wrong and goes on
            report, outcome = {}, f"failed: {error!r}"
        os.write(write, json.dumps({"outcome": outcome, "report": report}).encode())
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 1 << 16):
        chunks.append(chunk)
    os.close(read)
    _, status, usage = os.wait4(pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    if chunks:
        data = json.loads(b"".join(chunks))
        outcome, report = data["outcome"], data["report"]
    elif os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        outcome, report = "cpu limit", {}
    else:
        outcome, report = f"failed: status {status}", {}
    return Measured(class_id, cpu, usage.ru_maxrss * 1024, outcome, report)


def prove_one(
    prover: Any, trie: Any, settings: ProofSettings, class_id: int, searched: int, split: int
) -> dict[str, Any]:
    height, width, threshold = settings.height, settings.width, settings.threshold
    order = split_order(height, width)
    switchover = int(settings.switchover * threshold)
    letters = settings.classes.letters(class_id)
    result = prover.prove(
        letters, height, width, order, threshold, switchover, searched, settings.min_length, split=split
    )
    found = result["found"]
    boards = exact_scores(trie, (columns for columns, _ in found_boards(found, height * width)), settings)
    report = {key: value for key, value in result.items() if key != "found"}
    report["candidates"] = found_count(found, height * width)
    report["boards"] = [[board_text(columns, settings.faces), points] for columns, points in boards]
    return report


def bootstrap_interval(values: list[float], rng: random.Random) -> tuple[float, float]:
    """A 95% interval for the mean: the 2.5th and 97.5th percentiles of the means of resamples."""
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(BOOTSTRAP_ROUNDS))
    return means[int(0.025 * BOOTSTRAP_ROUNDS)], means[int(0.975 * BOOTSTRAP_ROUNDS) - 1]


def summarize(measured: list[Measured], classes: int, seed: int) -> None:
    seconds = [m.cpu for m in measured]
    stopped = [m for m in measured if not m.proved]
    mean = statistics.fmean(seconds)
    low, high = bootstrap_interval(seconds, random.Random(seed)) if len(seconds) > 1 else (mean, mean)
    rss = [m.max_rss for m in measured]
    arenas = [m.report["peak_bytes"] for m in measured if m.proved]
    print(f"{len(measured)} classes of {classes:,}, {sum(seconds):.0f} s of CPU in all")
    print(
        f"per class: mean {mean:.1f} s, median {statistics.median(seconds):.1f} s, max {max(seconds):.1f} s, "
        f"min {min(seconds):.1f} s"
    )
    print(
        f"worker's peak resident memory (ru_maxrss): median {statistics.median(rss) / 2**20:.0f} MB, "
        f"max {max(rss) / 2**20:.0f} MB; core's largest arena: max {max(arenas, default=0) / 2**20:.0f} MB"
    )
    hours = classes / 3600
    scale, unit = (hours, "CPU-hours") if mean * hours >= 1 else (classes / 60, "CPU-minutes")
    print(
        f"estimate for all {classes:,} classes: {mean * scale:,.1f} {unit} "
        f"(95% bootstrap interval of the mean: {low * scale:,.1f}-{high * scale:,.1f})"
    )
    if stopped:
        print(
            f"{len(stopped)} classes stopped at a limit (counted at the time they ran): the estimate is a lower bound"
        )
        for m in stopped:
            print(f"  class {m.class_id}: {m.outcome} after {m.cpu:.0f} s, {m.max_rss / 2**20:.0f} MB")
    best = max(((board, points) for m in measured for board, points in m.report.get("boards", [])), key=lambda b: b[1],
               default=None)  # fmt: skip
    print(f"boards at or above the threshold in the sample: {best or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=parse_size, default=(4, 4))
    parser.add_argument("--lang", default="en", help="whose boards and word list (default en)")
    parser.add_argument("--dictionary", help="the language's own list by default")
    parser.add_argument("--threshold", type=int, default=3623)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=2700.0, help="CPU seconds: no class starts after this")
    parser.add_argument("--count", type=int, help="at most this many classes")
    parser.add_argument("--class-limit", type=int, default=900, help="CPU seconds a class may take")
    parser.add_argument("--memory-limit", type=float, default=6.0, help="GB of address space a class may take")
    parser.add_argument("--out", help="append each class's figures to this file (JSON lines)")
    parser.add_argument("--ids", type=lambda text: [int(i) for i in text.split(",")], help="these classes, in order")
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
    dictionary = args.dictionary or language_for(args.lang).dictionary
    trie = load_dictionary(dictionary, language=args.lang).trie
    settings = ProofSettings(height, width, args.threshold, language=args.lang)
    if args.switchover:
        settings.switchover = args.switchover
    start = time.process_time()
    ids = list(settings.classes.canonical_ids())
    print(f"{len(ids):,} canonical classes listed in {time.process_time() - start:.1f} s of CPU", flush=True)
    random.Random(args.seed).shuffle(ids)
    total = len(ids)
    if args.ids:
        unknown = set(args.ids) - set(ids)
        if unknown:
            raise SystemExit(f"not canonical classes of this proof: {sorted(unknown)}")
        ids = args.ids
    prover = compiled_prover(trie)
    limits = (args.class_limit, int(args.memory_limit * 2**30))
    print(
        f"{height}x{width} {args.lang} {dictionary} threshold {args.threshold}, seed {args.seed}, "
        f"budget {args.budget:.0f} s, switchover {settings.switchover}x, {args.searched_cells} cells searched, "
        f"split from {args.split} paths"
    )
    measured: list[Measured] = []
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115 - closed below
    try:
        for class_id in ids[: args.count]:
            if sum(m.cpu for m in measured) >= args.budget:
                break
            m = prove_in_child(prover, trie, settings, class_id, limits, args.searched_cells, args.split)
            measured.append(m)
            r = m.report
            detail = (
                f"bound {r['bound']:,}, {r['nodes']:,} nodes, {r['paths']:,} paths, {r['candidates']} scored, "
                f"arena {r['peak_bytes'] / 2**20:.0f} MB, first tree {r['tree_bytes'] / 2**20:.0f} MB "
                f"(walk {r['walk_seconds']:.1f} / sort {r['sort_seconds']:.1f} / build {r['build_seconds']:.1f} s)"
                if m.proved
                else m.outcome
            )
            print(f"  class {class_id}: {m.cpu:.1f} s, rss {m.max_rss / 2**20:.0f} MB, {detail}", flush=True)
            if out:
                row = {"id": class_id, "cpu": round(m.cpu, 3), "max_rss": m.max_rss, "outcome": m.outcome, **r}
                out.write(json.dumps(row) + "\n")
                out.flush()
    except KeyboardInterrupt:
        print("stopped: the summary of the classes done so far", file=sys.stderr)
    finally:
        if out:
            out.close()
    if measured:
        summarize(measured, total, args.seed)


if __name__ == "__main__":
    main()
