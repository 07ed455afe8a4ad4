"""Every finished round, kept in SQLite in the user data folder.

Nothing here may stop a game: a damaged database is moved aside and a fresh one
started; a folder that cannot be used turns history off. Either way `notice`
says so in one line. Each round is written in one transaction under a unique id,
so it is recorded once or not at all, whatever kills the process.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from boggle_tui.engine.common import denied
from boggle_tui.engine.dictionary import language_of
from boggle_tui.game.record import RoundRecord
from boggle_tui.i18n import _, counted
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
    # Study cards, one per word and word list, and every review of them (storage/study.py).
    """
    CREATE TABLE cards (
        id INTEGER PRIMARY KEY,
        dictionary TEXT NOT NULL,
        word TEXT NOT NULL,
        box INTEGER NOT NULL DEFAULT 0,
        due TEXT NOT NULL,
        added TEXT NOT NULL,
        source TEXT NOT NULL,
        reviews INTEGER NOT NULL DEFAULT 0,
        found_again INTEGER NOT NULL DEFAULT 0,
        suspended INTEGER NOT NULL DEFAULT 0,
        UNIQUE (dictionary, word)
    );
    CREATE TABLE reviews (
        id INTEGER PRIMARY KEY,
        card_id INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
        reviewed_at TEXT NOT NULL,
        drill TEXT NOT NULL,
        right INTEGER NOT NULL,
        box_before INTEGER NOT NULL,
        box_after INTEGER NOT NULL
    );
    CREATE INDEX reviews_day ON reviews (reviewed_at);
    """,
    # Online rounds: every player's name, score and words, as JSON.
    """
    ALTER TABLE rounds ADD COLUMN players TEXT;
    """,
    # The words a player reported (storage/reports.py): one report a word and word list, the latest kept.
    """
    CREATE TABLE reports (
        dictionary TEXT NOT NULL,
        language TEXT NOT NULL,
        word TEXT NOT NULL,
        report TEXT NOT NULL,
        reported_at TEXT NOT NULL,
        PRIMARY KEY (dictionary, word)
    );
    """,
    # Today's board on a server: the player's place on the day's table when their round ended, and of how many.
    """
    ALTER TABLE rounds ADD COLUMN place INTEGER;
    ALTER TABLE rounds ADD COLUMN of_players INTEGER;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def _suspend_denied_cards(db: sqlite3.Connection) -> None:
    """Cards made before the game knew which words are never common (names, abbreviations) or offensive are
    suspended, once, as the reports table comes: `boggle study --restore WORD` brings one back for good."""
    rows = db.execute("SELECT dictionary, word FROM cards WHERE suspended = 0").fetchall()
    for dictionary, word in rows:
        if isinstance(dictionary, str) and isinstance(word, str) and word in denied(language_of(dictionary).code):
            db.execute("UPDATE cards SET suspended = 1 WHERE dictionary = ? AND word = ?", (dictionary, word))


# What a migration does beyond its statements, run in its transaction: AFTER_STEPS[n] after MIGRATIONS[n].
AFTER_STEPS: dict[int, Callable[[sqlite3.Connection], None]] = {4: _suspend_denied_cards}
# What each column must hold to be read, as SQLite's typeof() names it: SQLite keeps whatever a hand or another
# tool put in a column (text in an INTEGER one), so a reader checks each row in the query itself (no cost per
# value in Python) and leaves out the rows that do not hold, counting them.
INTEGER, TEXT, MAYBE_INTEGER, MAYBE_TEXT = ("integer",), ("text",), ("integer", "null"), ("text", "null")
ROUND_TYPES: dict[str, tuple[str, ...]] = {
    "id": INTEGER, "uid": TEXT, "played_at": TEXT, "mode": TEXT, "daily": MAYBE_TEXT, "dice": MAYBE_TEXT,
    "board": TEXT, "code": TEXT, "dictionary": TEXT, "seed": MAYBE_INTEGER, "seconds": MAYBE_INTEGER,
    "min_length": INTEGER, "score": INTEGER, "max_score": INTEGER, "words_total": INTEGER, "ended": MAYBE_TEXT,
    "replay": INTEGER, "players": MAYBE_TEXT, "place": MAYBE_INTEGER, "of_players": MAYBE_INTEGER,
}  # fmt: skip
ROUND_COLUMNS = tuple(ROUND_TYPES)
WORD_TYPES: dict[str, tuple[str, ...]] = {"round_id": INTEGER, "word": TEXT, "score": INTEGER, "found": INTEGER}
# What a reader leaves out, as the notice names a number of them.
LEFT_OUT_NAMES: dict[str, Callable[[int], str]] = {
    "rounds": lambda n: counted(n, "{count} round", "{count} rounds"),
    "words": lambda n: counted(n, "{count} word of a round", "{count} words of rounds"),
    "cards": lambda n: counted(n, "{count} study card", "{count} study cards"),
}


