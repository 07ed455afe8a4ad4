"""The score line: points and words found so far, and a challenge's score to beat."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Label

from boggle_tui.app.widgets.phrases import Phrases
from boggle_tui.game.wording import words_line
from boggle_tui.i18n import _, number


class ScoreLine(Label):
    """Each reactive changes the line's length, so each asks for a new layout: a line sized for
    `Score 0 · 0 words` would otherwise cut `Score 11 · 6 words` and drop the score to beat."""

    score: reactive[int] = reactive(0, layout=True)
    words: reactive[int] = reactive(0, layout=True)
    to_beat: reactive[int | None] = reactive(None, layout=True)  # a challenge's score
    of: reactive[int | None] = reactive(None, layout=True)  # the live count: the board's words (None: not shown)

    def render(self) -> Phrases:
        beat = () if self.to_beat is None else (_("to beat {score}").format(score=number(self.to_beat)),)
        score = _("Score {score}").format(score=number(self.score))
        return Phrases.of(score, words_line(self.words, self.of), *beat)
