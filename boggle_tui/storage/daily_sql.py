"""The SQL of the daily tables, written once for both stores (storage/daily_store.py has the interface's story).

Parameters are marked `?`; a store whose driver marks them otherwise (PostgreSQL: `%s`) says so in `marker`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from boggle_tui.game.daily_table import MAX_ROWS, NEIGHBOURS, OpenRound, Placement, Row, Summary, percentile

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS players (
        name TEXT PRIMARY KEY, secret TEXT NOT NULL, since TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS results (
        day TEXT NOT NULL, language TEXT NOT NULL, name TEXT NOT NULL,
        score INTEGER NOT NULL DEFAULT 0, words INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0,
        found TEXT NOT NULL DEFAULT '', verified INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (day, language, name))""",
    # The table's order, the players tied on a score by name: a neighbour is a short range of it, never a scan.
    "CREATE INDEX IF NOT EXISTS results_rank ON results (day, language, finished, score, name)",
    "DROP INDEX IF EXISTS results_table",  # the index before it, of score alone
    """CREATE TABLE IF NOT EXISTS finds (
        day TEXT NOT NULL, language TEXT NOT NULL, word TEXT NOT NULL, players INTEGER NOT NULL,
        PRIMARY KEY (day, language, word))""",
    """CREATE TABLE IF NOT EXISTS friends (
        a TEXT NOT NULL, b TEXT NOT NULL, PRIMARY KEY (a, b))""",
    # The day's score histogram, kept as results finish: a placement reads a row per score, not per player.
    """CREATE TABLE IF NOT EXISTS scores (
        day TEXT NOT NULL, language TEXT NOT NULL, score INTEGER NOT NULL, players INTEGER NOT NULL,
        PRIMARY KEY (day, language, score))""",
    # A round under way: its deadline (milliseconds of the wall clock, which outlives a server's process) and the
    # last entry id judged, beside its result's words so far: a restarted server resumes it, or finishes it.
    """CREATE TABLE IF NOT EXISTS rounds (
        day TEXT NOT NULL, language TEXT NOT NULL, name TEXT NOT NULL, deadline BIGINT NOT NULL,
        last_id BIGINT NOT NULL DEFAULT 0, holder TEXT NOT NULL DEFAULT '', PRIMARY KEY (day, language, name))""",
    # The results still open: the few a sweep for overdue rounds reads, never the day's whole table.
    "CREATE INDEX IF NOT EXISTS results_open ON results (day) WHERE finished = 0",
    # The server's own secret, from which each day's board is dealt (game/daily.py served_deal): made once, by the
    # first process to start, and the same for every process of one store. It never leaves the store and the server.
    "CREATE TABLE IF NOT EXISTS deal_secret (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL)",
)
# Columns added since a store was first made: (table, column, its declaration), added where missing.
ADDED_COLUMNS = (
    ("results", "verified", "INTEGER NOT NULL DEFAULT 1"),
    ("rounds", "holder", "TEXT NOT NULL DEFAULT ''"),
)
# A store made before the histogram was kept: its finished results counted once, when it has none.
FILL_SCORES = (
    "INSERT INTO scores (day, language, score, players) "
    "SELECT day, language, score, COUNT(*) FROM results WHERE finished = 1 AND verified = 1 "
    "AND NOT EXISTS (SELECT 1 FROM scores) GROUP BY day, language, score"
)
COUNT_SCORE = (
    "INSERT INTO scores (day, language, score, players) VALUES (?, ?, ?, 1) "
    "ON CONFLICT (day, language, score) DO UPDATE SET players = scores.players + 1"
)
COUNT_FIND = (
    "INSERT INTO finds (day, language, word, players) VALUES (?, ?, ?, 1) "
    "ON CONFLICT (day, language, word) DO UPDATE SET players = finds.players + 1"
)
# The neighbours above and below a score: the players tied with it (by name), then those past it, each its own
# short range of results_rank. Written as one OR, the two were a scan of the day's rows from the lowest score.
ABOVE = (
    "SELECT name, score, words, verified FROM (SELECT name, score, words, verified FROM results "
    "WHERE day = ? AND language = ? AND finished = 1 AND score = ? AND name < ? ORDER BY name DESC LIMIT ?) AS tied "
    "UNION ALL SELECT name, score, words, verified FROM (SELECT name, score, words, verified FROM results "
    "WHERE day = ? AND language = ? AND finished = 1 AND score > ? ORDER BY score ASC, name DESC LIMIT ?) AS past "
    "ORDER BY score ASC, name DESC LIMIT ?"
)
BELOW = (
    "SELECT name, score, words, verified FROM (SELECT name, score, words, verified FROM results "
    "WHERE day = ? AND language = ? AND finished = 1 AND score = ? AND name > ? ORDER BY name ASC LIMIT ?) AS tied "
    "UNION ALL SELECT name, score, words, verified FROM (SELECT name, score, words, verified FROM results "
    "WHERE day = ? AND language = ? AND finished = 1 AND score < ? ORDER BY score DESC, name ASC LIMIT ?) AS past "
    "ORDER BY score DESC, name ASC LIMIT ?"
)
HISTOGRAM = "SELECT score, players FROM scores WHERE day = ? AND language = ?"
# An open result with its round (an open result with none, from a store made before rounds were kept or a begin cut
# short, has deadline 0: overdue).
OPEN = (
    "SELECT s.day, s.language, s.name, s.score, s.found, COALESCE(r.deadline, 0), COALESCE(r.last_id, 0), "
    "s.verified "
    "FROM results s LEFT JOIN rounds r ON r.day = s.day AND r.language = s.language AND r.name = s.name "
    "WHERE s.finished = 0 "
)
MAX_OVERDUE = 1000  # open rounds one sweep finishes (the next sweep takes the rest)


