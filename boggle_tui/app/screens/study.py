"""Study: today's cards, one drill at a time (an anagram drill or the board the word was missed on).

The sitting belongs to its `StudySession`; this screen shows the drill, passes on what is
typed, and asks the session to grade the drill once it is done. A board drill's clock stops,
and its board is hidden, while another screen covers this one.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.events import ScreenResume, ScreenSuspend
from textual.widgets import Label, Static

from boggle_tui.app.keys import keys_for
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.widgets.board import BoardView
from boggle_tui.app.widgets.clock import ClockView
from boggle_tui.app.widgets.entry import WordEntry
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.board import Board
from boggle_tui.game.study import (
    BOARD_DRILL_SECONDS,
    AnagramDrill,
    BoardDrill,
    Card,
    Drill,
    Feedback,
    Mark,
    StudySession,
)
from boggle_tui.i18n import N_, _, counted

TICK_SECONDS = 0.2
MARK_STYLES = {Mark.RIGHT: "$success", Mark.AGAIN: "$warning", Mark.WRONG: "$error"}  # the theme's colours
# Each kind of drill as the heading names it (a drill's kind is an id, saved with each review).
DRILL_NAMES = {"anagram": N_("anagram drill"), "board": N_("board drill")}

Describe = Callable[[str], str]


def feedback_text(feedback: Feedback) -> Content:
    """A glyph, the word and what it did: colour is never the only cue."""
    style = MARK_STYLES[feedback.mark]
    return Content.assemble((f"{feedback.mark.value} ", style), (capitals(feedback.word), "bold"), f": {feedback.text}")


class StudyScreen(TranslatedScreen[None]):
    BINDINGS = [
        Binding("ctrl+o,f8", "reveal", N_("Reveal"), id="study-reveal", tooltip=N_("study: show the answer (a miss)")),
        Binding(
            "enter,space", "next", N_("Next card"), id="study-next", tooltip=N_("study: the next card, once answered")
        ),
        Binding(
            "s", "suspend", N_("Suspend card"), id="study-suspend", tooltip=N_("study: suspend the card just answered")
        ),
        Binding("f1", "help", N_("Help"), id="help", tooltip=N_("this help")),
        Binding("escape", "leave", N_("Menu"), id="study-leave", tooltip=N_("back to the menu")),
    ]

    def __init__(self, session: StudySession, describe: Describe, suspend: Callable[[Card], None], title: str) -> None:
        """`describe` gives a word's definition line; `suspend` takes the current card out of study; `title` is shown
        as given (the caller translates it)."""
        super().__init__()
        self.session = session
        self.describe = describe
        self.suspend = suspend
        self.title_text = title
        self.drill: Drill | None = None
        self.entry = WordEntry(id="study-entry")
        self.heading = Label("", id="study-heading")
        self.clue = Static("", id="study-clue")
        self.feedback = Static("", id="study-feedback")
        self.answer = Static("", id="study-answer")
        self.clock_view: ClockView | None = None  # a board drill's own
        self.dice: BoardView | None = None
        self.hidden_notice = Static(
            _("The clock is stopped: the board is hidden.\nIt runs again when you come back."), id="study-hidden"
        )
        self.feedback_log: list[Feedback] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="study"):
            yield Label(self.title_text, id="study-title")
            yield self.heading
            yield Vertical(id="study-dice")
            yield self.hidden_notice
            yield self.clue
            yield self.entry
            yield self.feedback
            yield self.answer
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(TICK_SECONDS, self.tick)
        self.next_card()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        done = self.drill is None or self.drill.done
        if action == "reveal":
            return not done
        if action in ("next", "suspend"):
            return done and self.drill is not None
        return True

    # Showing a drill

    def next_card(self) -> None:
        self.drill = self.session.next()
        self.feedback_log.clear()
        self.feedback.update("")
        self.answer.update("")
        if self.drill is None:
            self.show_finished()
        else:
            self.show_drill(self.drill)
        self.refresh_bindings()

    def show_drill(self, drill: Drill) -> None:
        card = drill.card
        left = counted(self.session.left, "{count} card left", "{count} cards left")
        new = _("new card") if card.new else _("box {box}").format(box=card.box)
        kind = _(DRILL_NAMES[drill.kind]) if drill.kind in DRILL_NAMES else drill.kind
        # Translators: the study heading: cards left, the card's box (or new card), the kind of drill.
        self.heading.update(_("{left} · {card} · {drill}").format(left=left, card=new, drill=kind))
        if isinstance(drill, AnagramDrill):
            self._show_dice(Board((drill.faces,)))
            count = len(drill.group)
            self.clue.update(
                counted(
                    count,
                    "Type every word these letters make: {count} word.",
                    "Type every word these letters make: {count} words.",
                )
            )
        elif isinstance(drill, BoardDrill):
            self._show_dice(drill.board)
            self.clue.update(_("Find the word you missed on this board: {clue}").format(clue=drill.clue))
        self.set_class(False, "-hidden", "-done")
        self.entry.disabled = False
        self.entry.focus()

    def _show_dice(self, board: Board) -> None:
        """Fresh widgets for each drill: a removed widget is never mounted again."""
        holder = self.query_one("#study-dice", Vertical)
        holder.remove_children()
        self.dice = BoardView(board)  # no id: the last drill's may still be leaving
        timed = isinstance(self.drill, BoardDrill)
        self.clock_view = ClockView(BOARD_DRILL_SECONDS) if timed else None
        holder.mount_all([self.clock_view, self.dice] if self.clock_view else [self.dice])
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        if self.dice is not None:
            self.dice.fit(self.size.width - 2, self.size.height - 14)

    def on_resize(self) -> None:
        self._fit()

    def show_finished(self) -> None:
        s = self.session
        self.query_one("#study-dice", Vertical).remove_children()
        self.dice = None
        self.heading.update(_("Nothing left to study today.") if not s.reviewed else _("Done for today."))
        leave = keys_for(self.app, self, "study-leave")
        done = counted(
            s.reviewed,
            "{count} review, {right} right. {keys} for the menu.",
            "{count} reviews, {right} right. {keys} for the menu.",
        )
        self.clue.update(done.format(right=s.right, keys=leave))
        self.entry.disabled = True
        self.clock_view = None

    # Playing it

    @on(WordEntry.Word)
    def word_typed(self, event: WordEntry.Word) -> None:
        drill = self.drill
        if drill is None:
            return
        feedback = drill.enter(event.text)
        if feedback is not None:
            self.feedback_log.append(feedback)
            self.feedback.update(Content("\n").join(feedback_text(f) for f in reversed(self.feedback_log[-4:])))
        if drill.done:
            self.finish()

    def tick(self) -> None:
        drill = self.drill
        if isinstance(drill, BoardDrill):
            if self.clock_view is not None:
                self.clock_view.remaining = drill.round.clock.remaining
                self.clock_view.held = drill.held
            if drill.done and not self.has_class("-done"):
                self.finish()

    def action_reveal(self) -> None:
        if self.drill is not None and not self.drill.done:
            self.drill.reveal()
            self.finish()

    def finish(self) -> None:
        """Grade the drill once and show the answer; Enter goes on."""
        drill = self.drill
        if drill is None:
            return
        self.session.grade()
        self.add_class("-done")
        self.entry.disabled = True
        self.focus()  # Enter and the letter keys now reach this screen's bindings
        verdict = (
            _("✓ Right: the card moves up a box.") if drill.right else _("✗ Not this time: the card comes back soon.")
        )
        lines = Text(verdict + "\n", style="bold")
        if isinstance(drill, AnagramDrill):
            for word in drill.group:
                mark = "✓" if word in drill.found else "·"
                lines.append(Text.assemble(f"{mark} ", (capitals(word), "bold"), f"  {self.describe(word)}\n"))
        elif isinstance(drill, BoardDrill):
            word = drill.card.word
            lines.append(Text.assemble((capitals(word), "bold"), f"  {self.describe(word)}\n"))
            if self.dice is not None:
                self.dice.lit = drill.path
        next_key, suspend = (keys_for(self.app, self, id_, first=True) for id_ in ("study-next", "study-suspend"))
        keys = _("{next}: next card · {suspend}: suspend this card").format(next=next_key, suspend=suspend)
        lines.append(keys, style="dim")
        self.answer.update(lines)
        self.refresh_bindings()

    def action_next(self) -> None:
        if self.drill is not None and self.drill.done:
            self.next_card()

    def action_suspend(self) -> None:
        drill = self.drill
        if drill is not None and drill.done:
            self.suspend(self.session.drop(drill.card))
            word = drill.card.word
            suspended = _("{word} is suspended: boggle study --restore {restore} brings it back.")
            # Translators: a notice's title: the study of missed words (a noun).
            self.notify(suspended.format(word=capitals(word), restore=word), title=_("Study"))
            self.next_card()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        self.dismiss()

    # Being covered by another screen

    @on(ScreenSuspend)
    def covered(self) -> None:
        if isinstance(self.drill, BoardDrill) and not self.drill.done:
            self.drill.hold()
            self.add_class("-hidden")
            self.entry.disabled = True

    @on(ScreenResume)
    def uncovered(self) -> None:
        if isinstance(self.drill, BoardDrill) and self.drill.held:
            self.drill.release()
            self.remove_class("-hidden")
            self.entry.disabled = False
            self.entry.focus()
