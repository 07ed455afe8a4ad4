"""Running a proof: its classes mapped over processes (or a cluster), each finished class one line in a file.

The file is JSON lines: a first line that says what is proved (size, word list and its content
hash, threshold, shortest word, letters), then one line per finished class, written whole and
flushed as soon as the class is done. So a proof stopped at any moment (Ctrl+C, a kill, a full
disk) leaves every finished class on record, and `--resume` goes on with the others; a last line
cut short by a kill is not a finished class and is done again.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from boggle_tui.engine.dice import DiceSet
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.i18n import _
from boggle_tui.research.prove import ClassResult, Letters, ProofSettings, Prover, board_text, canonical

FORMAT = "boggle-prove 1"


@dataclass(frozen=True)
class Task:
    """What a worker needs to prove classes: plain values that cross a process or machine boundary."""

    dictionary: str
    height: int
    width: int
    threshold: int
    min_length: int
    alphabet: Letters
    dice: DiceSet | None = None  # only boards these dice can roll; the alphabet is then their faces

    def settings(self) -> ProofSettings:
        return ProofSettings(self.height, self.width, self.threshold, self.min_length, self.alphabet, dice=self.dice)

    def header(self, digest: str) -> dict[str, Any]:
        """What the proof is of; a proof with dice names them and their faces (a set may change between versions)."""
        header = {
            "format": FORMAT, "size": [self.height, self.width], "dictionary": self.dictionary, "digest": digest,
            "threshold": self.threshold, "min_length": self.min_length, "letters": board_text(self.alphabet),
        }  # fmt: skip
        if self.dice:
            header["dice"] = {"set": self.dice.key, "dice": [" ".join(die) for die in self.dice.dice]}
        return header


_worker: Prover | None = None


def start_worker(task: Task) -> None:
    """A worker process's setup: its own word list (from the cache: milliseconds) and prover."""
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    _worker = Prover(load_dictionary(task.dictionary).trie, task.settings())


def prove_in_worker(class_id: int) -> ClassResult:
    assert _worker is not None, "start_worker first"
    return _worker(class_id)


def prove_locally(task: Task, ids: list[int], jobs: int) -> Iterator[ClassResult]:
    """The classes proved in this process (one job) or in `jobs` processes, in the order they finish."""
    if jobs <= 1 or len(ids) <= 1:
        prover = Prover(load_dictionary(task.dictionary).trie, task.settings())
        yield from map(prover, ids)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with context.Pool(jobs, start_worker, (task,)) as pool:
        try:
            yield from pool.imap_unordered(prove_in_worker, ids)
        finally:
            pool.terminate()


_provers: dict[Task, Prover] = {}
CONNECT_SECONDS = 30  # how long to wait for a cluster's scheduler


def prove_task(task: Task, class_id: int) -> ClassResult:
    """One class on a cluster worker: the prover (word list loaded, core made) is kept per task."""
    prover = _provers.get(task)
    if prover is None:
        prover = _provers[task] = Prover(load_dictionary(task.dictionary).trie, task.settings())
    return prover(class_id)


