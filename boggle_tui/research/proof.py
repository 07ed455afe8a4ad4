"""Running a proof: its classes mapped over processes (or a cluster), each finished class one line in a file.

The file is JSON lines: a first line that says what is proved (size, language, word list and its
content hash, threshold, shortest word, letters), then one line per finished class, written whole
and flushed as soon as the class is done. So a proof stopped at any moment (Ctrl+C, a kill, a full
disk) leaves every finished class on record, and `--resume` goes on with the others; a last line
cut short by a kill (no newline at its end) is not a finished class and is done again.

A file read back is trusted no further than it can be checked. It must be a regular file of at most
MAX_FILE_BYTES, lines of at most MAX_LINE_BYTES; the header is checked field by field and must match
the proof asked for; every class line must name one of the proof's canonical classes, once, and
every board it records is scored again with the word list, must be of the proof's letters (and of
its class, and rollable with its dice), and must reach the threshold without passing the bound. A
class's bound, and its claim that no other board of it reaches the threshold, cannot be checked
without proving the class again: a random sample of the classes (RECHECK_SHARE of them, at least
RECHECK_LEAST, drawn with the system's randomness so that an edit cannot know which) is proved again
and must come out the same, and `--verify` proves them all again. A keyed checksum would not help:
the key would sit beside the file, with the person who edits it.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import re
import signal
import stat
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from boggle_tui.engine.alphabets import ALPHABETS, DEFAULT_LANGUAGE
from boggle_tui.engine.dice import DiceSet
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.engine.trie import Trie
from boggle_tui.i18n import _
from boggle_tui.research.prove import (
    ClassResult,
    Letters,
    ProofSettings,
    Prover,
    board_scores,
    board_text,
    canonical,
    columns_of_text,
    proof_alphabet,
)

FORMAT = "boggle-prove 1"
MAX_FILE_BYTES = 1 << 30  # a 4x4 proof (1,068,363 classes) writes about 120 MB
MAX_LINE_BYTES = 1 << 20
MAX_BOUND = 10**9  # points: far above any board's
MAX_COUNT = 10**15  # nodes and candidates of a class
MAX_SECONDS = 10**9  # a class's CPU seconds
MAX_MIN_LENGTH = 64  # the points table's lengths
RECHECK_SHARE = 0.02
RECHECK_LEAST = 3


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
    language: str = DEFAULT_LANGUAGE  # whose boards: the word list is read in it, the faces are its

    def settings(self) -> ProofSettings:
        return ProofSettings(
            self.height, self.width, self.threshold, self.min_length, self.alphabet, dice=self.dice,
            language=self.language,
        )  # fmt: skip

    def trie(self) -> Trie:
        return load_dictionary(self.dictionary, language=self.language).trie

    def header(self, digest: str) -> dict[str, Any]:
        """What the proof is of; a proof with dice names them and their faces (a set may change between versions)."""
        faces = ALPHABETS[self.language].faces
        header = {
            "format": FORMAT, "size": [self.height, self.width], "dictionary": self.dictionary, "digest": digest,
            "threshold": self.threshold, "min_length": self.min_length, "letters": board_text(self.alphabet, faces),
            "language": self.language,
        }  # fmt: skip
        if self.dice:
            header["dice"] = {"set": self.dice.key, "dice": [" ".join(die) for die in self.dice.dice]}
        return header


_worker: Prover | None = None


def start_worker(task: Task) -> None:
    """A worker process's setup: its own word list (from the cache: milliseconds) and prover."""
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    _worker = Prover(task.trie(), task.settings())


def prove_in_worker(class_id: int) -> ClassResult:
    assert _worker is not None, "start_worker first"
    return _worker(class_id)


