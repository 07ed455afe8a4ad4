"""The daily table in PostgreSQL, for several server processes sharing one table (`--store postgresql://...`).

psycopg comes with the `[server]` extra. The SQL is SqlStore's; PostgreSQL marks parameters `%s`, and every
statement commits itself (autocommit), so no transaction is held open between calls. Two processes claiming one name
or beginning one day's attempt race on a primary key: one INSERT wins, the other changes no row.

Every call is a round trip to the server, and a process's calls wait on each other (net/daily.py runs the rounds'
on one thread, the tables' queries on a second connection and thread): a result is finished in one statement, and
queries that do not wait on each other's answers are sent together in one pipeline (one round trip, one implicit
transaction).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import _
from boggle_tui.storage.daily_sql import ADDED_COLUMNS, FILL_SCORES, SCHEMA, SqlStore

CONNECT_SECONDS = 5
SCHEMA_LOCK = 0x626F67676C65  # "boggle": processes starting together create the tables one at a time
# SqlStore.finish in one statement: the result finished (once), its score counted in the histogram, and its words
# counted, or nothing at all. The words come as one array parameter, however many there are.
FINISH = """
WITH gone AS (DELETE FROM rounds WHERE day = %s AND language = %s AND name = %s),
done AS (
    UPDATE results SET score = %s, words = %s, found = %s, finished = 1
    WHERE day = %s AND language = %s AND name = %s AND finished = 0
    RETURNING day, language, score, verified),
counted AS (
    INSERT INTO scores (day, language, score, players) SELECT day, language, score, 1 FROM done WHERE verified = 1
    ON CONFLICT (day, language, score) DO UPDATE SET players = scores.players + 1)
INSERT INTO finds (day, language, word, players)
SELECT done.day, done.language, word, 1 FROM done, unnest(%s::text[]) AS word WHERE done.verified = 1
ON CONFLICT (day, language, word) DO UPDATE SET players = finds.players + 1
"""

# SqlStore.begin in one statement: the attempt and its open round, or neither (a second attempt adds no round).
BEGIN = """
WITH begun AS (
    INSERT INTO results (day, language, name) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING
    RETURNING day, language, name)
INSERT INTO rounds (day, language, name, deadline) SELECT day, language, name, %s FROM begun
ON CONFLICT DO NOTHING
"""


class PostgresStore(SqlStore):
    marker = "%s"

    def __init__(self, url: str) -> None:
        super().__init__()
        try:
            import psycopg
        except ImportError:
            raise BoggleError(
                _("a PostgreSQL store needs the [server] extra: pip install 'boggle-tui[server]'")
            ) from None
        try:
            self.db = psycopg.connect(url, connect_timeout=CONNECT_SECONDS, autocommit=True)
        except psycopg.Error as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise BoggleError(_("cannot open the PostgreSQL store: {reason}").format(reason=first)) from None
        self.create()

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.db.execute(sql, tuple(params))

    def _executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.db.cursor() as cursor:
            cursor.executemany(sql, rows)

    def _commit(self) -> None:
        pass  # each statement commits itself (autocommit): no transaction is left open between calls

    def _rollback(self) -> None:
        pass  # nothing is held open: a statement, or a pipeline's statements, roll back on their own

    def _together(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[tuple[Any, ...]]]:
        with self.db.pipeline():
            cursors = [self.db.execute(self._sql(sql), tuple(params)) for sql, params in queries]
        return [list(cursor.fetchall()) if cursor.description else [] for cursor in cursors]

    def create(self) -> None:
        """The tables, made by one process at a time: two processes' `CREATE TABLE IF NOT EXISTS` at once can
        both find the table missing, and the second then fails on PostgreSQL's catalogue."""
        with self.lock, self.db.transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in SCHEMA:
                self.db.execute(statement)
            for table, column, declaration in ADDED_COLUMNS:  # ALTER locks the table even for a column it has
                present = self.db.execute(
                    "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() "
                    "AND table_name = %s AND column_name = %s",
                    (table, column),
                ).fetchone()
                if present is None:
                    self.db.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {declaration}")
            self.db.execute(FILL_SCORES)

    def finish(self, day: dt.date, language: str, name: str, score: int, words: Sequence[str]) -> None:
        key = (day.isoformat(), language)
        with self.lock:
            self.db.execute(FINISH, (*key, name, score, len(words), " ".join(words), *key, name, sorted(set(words))))

    def begin(self, day: dt.date, language: str, name: str, deadline: int = 0) -> bool:
        with self.lock:
            return int(self.db.execute(BEGIN, (day.isoformat(), language, name, deadline)).rowcount) == 1

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def size(self) -> int:
        """Bytes the tables take on disk (benchmarks/daily.py)."""
        with self.lock:
            row = self._execute(
                "SELECT SUM(pg_total_relation_size(c)) "
                "FROM unnest(ARRAY['players', 'results', 'finds', 'friends']::regclass[]) c"
            ).fetchone()
        return int(row[0] or 0)
