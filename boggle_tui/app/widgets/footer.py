"""The keys at the foot of every screen: Textual's footer, each key styled once as it is made."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey  # Textual's own key widget; textual is pinned below 9


class Footer(TextualFooter):
    """Textual's footer, remade whenever the keys that work change (a screen shown, the focus moved).

    Textual makes each key compact and binds it to the footer's `compact` (False here), so every key was switched
    as it mounted, its style worked out at once each time, a dozen keys every time the footer was remade: a tenth
    of the CPU of the tests of the start screen and the seams (24.4 -> 21.8 s: benchmarks/NOTES.md). Each key is
    given the footer's value before it mounts, which Textual's binding then leaves as it is: the same keys, drawn
    the same (the snapshots are unchanged), styled with the screen. The command palette's key is not bound to the
    footer and keeps its own.
    """

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget
