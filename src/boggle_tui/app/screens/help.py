"""Help: the rules and the keys. Opening it over a round stops the clock and hides the board."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from boggle_tui.engine.scoring import MIN_LENGTH_BY_CELLS, MIN_LENGTH_ON_LARGER, score_bands
from boggle_tui.game.session import Hold

# (keys, what they do), in the order a player needs them.
KEYS = [
    ("Enter", "submit the word"),
    ("Escape", "clear the entry"),
    ("Ctrl+R", "rotate the board a quarter turn"),
    ("Ctrl+P", "pause: the clock stops and the board is hidden"),
    ("Ctrl+G", "end the round (it asks first); give up, in practice"),
    ("Ctrl+L or F5", "practice: words left by length"),
    ("Ctrl+T or F6", "practice: heat map of where words start"),
    ("Ctrl+B or F7", "practice: words left by first letters"),
    ("Ctrl+O or F8", "practice: reveal a word (it scores nothing)"),
    ("Ctrl+Y", "copy the board code"),
    ("Ctrl+Q", "quit"),
]


def help_text() -> str:
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
        *(f"| {key} | {what} |" for key, what in KEYS),
        "",
        "With the mouse: click a die to start a word, click a neighbour to extend it,",
        "click the last die again to submit.",
        "",
        "*The clock is stopped and the board hidden while this help is open. Press Escape or F1 to go back.*",
    ]
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    HOLD = Hold.HELP
    BINDINGS = [Binding("escape,f1,q", "close", "Back to the game", id="close")]

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # markdown-it is a tenth of start-up: load it when asked for

        with VerticalScroll(id="help"):
            yield Markdown(help_text())

    def action_close(self) -> None:
        self.dismiss()
