"""Practice hints, from gentle to generous: words left by length, where words start, first letters."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from boggle_tui.app.widgets.phrases import Phrases
from boggle_tui.engine.alphabets import capitals
from boggle_tui.game.hints import count_by_length, first_letters
from boggle_tui.i18n import N_, _, counted

# The keys the panel names, by binding id, and what each shows: the screen names the keys in force.
HINT_KEYS = (
    # Translators: the practice panel's short names of the hints, each after its key: "^L lengths".
    ("hint-lengths", N_("lengths")),
    ("hint-heat", N_("heat map")),
    ("hint-starts", N_("first letters")),
    ("reveal", N_("reveal")),
)


class HintPanel(Static):
    kind: reactive[str | None] = reactive(None)
    remaining: reactive[tuple[str, ...]] = reactive(())
    # (key, what it shows) per hint key, as remapped: `^L lengths`, ...; what it shows is an `N_` text.
    keys: reactive[tuple[tuple[str, str], ...]] = reactive(())

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
            parts.append(Text(_("Words left by length"), style="bold"))
            lengths = (
                counted(n, "{count} letter: {words}", "{count} letters: {words}").format(words=c)
                for n, c in counts.items()
            )
            parts.append(Phrases.of(*lengths, separator="  "))
        elif self.kind == "heat":
            parts.append(Text(_("Under each die: how many words left start there."), style="bold"))
        elif self.kind == "starts":
            starts = first_letters(list(self.remaining))
            parts.append(Text(_("Words left by first letters"), style="bold"))
            parts.append(Phrases.of(*(f"{capitals(p)} {c}" for p, c in starts.items()), separator="  "))
        parts.append(Phrases.of(*(f"{key} {_(what)}" for key, what in self.keys), style="dim"))
        self.update(Group(*parts))
