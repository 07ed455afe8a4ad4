"""Results: the score, words by length, found and missed words, and where each word lies."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from boggle_tui.app.widgets.board import BoardView
from boggle_tui.engine.board import Cell
from boggle_tui.engine.scoring import score
from boggle_tui.game.codes import board_code
from boggle_tui.game.deal import Deal
from boggle_tui.game.preferences import GameSettings
from boggle_tui.game.round import EndReason, Results

LONG = 8  # words this long and longer all score the same: one column
LISTS_WIDTH = 40


class ResultsScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("r", "replay", "Replay board"),
        Binding("escape", "menu", "Menu"),
        Binding("s,f2", "app.stats", "Statistics"),
        Binding("tab", "app.focus_next", "Next list", show=False),
    ]

    @dataclass
    class Again(Message):
        """Play again: the same settings, on a fresh board or the same one."""

        settings: GameSettings

    @dataclass
    class Menu(Message):
        pass

    def __init__(self, results: Results, dealt: Deal, settings: GameSettings, is_common: Callable[[str], bool]) -> None:
        super().__init__()
        self.results = results
        self.dealt = dealt
        self.settings = settings
        self.is_common = is_common
        self.through: Cell | None = None  # the die the lists are narrowed to

    def compose(self) -> ComposeResult:
        with Horizontal(id="results"):
            with Vertical(id="summary"):
                yield Label(self._outcome(), id="outcome")
                yield Label(self._totals(), id="totals")
                yield BoardView(self.results.solution.board, id="solution")
            with Vertical(id="lists"):
                yield Label(f"Board code {board_code(self.dealt.board, self.dealt.dice)}", id="code")
                yield Static(self._lengths(), id="lengths")
                yield Label("", id="filter")
                yield OptionList(id="found-list")
                yield OptionList(id="missed-list")
        yield Footer()

    def on_mount(self) -> None:
        self._fill_lists()
        missed = self.query_one("#missed-list", OptionList)
        missed.focus()
        if missed.option_count:
            missed.highlighted = 0

    def on_resize(self) -> None:
        # The word lists keep at least LISTS_WIDTH columns; the summary lines and footer take 8 rows.
        self.query_one("#solution", BoardView).fit(self.size.width - LISTS_WIDTH - 2, self.size.height - 8)

    def _outcome(self) -> str:
        ended = self.results.ended or EndReason.ENDED
        mode = "Practice" if self.settings.practice else "Round over"
        return f"{mode}: {ended.value}"

    def _totals(self) -> str:
        r = self.results
        share = 100 * r.score / r.max_score if r.max_score else 0
        revealed = f" · {len(r.revealed)} revealed" if r.revealed else ""
        return (
            f"Score {r.score:,} of {r.max_score:,} ({share:.0f}%) · "
            f"{len(r.found):,} of {len(r.solution):,} words{revealed}"
        )

    def _lengths(self) -> Table:
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("letters", style="dim")
        columns: dict[str, list[int]] = {}
        for row in self.results.by_length():
            key = f"{LONG}+" if row.length >= LONG else str(row.length)
            found, total = columns.setdefault(key, [0, 0])
            columns[key] = [found + row.found, total + row.total]
        for key in columns:
            table.add_column(key, justify="right")
        table.add_row("found", *(str(found) for found, _ in columns.values()))
        table.add_row("of", *(str(total) for _, total in columns.values()))
        return table

    def _fill_lists(self) -> None:
        r = self.results
        words = set(r.words_through(self.through)) if self.through is not None else None
        found = [w for w in sorted(r.found, key=lambda w: (-score(w), w)) if words is None or w in words]
        missed = [w for w in r.missed if words is None or w in words]
        self._fill("#found-list", found, f"Found {len(found)}")
        self._fill("#missed-list", missed, f"Missed {len(missed)}")
        board = self.query_one("#solution", BoardView)
        board.chosen = self.through
        if self.through is None:
            text = "↑↓ a word's path · click a die: its words · ★ common"
        else:
            row, column = self.results.solution.board.position(self.through)
            text = f"Words through row {row + 1}, column {column + 1} · click it again for all"
        self.query_one("#filter", Label).update(text)

    def _fill(self, selector: str, words: list[str], title: str) -> None:
        option_list = self.query_one(selector, OptionList)
        option_list.clear_options()
        option_list.add_options([Option(self._word_line(w), id=w) for w in words])
        option_list.border_title = title

    def _word_line(self, word: str) -> Text:
        star = "★ " if self.is_common(word) else "  "
        return Text.assemble((star, "yellow"), (word.upper(), "bold"), f" {score(word)}")

    @on(OptionList.OptionHighlighted)
    def show_path(self, event: OptionList.OptionHighlighted) -> None:
        word = event.option.id
        if word is not None:
            self.query_one("#solution", BoardView).lit = self.results.path(word)

    @on(BoardView.DieClicked)
    def narrow_to_die(self, event: BoardView.DieClicked) -> None:
        self.through = None if self.through == event.cell else event.cell
        self._fill_lists()

    def action_new_game(self) -> None:
        self.post_message(self.Again(self.settings.for_next_round()))

    def action_replay(self) -> None:
        self.post_message(self.Again(self.settings.replaying(self.dealt)))

    def action_menu(self) -> None:
        self.post_message(self.Menu())
