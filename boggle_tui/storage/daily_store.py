"""A server's daily tables: who played which day's board, with what score and words, and who plays with whom.

One interface (game/daily_table.py `DailyStore`), two stores: SQLite for one server process (a file
beside its state, surviving restarts), PostgreSQL (storage/daily_postgres.py) where several processes
share one table. Both run the same SQL (`SqlStore`), written once with `?` for its parameters.
Everything a caller passes in is already checked (net/daily.py); the store keeps the rules that must
hold across processes: a name belongs to one secret, and a player has one attempt a day per language
(each an INSERT that only one caller can win).

The figures of a table (ranks, percentiles, top, average) come from the day's score histogram (the `scores`
table, a row per score, kept as results finish), and a player's neighbours from short ranges of the table's index:
a placement reads a few dozen rows whatever the number of players, in two round trips to PostgreSQL.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boggle_tui.engine.atomic import write_bytes_atomic
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.daily_table import DailyStore
from boggle_tui.i18n import _
from boggle_tui.storage.daily_sql import SqlStore
from boggle_tui.storage.paths import data_dir

STORE_FILE = "daily-server.sqlite3"


SECRET_FORM = re.compile(r"[A-Za-z0-9_-]{32,128}")  # a deal secret as storage/daily_sql.py makes it
BUSY_MS = 5000  # a store locked by another process is waited for this long, then said to be locked
DAMAGED = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB (the primary codes of an extended one)
STORE_MARK = 0x626F67  # "bog": PRAGMA user_version of a file that is a daily store (and no other program's)
OUR_TABLES = {"players", "results"}  # what a store made before the mark has


class NotAStore(sqlite3.DatabaseError):
    """A SQLite file of another program's: its tables are left alone."""


class SqliteStore(SqlStore):
    """One server process's table, in one SQLite file (WAL: a query never waits for a result being written)."""

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = Path(path)
        self.notice: str | None = None  # said once by the server: a damaged store moved aside
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        try:
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            self._in_transaction = False
            self._mark()  # before anything is written: another program's file is left as it was
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")  # WAL: a crash may lose the last results, never the file
            self.create()
        except BaseException:
            self.db.close()
            raise

    def _mark(self) -> None:
        """A new file, or a store made before the mark, is marked ours; any other program's is refused."""
        (mark,) = self.db.execute("PRAGMA user_version").fetchone()
        if mark == STORE_MARK:
            return
        tables = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if mark != 0 or (tables and not tables >= OUR_TABLES):
            raise NotAStore(_("it is another program's database"))
        self.db.execute(f"PRAGMA user_version = {STORE_MARK}")

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        if not self._in_transaction and not sql.lstrip().upper().startswith("SELECT"):
            self.db.execute("BEGIN IMMEDIATE")
            self._in_transaction = True
        return self.db.execute(sql, tuple(params))

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not self._in_transaction:
            self.db.execute("BEGIN IMMEDIATE")
            self._in_transaction = True
        self.db.executemany(sql, rows)

    def _commit(self) -> None:
        if self._in_transaction:
            self.db.execute("COMMIT")
            self._in_transaction = False

    def _rollback(self) -> None:
        self._in_transaction = False
        if self.db.in_transaction:  # SQLite may have rolled back already (a full disk, say)
            self.db.execute("ROLLBACK")

    def deal_secret(self) -> str:
        """The store's secret, kept in a file beside it as well (`.secret`, this user's alone): a damaged store moved
        aside for a fresh one goes on dealing the same boards, so a day under way keeps its board."""
        if str(self.path) == ":memory:":
            return super().deal_secret()
        beside = self.path.with_name(self.path.name + ".secret")
        with contextlib.suppress(OSError, UnicodeDecodeError):
            if beside.is_file() and beside.stat().st_size <= 256:
                kept = beside.read_text(encoding="utf-8").strip()
                if SECRET_FORM.fullmatch(kept):
                    return kept
        secret = super().deal_secret()
        write_bytes_atomic(beside, secret.encode())  # mkstemp's file: 0600 from the start
        return secret

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def size(self) -> int:
        """Bytes on disk, the write-ahead log included (benchmarks/daily.py)."""
        files = [self.path, self.path.with_name(self.path.name + "-wal")]
        return sum(f.stat().st_size for f in files if f.exists())


def default_store_path() -> Path:
    return data_dir() / STORE_FILE


def open_store(where: str | None = None) -> DailyStore:
    """The store `where` names: a postgresql:// URL, a SQLite file's path, or (None) the default file. One that
    cannot be a store is a BoggleError in one line; the default file, damaged, is moved aside for a fresh one."""
    if where is not None and not where.strip():
        raise BoggleError(_("--store needs a SQLite file's path or a postgresql:// URL"))
    if where and where.startswith(("postgresql://", "postgres://")):
        from boggle_tui.storage.daily_postgres import PostgresStore

        return PostgresStore(where)
    if where and "://" in where:
        raise BoggleError(
            _("--store takes a SQLite file's path or a postgresql:// URL, not {where}").format(where=repr(where[:80]))
        )
    path = Path(where) if where else default_store_path()
    try:
        return _open_file(path, fresh_if_damaged=where is None)
    except (sqlite3.Error, OSError) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        shown = str(path) if len(str(path)) <= 100 else str(path)[:100] + "…"
        raise BoggleError(_("cannot open the daily store {path}: {reason}").format(path=shown, reason=reason)) from None


def _open_file(path: Path, *, fresh_if_damaged: bool) -> SqliteStore:
    if path.exists() and not path.is_file():  # a folder; a FIFO or a device would be read without end
        raise OSError(_("it is not a file"))
    try:
        return SqliteStore(path)
    except NotAStore:
        raise
    except sqlite3.DatabaseError as error:
        # Only a file that is no database, or a corrupt one, is damaged: a locked, busy or full one is left alone
        # (moving it aside would start an empty table under a process still writing the old one).
        if not fresh_if_damaged or getattr(error, "sqlite_errorcode", 0) & 0xFF not in DAMAGED:
            raise
    stamp = f"{path.name}.damaged-{dt.datetime.now(dt.UTC):%Y%m%d-%H%M%S}"
    aside = next(a for n in range(1000) if not (a := path.with_name(stamp + (f"-{n}" if n else ""))).exists())
    path.rename(aside)
    for journal in ("-wal", "-shm"):  # the damaged file's journal goes with it
        with contextlib.suppress(FileNotFoundError):
            path.with_name(path.name + journal).rename(aside.with_name(aside.name + journal))
    store = SqliteStore(path)
    store.notice = _("the daily store was damaged: moved to {name}, and a fresh one begun").format(name=aside.name)
    return store
