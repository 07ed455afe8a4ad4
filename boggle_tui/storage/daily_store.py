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

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boggle_tui.game.daily_table import DailyStore
from boggle_tui.storage.daily_sql import SqlStore
from boggle_tui.storage.paths import data_dir

STORE_FILE = "daily-server.sqlite3"


class SqliteStore(SqlStore):
    """One server process's table, in one SQLite file (WAL: a query never waits for a result being written)."""

    def __init__(self, path: Path | str) -> None:
        super().__init__()
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")  # WAL: a crash may lose the last results, never the file
        self.db.execute("PRAGMA busy_timeout = 5000")
        self._in_transaction = False
        self.create()

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
    """The store `where` names: a postgresql:// URL, a SQLite file's path, or the default file."""
    if where and where.startswith(("postgresql://", "postgres://")):
        from boggle_tui.storage.daily_postgres import PostgresStore

        return PostgresStore(where)
    return SqliteStore(Path(where) if where else default_store_path())