def _open_round(row: Sequence[Any]) -> OpenRound:
    day, language, name, score, found, deadline, last_id, verified = row
    words = str(found).split()
    return OpenRound(dt.date.fromisoformat(str(day)), str(language), str(name), int(score), words, int(deadline),
                     int(last_id), bool(verified))  # fmt: skip


def secret_hash(secret: str) -> str:
    """A secret is a random token (storage/identity.py): a plain hash keeps it unreadable in the store."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class Histogram:
    """The day's scores as (score, players) pairs: every rank and percentile of the day from one query."""

    def __init__(self, counts: list[tuple[int, int]]) -> None:
        self.counts = sorted(counts, reverse=True)
        self.players = sum(n for _score, n in counts)
        # Players above and level with each score, summed once: a table of 1,000 rows looks each row's up.
        self.above: dict[int, tuple[int, int]] = {}
        higher = 0
        for score, n in self.counts:
            self.above[score] = (higher, n)
            higher += n

    def row(self, name: str, score: int, words: int, verified: Any = True) -> Row:
        """A player's line: their rank and percentile among the verified results (their own not among them when
        it is not verified: it places them, but counts for nobody)."""
        if score in self.above:
            higher, level = self.above[score]
        else:  # a score the histogram was read without (a result finished between two reads, or not verified)
            higher, level = sum(n for s, n in self.counts if s > score), 0
        lower = self.players - higher - level
        others = self.players - 1 if verified and level else self.players  # a verified result counts itself
        return Row(higher + 1, name, score, words, percentile(lower, others), bool(verified))

    def summary(self) -> Summary:
        total = sum(s * n for s, n in self.counts)
        top = self.counts[0][0] if self.counts else 0
        return Summary(self.players, top, total / self.players if self.players else 0.0)


def histogram(counts: Sequence[tuple[Any, ...]]) -> Histogram:
    return Histogram([(int(s), int(n)) for s, n in counts])


