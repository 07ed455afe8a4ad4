"""Every finished round, kept in SQLite in the user data folder.

Nothing here may stop a game: a damaged database is moved aside and a fresh one
started; a folder that cannot be used turns history off. Either way `notice`
says so in one line. Each round is written in one transaction under a unique id,
so it is recorded once or not at all, whatever kills the process.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from boggle_tui.game.record import RoundRecord
from boggle_tui.storage.paths import data_dir

DATABASE = "history.sqlite3"

# Migrations in order: MIGRATIONS[n] takes a database from version n to n + 1.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE rounds (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        played_at TEXT NOT NULL,
        mode TEXT NOT NULL,
        daily TEXT,
        dice TEXT,
        board TEXT NOT NULL,
        code TEXT NOT NULL,
        dictionary TEXT NOT NULL,
        seed INTEGER,
        seconds INTEGER,
        min_length INTEGER NOT NULL,
        score INTEGER NOT NULL,
        max_score INTEGER NOT NULL,
        words_total INTEGER NOT NULL,
        ended TEXT
    );
    CREATE TABLE words (
        round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
        word TEXT NOT NULL,
        score INTEGER NOT NULL,
        found INTEGER NOT NULL,
        PRIMARY KEY (round_id, word)
    );
    CREATE INDEX words_missed ON words (word) WHERE found = 0;
    CREATE INDEX rounds_daily ON rounds (daily) WHERE daily IS NOT NULL;
    """,
    """
    ALTER TABLE rounds ADD COLUMN replay INTEGER NOT NULL DEFAULT 0;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class History:
    """The round history; use `History.open()`, which never raises."""

    def __init__(self, path: Path | None, connection: sqlite3.Connection | None, notice: str | None) -> None:
        self.path = path
        self._db = connection
        self.notice = notice  # one line for the player when something was not as expected

    @property
    def enabled(self) -> bool:
        return self._db is not None

    @classmethod
    def disabled(cls) -> History:
        return cls(None, None, None)

    @classmethod
    def open(cls, folder: Path | None = None) -> History:
        folder = folder or data_dir()
        path = folder / DATABASE
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return cls(path, _connect(path), None)
        except NewerDatabase:
            return cls(path, None, f"History is off: {path} was written by a newer boggle-tui.")
        except sqlite3.DatabaseError as error:
            if not _damaged(error):  # locked by a stuck process, unwritable folder...: leave the file alone
                return cls(path, None, f"History is off: {path} cannot be used ({error}).")
            aside = path.with_name(f"{path.name}.corrupt-{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S}")
            try:
                _move_aside(path, aside)
                return cls(path, _connect(path), f"The history database was damaged: moved to {aside.name}.")
            except (OSError, sqlite3.Error) as again:
                return cls(path, None, f"History is off: {path} is damaged and cannot be replaced ({again}).")
        except OSError as error:
            return cls(path, None, f"History is off: {folder} cannot be used ({error.strerror or error}).")

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def record(self, record: RoundRecord) -> bool:
        """Write a round once: True if it is now stored (a second call with its uid changes nothing)."""
        if self._db is None:
            return False
        try:
            with self._transaction() as db:
                cursor = db.execute(
                    "INSERT OR IGNORE INTO rounds (uid, played_at, mode, daily, dice, board, code, dictionary,"
                    " seed, seconds, min_length, score, max_score, words_total, ended, replay)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.uid, record.played_at, record.mode, record.daily, record.dice, record.board,
                        record.code, record.dictionary, record.seed, record.seconds, record.min_length,
                        record.score, record.max_score, record.words_total, record.ended, record.replay,
                    ),
                )  # fmt: skip
                if cursor.rowcount:
                    words = [(w, p, 1) for w, p in record.found.items()] + [(w, 0, 0) for w in record.missed]
                    db.executemany(
                        "INSERT INTO words (round_id, word, score, found) VALUES (?, ?, ?, ?)",
                        [(cursor.lastrowid, *row) for row in words],
                    )
            return True
        except sqlite3.Error as error:
            self.notice = f"This round could not be saved: {error}."
            return False

    def rounds(self, limit: int | None = None) -> list[RoundRecord]:
        """Past rounds, newest first."""
        if self._db is None:
            return []
        query = "SELECT * FROM rounds ORDER BY played_at DESC, id DESC" + (" LIMIT ?" if limit else "")
        rows = self._db.execute(query, (limit,) if limit else ()).fetchall()
        if not rows:
            return []
        found: dict[int, dict[str, int]] = {row["id"]: {} for row in rows}
        missed: dict[int, list[str]] = {row["id"]: [] for row in rows}
        # One query for the words of every round, not one per round.
        words = self._db.execute("SELECT round_id, word, score, found FROM words WHERE round_id >= ?", (min(found),))
        for round_id, word, points, was_found in words:
            if round_id in found:
                if was_found:
                    found[round_id][word] = points
                else:
                    missed[round_id].append(word)
        return [
            RoundRecord(
                **{key: row[key] for key in row.keys() if key not in ("id", "replay")},  # noqa: SIM118 (sqlite3.Row)
                replay=bool(row["replay"]),
                found=found[row["id"]],
                missed=tuple(sorted(missed[row["id"]])),
            )
            for row in rows
        ]

    def most_missed(self) -> Iterator[tuple[str, int]]:
        """Missed words with how often, the most often first."""
        if self._db is None:
            return iter(())
        return iter(
            self._db.execute(
                "SELECT word, COUNT(*) AS n FROM words WHERE found = 0 GROUP BY word ORDER BY n DESC, word"
            ).fetchall()
        )

    def daily_dates(self) -> set[str]:
        if self._db is None:
            return set()
        return {row[0] for row in self._db.execute("SELECT DISTINCT daily FROM rounds WHERE daily IS NOT NULL")}

    def _transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        assert self._db is not None
        return _immediate(self._db)


class NewerDatabase(Exception):
    """A database whose schema is newer than this release knows."""


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: transactions are begun explicitly, so each round is one.
    db = sqlite3.connect(path, timeout=10, isolation_level=None)
    try:
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA busy_timeout = 10000")  # another instance may be writing
        if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError("quick_check failed")
        db.execute("PRAGMA journal_mode = WAL")
        _migrate(db)
    except BaseException:
        db.close()
        raise
    return db


@contextlib.contextmanager
def _immediate(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A write transaction, taken at once: all of it is committed, or none of it."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    db.commit()


def _migrate(db: sqlite3.Connection) -> None:
    with _immediate(db):  # one instance migrates; another waits, then sees it done
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerDatabase(version)
        for step in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[step].split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {step + 1}")


def _damaged(error: sqlite3.DatabaseError) -> bool:
    text = str(error)
    return any(sign in text for sign in ("not a database", "malformed", "quick_check", "corrupt"))


def _move_aside(path: Path, aside: Path) -> None:
    path.rename(aside)
    for suffix in ("-wal", "-shm"):  # the damaged database's journal goes with it
        journal = path.with_name(path.name + suffix)
        if journal.exists():
            journal.rename(aside.with_name(aside.name + suffix))
