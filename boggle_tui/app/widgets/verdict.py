"""The verdict on the last entry, with a glyph as well as a colour (the theme's, so a colour-blind theme holds)."""

from __future__ import annotations

import contextlib
import os

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Label

from boggle_tui.engine.alphabets import capitals
from boggle_tui.game.round import Entry


def entry_text(entry: Entry) -> Content:
    """The entry with its verdict in the player's language (the verdicts are marked where written, game/round.py)."""
    verdict = entry.said
    if entry.provisional:  # judged here while the room's verdict is on its way
        return Content.assemble(("… ", "$text-muted"), (capitals(entry.word), "bold"), f": {verdict}")
    if entry.verdict.accepted:
        return Content.assemble(("✓ ", "$success"), (capitals(entry.word), "bold"), (f" +{entry.points}", "$success"))
    return Content.assemble(("✗ ", "$error"), (capitals(entry.word), "bold"), f": {verdict}")


def log_verdict(entry: Entry) -> None:
    """Append the verdict to the file BOGGLE_VERDICT_LOG names, if any: how a test of the browser game,
    which sees only a canvas, learns what the game judged. Machine-read: the verdict stays untranslated."""
    path = os.environ.get("BOGGLE_VERDICT_LOG")
    if path:
        with contextlib.suppress(OSError), open(path, "a", encoding="utf-8") as log:
            log.write(f"{entry.word}\t{entry.verdict.value}\n")


class VerdictLine(Label):
    """The last verdict, or a line of news (a revealed word); -good and -bad colour it."""

    entry: reactive[Entry | None] = reactive(None, always_update=True)
    news: reactive[str] = reactive("", always_update=True)

    def watch_entry(self, entry: Entry | None) -> None:
        if entry is not None:
            self.update(entry_text(entry))
            if not entry.provisional:
                log_verdict(entry)
        self.set_class(entry is not None and entry.verdict.accepted, "-good")
        self.set_class(entry is not None and not entry.verdict.accepted, "-bad")

    def watch_news(self, news: str) -> None:
        if news:
            self.update(news)
            self.remove_class("-good", "-bad")