def prove_on_cluster(task: Task, ids: list[int], address: str) -> Iterator[ClassResult]:
    """The classes as tasks on the Dask cluster at `address`, in the order they finish.

    Dask rather than Ray: its wheels are pure Python (Ray's is a 70 MB binary per platform), a
    scheduler and workers start with two commands on any machine with this package, and a map over
    ids with results as they come is all a proof needs. Each worker needs the word list: a shipped
    one by name, or a file at the same path.
    """
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise BoggleError(_("--cluster needs the cluster extra: pip install 'boggle-tui[cluster]'")) from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        raise BoggleError(
            _("cannot reach the cluster at {address}: {error}").format(address=repr(cut_short(address)), error=error)
        ) from None
    try:
        futures = client.map(prove_task, [task] * len(ids), ids, pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()


@dataclass
class Record:
    """A proof file: what it proves and the classes it has finished."""

    header: dict[str, Any]
    finished: dict[int, ClassResult] = field(default_factory=dict)


def read_record(path: Path) -> Record:
    """A proof file as written so far; a line cut short at the end (a kill mid-write) is left out."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoggleError(_("proof file {path} does not exist").format(path=repr(cut_short(str(path))))) from None
    except (OSError, UnicodeDecodeError) as error:
        raise BoggleError(
            _("proof file {path} cannot be read: {error}").format(path=repr(cut_short(str(path))), error=error)
        ) from None
    lines = text.splitlines()
    try:
        header = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BoggleError(
            _("{path} is not a proof file written by boggle prove").format(path=repr(cut_short(str(path))))
        )
    record = Record(header)
    for number, line in enumerate(lines[1:], start=2):
        try:
            result = ClassResult.from_json(json.loads(line))
        except (ValueError, KeyError, TypeError, IndexError):
            if number == len(lines):
                break  # the last line, cut short: that class is done again
            raise BoggleError(
                _("proof file {path}: line {line} is damaged").format(path=repr(cut_short(str(path))), line=number)
            ) from None
        record.finished[result.class_id] = result
    return record


def check_resumable(record: Record, header: dict[str, Any]) -> None:
    """A proof goes on only with the same size, word list (by content), threshold, shortest word, letters and dice."""
    for key in ("size", "digest", "threshold", "min_length", "letters", "dice"):
        if record.header.get(key) != header.get(key):
            mine, theirs = _shown(record.header.get(key)), _shown(header.get(key))
            raise BoggleError(
                # Translators: {key} is a field of the proof file (size, digest, threshold, min_length, letters, dice)
                _("the proof file was made with {key} {mine}, not {theirs}: it cannot be resumed so").format(
                    key=key, mine=mine, theirs=theirs
                )
            )


def _shown(value: Any) -> Any:
    """A header's value as an error names it: dice by their set's name."""
    if isinstance(value, dict):
        return value.get("set")
    return "none" if value is None else value


class Journal:
    """The proof file being written: each finished class one line, whole, flushed at once."""

    def __init__(self, path: Path, header: dict[str, Any], resume: bool) -> None:
        self.path = path
        try:
            if not resume:
                with path.open("x", encoding="utf-8") as new:  # never over a file that exists
                    new.write(json.dumps(header) + "\n")
            self.file: IO[str] = path.open("a", encoding="utf-8")
            if resume and path.stat().st_size and not path.read_bytes().endswith(b"\n"):
                self.file.write("\n")  # a line cut short ends here; the class is done again
        except FileExistsError:
            raise BoggleError(
                _("{path} exists: give --resume to go on with it").format(path=repr(cut_short(str(path))))
            ) from None
        except OSError as error:
            raise BoggleError(
                _("proof file {path}: {error}").format(path=repr(cut_short(str(path))), error=error.strerror or error)
            ) from None

    def add(self, result: ClassResult) -> None:
        self.file.write(json.dumps(result.to_json(), separators=(",", ":")) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()


@dataclass
class Summary:
    """A proof's result: every board at or above the threshold (canonical, best first), and its figures."""

    boards: list[tuple[str, int]]
    classes: int
    nodes: int
    cpu_seconds: float
    candidates: int
    highest_bound: int


def summarize(results: Iterable[ClassResult], height: int, width: int) -> Summary:
    boards: dict[str, int] = {}
    classes = nodes = candidates = highest = 0
    cpu = 0.0
    for result in results:
        classes += 1
        nodes += result.nodes
        cpu += result.seconds
        candidates += result.candidates
        highest = max(highest, result.bound)
        for columns, points in result.boards:
            boards[board_text(canonical(columns, height, width))] = points
    ranked = sorted(boards.items(), key=lambda item: (-item[1], item[0]))
    return Summary(ranked, classes, nodes, cpu, candidates, highest)


Progress = Callable[[int, int, float], None]  # classes done, classes in all, CPU seconds so far