def prove_locally(task: Task, ids: list[int], jobs: int) -> Iterator[ClassResult]:
    """The classes proved in this process (one job) or in `jobs` processes, in the order they finish."""
    if jobs <= 1 or len(ids) <= 1:
        prover = Prover(task.trie(), task.settings())
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
        prover = _provers[task] = Prover(task.trie(), task.settings())
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
    except Exception as error:
        # A class's own error comes back as itself while the client is connected; a scheduler gone cancels
        # the futures (or closes the connection) and leaves the client reconnecting.
        if isinstance(error, (CancelledError, OSError, TimeoutError)) or client.status != "running":
            raise ClusterLost(str(error)) from None
        raise
    finally:
        client.close()


class ClusterLost(BoggleError):
    """The cluster's scheduler went away mid-proof: the finished classes are on record, the rest are not."""


@dataclass
class Record:
    """A proof file: its header (checked field by field), its class lines and, once checked, its finished classes."""

    path: Path
    header: dict[str, Any]
    lines: list[tuple[int, bytes]]  # (line number, text) of each whole class line
    finished: dict[int, ClassResult] = field(default_factory=dict)
    line_of: dict[int, int] = field(default_factory=dict)  # class id -> its line

    def refuse(self, line: int, reason: str) -> BoggleError:
        """The error for a line of this file that fails a check: which file, which line, why."""
        return BoggleError(
            _("proof file {path}: line {line}: {reason}").format(path=_shown_path(self.path), line=line, reason=reason)
        )


def _shown_path(path: Path) -> str:
    return repr(cut_short(str(path)))


def read_record(path: Path) -> Record:
    """A proof file as written so far, its header checked; a last line with no newline (a kill mid-write) is left out.

    Only a regular file is read (a FIFO would block, /dev/zero never end), and no more of it than MAX_FILE_BYTES.
    """
    shown = _shown_path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise BoggleError(_("proof file {path} does not exist").format(path=shown)) from None
    except OSError as error:
        raise BoggleError(
            _("proof file {path} cannot be read: {error}").format(path=shown, error=error.strerror or error)
        ) from None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise BoggleError(_("proof file {path} is not a regular file").format(path=shown))
        lines = _read_lines(file, path)
    header = _json_object(lines[0][1]) if lines else None
    if header is None or header.get("format") != FORMAT:
        raise BoggleError(_("{path} is not a proof file written by boggle prove").format(path=shown))
    record = Record(path, {}, lines[1:])
    record.header = check_header(header, record)
    return record


def _read_lines(file: IO[bytes], path: Path) -> list[tuple[int, bytes]]:
    """The file's whole lines (numbered from 1), each at most MAX_LINE_BYTES, MAX_FILE_BYTES in all."""
    lines: list[tuple[int, bytes]] = []
    total = 0
    while line := file.readline(MAX_LINE_BYTES + 1):
        total += len(line)
        if total > MAX_FILE_BYTES or len(line) > MAX_LINE_BYTES:
            too_long = _("proof file {path} is too long for a proof: a line over {line} bytes or over {total} in all")
            raise BoggleError(too_long.format(path=_shown_path(path), line=MAX_LINE_BYTES, total=MAX_FILE_BYTES))
        if line.endswith(b"\n"):
            lines.append((len(lines) + 1, line))
    return lines


