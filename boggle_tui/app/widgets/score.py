"""The score line: points and words found so far, and a challenge's score to beat."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Label

from boggle_tui.app.widgets.phrases import Phrases
from boggle_tui.game.wording import plural


class ScoreLine(Label):
    """Each reactive changes the line's length, so each asks for a new layout: a line sized for
    `Score 0 · 0 words` would otherwise cut `Score 11 · 6 words` and drop the score to beat."""

    score: reactive[int] = reactive(0, layout=True)
    words: reactive[int] = reactive(0, layout=True)
    to_beat: reactive[int | None] = reactive(None, layout=True)  # a challenge's score

    def render(self) -> Phrases:
        beat = () if self.to_beat is None else (f"to beat {self.to_beat:,}",)
        return Phrases.of(f"Score {self.score:,}", plural(self.words, "word"), *beat)
