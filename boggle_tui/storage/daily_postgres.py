"""The daily table in PostgreSQL, for several server processes sharing one table (`--store postgresql://...`).

psycopg comes with the `[server]` extra. The SQL is SqlStore's; PostgreSQL marks parameters `%s`, and every
statement commits itself (autocommit), so no transaction is held open between calls. Two processes claiming one name
or beginning one day's attempt race on a primary key: one INSERT wins, the other changes no row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import _
from boggle_tui.storage.daily_sql import SqlStore

CONNECT_SECONDS = 5


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
