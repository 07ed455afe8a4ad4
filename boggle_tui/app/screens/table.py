"""Play against the table: how many opponents, at what level, and how words score; Enter plays."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Label, Select

from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.app.widgets.choices import choices_width, widen_to_fit
from boggle_tui.game.levels import LEVELS, MATCHED, MAX_BOTS
from boggle_tui.game.rules import Scoring
from boggle_tui.game.table import TableRules
from boggle_tui.i18n import N_, _

# Each level as the choice names it (game/bots.py's names are ids, kept in settings and on the command line).
LEVEL_NAMES = {
    MATCHED: N_("Matched to you (from your history)"),
    # Translators: the table's levels, weakest to strongest.
    "beginner": N_("Beginner"),
    "casual": N_("Casual"),
    "regular": N_("Regular"),
    "strong": N_("Strong"),
    "expert": N_("Expert"),
}
SCORING_CHOICES = [(N_("A word two players found scores for nobody"), "unique"), (N_("Every word scores"), "all")]


def level_name(level: str) -> str:
    """A level as the player reads it; one this table does not name (a newer level) by its id."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.capitalize()


def _level_choices() -> list[tuple[str, str]]:
    return [(level_name(level), level) for level in (MATCHED, *LEVELS)]


@dataclass(frozen=True)
class TableChoice:
    """What the screen chose: who sits at the table, and the round's rule for a word several players found."""

    table: TableRules
    scoring: Scoring


class TableScreen(TranslatedModalScreen[TableChoice | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="table-cancel", tooltip=N_("back to the start screen"))]

    def __init__(self, rules: TableRules, scoring: Scoring = Scoring.UNIQUE) -> None:
        """`rules` and `scoring`: the choices shown first (the last table played, the scoring remembered)."""
        super().__init__()
        self.rules, self.scoring = rules, scoring

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Label(_("Play against the table"), id="table-title")
            with Grid(id="table-choices"):
                yield Label(_("Opponents"))
                yield Select(
                    [(str(n), n) for n in range(1, MAX_BOTS + 1)], value=self.rules.bots, allow_blank=False,
                    compact=True, id="table-bots",
                )  # fmt: skip
                yield Label(_("Level"))
                yield Select(
                    _level_choices(), value=self.rules.level, allow_blank=False, compact=True, id="table-level"
                )
                yield Label(_("Scoring"))
                yield Select(
                    [(_(label), value) for label, value in SCORING_CHOICES],
                    value=self.scoring.value, allow_blank=False, compact=True, id="table-scoring",
                )  # fmt: skip
            with Horizontal(id="table-buttons"):
                yield Button(_("Play"), variant="success", id="table-play")
                yield Button(_("Cancel"), id="table-cancel-button")

    def on_mount(self) -> None:
        grid = self.query_one("#table-choices", Grid)
        labels = [str(label.content) for label in grid.query(Label)]
        options = [_(label) for label, _value in SCORING_CHOICES] + [name for name, _level in _level_choices()]
        widen_to_fit(self.query_one("#table", Vertical), choices_width(labels, options))
        self.query_one("#table-play", Button).focus()

    @on(Button.Pressed, "#table-play")
    def play(self) -> None:
        bots = self.query_one("#table-bots", Select).value
        level = self.query_one("#table-level", Select).value
        scoring = self.query_one("#table-scoring", Select).value
        self.dismiss(TableChoice(TableRules(int(str(bots)), str(level)), Scoring(str(scoring))))

    @on(Button.Pressed, "#table-cancel-button")
    def action_cancel(self) -> None:
        self.dismiss(None)
