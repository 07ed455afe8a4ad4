"""Results: the score, words by length, found and missed words, and where each word lies."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import DescendantFocus, Key
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from boggle_tui.app.keys import keys_for
from boggle_tui.app.late_keys import LateKeys
from boggle_tui.app.late_words import LateWords
from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.widgets.board import BoardView
from boggle_tui.app.widgets.code import CodeLine
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.app.widgets.phrases import Phrases
from boggle_tui.app.widgets.word_list import WordList
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.board import Cell
from boggle_tui.engine.scoring import LONG_WORD, score
from boggle_tui.game.daily_table import against_levels
from boggle_tui.game.reports import Report
from boggle_tui.game.request import RoundRequest
from boggle_tui.game.round import EndReason, Results, Verdict
from boggle_tui.game.session import Contest, Redealt, RoundSession, practising
from boggle_tui.game.share import challenge_outcome, result_line
from boggle_tui.game.tiers import Tally, tally
from boggle_tui.i18n import N_, _, number

if TYPE_CHECKING:
    from boggle_tui.app.screens.report import Choice

LISTS_WIDTH = 40
SUMMARY_WIDTH = 40  # the outcome and totals wrap at the board's width, or this if the board is narrower
# Narrower than this (a phone held upright: 43 columns), the results stack: the summary's lines across the screen,
# the word lists under them, the board and the lengths' table left out (beside the lists they left each a dozen
# columns, one letter a line; #39).
NARROW = 64
TOO_LATE_SHOWN = 3  # the last words typed through the buzzer named on the too-late line; "…" stands for the rest
# Keys typed as the clock ran out belong to the round, not to the results: for this long the results
# take none of their single-key actions (`n` would deal a new board, `s` open the statistics).
GUARD_SECONDS = 1.5
# The word lists' rows kept inside their borders where the screen keeps them (KEEPS_LIST_ROWS): the found list the
# player's own words (a play-tester's room of three at 80x24 left it none, #29), the missed list a few.
FOUND_KEPT = 3
MISSED_KEPT = 2
LIST_BORDERS = 2
GUARDED = {
    "new_game", "replay", "copy_code", "copy_result", "study_word", "menu", "stats", "again", "day_table",
    "toggle_bonus", "report",
}  # fmt: skip


# Ends the player asked for (Ctrl+G, and Y where it asks): no buzzer came as they typed, so the keys after it are
# the results' commands at once, never typing through the end. An end the clock or the room's vote chose is guarded.
OWN_ENDS = (EndReason.ENDED, EndReason.GAVE_UP)


def ended_by_the_player(screen: Screen[Any]) -> bool:
    session = getattr(screen, "session", None)
    return getattr(session, "end_reason", None) in OWN_ENDS


def just_shown(screen: Screen[Any]) -> bool:
    """Whether the key the bindings see now came as `screen` (results, shown at its `_shown_at` by its `_now`
    clock) had only just replaced the round, or in a run of keys typed through the round's end: such a key is
    the round's typing, never a command of the results. True before the screen is shown; never after an end the
    player asked for."""
    shown_at = getattr(screen, "_shown_at", None)
    if shown_at is None:
        return True
    if ended_by_the_player(screen):
        return False
    late_keys = getattr(screen.app, "late_keys", None)
    if isinstance(late_keys, LateKeys):
        return late_keys.typed_through(shown_at, GUARD_SECONDS)
    return bool(screen._now() - shown_at < GUARD_SECONDS)  # type: ignore[attr-defined]


class ResultsScreen(TranslatedScreen[None]):
    BINDINGS = [
        # Translators: the footer's short name of the results' key for a new round.
        Binding("n", "new_game", N_("New"), id="new-game", tooltip=N_("a new board under the same rules")),
        Binding("r", "replay", N_("Replay"), id="replay", tooltip=N_("this board again")),
        # Translators: the footer's short name of the key that copies the board's code.
        Binding("c", "copy_code", N_("Code"), id="copy-code", tooltip=N_("copy the board code")),
        # Translators: the footer's short name of the key that copies the one-line result.
        Binding("y", "copy_result", N_("Result"), id="copy-result", tooltip=N_("copy a one-line result to share")),
        # Translators: the footer's short name of the key that makes the word a study card (a verb).
        Binding("a", "study_word", N_("Study"), id="study-word", tooltip=N_("make the selected word a study card")),
        Binding("escape", "menu", N_("Menu"), id="menu", tooltip=N_("back to the menu")),
        Binding("s,f2", "stats", N_("Stats"), id="stats", tooltip=N_("your statistics")),
        # Translators: the footer's short name of the key that shows or hides the bonus words among the missed ones
        Binding("b", "toggle_bonus", N_("Bonus"), id="toggle-bonus", tooltip=N_("show or hide the missed bonus words")),
        # Translators: the footer's short name of the key that reports a word for the word list's maintainers
        Binding(
            "x", "report", N_("Report"), id="report", tooltip=N_("report the selected word (kept here, sent nowhere)")
        ),
        Binding("tab", "app.focus_next", N_("Next list"), show=False, id="next-list"),
    ]

    @dataclass
    class Again(Message):
        """Play again: a fresh board or the same one, under the same rules."""

        request: RoundRequest

    @dataclass
    class Menu(Message):
        pass

    @dataclass
    class Study(Message):
        """Make this word a study card."""

        word: str
        dictionary: str

    @dataclass
    class Reported(Message):
        """The player reported a word (kept in their history)."""

        word: str
        dictionary: str
        language: str
        report: Report

    @dataclass
    class BonusMissed(Message):
        """The player showed or hid the missed bonus words: remembered for the next results."""

        shown: bool

    def __init__(
        self,
        session: RoundSession,
        is_common: Callable[[str], bool] | None,
        describe: Callable[[str], str] = lambda _: "",
        required: Callable[[str], bool] | None = None,
    ) -> None:
        """`is_common` marks the words worth learning with a star (None marks none); `describe` defines a word;
        `required` splits the board's words into required and bonus (game/tiers.py; None: `is_common`'s, and with
        neither, no split is shown)."""
        super().__init__()
        self.session = session
        self.results: Results = session.results()
        self.is_common = is_common
        self.required = required if required is not None else is_common
        self.reported: set[str] = set()  # words reported here as not the player's: no star, not required
        self.bonus_missed = True  # the missed list shows the bonus words (the player's setting, b toggles it)
        self.describe = describe
        self.word: str | None = None  # the word highlighted in a list
        self.through: Cell | None = None  # the die the lists are narrowed to
        self.board_view = BoardView(self.results.solution.board, id="solution")
        # What ending the round did (new study cards): a line of the screen, never a toast over its definition line
        self.notice = ""
        self.late_words: LateWords | None = None  # the words typed on through 0:00, from the round (late_words.py)

    def compose(self) -> ComposeResult:
        with Horizontal(id="results"):
            with Vertical(id="summary"):
                yield Label(self._outcome(), id="outcome", markup=False)  # online, it names players: literal
                yield Label(self._totals(), id="totals")
                if self.required is not None:
                    yield Label(self._tiers(), id="tiers", classes="under-totals", markup=False)
                if self.placed:
                    # Translators: while a round's place against the bot levels is being worked out
                    yield Label(_("Against the bots: …"), id="levels", classes="under-totals")
                yield from self.compose_summary()
                yield self.board_view
            with Vertical(id="lists"):
                copy_key = keys_for(self.app, self, "copy-code", first=True)
                whole, instead = N_("Board code {code}"), N_("Board code: {key} copies it")
                yield CodeLine(self.session.code, copy_key, whole=whole, instead=instead, id="code")
                if self.notice:
                    yield Label(self.notice, id="results-notice", markup=False)
                late = self._too_late()
                if late:  # one line, cut with an ellipsis: a 40-letter entry never wraps the header (#29)
                    yield Label(late, id="too-late", markup=False)
                yield Static(self._lengths(), id="lengths")
                yield Label("", id="filter")
                yield WordList(id="found-list")
                yield WordList(id="missed-list")
                yield Static("", id="definition")
        yield Footer()

    BLANK_UNDER = True  # a blank row between the lines under the totals and the board
    # The lists share their rows 1:2, after the lines above them and the definition; where lines take more of the
    # column (a room's, the day's table), each keeps a few rows: FOUND_KEPT and MISSED_KEPT.
    KEEPS_LIST_ROWS = False

    def compose_summary(self) -> ComposeResult:
        """What a kind of round adds under its totals, above the board: Labels of the class under-totals."""
        yield from ()

    @property
    def placed(self) -> bool:
        """Whether the round is placed against the bot levels: a timed round alone on its board (a round against
        others is placed against them)."""
        session = self.session
        return bool(session.duration) and not practising(session) and not isinstance(session, Contest)

    def on_mount(self) -> None:
        self._now = getattr(self.app, "now", time.monotonic)  # the app's clock, which tests give
        self._shown_at = self._now()
        if self.late_words is None:
            self.late_words = LateWords(self.session, None)
        under = self.query(".under-totals")
        if under and self.BLANK_UNDER:
            under.last().styles.margin = (0, 0, 1, 0)  # a blank row between them and the board
        if self.placed:
            self.run_worker(self._place, thread=True, group="levels", exclusive=True)
        self.set_timer(GUARD_SECONDS, self.refresh_bindings)  # the footer's keys come back with the actions
        self._fill_lists()
        missed = self.query_one("#missed-list", OptionList)
        missed.focus()
        if missed.option_count:
            missed.highlighted = 0

    def on_resize(self) -> None:
        # The one Resize handler of every kind of results: a subclass extends `lay_out`, never this (Textual runs
        # each class's own handler too, so a subclass's on_resize calling this one would lay the screen out twice).
        self.lay_out()

    @property
    def narrow(self) -> bool:
        return self.size.width < NARROW

    def lay_out(self) -> None:
        """The word lists keep at least LISTS_WIDTH columns; the board takes the height the screen leaves it. On a
        narrow screen the summary's lines run across it, the lists under them (no board)."""
        self.set_class(self.narrow, "-narrow")
        if self.narrow:
            for line in self.query("#summary > Label"):
                line.styles.max_width = "100%"  # of the column, less its scrollbar where the screen scrolls
            return
        self.board_view.fit(self.size.width - LISTS_WIDTH - 2, self.board_height())
        width = self.summary_width()
        for line in self.query("#summary > Label"):
            line.styles.max_width = width

    def board_height(self) -> int:
        """The rows the board may take: the summary's lines and the footer take 8, and the lines under the totals
        (the place against the bot levels, a daily round's table) what they take where they wrap most, and the
        blank row under them if they have one."""
        under = self.query(".under-totals")
        width = self.summary_width(0)
        rows = sum(line.get_content_height(self.size, self.size, width) for line in under)
        return self.size.height - 8 - rows - (under.last().styles.margin.bottom if under else 0)

    def _place(self) -> None:
        """The place against the bot levels, worked out off the screen's thread (the language's word frequencies
        are read the first time), then shown."""
        r, seconds = self.results, self.session.duration or 0
        line = against_levels(r.solution, r.score, seconds) if r.solution.paths else ""
        self.app.call_from_thread(self._show_place, line)

    def _show_place(self, line: str) -> None:
        if self.is_mounted:
            self.query_one("#levels", Label).update(line)
            self.lay_out()  # it may wrap: the board is fitted again

    def summary_width(self, dice: int | None = None) -> int:
        """The width a long outcome or total (a tie named in full, in German) wraps at: the board's, at least
        SUMMARY_WIDTH, never pushing the lists narrower (they keep room for the board code's label). `dice`: a
        die's width other than the board's (0: the narrowest the lines may wrap at, whatever the dice)."""
        die = self.board_view.dice_size.width if dice is None else dice
        board = die * max(self.results.solution.board.shape)
        return max(min(self.size.width - LISTS_WIDTH - 2, max(board, SUMMARY_WIDTH)), 1)

    async def action_stats(self) -> None:
        await self.app.run_action("stats")  # the app's, behind this screen's guard

    def on_key(self, event: Key) -> None:
        """Typing that went on through the buzzer: the letters of a too-late word, never a command (late_words.py).
        Here, before the app's bindings, for every kind of results."""
        if ended_by_the_player(self):  # the keys after Ctrl+G are commands: nothing was cut short
            return
        late_keys = getattr(self.app, "late_keys", None)
        if not isinstance(late_keys, LateKeys) or not late_keys.typed_on(event, self._shown_at):
            return
        event.stop()
        event.prevent_default()
        if self.late_words is not None and self.late_words.key(event.key, event.character):
            self.show_too_late()

    def show_too_late(self) -> None:
        """The too-late line as the words typed through the buzzer now stand: added under the code (or the notice)
        when the first of them comes only now, and the columns fitted again."""
        late = self._too_late()
        lines = self.query("#too-late")
        if lines:
            lines.first(Label).update(late)
            return
        above = self.query("#results-notice") or self.query("#code")
        self.query_one("#lists").mount(Label(late, id="too-late", markup=False), after=above.first())
        self.call_after_refresh(self.lay_out)

    def guarded(self, action: str) -> bool:
        """Whether `action` waits: its key came as the results had only just replaced the round, or in a run of
        keys typed through the buzzer (an online round ends on the server's word, often after the player's clock
        read 0:00). The key is judged as it came, not when a busy game got to it (app/late_keys.py)."""
        return action in GUARDED and just_shown(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("new_game", "replay") and not isinstance(self.session, Redealt):
            return False  # the next board is dealt elsewhere (a room deals its own)
        return None if self.guarded(action) else True

    def _outcome(self) -> str:
        r = self.results
        ended = r.ended or EndReason.ENDED
        if ended is EndReason.NONE_LEFT:
            return _("No words left: {count} revealed").format(count=len(r.revealed))
        to_beat = self.session.request.to_beat
        outcome = ended.text
        if to_beat is not None:
            outcome = f"{outcome} · {challenge_outcome(r.score, to_beat)}"
        return outcome

    def _too_late(self) -> str:
        """The words typed as the round ended: each has its verdict, here (beside the board, not in the outcome
        over it, where a long one wrapped the header and took the players' table's rows)."""
        late = [capitals(e.word) for e in self.session.entries if e.verdict is Verdict.TOO_LATE]
        shown = late if len(late) <= TOO_LATE_SHOWN else ["…", *late[-TOO_LATE_SHOWN:]]  # the earlier ones: "…"
        return _("Too late: {words}").format(words=", ".join(shown)) if late else ""

    def _totals(self) -> str:
        r = self.results
        share = 100 * r.score / r.max_score if r.max_score else 0
        figures = {
            "score": number(r.score),
            "most": number(r.max_score),
            "share": f"{share:.0f}",
            "found": number(len(r.found)),
            "words": number(len(r.solution)),
            "revealed": len(r.revealed),
        }
        if r.revealed:
            return _("Score {score} of {most} ({share}%) · {found} of {words} words · {revealed} revealed").format(
                **figures
            )
        return _("Score {score} of {most} ({share}%) · {found} of {words} words").format(**figures)

    def is_required(self, word: str) -> bool:
        return self.required is not None and word not in self.reported and self.required(word)

    def tally(self) -> Tally:
        r = self.results
        return tally(r.solution.words, r.found, self.is_required)

    def _tiers(self) -> str:
        """`Required 31 of 48 · bonus 6 · Great`, and a word of praise when every required word was found."""
        counts = self.tally()
        if counts.every_required:
            return _("{tally} · every required word found!").format(tally=counts.line())
        return counts.line()

    @property
    def shows_found(self) -> bool:
        """Whether the lengths table has a row of the words found (a round only watched has none)."""
        return True

    def _lengths(self) -> Table:
        table = Table(box=None, padding=(0, 1), show_edge=False)
        # Translators: the words-by-length table: a column per word length, a row found and a row "of" all there are.
        table.add_column(_("letters"), style="dim")
        columns: dict[str, list[int]] = {}
        for row in self.results.by_length():
            key = f"{LONG_WORD}+" if row.length >= LONG_WORD else str(row.length)
            found, total = columns.setdefault(key, [0, 0])
            columns[key] = [found + row.found, total + row.total]
        for key in columns:
            table.add_column(key, justify="right")
        if self.shows_found:
            table.add_row(_("found"), *(str(found) for found, _total in columns.values()))
        # Translators: the lengths table's one row in a round only watched: how many words of each length it held
        totals = _("of") if self.shows_found else _("words")
        table.add_row(totals, *(str(total) for _found, total in columns.values()))
        return table

    def _fill_lists(self) -> None:
        r = self.results
        words = set(r.words_through(self.through)) if self.through is not None else None
        found = [w for w in r.by_value(r.found) if words is None or w in words]
        missed = [w for w in r.missed if words is None or w in words]
        shown = missed if self.bonus_missed or self.required is None else [w for w in missed if self.is_required(w)]
        self._fill("#found-list", found, _("Found {count}").format(count=len(found)))
        if len(shown) < len(missed):
            # Translators: the missed list's title when its bonus words are hidden (b shows them)
            title = _("Missed {count} · {hidden} bonus hidden").format(
                count=len(shown), hidden=len(missed) - len(shown)
            )
        else:
            title = _("Missed {count}").format(count=len(missed))
        self._fill("#missed-list", shown, title)
        self.board_view.chosen = self.through
        self.board_view.lit = ()  # the word shown before may not go through the chosen die
        focused = self.focused if isinstance(self.focused, OptionList) else None
        if focused is not None and focused.option_count:
            focused.highlighted = 0
        if self.through is None:
            common = (_("★ required"),) if self.is_common is not None else ()
            text = Phrases.of(_("↑↓ a word's path"), _("click a die: its words"), *common)
        else:
            row, column = self.results.solution.board.position(self.through)
            through = _("Words through row {row}, column {column}").format(row=row + 1, column=column + 1)
            text = Phrases.of(through, _("click it again for all"))
        self.query_one("#filter", Label).update(text)

    def _fill(self, selector: str, words: list[str], title: str) -> None:
        option_list = self.query_one(selector, OptionList)
        option_list.clear_options()
        option_list.add_options([Option(self._word_line(w), id=w) for w in words])
        option_list.border_title = title
        if self.KEEPS_LIST_ROWS:
            kept = FOUND_KEPT if selector == "#found-list" else MISSED_KEPT
            option_list.styles.min_height = min(len(words), kept) + LIST_BORDERS

    def _word_line(self, word: str) -> Content:
        star = "★ " if self.is_common is not None and word not in self.reported and self.is_common(word) else "  "
        points = self.results.found.get(word, score(word))  # online, a shared word found scored 0
        return Content.assemble((star, "$warning"), (capitals(word), "bold"), f" {points}")

    @on(DescendantFocus)
    def list_focused(self, event: DescendantFocus) -> None:
        """The list moved to shows its own word: the first one, the first time."""
        option_list = event.widget
        if not isinstance(option_list, OptionList) or not option_list.option_count:
            return
        if option_list.highlighted is None:
            option_list.highlighted = 0
        else:
            self.show_word(option_list.get_option_at_index(option_list.highlighted).id)

    @on(OptionList.OptionHighlighted)
    def show_path(self, event: OptionList.OptionHighlighted) -> None:
        self.show_word(event.option.id)

    def show_word(self, word: str | None) -> None:
        if word is not None:
            self.word = word
            self.board_view.lit = self.results.path_through(word, self.through)
            definition = self.describe(word)
            self.query_one("#definition", Static).update(
                Text.assemble((capitals(word), "bold"), f"  {definition}") if definition else ""
            )

    @on(BoardView.DieClicked)
    def narrow_to_die(self, event: BoardView.DieClicked) -> None:
        self.through = None if self.through == event.cell else event.cell
        self._fill_lists()

    def action_new_game(self) -> None:
        if isinstance(self.session, Redealt):
            self.post_message(self.Again(self.session.next_request()))

    def action_replay(self) -> None:
        if isinstance(self.session, Redealt):
            self.post_message(self.Again(self.session.replay_request()))

    def action_copy_code(self) -> None:
        self.app.copy_to_clipboard(self.session.code)
        self.notify(_("Board code {code} copied.").format(code=self.session.code), title=_("Copied"), timeout=4)

    def action_copy_result(self) -> None:
        request = self.session.request
        line = result_line(self.session.code, request.rules.dictionary, request.rules.seconds, self.results)
        self.app.copy_to_clipboard(line)
        self.notify(line, title=_("Result copied"), timeout=6)

    def action_study_word(self) -> None:
        if self.word is not None:
            self.post_message(self.Study(self.word, self.session.request.rules.dictionary))

    def action_menu(self) -> None:
        self.post_message(self.Menu())

    def action_toggle_bonus(self) -> None:
        if self.required is None:
            return
        self.bonus_missed = not self.bonus_missed
        self.post_message(self.BonusMissed(self.bonus_missed))
        self._fill_lists()

    def action_report(self) -> None:
        """The selected word, or a word the round refused as not a word: the dialog says what it is."""
        from boggle_tui.app.screens.report import ReportScreen  # the dialog, only when asked for

        refused = list(dict.fromkeys(e.word for e in self.session.entries if e.verdict is Verdict.NOT_A_WORD))
        if self.word is None and not refused:
            return
        shown = [w for w in (self.word, *refused) if w is not None]
        self.app.push_screen(ReportScreen(self.word, refused, {w: capitals(w) for w in shown}), self._reported)

    def _reported(self, choice: Choice | None) -> None:
        if choice is None:
            return
        board = self.results.solution.board
        self.post_message(
            self.Reported(choice.word, self.session.request.rules.dictionary, board.language, choice.report)
        )
        if choice.report.unwanted:
            self.reported.add(choice.word)
            if self.required is not None:
                self.query_one("#tiers", Label).update(self._tiers())
            self._fill_lists()
