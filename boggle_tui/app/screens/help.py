"""Help: the rules and the keys. Opening it over a round stops the clock and hides the board."""

from __future__ import annotations

import re

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen

from boggle_tui.engine.scoring import MIN_LENGTH_BY_CELLS, MIN_LENGTH_ON_LARGER, score_bands
from boggle_tui.game.session import Hold

MOUSE = (
    "With the mouse: click a die to start a word, click a neighbour to extend it, click the last die again to submit."
)


def key_name(key: str) -> str:
    """`ctrl+r` as Ctrl+R, `f4` as F4, `escape` as Escape; a key that is one letter stays as typed."""
    parts = key.strip().split("+")
    if len(parts) == 1 and len(parts[0]) == 1:
        return parts[0]
    return "+".join(p.upper() if len(p) == 1 or re.fullmatch(r"f\d+", p) else p.capitalize() for p in parts)


def keys_in_force(app: App[object], screen: Screen[object] | None) -> list[tuple[str, str]]:
    """(keys, what they do) for the screen the help was opened over, then the app's: remapped keys as remapped.

    A binding's tooltip says what it does for the help; one without is left out.
    """
    keymap: dict[str, str] = getattr(app, "keymap", {})
    bindings = [*(screen.BINDINGS if screen is not None else []), *app.BINDINGS]
    rows: dict[str, list[str]] = {}  # what it does -> keys, so that one line names every key for it
    for binding in bindings:
        if not isinstance(binding, Binding) or not binding.tooltip:
            continue
        keys = keymap.get(binding.id or "", binding.key)
        named = rows.setdefault(binding.tooltip, [])
        named += [name for key in keys.split(",") if (name := key_name(key)) not in named]
    return [(" or ".join(keys), what) for what, keys in rows.items()]


def help_text(keys: list[tuple[str, str]]) -> str:
    bands = score_bands()
    most, shortest = MIN_LENGTH_BY_CELLS[0]
    side = int(most**0.5)
    lines = [
        "# How to play",
        "",
        "Find words by joining **adjacent dice**: across, up, down or diagonally.",
        f"Each die is used at most once in a word. Words need at least **{shortest} letters**",
        f"({MIN_LENGTH_ON_LARGER} on boards larger than {side}x{side}). **Qu** is one die and counts as two letters.",
        "",
        "| letters | " + " | ".join(name for name, _ in bands) + " |",
        "|---" * (len(bands) + 1) + "|",
        "| points | " + " | ".join(str(points) for _, points in bands) + " |",
        "",
        "Every entry gets a verdict: *accepted*, *already found*, *too short*,",
        "*not on the board* or *not a word*. Wrong entries cost nothing.",
        "",
        "# Keys",
        "",
        "| key | what it does |",
        "|---|---|",
        *(f"| {key} | {what} |" for key, what in keys),
        "",
        MOUSE,
        "",
        "*The clock is stopped and the board hidden while this help is open. Press Escape or F1 to go back.*",
    ]
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    HOLD = Hold.HELP
    BINDINGS = [Binding("escape,f1,q", "close", "Back to the game", id="close")]

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # markdown-it is a tenth of start-up: load it when asked for

        stack = self.app.screen_stack  # this help is on top of it
        beneath = stack[-2] if len(stack) > 1 else None
        with VerticalScroll(id="help"):
            yield Markdown(help_text(keys_in_force(self.app, beneath)))

    def action_close(self) -> None:
        self.dismiss()
