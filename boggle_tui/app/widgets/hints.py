"""Practice hints, from gentle to generous: words left by length, where words start, first letters."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from boggle_tui.game.hints import count_by_length, first_letters

NBSP = "\u00a0"  # keeps "5 letters: 3" together when the panel wraps
KEYS = f"^L{NBSP}lengths · ^T{NBSP}heat{NBSP}map · ^B{NBSP}first{NBSP}letters · ^O{NBSP}reveal"


class HintPanel(Static):
    kind: reactive[str | None] = reactive(None)
    remaining: reactive[tuple[str, ...]] = reactive(())

    def watch_kind(self) -> None:
        self._show()

    def watch_remaining(self) -> None:
        self._show()

    def _show(self) -> None:
        text = Text()
        if self.kind == "lengths":
            text.append("Words left by length\n", style="bold")
            counts = count_by_length(list(self.remaining))
            text.append("  ".join(f"{n}{NBSP}letters:{NBSP}{c}" for n, c in counts.items()))
        elif self.kind == "heat":
            text.append(f"Under each die: how many words left start{NBSP}there.", style="bold")
        elif self.kind == "starts":
            text.append("Words left by first letters\n", style="bold")
            text.append("  ".join(f"{p.upper()}{NBSP}{c}" for p, c in first_letters(list(self.remaining)).items()))
        text.append(("\n" if text else "") + KEYS, style="dim")
        self.update(text)
