"""`boggle prove`: prove the best board of a size and word list, every class of boards accounted for."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from boggle_tui.cli.output import print_json
from boggle_tui.engine.board import FACES
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, Dictionary, load_dictionary
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.engine.proof import (
    Journal,
    Summary,
    Task,
    check_resumable,
    prove_locally,
    prove_on_cluster,
    read_record,
    summarize,
)
from boggle_tui.engine.prove import ALPHABET, MAX_PROVE_CELLS, Classes, ClassResult, Letters, letters_of
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.search import AnyLetters, Scorer, letter_weights, search
from boggle_tui.game.wording import plural

# The default threshold is the best board a short search finds (as `boggle best` does): any board
# that reaches it proves the threshold is met, and the proof then finds every board above it.
THRESHOLD_SEARCH_SECONDS = 10.0
THRESHOLD_SEED = 1


def run_prove(args: argparse.Namespace) -> int:
    if args.cluster and args.jobs:
        raise BoggleError("--jobs is for this machine; a cluster runs as many classes at once as it has workers")
    if args.out and args.resume:
        raise BoggleError("--resume goes on writing the file it reads: give --out or --resume, not both")
    height, width = args.size or (3, 3)
    if not 2 <= height * width <= MAX_PROVE_CELLS:
        raise BoggleError(f"boggle prove takes boards of 2 to {MAX_PROVE_CELLS} cells, not {height}x{width}")
    alphabet = _alphabet(args.letters)
    dictionary_name = args.dictionary or DEFAULT_DICTIONARY
    dictionary = load_dictionary(dictionary_name)
    min_length = shortest_word(args.min_length, height * width)
    record = read_record(Path(args.resume)) if args.resume else None
    threshold = args.threshold
    if threshold is None:
        threshold = (
            record.header["threshold"] if record else _search_threshold(dictionary, height, width, min_length, alphabet)
        )
    task = Task(dictionary_name, height, width, threshold, min_length, alphabet)
    header = task.header(dictionary.digest)
    finished: dict[int, ClassResult] = {}
    if record:
        check_resumable(record, header)
        finished = record.finished
    classes = Classes.standard(height, width, alphabet)
    ids = [class_id for class_id in classes.canonical_ids() if class_id not in finished]
    path = args.resume or args.out
    journal = Journal(Path(path), header, resume=bool(args.resume)) if path else None
    total = len(ids) + len(finished)
    started, done = time.perf_counter(), len(finished)
    results = list(finished.values())
    try:
        run = prove_on_cluster(task, ids, args.cluster) if args.cluster else prove_locally(task, ids, args.jobs or 1)
        for result in run:
            if journal:
                journal.add(result)
            results.append(result)
            done += 1
            _progress(done, total, len(finished), time.perf_counter() - started)
    except KeyboardInterrupt:
        _clear_progress()
        where = f"; boggle prove --resume {path} goes on" if path else " (give --out FILE to keep a proof's classes)"
        print(f"boggle: stopped with {done:,} of {total:,} classes done{where}", file=sys.stderr)
        return 130
    finally:
        if journal:
            journal.close()
    _clear_progress()
    summary = summarize(results, height, width)
    wall = time.perf_counter() - started
    if args.json:
        print_json(_json(summary, task, wall, args.jobs or 1))
    else:
        _print(summary, task, wall, args.jobs or 1)
    return 0


def _alphabet(text: str | None) -> Letters:
    if text is None:
        return ALPHABET
    letters = text.strip().lower()
    if not letters or not letters.isascii() or not letters.isalpha():
        raise BoggleError(f"--letters {cut_short(text)!r}: give letters a to z (q stands for Qu), e.g. aeirst")
    return letters_of(letters)


def _search_threshold(dictionary: Dictionary, height: int, width: int, min_length: int, alphabet: Letters) -> int:
    """The best score a short search finds: a board that scores it exists, so the proof's answer is at least it."""
    weights = {column: weight for column, weight in letter_weights(dictionary.trie).items() if column in alphabet}
    weights = weights or dict.fromkeys(alphabet, 1.0)
    print(f"Searching {THRESHOLD_SEARCH_SECONDS:.0f} s for a threshold…", file=sys.stderr)
    scorer = Scorer(dictionary.trie, height, width, min_length)
    found = search(
        scorer, AnyLetters(height * width, weights, width), THRESHOLD_SEARCH_SECONDS, random.Random(THRESHOLD_SEED)
    )
    return max(found.best_score, 1)


def _progress(done: int, total: int, resumed: int, elapsed: float) -> None:
    if not sys.stderr.isatty():
        return
    new = done - resumed
    left = (total - done) * elapsed / new if new else 0.0
    sys.stderr.write(f"\r{done:,} of {total:,} classes · {elapsed:.0f} s · about {left:.0f} s left  ")
    sys.stderr.flush()


def _clear_progress() -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")


def _print(summary: Summary, task: Task, wall: float, jobs: int) -> None:
    size = f"{task.height}x{task.width}"
    what = f"{size} boards with {task.dictionary}, words of {task.min_length}+ letters"
    if task.alphabet != ALPHABET:
        what += f", letters {''.join(sorted(_letters_text(task.alphabet)))}"
    if summary.boards:
        best = summary.boards[0][1]
        tops = [board for board, points in summary.boards if points == best]
        print(f"Proved: of {what}, none scores more than {best:,}.")
        print(f"Best {plural(len(tops), 'board')} ({best:,} points): {', '.join(tops)}")
    else:
        print(f"Proved: of {what}, none scores {task.threshold:,} or more.")
    print(f"Every board at or above the threshold ({task.threshold:,}), turned and mirrored ones counted once:")
    for board, points in summary.boards:
        print(f"  {board}  {points:,}")
    print(
        f"{summary.classes:,} classes (highest bound {summary.highest_bound:,}), {summary.nodes:,} nodes, "
        f"{summary.candidates:,} boards scored exactly; {summary.cpu_seconds:.1f} s of CPU, "
        f"{wall:.1f} s on {plural(jobs, 'job')}"
    )


def _letters_text(alphabet: Letters) -> list[str]:
    return ["q" if FACES[column] == "qu" else FACES[column] for column in alphabet]


def _json(summary: Summary, task: Task, wall: float, jobs: int) -> dict[str, object]:
    return {
        "size": [task.height, task.width], "dictionary": task.dictionary, "min_length": task.min_length,
        "letters": "".join(_letters_text(task.alphabet)), "threshold": task.threshold,
        "best": summary.boards[0][1] if summary.boards else None,
        "boards": [{"board": board, "points": points} for board, points in summary.boards],
        "classes": summary.classes, "nodes": summary.nodes, "candidates": summary.candidates,
        "highest_bound": summary.highest_bound, "cpu_seconds": round(summary.cpu_seconds, 3),
        "seconds": round(wall, 3), "jobs": jobs,
    }  # fmt: skip