def _json_object(text: bytes) -> dict[str, Any] | None:
    """A line's JSON object, or None: not JSON, not an object, or with NaN or Infinity."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):  # a bad encoding, a number too long to read, nesting too deep
        return None
    return value if isinstance(value, dict) else None


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _int(value: Any, lowest: int, highest: int) -> int | None:
    """A whole number in range (never a bool or a float), or None."""
    return value if type(value) is int and lowest <= value <= highest else None


# In the order they are checked: the letters are read in the language.
HEADER_FIELDS = ("format", "size", "dictionary", "digest", "threshold", "min_length", "language", "letters", "dice")
OPTIONAL_FIELDS = ("language", "dice")  # a file from before languages is English's; dice only where a proof has them
DIGEST = re.compile(r"[0-9a-f]{1,128}")


def check_header(data: dict[str, Any], record: Record) -> dict[str, Any]:
    """The header with each field checked (the language filled in where a file from before languages has none)."""
    data = {"language": DEFAULT_LANGUAGE, **data}
    for key in data:
        if key not in HEADER_FIELDS:
            raise record.refuse(1, _("the header has a field boggle prove does not write: {field}").format(
                field=repr(cut_short(key, 20))))  # fmt: skip
    for key in HEADER_FIELDS:
        if (key in data or key not in OPTIONAL_FIELDS) and not _field_is_valid(key, data):
            raise record.refuse(1, _("the header's {field} is missing or not valid").format(field=key))
    return data


def _field_is_valid(key: str, data: dict[str, Any]) -> bool:
    value = data.get(key)
    if key == "size":
        sides = [_int(side, 1, 16) for side in value] if isinstance(value, list) and len(value) == 2 else []
        height, width = sides if len(sides) == 2 and None not in sides else (0, 0)
        return 2 <= (height or 0) * (width or 0) <= 16
    if key == "dictionary":
        return isinstance(value, str) and 0 < len(value) <= 4096 and value.isprintable()
    if key == "digest":
        return isinstance(value, str) and DIGEST.fullmatch(value) is not None
    if key == "threshold":
        return _int(value, 1, MAX_BOUND) is not None
    if key == "min_length":
        return _int(value, 1, MAX_MIN_LENGTH) is not None
    if key == "language":
        return isinstance(value, str) and value in ALPHABETS
    if key == "letters":
        return _letters_are_valid(value, data.get("language"))
    if key == "dice":
        return _dice_are_valid(value)
    return True  # format: read before


def _letters_are_valid(value: Any, language: Any) -> bool:
    if not isinstance(value, str) or not isinstance(language, str) or language not in ALPHABETS or len(value) > 256:
        return False
    columns = columns_of_text(value, ALPHABETS[language]) or []
    allowed = proof_alphabet(ALPHABETS[language])
    return bool(columns) and len(set(columns)) == len(columns) and all(c in allowed for c in columns)


def _dice_are_valid(value: Any) -> bool:
    if not isinstance(value, dict) or set(value) != {"set", "dice"}:
        return False
    name, dice = value["set"], value["dice"]
    named = isinstance(name, str) and 0 < len(name) <= 64 and name.isprintable()
    listed = isinstance(dice, list) and len(dice) <= 16 and all(isinstance(d, str) and len(d) <= 64 for d in dice)
    return named and listed


def check_resumable(record: Record, header: dict[str, Any]) -> None:
    """A proof goes on only with the same size, language, word list (by content), threshold, shortest word,
    letters and dice."""
    for key in ("size", "language", "digest", "threshold", "min_length", "letters", "dice"):
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


CLASS_FIELDS = {"id", "bound", "boards", "nodes", "candidates", "seconds"}


def check_classes(record: Record, task: Task, trie: Trie) -> None:
    """Each class line checked against the proof, its boards scored again; fills `record.finished`.

    Raises BoggleError naming the first line that fails, and why."""
    settings = task.settings()
    canonical_ids = set(settings.classes.canonical_ids())
    recorded: list[tuple[int, list[int], int]] = []  # (line, board, points claimed)
    for number, text in record.lines:
        result = _class_line(record, number, text, settings, canonical_ids)
        recorded += [(number, columns, points) for columns, points in result.boards]
        record.finished[result.class_id] = result
        record.line_of[result.class_id] = number
    boards = [columns for _, columns, _ in recorded]
    for (number, columns, claimed), points in zip(recorded, board_scores(trie, boards, settings), strict=True):
        if points != claimed:
            board = board_text(columns, settings.faces)
            raise record.refuse(number, _("board {board} scores {points}, not {claimed}").format(
                board=board, points=points, claimed=claimed))  # fmt: skip


def _class_line(record: Record, number: int, text: bytes, settings: ProofSettings, ids: set[int]) -> ClassResult:
    data = _json_object(text)
    damaged = _("not a class as boggle prove writes one")
    if data is None or not {"id", "bound", "boards", "nodes", "seconds"} <= set(data) <= CLASS_FIELDS:
        raise record.refuse(number, damaged)
    class_id, bound = _int(data["id"], -(2**63), 2**63), _int(data["bound"], 0, MAX_BOUND)
    nodes, candidates = _int(data["nodes"], 0, MAX_COUNT), _int(data.get("candidates", 0), 0, MAX_COUNT)
    seconds, boards = data["seconds"], data["boards"]
    timed = type(seconds) in (int, float) and math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS
    if None in (class_id, bound, nodes, candidates) or not timed or not isinstance(boards, list):
        raise record.refuse(number, damaged)
    assert class_id is not None and bound is not None  # for mypy: checked just above
    if class_id not in ids:
        raise record.refuse(number, _("class {id} is not one of this proof's classes").format(id=class_id))
    if class_id in record.finished:
        raise record.refuse(number, _("class {id} is there twice").format(id=class_id))
    letters = settings.classes.letters(class_id)
    found = []
    for entry in boards:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
            raise record.refuse(number, damaged)
        board, points = entry[0][:64], _int(entry[1], 0, MAX_BOUND)
        columns = columns_of_text(board, settings.letters)
        if (
            columns is None
            or len(columns) != len(letters)
            or any(c not in s for c, s in zip(columns, letters, strict=True))
        ):
            message = _("board {board} is not made of this proof's letters for class {id}")
            raise record.refuse(number, message.format(board=repr(board), id=class_id))
        if points is None or not settings.threshold <= points <= bound or not settings.rollable(columns):
            message = _("board {board} cannot be in class {id}: under the threshold, over the bound or not rollable")
            raise record.refuse(number, message.format(board=repr(board), id=class_id))
        found.append((columns, points))
    return ClassResult(class_id, bound, found, nodes or 0, float(seconds), candidates or 0)


def recheck_sample(ids: Iterable[int], rng: random.Random) -> list[int]:
    """The finished classes to prove again on resuming: RECHECK_SHARE of them, at least RECHECK_LEAST."""
    pool = sorted(ids)
    count = min(len(pool), max(RECHECK_LEAST, math.ceil(RECHECK_SHARE * len(pool))))
    return sorted(rng.sample(pool, count))


def recheck(record: Record, results: Iterable[ClassResult]) -> None:
    """Each class proved again must give the bound and the boards its line records."""
    for result in results:
        recorded = record.finished[result.class_id]
        if result.bound != recorded.bound or sorted(result.boards) != sorted(recorded.boards):
            message = _("class {id} proved again has bound {bound} and {count} boards, not what the file says")
            reason = message.format(id=result.class_id, bound=result.bound, count=len(result.boards))
            raise record.refuse(record.line_of[result.class_id], reason)


class Journal:
    """The proof file being written: each finished class one line, whole, flushed at once."""

    def __init__(self, path: Path, header: dict[str, Any], resume: bool) -> None:
        self.path = path
        self.faces = ALPHABETS[header["language"]].faces
        try:
            if not resume:
                with path.open("x", encoding="utf-8") as new:  # never over a file that exists
                    new.write(json.dumps(header, ensure_ascii=False) + "\n")
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
        line = json.dumps(result.to_json(self.faces), separators=(",", ":"), ensure_ascii=False)
        self.file.write(line + "\n")
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


def summarize(results: Iterable[ClassResult], height: int, width: int, faces: tuple[str, ...]) -> Summary:
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
            boards[board_text(canonical(columns, height, width, faces), faces)] = points
    ranked = sorted(boards.items(), key=lambda item: (-item[1], item[0]))
    return Summary(ranked, classes, nodes, cpu, candidates, highest)


Progress = Callable[[int, int, float], None]  # classes done, classes in all, CPU seconds so far
