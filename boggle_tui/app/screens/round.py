"""The round: the board, the clock, the entry, verdicts as you play, and practice hints."""

from __future__ import annotations

from dataclasses import dataclass

from rich.columns import Columns
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static

from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.widgets.board import DICE_SIZES, BoardView
from boggle_tui.app.widgets.clock import ClockView
from boggle_tui.engine.board import BLANK, Cell
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.solver import trace
from boggle_tui.game.codes import board_code
from boggle_tui.game.deal import Deal
from boggle_tui.game.hints import count_by_length, first_letters, starts_at
from boggle_tui.game.preferences import GameSettings
from boggle_tui.game.round import Entry, Round

HISTORY_LINES = 6
TICK_SECONDS = 0.2
SIDE_WIDTH = 32
MAX_ENTRY = 40  # longer than any word in the shipped lists (28 letters at most)
SMALL_DIE = DICE_SIZES["s"]


class RoundScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "submit", "Submit"),
        Binding("escape", "clear", "Clear"),
        Binding("ctrl+r", "rotate", "Rotate"),
        Binding("ctrl+p", "pause", "Pause"),
        Binding("f1", "help", "Help"),
        Binding("ctrl+e", "end_round", "End round", priority=True),  # before the entry's own ctrl+e
        Binding("ctrl+e", "give_up", "Give up", priority=True),
        Binding("f5", "hint('lengths')", "Lengths", show=False),
        Binding("f6", "hint('heat')", "Heat map", show=False),
        Binding("f7", "hint('starts')", "Starts", show=False),
        Binding("f8", "reveal", "Reveal", show=False),
    ]

    @dataclass
    class Finished(Message):
        round: Round
        dealt: Deal
        settings: GameSettings

    hint: reactive[str | None] = reactive(None, init=False)

    def __init__(self, game: Round, dealt: Deal, settings: GameSettings) -> None:
        super().__init__(classes="-practice" if game.practice else "")
        self.round = game
        self.dealt = dealt
        self.settings = settings
        self.clicked: list[Cell] = []  # the path built with the mouse, if any
        # The widgets the round updates, kept rather than queried: keys and ticks may come
        # before the screen has finished mounting.
        self.board_view = BoardView(game.board, id="board")
        self.entry = Input(
            placeholder="type a word, Enter to submit", restrict=r"[A-Za-z]*", max_length=MAX_ENTRY, id="entry"
        )
        self.verdict = Label("", id="verdict")
        self.clock_view = ClockView(game.clock, id="clock")
        self.score = Label("", id="score")
        self.hints = Static("", id="hints")
        self.found = Static("", id="found")
        self.history = Static("", id="history")
        self.paused_notice = Static("Paused: the board is hidden. Press Ctrl+P to play on.", id="paused")

    def compose(self) -> ComposeResult:
        with Horizontal(id="round"):
            with Vertical(id="play"):
                yield Label(self._title(), id="title")
                yield self.board_view
                yield self.paused_notice
                yield self.entry
                yield self.verdict
            with Vertical(id="side"):
                yield self.clock_view
                yield self.score
                yield Label(f"Code {board_code(self.dealt.board, self.dealt.dice)}", id="code")
                yield self.hints
                found_box = VerticalScroll(self.found, id="found-box")
                found_box.border_title = "Found"
                yield found_box
                yield self.history
        yield Footer()

    def _title(self) -> str:
        dealt = self.dealt
        parts = [load_dice_set(dealt.dice).name if dealt.dice else "Your board"]
        if dealt.daily:
            parts.append(f"daily board {dealt.daily}")
        elif dealt.seed is not None:
            parts.append(f"seed {dealt.seed}")
        if self.round.practice:
            parts.append("practice")
        return " · ".join(parts)

    def on_mount(self) -> None:
        self.round.start()
        if self.round.over:
            self.call_after_refresh(self._finish)
        self.entry.focus()
        self._show_progress()
        self.set_interval(TICK_SECONDS, self.tick)
        if self.round.practice:
            self.watch_hint()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("hint", "reveal", "give_up"):
            return self.round.practice
        if action == "end_round":
            return not self.round.practice
        return True

    @property
    def min_size(self) -> tuple[int, int]:
        """The smallest terminal that shows the whole board (smallest dice) beside the side panel."""
        rows, columns = self.round.board.shape
        if self.board_view.rotation % 2:
            rows, columns = columns, rows
        return columns * SMALL_DIE[0] + SIDE_WIDTH + 3, rows * SMALL_DIE[1] + 6

    def on_resize(self) -> None:
        # Room left for the board: the side panel, the title, the entry and the footer take the rest.
        self.board_view.fit(self.size.width - SIDE_WIDTH - 2, self.size.height - 6)

    # The clock

    def tick(self) -> None:
        if self.round.check_time():
            self._finish()
            return
        self.clock_view.update()

    def _finish(self) -> None:
        if self.is_current:
            self.post_message(self.Finished(self.round, self.dealt, self.settings))

    # Typing and clicking

    @on(Input.Changed, "#entry")
    def entry_changed(self, event: Input.Changed) -> None:
        text = event.value.lower()
        if self.clicked and self.round.board.spell(self.clicked) == text:
            return  # the text came from clicks: keep the path the player chose
        self.clicked = []
        # A trailing q is on its way to being the Qu die.
        path = trace(self.round.board, text + "u" if text.endswith("q") else text) if text else None
        self.board_view.lit = path or ()
        event.input.set_class(bool(text) and path is None, "-untraceable")

    @on(Input.Submitted, "#entry")
    def entry_submitted(self) -> None:
        self.action_submit()

    @on(BoardView.DieClicked)
    def die_clicked(self, event: BoardView.DieClicked) -> None:
        board = self.round.board
        cell = event.cell
        if board.faces[cell] == BLANK or self.round.clock.paused:
            return
        entry = self.entry
        if self.clicked and cell == self.clicked[-1]:
            self.action_submit()
            return
        if self.clicked and board.spell(self.clicked) == entry.value.lower():
            if cell in self.clicked or cell not in board.neighbours(self.clicked[-1]):
                self.app.bell()
                return
            self.clicked.append(cell)
        else:
            self.clicked = [cell]
        entry.value = board.spell(self.clicked)
        entry.cursor_position = len(entry.value)
        entry.remove_class("-untraceable")
        self.board_view.lit = tuple(self.clicked)

    def action_submit(self) -> None:
        entry = self.entry
        result = self.round.submit(entry.value)
        entry.value = ""
        self.clicked = []
        self.board_view.lit = ()
        if result is not None:
            self._show_verdict(result)
        if self.round.over:
            self._finish()

    def action_clear(self) -> None:
        self.entry.value = ""
        self.clicked = []
        self.board_view.lit = ()

    # What the player sees of the round so far

    def _show_verdict(self, entry: Entry) -> None:
        verdict = self.verdict
        verdict.update(_entry_text(entry))
        verdict.set_class(entry.verdict.accepted, "-good")
        verdict.set_class(not entry.verdict.accepted, "-bad")
        self._show_progress()

    def _show_progress(self) -> None:
        game = self.round
        found = len(game.found)
        words = "word" if found == 1 else "words"
        self.score.update(f"Score {game.score} · {found} {words}")
        words = [Text(f"{w.upper()} (shown)", style="dim italic") for w in reversed(game.revealed)]
        words += [Text.assemble((w.upper(), "bold"), (f" +{p}", "green")) for w, p in reversed(game.found.items())]
        self.found.update(Columns(words, padding=(0, 2)))
        history = Text()
        for entry in reversed(game.entries[-HISTORY_LINES:]):
            history.append_text(_entry_text(entry))
            history.append("\n")
        self.history.update(history)
        if self.hint:
            self.watch_hint()

    # Keys

    def action_rotate(self) -> None:
        self.board_view.rotate()

    def action_pause(self) -> None:
        clock = self.round.clock
        if clock.paused:
            clock.resume()
        else:
            clock.pause()
        if clock.paused:  # the notice takes the board's place and size
            size = self.board_view.outer_size
            self.paused_notice.styles.width, self.paused_notice.styles.height = size
        self.set_class(clock.paused, "-paused")
        entry = self.entry
        entry.disabled = clock.paused
        if not clock.paused:
            entry.focus()
        self.clock_view.update()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.round.clock))

    def action_end_round(self) -> None:
        self.round.end()
        self._finish()

    def action_give_up(self) -> None:
        self.action_end_round()

    def action_hint(self, kind: str) -> None:
        self.hint = None if self.hint == kind else kind

    def watch_hint(self) -> None:
        remaining = self.round.remaining_words()
        hints = self.hints
        self.board_view.heat = tuple(starts_at(self.round.board, remaining)) if self.hint == "heat" else ()
        text = Text()
        if self.hint == "lengths":
            text.append("Words left by length\n", style="bold")
            text.append("  ".join(f"{n}\u00a0letters:\u00a0{c}" for n, c in count_by_length(remaining).items()))
        elif self.hint == "heat":
            text.append("Words left that start on each die:\nthe number under it.", style="bold")
        elif self.hint == "starts":
            text.append("Words left by first letters\n", style="bold")
            text.append("  ".join(f"{p.upper()}\u00a0{c}" for p, c in first_letters(remaining).items()))
        text.append(f"{chr(10) if text else ''}F5 lengths · F6 heat map · F7 first letters · F8 reveal", style="dim")
        hints.update(text)

    def action_reveal(self) -> None:
        word = self.round.reveal()
        if word is None:
            return
        self.board_view.lit = self.round.solution.paths[word]
        verdict = self.verdict
        verdict.update(f"Revealed: {word.upper()} (scores nothing)")
        self._show_progress()
        if self.round.over:
            self._finish()


def _entry_text(entry: Entry) -> Text:
    if entry.verdict.accepted:
        return Text.assemble(("✓ ", "green"), (entry.word.upper(), "bold"), (f" +{entry.points}", "green"))
    return Text.assemble(("✗ ", "red"), (entry.word.upper(), "bold"), f": {entry.verdict.value}")
