"""Play against the table: how many opponents, at what level, and how words score; Enter plays."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select

from boggle_tui.game.bots import LEVELS, MATCHED, MAX_BOTS
from boggle_tui.game.table import TableRules

LEVEL_CHOICES = [("Matched to you (from your history)", MATCHED), *((name.capitalize(), name) for name in LEVELS)]
SCORING_CHOICES = [("A word two players found scores for nobody", "unique"), ("Every word scores", "all")]


class TableScreen(ModalScreen[TableRules | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="table-cancel", tooltip="back to the start screen")]

    def __init__(self, rules: TableRules) -> None:
        """`rules`: the choices shown first (the last table played, in this sitting)."""
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Label("Play against the table", id="table-title")
            with Grid(id="table-choices"):
                yield Label("Opponents")
                yield Select(
                    [(str(n), n) for n in range(1, MAX_BOTS + 1)], value=self.rules.bots, allow_blank=False,
                    compact=True, id="table-bots",
                )  # fmt: skip
                yield Label("Level")
                yield Select(LEVEL_CHOICES, value=self.rules.level, allow_blank=False, compact=True, id="table-level")
                yield Label("Scoring")
                yield Select(
                    SCORING_CHOICES, value=self.rules.scoring, allow_blank=False, compact=True, id="table-scoring"
                )
            with Horizontal(id="table-buttons"):
                yield Button("Play", variant="success", id="table-play")
                yield Button("Cancel", id="table-cancel-button")

    def on_mount(self) -> None:
        self.query_one("#table-play", Button).focus()

    @on(Button.Pressed, "#table-play")
    def play(self) -> None:
        bots = self.query_one("#table-bots", Select).value
        level = self.query_one("#table-level", Select).value
        scoring = self.query_one("#table-scoring", Select).value
        self.dismiss(TableRules(int(str(bots)), str(level), str(scoring)))

    @on(Button.Pressed, "#table-cancel-button")
    def action_cancel(self) -> None:
        self.dismiss(None)
