"""The score line: points and words found so far."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Label

from boggle_tui.game.wording import plural


class ScoreLine(Label):
    score: reactive[int] = reactive(0)
    words: reactive[int] = reactive(0)
    to_beat: reactive[int | None] = reactive(None)  # a challenge's score

    def render(self) -> str:
        beat = f" · to beat {self.to_beat:,}" if self.to_beat is not None else ""
        return f"Score {self.score:,} · {plural(self.words, 'word')}{beat}"