class SqlStore:
    """The SQL both stores run; a subclass gives the connection and how it marks parameters."""

    marker = "?"

    def __init__(self) -> None:
        self.lock = threading.Lock()  # one connection, used by one thread at a time

    # What a subclass gives

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    def _commit(self) -> None:
        raise NotImplementedError

    def _rollback(self) -> None:
        raise NotImplementedError

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """The writes inside, committed together, or (on any error) none of them: never left open for the next
        call to commit with its own."""
        try:
            yield
        except BaseException:
            self._rollback()
            raise
        self._commit()

    def _together(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        """Each query's rows (none for a write), then a commit: a store that can sends them all at once."""
        rows = []
        with self._transaction():
            for sql, params in queries:
                cursor = self._execute(self._sql(sql), params)
                rows.append(list(cursor.fetchall()) if cursor.description else [])
        return rows

    def close(self) -> None:
        raise NotImplementedError

    def _sql(self, sql: str) -> str:
        return sql if self.marker == "?" else sql.replace("?", self.marker)

    def _all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return list(self._execute(self._sql(sql), params).fetchall())

    def _changed(self, sql: str, params: Sequence[Any]) -> int:
        count = self._execute(self._sql(sql), params).rowcount
        self._commit()
        return int(count)

    def create(self) -> None:
        with self.lock:
            for statement in SCHEMA:
                self._execute(statement)
            for table, column, declaration in ADDED_COLUMNS:
                if column not in {row[1] for row in self._all(f"PRAGMA table_info({table})")}:
                    self._execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
            self._execute(FILL_SCORES)
            self._commit()

    # The interface

    def unverify(self, day: dt.date, language: str, name: str) -> None:
        self._changed(
            "UPDATE results SET verified = 0 WHERE day = ? AND language = ? AND name = ? AND finished = 0",
            (day.isoformat(), language, name),
        )

    def deal_secret(self) -> str:
        made = secrets.token_urlsafe(32)
        with self.lock:
            _made, held = self._together([
                ("INSERT INTO deal_secret (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", (made,)),
                ("SELECT secret FROM deal_secret WHERE id = 1", ()),
            ])  # fmt: skip
        return str(held[0][0])

    def claim(self, name: str, secret: str, day: dt.date) -> bool:
        hashed = secret_hash(secret)
        with self.lock:
            _taken, held = self._together([
                ("INSERT INTO players (name, secret, since) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
                 (name, hashed, day.isoformat())),
                ("SELECT secret FROM players WHERE name = ?", (name,)),
            ])  # fmt: skip
        return bool(held) and hmac.compare_digest(str(held[0][0]), hashed)

    def known(self, name: str) -> bool:
        with self.lock:
            return bool(self._all("SELECT 1 FROM players WHERE name = ?", (name,)))

    def owns(self, name: str, secret: str) -> bool:
        with self.lock:
            held = self._all("SELECT secret FROM players WHERE name = ?", (name,))
        return bool(held) and hmac.compare_digest(str(held[0][0]), secret_hash(secret))

    def begin(self, day: dt.date, language: str, name: str, deadline: int = 0) -> bool:
        key = (day.isoformat(), language, name)
        with self.lock, self._transaction():
            begun = self._execute(
                self._sql("INSERT INTO results (day, language, name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"), key
            ).rowcount
            if begun == 1:
                self._execute(
                    self._sql("INSERT INTO rounds (day, language, name, deadline) VALUES (?, ?, ?, ?) "
                              "ON CONFLICT DO NOTHING"), (*key, deadline),
                )  # fmt: skip
        return begun == 1

    def forget(self, day: dt.date, language: str, name: str) -> None:
        key = (day.isoformat(), language, name)
        with self.lock:
            self._together([
                ("DELETE FROM results WHERE day = ? AND language = ? AND name = ? AND finished = 0", key),
                ("DELETE FROM rounds WHERE day = ? AND language = ? AND name = ?", key),
            ])  # fmt: skip

    def progress(
        self, day: dt.date, language: str, name: str, score: int, words: Sequence[str], last_id: int, holder: str = ""
    ) -> bool:
        key = (day.isoformat(), language, name)
        with self.lock:
            _result, _round, held = self._together([
                ("UPDATE results SET score = ?, words = ?, found = ? "
                 "WHERE day = ? AND language = ? AND name = ? AND finished = 0 AND EXISTS (SELECT 1 FROM rounds r "
                 "WHERE r.day = results.day AND r.language = results.language AND r.name = results.name "
                 "AND r.holder = ?)",
                 (score, len(words), " ".join(words), *key, holder)),
                ("UPDATE rounds SET last_id = ? WHERE day = ? AND language = ? AND name = ? AND holder = ?",
                 (last_id, *key, holder)),
                ("SELECT holder FROM rounds WHERE day = ? AND language = ? AND name = ?", key),
            ])  # fmt: skip
        return bool(held) and held[0][0] == holder

    def hold(self, day: dt.date, language: str, name: str, holder: str) -> None:
        self._changed(
            "UPDATE rounds SET holder = ? WHERE day = ? AND language = ? AND name = ?",
            (holder, day.isoformat(), language, name),
        )

    def holds(self, day: dt.date, language: str, name: str, holder: str) -> bool:
        with self.lock:
            held = self._all(
                "SELECT holder FROM rounds WHERE day = ? AND language = ? AND name = ?",
                (day.isoformat(), language, name),
            )
        return bool(held) and held[0][0] == holder

    def open_round(self, day: dt.date, language: str, name: str) -> OpenRound | None:
        with self.lock:
            found = self._all(
                OPEN + "AND s.day = ? AND s.language = ? AND s.name = ?", (day.isoformat(), language, name)
            )
        return _open_round(found[0]) if found else None

    def overdue(self, since: dt.date, deadline: int) -> list[OpenRound]:
        with self.lock:
            found = self._all(
                OPEN + "AND s.day >= ? AND COALESCE(r.deadline, 0) < ? ORDER BY s.day LIMIT ?",
                (since.isoformat(), deadline, MAX_OVERDUE),
            )
        return [_open_round(row) for row in found]

    def finish(self, day: dt.date, language: str, name: str, score: int, words: Sequence[str]) -> None:
        """The result, its score in the day's histogram and its words' counts: one transaction, counted once."""
        key = (day.isoformat(), language)
        with self.lock, self._transaction():
            done = self._execute(
                self._sql(
                    "UPDATE results SET score = ?, words = ?, found = ?, finished = 1 "
                    "WHERE day = ? AND language = ? AND name = ? AND finished = 0"
                ),
                (score, len(words), " ".join(words), *key, name),
            ).rowcount
            self._execute(
                self._sql("DELETE FROM rounds WHERE day = ? AND language = ? AND name = ?"), (*key, name)
            )  # the round is over, however it ended
            verified = self._all("SELECT verified FROM results WHERE day = ? AND language = ? AND name = ?",
                                 (*key, name))  # fmt: skip
            if done == 1 and verified and verified[0][0]:  # a result is counted once (if verified), its words with it
                self._execute(self._sql(COUNT_SCORE), (*key, score))
                if words:
                    self._executemany(self._sql(COUNT_FIND), [(*key, word) for word in sorted(set(words))])

    def _histogram(self, key: tuple[str, str]) -> Histogram:
        return histogram(self._all(HISTOGRAM, key))

    def place(self, day: dt.date, language: str, name: str) -> Placement | None:
        key = (day.isoformat(), language)
        with self.lock:
            mine = self._all(
                "SELECT score, words, verified FROM results "
                "WHERE day = ? AND language = ? AND name = ? AND finished = 1",
                (*key, name),
            )
            if not mine:
                return None
            score, words, verified = int(mine[0][0]), int(mine[0][1]), mine[0][2]
            tied, past = (*key, score, name, NEIGHBOURS), (*key, score, NEIGHBOURS, NEIGHBOURS)
            above, below, counts = self._together([(ABOVE, (*tied, *past)), (BELOW, (*tied, *past)), (HISTOGRAM, key)])
            table = histogram(counts)
        return Placement(
            you=table.row(name, score, words, verified),
            above=tuple(table.row(n, int(s), int(w), v) for n, s, w, v in reversed(above)),
            below=tuple(table.row(n, int(s), int(w), v) for n, s, w, v in below),
            summary=table.summary(),
        )

    def rows(self, day: dt.date, language: str, limit: int = MAX_ROWS, names: Iterable[str] | None = None) -> list[Row]:
        key = (day.isoformat(), language)
        limit = max(0, min(limit, MAX_ROWS))
        with self.lock:
            if names is None:
                query: tuple[str, Sequence[Any]] = (
                    "SELECT name, score, words, verified FROM results WHERE day = ? AND language = ? "
                    "AND finished = 1 ORDER BY score DESC, name ASC LIMIT ?",
                    (*key, limit),
                )
            else:
                wanted = sorted(set(names))[:MAX_ROWS]
                if not wanted:
                    return []
                marks = ", ".join("?" for _ in wanted)
                query = (
                    "SELECT name, score, words, verified FROM results WHERE day = ? AND language = ? "
                    f"AND finished = 1 AND name IN ({marks}) ORDER BY score DESC, name ASC LIMIT ?",
                    (*key, *wanted, limit),
                )
            found, counts = self._together([query, (HISTOGRAM, key)])
            table = histogram(counts)
        return [table.row(n, int(s), int(w), v) for n, s, w, v in found]

    def summary(self, day: dt.date, language: str) -> Summary:
        with self.lock:
            return self._histogram((day.isoformat(), language)).summary()

    def words_of(self, day: dt.date, language: str, name: str) -> list[str]:
        """The words of a finished result, in the order found."""
        with self.lock:
            found = self._all(
                "SELECT found FROM results WHERE day = ? AND language = ? AND name = ? AND finished = 1",
                (day.isoformat(), language, name),
            )
        return str(found[0][0]).split() if found else []

    def finds(self, day: dt.date, language: str, words: Iterable[str]) -> dict[str, int]:
        wanted = sorted(set(words))[: MAX_ROWS * 4]
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        with self.lock:
            found = self._all(
                f"SELECT word, players FROM finds WHERE day = ? AND language = ? AND word IN ({marks})",
                (day.isoformat(), language, *wanted),
            )
        return {str(w): int(n) for w, n in found}

    def befriend(self, names: Iterable[str]) -> None:
        people = sorted(set(names))
        pairs = [(a, b) for a in people for b in people if a != b]
        if not pairs:
            return
        with self.lock:
            self._executemany(self._sql("INSERT INTO friends (a, b) VALUES (?, ?) ON CONFLICT DO NOTHING"), pairs)
            self._commit()

    def friends(self, name: str) -> set[str]:
        with self.lock:
            return {str(b) for (b,) in self._all("SELECT b FROM friends WHERE a = ?", (name,))}

    def prune(self, before: dt.date) -> int:
        """Forget the days before `before`: their results and their words' counts."""
        with self.lock, self._transaction():
            gone = self._execute(self._sql("DELETE FROM results WHERE day < ?"), (before.isoformat(),)).rowcount
            self._execute(self._sql("DELETE FROM finds WHERE day < ?"), (before.isoformat(),))
            self._execute(self._sql("DELETE FROM scores WHERE day < ?"), (before.isoformat(),))
            self._execute(self._sql("DELETE FROM rounds WHERE day < ?"), (before.isoformat(),))
        return int(gone)
