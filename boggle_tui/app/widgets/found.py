"""The words found so far, newest first; words a practice hint revealed are marked as shown, and in a team's round
the words teammates found come after the player's own, each with its finder's name."""

from __future__ import annotations

from rich.columns import Columns
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from boggle_tui.engine.alphabets import capitals
from boggle_tui.i18n import _


class FoundWords(VerticalScroll, can_focus=False):
    """Scrolls, but never takes the keyboard: during a round, typing always reaches the entry."""

    found: reactive[tuple[tuple[str, int], ...]] = reactive(())
    revealed: reactive[tuple[str, ...]] = reactive(())
    teammates: reactive[tuple[tuple[str, str], ...]] = reactive(())  # a team's round: (word, finder), newest last

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.words = Static("", id="found")
        # Translators: the title of the box of words found so far in the round.
        self.border_title = _("Found")

    def compose(self) -> ComposeResult:
        yield self.words

    def watch_found(self) -> None:
        self._show()

    def watch_revealed(self) -> None:
        self._show()

    def watch_teammates(self) -> None:
        self._show()

    def _show(self) -> None:
        # Translators: a word a practice hint revealed, in the list of words found ("shown", not found).
        words = [
            Text(_("{word} (shown)").format(word=capitals(w)), style="dim italic") for w in reversed(self.revealed)
        ]
        words += [Text.assemble((capitals(w), "bold"), f" +{p}") for w, p in reversed(self.found)]
        # A teammate's find, with their name (literal, never markup), after the player's own
        mates = reversed(self.teammates)
        words += [Text.assemble((capitals(w), "bold italic"), (f" {name}", "dim")) for w, name in mates]
        self.words.update(Columns(words, padding=(0, 2)))
