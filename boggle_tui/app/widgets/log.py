"""The last few entries and their verdicts, newest first."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from boggle_tui.app.widgets.verdict import entry_text
from boggle_tui.game.round import Entry

LINES = 6


class EntryLog(Static):
    entries: reactive[tuple[Entry, ...]] = reactive(())

    def watch_entries(self, entries: tuple[Entry, ...]) -> None:
        self.update(Content("\n").join(entry_text(entry) for entry in reversed(entries[-LINES:])))
