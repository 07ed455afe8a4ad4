"""Practice hints, from gentle to generous: words left by length, where words start, first letters."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from boggle_tui.app.widgets.phrases import Phrases
from boggle_tui.game.hints import count_by_length, first_letters

# The keys the panel names, by binding id, and what each shows: the screen names the keys in force.
HINT_KEYS = (
    ("hint-lengths", "lengths"),
    ("hint-heat", "heat map"),
    ("hint-starts", "first letters"),
    ("reveal", "reveal"),
)


class HintPanel(Static):
    kind: reactive[str | None] = reactive(None)
    remaining: reactive[tuple[str, ...]] = reactive(())
    keys: reactive[tuple[str, ...]] = reactive(())  # `^L lengths`, ...: one phrase per hint key, as remapped

    def watch_kind(self) -> None:
        self._show()

    def watch_remaining(self) -> None:
        self._show()

    def watch_keys(self) -> None:
        self._show()

    def _show(self) -> None:
        parts: list[RenderableType] = []
        if self.kind == "lengths":
            counts = count_by_length(list(self.remaining))
            parts.append(Text("Words left by length", style="bold"))
            parts.append(Phrases.of(*(f"{n} letters: {c}" for n, c in counts.items()), separator="  "))
        elif self.kind == "heat":
            parts.append(Text("Under each die: how many words left start there.", style="bold"))
        elif self.kind == "starts":
            starts = first_letters(list(self.remaining))
            parts.append(Text("Words left by first letters", style="bold"))
            parts.append(Phrases.of(*(f"{p.upper()} {c}" for p, c in starts.items()), separator="  "))
        parts.append(Phrases.of(*self.keys, style="dim"))
        self.update(Group(*parts))
