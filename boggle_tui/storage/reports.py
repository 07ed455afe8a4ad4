"""The words a player reported, in their history database: written in one transaction each, read back checked."""

from __future__ import annotations

import datetime as dt
import sqlite3

from boggle_tui.game.reports import MAX_REPORTS, MAX_WORD, Report, Reported
from boggle_tui.storage.history import History


def report_word(history: History, word: str, dictionary: str, language: str, report: Report, day: dt.date) -> bool:
    """Keep the report (replacing an earlier one of the word on this list); False when nothing could be written."""

    def change(db: sqlite3.Connection) -> None:
        db.execute(
            "INSERT OR REPLACE INTO reports (dictionary, language, word, report, reported_at) VALUES (?, ?, ?, ?, ?)",
            (dictionary, language, word[:MAX_WORD], report.value, day.isoformat()),
        )
        db.execute(  # the oldest beyond the most kept go
            "DELETE FROM reports WHERE rowid IN (SELECT rowid FROM reports ORDER BY reported_at DESC, rowid DESC"
            " LIMIT -1 OFFSET ?)",
            (MAX_REPORTS,),
        )

    return history.write(change)


def withdraw(history: History, word: str, dictionary: str) -> bool:
    return history.write(
        lambda db: db.execute("DELETE FROM reports WHERE dictionary = ? AND word = ?", (dictionary, word))
    )


def reports(history: History) -> list[Reported]:
    """Every readable report, the newest first (a row another tool wrote wrong is left out)."""
    rows = history.read(
        "SELECT word, dictionary, language, report, reported_at FROM reports ORDER BY reported_at DESC, word"
    )
    return [reported for row in rows if (reported := _reported(row)) is not None]


def unwanted(history: History, language: str) -> frozenset[str]:
    """The words of `language` the player reported as never to be starred, carded or required for them."""
    return frozenset(r.word for r in reports(history) if r.language == language and r.report.unwanted)


def _reported(row: sqlite3.Row) -> Reported | None:
    if not all(isinstance(row[column], str) for column in ("word", "dictionary", "language", "report", "reported_at")):
        return None
    try:
        return Reported(row["word"], row["dictionary"], row["language"], Report(row["report"]),
                        dt.date.fromisoformat(row["reported_at"]))  # fmt: skip
    except ValueError:
        return None
