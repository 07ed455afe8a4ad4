"""Help: the rules and the keys. The clock stops while it is open."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from boggle_tui.game.clock import Clock

HELP = """\
# How to play

Find words by joining **adjacent dice**: across, up, down or diagonally.
Each die is used at most once in a word. Words need at least **3 letters**
(4 on 5x5 and 6x6 boards). **Qu** is one die and counts as two letters.

| letters | 3-4 | 5 | 6 | 7 | 8+ |
|---|---|---|---|---|---|
| points | 1 | 2 | 3 | 5 | 11 |

Every entry gets a verdict: *accepted*, *already found*, *too short*,
*not on the board* or *not a word*. Wrong entries cost nothing.

# Keys

| key | what it does |
|---|---|
| Enter | submit the word |
| Escape | clear the entry |
| Ctrl+R | rotate the board a quarter turn |
| Ctrl+P | pause: the clock stops and the board is hidden |
| Ctrl+E | end the round now (give up, in practice) |
| F5 F6 F7 | practice hints: words left by length, heat map, first letters |
| F8 | practice: reveal a word (it scores nothing) |
| Ctrl+Q | quit |

With the mouse: click a die to start a word, click a neighbour to extend it,
click the last die again to submit.

*The clock is stopped while this help is open. Press Escape or F1 to go back.*
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,q", "close", "Back to the game")]

    def __init__(self, clock: Clock | None = None) -> None:
        super().__init__()
        self.clock = clock
        self.paused_here = False

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # markdown-it is a tenth of start-up: load it when asked for

        with VerticalScroll(id="help"):
            yield Markdown(HELP)

    def on_mount(self) -> None:
        if self.clock is not None and self.clock.running:
            self.clock.pause()
            self.paused_here = True

    def action_close(self) -> None:
        if self.paused_here and self.clock is not None:
            self.clock.resume()
        self.dismiss()