class History:
    """The round history; use `History.open()`, which never raises."""

    def __init__(self, connection: sqlite3.Connection | None, notice: str | None) -> None:
        self._db = connection
        self.notice = notice  # one line for the player when something was not as expected
        self._left_out: dict[str, int] = {}  # rows the last read of each kind could not use, by kind

    def leave_out(self, kind: str, count: int) -> None:
        """Note that the last read of `kind` (a key of LEFT_OUT_NAMES) left `count` unreadable rows out."""
        self._left_out[kind] = count

    def left_out(self) -> str | None:
        """One line naming the rows the last reads left out, or None when every row could be read."""
        counts = [(kind, n) for kind in LEFT_OUT_NAMES if (n := self._left_out.get(kind, 0))]
        if not counts:
            return None
        parts = [LEFT_OUT_NAMES[kind](n) for kind, n in counts]
        listed = parts[0]
        if len(parts) > 1:
            # Translators: the end of a list: "3 rounds, 2 words of rounds and 1 study card"
            listed = _("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])
        return counted(
            sum(n for _kind, n in counts),
            "{rows} in the history cannot be read (values boggle-tui never writes) and is left out.",
            "{rows} in the history cannot be read (values boggle-tui never writes) and are left out.",
        ).format(rows=listed)

    @property
    def enabled(self) -> bool:
        return self._db is not None

    @classmethod
    def disabled(cls) -> History:
        return cls(None, None)

    @classmethod
    def open(cls, folder: Path | None = None) -> History:
        """The history to play with: created if missing, migrated, repaired if damaged."""
        folder = folder or data_dir()
        path = folder / DATABASE
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with _repair_lock(folder):  # two instances never both move the same damaged file aside
                return cls._open_or_repair(path)
        except OSError as error:
            return cls(
                None,
                _("History is off: {path} cannot be used ({error}).").format(
                    path=folder, error=error.strerror or error
                ),
            )

    @classmethod
    def open_to_read(cls, folder: Path | None = None) -> History:
        """The history for a command that only reads it: nothing is created, locked, repaired or written.

        A database of an older schema is read through a copy in memory, migrated there: the file is the
        game's to migrate. One whose tables are not those of the schema it is marked with is not read.
        """
        folder = folder or data_dir()
        path = folder / DATABASE
        if folder.exists() and not folder.is_dir():  # a file or a FIFO named as the data folder: said, never empty
            return cls(None, _("History cannot be read: {path} is not a folder.").format(path=folder))
        if not path.is_file():
            return cls.disabled()
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
            try:
                db.row_factory = sqlite3.Row
                marked, held = _versions(db, path)
                if marked == held == SCHEMA_VERSION:
                    return cls(db, None)
                if marked != held:
                    db.close()
                    return cls(None, _mismarked_to_read(path, marked, held))
                return cls(_migrated_copy(db), None)
            except BaseException:
                db.close()
                raise
        except NewerDatabase:
            return cls(None, _newer(path))
        except sqlite3.Error as error:
            if isinstance(error, sqlite3.DatabaseError) and _damaged(error):  # what the next game will do
                return cls(
                    None,
                    _(
                        "History cannot be read: {path} ({error}). The next game moves it aside in {folder} "
                        "(as {name}.corrupt-TIME) and starts a fresh one; `boggle history --repair` does so now."
                    ).format(path=path, error=error, folder=path.parent, name=path.name),
                )
            return cls(None, _("History cannot be read: {path} ({error}).").format(path=path, error=error))

    @classmethod
    def _open_or_repair(cls, path: Path) -> History:
        try:
            return cls(*_connect(path))
        except NewerDatabase:
            return cls(None, _newer(path))
        except sqlite3.DatabaseError as error:
            if not _damaged(error):  # locked by a stuck process, unwritable folder...: leave the file alone
                return cls(None, _("History is off: {path} cannot be used ({error}).").format(path=path, error=error))
            # Microseconds and a random tail: a second repair never lands on the first one's file.
            stamp = f"{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S%f}-{secrets.token_hex(3)}"
            aside = path.with_name(f"{path.name}.corrupt-{stamp}")
            try:
                _move_aside(path, aside)
                db, _notice = _connect(path)
                return cls(db, _("The history database was damaged: moved to {name}.").format(name=aside.name))
            except (OSError, sqlite3.Error) as again:
                return cls(
                    None,
                    _("History is off: {path} is damaged and cannot be replaced ({error}).").format(
                        path=path, error=again
                    ),
                )

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
                    " seed, seconds, min_length, score, max_score, words_total, ended, replay, players, place,"
                    " of_players) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.uid, record.played_at, record.mode, record.daily, record.dice, record.board,
                        record.code, record.dictionary, record.seed, record.seconds, record.min_length,
                        record.score, record.max_score, record.words_total, record.ended, record.replay,
                        json.dumps(list(record.players)) if record.players else None, record.place,
                        record.of_players,
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
            self.notice = _("This round could not be saved: {error}.").format(error=error)
            return False

    def rounds(self, limit: int | None = None) -> list[RoundRecord]:
        """Past rounds, newest first."""
        if self._db is None:
            return []
        try:
            return self._rounds(self._db, limit)
        except sqlite3.Error as error:
            self.notice = _("History cannot be read: {error}.").format(error=error)
            return []

    def _rounds(self, db: sqlite3.Connection, limit: int | None) -> list[RoundRecord]:
        query = f"SELECT {', '.join(ROUND_COLUMNS)}, {_holds(ROUND_TYPES)} AS readable FROM rounds"
        query += " ORDER BY played_at DESC, id DESC"
        rows = db.execute(query + (" LIMIT ?" if limit else ""), (limit,) if limit else ()).fetchall()
        readable = [row for row in rows if row["readable"]]
        self.leave_out("rounds", len(rows) - len(readable))
        if not readable:
            return []
        found: dict[int, dict[str, int]] = {row["id"]: {} for row in readable}
        missed: dict[int, list[str]] = {row["id"]: [] for row in readable}
        odd_words = 0
        # One query for the words of every round, not one per round.
        words = db.execute(
            f"SELECT round_id, word, score, found, {_holds(WORD_TYPES)} FROM words WHERE round_id >= ?", (min(found),)
        )
        for round_id, word, points, was_found, word_readable in words:
            if round_id not in found:
                continue
            if not word_readable:
                odd_words += 1
            elif was_found:
                found[round_id][word] = points
            else:
                missed[round_id].append(word)
        self.leave_out("words", odd_words)
        return [
            RoundRecord(
                **{key: row[key] for key in row.keys() if key not in ("id", "replay", "players", "readable")},  # noqa: SIM118
                replay=bool(row["replay"]),
                players=_players(row["players"]),
                found=found[row["id"]],
                missed=tuple(sorted(missed[row["id"]])),
            )
            for row in readable
        ]

    def most_missed(self, codes: Sequence[str] | None = None) -> list[tuple[str, int]]:
        """Missed words with on how many boards, the most often first (a replay's board counts once).

        `codes`: only on boards whose code matches one of these GLOB patterns (game/codes.code_glob: the
        boards of some languages; a German word may be spelt as an English one). None: on every board."""
        where = ""
        if codes is not None:
            where = " AND (" + " OR ".join(["rounds.code GLOB ?"] * len(codes)) + ")" if codes else " AND 0"
        query = (
            "SELECT word, COUNT(DISTINCT rounds.board) AS n FROM words JOIN rounds ON rounds.id = words.round_id"
            f" WHERE found = 0 AND typeof(word) = 'text'{where} GROUP BY word ORDER BY n DESC, word"
        )
        return [(row[0], row[1]) for row in self.read(query, tuple(codes or ()))]

    def read(self, query: str, parameters: tuple[object, ...] = ()) -> list[sqlite3.Row]:
        """The rows of a query; none, with a notice, when the database cannot answer it."""
        if self._db is None:
            return []
        try:
            return self._db.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            self.notice = _("History cannot be read: {error}.").format(error=error)
            return []

    def write(self, change: Callable[[sqlite3.Connection], object]) -> bool:
        """Run `change` in one write transaction: True if it is all stored, False (with a notice) if none of it is."""
        if self._db is None:
            return False
        try:
            with self._transaction() as db:
                change(db)
            return True
        except sqlite3.Error as error:
            self.notice = _("The history could not be written: {error}.").format(error=error)
            return False

    def _transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        assert self._db is not None
        return _immediate(self._db)


def _holds(types: dict[str, tuple[str, ...]]) -> str:
    """An SQL expression, true where every column holds a value of its types."""
    return " AND ".join(f"typeof({column}) IN ({', '.join(repr(t) for t in kinds)})" for column, kinds in types.items())


def _players(stored: str | None) -> tuple[dict[str, Any], ...]:
    """An online round's players as saved; anything unreadable reads as none (the round itself stands)."""
    if not stored:
        return ()
    try:
        players = json.loads(stored)
    except ValueError:
        return ()
    return tuple(p for p in players if isinstance(p, dict)) if isinstance(players, list) else ()


class NewerDatabase(Exception):
    """A database whose schema is newer than this release knows."""


def _connect(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """The game's connection, migrated, and a notice when the schema's version had to be set right.

    The database is looked at first through a read-only connection: closing a read-write one checkpoints
    its WAL into the file, and a `-wal` that is not this file's (a sync or a restore beside a crashed
    game's) must go aside with it untouched, not be written into it."""
    marked = held = 0  # no file, or an empty one: a new database
    notice = None
    if path.is_file() and path.stat().st_size:
        look = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
        try:
            look.execute("PRAGMA busy_timeout = 10000")
            if look.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            marked, held = _versions(look, path)
        finally:
            look.close()
        if marked != held:
            notice = _(
                "The history was marked as schema version {marked} but holds the tables of version {held}: "
                "marked {held} again, every round kept."
            ).format(marked=marked, held=held)
    # isolation_level=None: transactions are begun explicitly, so each round is one.
    db = sqlite3.connect(path, timeout=10, isolation_level=None)
    try:
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA busy_timeout = 10000")  # another instance may be writing
        db.execute("PRAGMA journal_mode = WAL")
        _migrate(db, held)
        _check_schema(db)
    except BaseException:
        db.close()
        raise
    return db, notice


def _migrated_copy(db: sqlite3.Connection) -> sqlite3.Connection:
    """A copy of the database in memory, migrated to this release's schema (`db` is closed)."""
    copy = sqlite3.connect(":memory:", isolation_level=None)
    try:
        db.backup(copy)
        db.close()
        copy.row_factory = sqlite3.Row
        _migrate(copy, copy.execute("PRAGMA user_version").fetchone()[0])
        _check_schema(copy)
    except BaseException:
        copy.close()
        raise
    return copy


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


def _migrate(db: sqlite3.Connection, held: int) -> None:
    """Take the database from the schema version its tables hold (`_versions`) to this release's."""
    with _immediate(db):  # one instance migrates; another waits, then sees it done
        marked = db.execute("PRAGMA user_version").fetchone()[0]
        if marked > SCHEMA_VERSION:
            raise NewerDatabase(marked)
        if marked == SCHEMA_VERSION:  # another instance has just migrated it
            return
        for step in range(held, SCHEMA_VERSION):
            for statement in MIGRATIONS[step].split(";"):
                if statement.strip():
                    db.execute(statement)
            if step in AFTER_STEPS:
                AFTER_STEPS[step](db)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")  # in the same transaction: all of it, or none


def _schemas() -> tuple[dict[str, set[str]], ...]:
    """Each schema version's tables and their columns, as the migrations make them: [0] has none."""
    db = sqlite3.connect(":memory:")
    schemas = [_tables(db)]
    for migration in MIGRATIONS:
        db.executescript(migration)
        schemas.append(_tables(db))
    db.close()
    return tuple(schemas)


def _tables(db: sqlite3.Connection) -> dict[str, set[str]]:
    """The database's own tables (not SQLite's) and their columns."""
    query = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'"
    return {row[0]: _columns(db, row[0]) for row in db.execute(query).fetchall()}


def _versions(db: sqlite3.Connection, path: Path) -> tuple[int, int]:
    """The schema version the database is marked with (its user_version) and the one its tables hold.

    Marked with this release's version, its tables must hold at least this schema's columns (an extra one
    is harmless). Marked older, its tables must be exactly those of a version (the newest that fits). A
    `-wal` from another copy beside the file (a sync or a restore beside a crashed game's journal) shows
    another database through this one: a mark and tables that are no version's, or fewer pages than the
    file holds (a history never shrinks: boggle-tui never vacuums it). Either is damage, never migrated
    "in place" (which would lose every round). A user_version set back by hand shows as a mark that is
    not the tables' version: the caller sets it right.
    """
    db.execute("BEGIN")  # one read transaction: no checkpoint grows the file while it is measured
    try:
        marked = db.execute("PRAGMA user_version").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        if path.stat().st_size > pages * page_size:
            raise sqlite3.DatabaseError(
                f"damaged: its journal ({path.name}-wal) shows {pages} pages of a file of"
                f" {path.stat().st_size // page_size}, another database's"
            )
        if marked > SCHEMA_VERSION:
            raise NewerDatabase(marked)
        if marked == SCHEMA_VERSION:
            _check_schema(db)
            return marked, marked
        tables = _tables(db)
    finally:
        db.execute("ROLLBACK")
    for version in range(SCHEMA_VERSION, -1, -1):
        schema = SCHEMAS[version]
        if tables.keys() == schema.keys() and all(columns <= tables[name] for name, columns in schema.items()):
            return marked, version
    raise sqlite3.DatabaseError(
        f"damaged: marked as schema version {marked}, its tables ({', '.join(sorted(tables)) or 'none'})"
        " are those of no version"
    )


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def _check_schema(db: sqlite3.Connection) -> None:
    """A table or column missing (at the current user_version) is damage; an extra column is left alone."""
    for table, columns in EXPECTED_COLUMNS.items():
        if missing := columns - _columns(db, table):
            raise sqlite3.DatabaseError(f"damaged: table {table} lacks {', '.join(sorted(missing))}")


def _mismarked_to_read(path: Path, marked: int, held: int) -> str:
    return _(
        "History cannot be read: {path} is marked as schema version {marked} but holds the tables of version "
        "{held}. The next game marks it {held} again; `boggle history --repair` does so now."
    ).format(path=path, marked=marked, held=held)


def _newer(path: Path) -> str:
    return _("History is off: {path} was written by a newer boggle-tui.").format(path=path)


def _damaged(error: sqlite3.DatabaseError) -> bool:
    text = str(error)
    return any(sign in text for sign in ("not a database", "malformed", "quick_check", "corrupt", "damaged"))


@contextlib.contextmanager
def _repair_lock(folder: Path) -> Iterator[None]:
    """Hold a lock file in the data folder while the database is opened and, if need be, repaired."""
    if fcntl is None:  # Windows: no repair lock
        yield
        return
    with (folder / f"{DATABASE}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _move_aside(path: Path, aside: Path) -> None:
    path.rename(aside)
    for suffix in ("-wal", "-shm"):  # the damaged database's journal goes with it
        journal = path.with_name(path.name + suffix)
        if journal.exists():
            journal.rename(aside.with_name(aside.name + suffix))


SCHEMAS = _schemas()
EXPECTED_COLUMNS = SCHEMAS[SCHEMA_VERSION]
