"""The round: draws a session (board, clock, entry, verdicts, hints) and passes on what the player does.

The session owns the round; this screen never stops a clock or ends a round itself. While
another screen covers it (help, a question, a terminal too small) it holds the session, so
the clock stops and the board is hidden together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.content import Content
from textual.events import Key, ScreenResume, ScreenSuspend
from textual.reactive import reactive
from textual.widgets import Input, Label, Static

from boggle_tui.app.keys import keys_for, short_key_for
from boggle_tui.app.late_keys import typing
from boggle_tui.app.late_words import LateWords
from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.keeps_typing import typed
from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.widgets.board import FLAT, SMALLEST, BoardView
from boggle_tui.app.widgets.clock import ClockView
from boggle_tui.app.widgets.code import CodeLine
from boggle_tui.app.widgets.entry import WordEntry
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.app.widgets.found import FoundWords
from boggle_tui.app.widgets.hints import HINT_KEYS, HintPanel
from boggle_tui.app.widgets.log import EntryLog
from boggle_tui.app.widgets.score import ScoreLine
from boggle_tui.app.widgets.touch import Touch, TouchBar
from boggle_tui.app.widgets.verdict import VerdictLine
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.board import Cell, CellPath
from boggle_tui.game.hints import hintable, starts_at
from boggle_tui.game.round import EndReason
from boggle_tui.game.session import (
    Hold,
    Live,
    Pausable,
    Practice,
    Rivals,
    RoundSession,
    Shared,
    Standing,
    Teamed,
    Timekeeper,
    practising,
    watching,
)
from boggle_tui.game.tracing import TooHard, click, find_path, path_while_typing
from boggle_tui.i18n import N_, _

TICK_SECONDS = 0.2
TEAMMATE_LIT_SECONDS = 1.5  # a teammate's new word lights its path this long
SIDE_WIDTH = 30  # #side's min-width in boggle.tcss: a 4x4 board of the smallest dice fits at 60 columns
# Upright (a phone held upright, ~40x44 in `boggle web`): the board on top, then the entry, the clock, score and
# counts on one line, the touch buttons, the words found. Rows besides the board's: the title (1), the entry (3),
# the verdict (1), the status line (1), the buttons (3), a line of words found (2 + 1) and the footer (1): a 4x4
# board needs 25 rows, what a phone's page has above its keyboard (cli/web_page/boggle.js).
UPRIGHT_ROWS = 13
# Upright and short (a phone with its keyboard up: 43x23): the clock and score, the board, the entry, its verdict and
# the footer alone; the title, the touch buttons and the words found give way.
COMPACT_ROWS = 6
TOUCHES = (
    Touch(N_("Submit"), "submit"),
    Touch(N_("Clear"), "clear"),
    # Translators: a touch button on a phone: end the round (it asks first), or vote to end it online.
    Touch(N_("End"), "end_round"),
    Touch(N_("Give up"), "give_up"),
    Touch(N_("Pause"), "pause"),
)


class RoundScreen(TranslatedScreen[None]):
    # The tooltip is the help screen's line for the key.
    BINDINGS = [
        Binding("escape", "clear", N_("Clear"), id="clear", tooltip=N_("clear the entry")),
        Binding(
            "escape", "lobby", N_("Lobby"), id="watch-lobby",
            tooltip=N_("online: back to the lobby from a round you only watch (it goes on without you)"),
        ),
        Binding("ctrl+r", "rotate", N_("Rotate"), id="rotate", tooltip=N_("rotate the board a quarter turn")),
        Binding(
            "ctrl+p", "pause", N_("Pause"), id="pause", tooltip=N_("pause: the clock stops and the board is hidden")
        ),
        Binding("f1", "help", N_("Help"), id="help", tooltip=N_("this help")),
        Binding("ctrl+g", "end_round", N_("End round"), id="end-round", tooltip=N_("end the round (it asks first)")),
        Binding("ctrl+g", "give_up", N_("Give up"), id="give-up", tooltip=N_("practice: give up")),
        Binding("ctrl+y", "copy_code", N_("Copy code"), show=False, id="copy-code", tooltip=N_("copy the board code")),
        Binding("f2", "talk", N_("Chat"), show=False, id="round-chat", tooltip=N_("online: chat waits for the end")),
        Binding(
            "ctrl+l,f5", "hint('lengths')", N_("Lengths"), show=False, id="hint-lengths",
            tooltip=N_("practice: words left by length"),
        ),
        Binding(
            "ctrl+t,f6", "hint('heat')", N_("Heat map"), show=False, id="hint-heat",
            tooltip=N_("practice: heat map of where words start"),
        ),
        Binding(
            "ctrl+b,f7", "hint('starts')", N_("First letters"), show=False, id="hint-starts",
            tooltip=N_("practice: words left by first letters"),
        ),
        Binding(
            "ctrl+o,f8", "reveal", N_("Reveal"), show=False, id="reveal",
            tooltip=N_("practice: reveal a word (it scores nothing)"),
        ),
    ]  # fmt: skip

    hint: reactive[str | None] = reactive(None, init=False)

    def __init__(
        self,
        session: RoundSession,
        describe: Callable[[str], str] = lambda _: "",
        *,
        pause_when_away: bool = False,
        live_count: bool = False,
    ) -> None:
        """`describe` defines a revealed word; `pause_when_away` holds a timed solo round while the terminal
        has lost focus (where the terminal reports it), so a player called away loses no time; `live_count` shows
        the words found of the board's (where the board's words are known as it runs: a round dealt here)."""
        super().__init__(classes="-practice" if practising(session) else "")
        self.session = session
        self.describe = describe
        self.pause_when_away = pause_when_away
        self.live_count = live_count
        self.away = False  # the round is held because the terminal lost focus
        self.path: CellPath = ()  # the word being built, typed or clicked
        self.covered_by: Hold | None = None
        self.typed_away: list[str] = []  # keys typed while a notice covered the board: typed in when it shows again
        # The widgets the round updates, kept rather than queried: keys and ticks may come
        # before the screen has finished mounting.
        self.board_view = BoardView(session.board, id="board")
        self.entry = WordEntry(id="entry")
        self.late_words: LateWords | None = None  # from 0:00: the words typed on, too late (late_words.py)
        self.verdict = VerdictLine("", id="verdict")
        self.clock_view = ClockView(session.duration, id="clock")
        self.score = ScoreLine(id="score")
        self.hints = HintPanel(id="hints")
        self.found = FoundWords(id="found-box")
        self.log_view = EntryLog(id="history")
        self.hidden_notice = Static("", id="paused")
        self.standings = Static("", id="players-progress")  # online: everyone's word counts
        self.touch_bar = TouchBar(TOUCHES, id="round-touch")
        self._verdicts_shown = 0
        self._teammate_lit: str | None = None  # the teammate's word last lit on the board
        # A round watched (a room's spectator): the board, the clock and the counts; no entry, score or vote.
        self.watching = watching(session)
        if self.watching:
            self.entry.disabled = True
            for widget in (self.entry, self.verdict, self.score, self.touch_bar, self.found, self.log_view):
                widget.display = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="round"):
            with Vertical(id="play"):
                yield Label(self.session.title, id="title")
                yield self.board_view
                yield self.hidden_notice
                if self.watching:
                    # Translators: under the board of a round the player watches (no entry: they have no part in it)
                    note = _("You are watching: the players' counts as they change, their words at the end.")
                    yield Static(note, id="watching-note")  # as wide as the board, wrapped under it
                yield self.entry
                yield self.verdict
            with Vertical(id="side"):
                with Container(id="status"):  # one line when upright
                    yield self.clock_view
                    yield self.score
                    if isinstance(self.session, Rivals):  # online, or at the table
                        yield self.standings
                yield self.touch_bar
                yield CodeLine(self.session.code, keys_for(self.app, self, "copy-code", first=True), id="code")
                yield self.hints
                yield self.found
                yield self.log_view
        yield Footer()

    def on_mount(self) -> None:
        if isinstance(self.session, Live):
            self.session.on_change(self.changed_elsewhere)
        self.session.on_end(self.ended)
        if isinstance(self.session, Timekeeper):
            self.session.start()
        if not self.watching:
            self.entry.focus()
        self.set_interval(TICK_SECONDS, self.tick)
        self.watch(self.app, "app_focus", self.focus_changed, init=False)
        if practising(self.session):
            self.hints.keys = tuple((short_key_for(self.app, self, id_), what) for id_, what in HINT_KEYS)
        self.show_session()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.watching and action in ("end_round", "submit", "clear"):
            return False  # a watcher enters nothing and has no vote
        if action == "lobby":  # a player who came during the round and watched it (F3) goes back to wait for the next
            return self.watching and getattr(self.app, "online", None) is not None
        if action in ("hint", "reveal", "give_up"):
            return practising(self.session)
        if action == "end_round":
            return not practising(self.session)
        if action == "pause":
            return isinstance(self.session, Pausable) and not self.session.over
        if action == "talk":
            return isinstance(self.session, Shared)
        return True

    def action_lobby(self) -> None:
        online = getattr(self.app, "online", None)
        if online is not None:
            online.stop_watching()

    def action_talk(self) -> None:
        """The lobby's chat key, pressed in a round: why there is no chat here."""
        self.notify(_("Chat waits for the end of the round: no words are given away while it runs."), title=_("Room"))

    @property
    def min_size(self) -> tuple[int, int]:
        """The smallest terminal that shows the whole board (smallest dice) beside the side panel."""
        rows, columns = self._shape()
        return columns * SMALLEST.width + SIDE_WIDTH + 2, rows * SMALLEST.height + 6

    @property
    def upright_size(self) -> tuple[int, int]:
        """The smallest terminal that shows the whole board (smallest dice) above the rest, upright."""
        rows, columns = self._shape()
        return columns * SMALLEST.width + 2, rows * SMALLEST.height + UPRIGHT_ROWS

    @property
    def compact_size(self) -> tuple[int, int]:
        """The smallest terminal that shows the whole board upright, with only the clock, the entry and its
        verdict under it (COMPACT_ROWS)."""
        rows, columns = self._shape()
        return columns * SMALLEST.width + 2, rows * SMALLEST.height + COMPACT_ROWS

    @property
    def flat_size(self) -> tuple[int, int]:
        """The smallest terminal that shows the whole board upright in flat dice (a row each), with the compact part
        under it: a phone whose keyboard is up (43x16) still plays."""
        rows, columns = self._shape()
        return columns * FLAT.width + 2, rows * FLAT.height + COMPACT_ROWS

    def upright(self, width: int, height: int) -> bool:
        """Too narrow for the side panel beside the board, and tall enough to have the rest under the board (all of
        it, or the compact part, over flat dice if need be)."""
        least = self.flat_size
        return width < self.min_size[0] and width >= least[0] and height >= least[1]

    def compact(self, width: int, height: int) -> bool:
        """Upright, but too short for everything under the board: its compact part alone."""
        return self.upright(width, height) and height < self.upright_size[1]

    def min_size_at(self, width: int, height: int) -> tuple[int, int]:
        """What this terminal needs at least: where it is too narrow to have the side panel beside the board (a
        phone's), the board upright with its compact part; else side by side."""
        return self.flat_size if width < self.min_size[0] else self.min_size

    def _shape(self) -> tuple[int, int]:
        rows, columns = self.session.board.shape
        return (columns, rows) if self.board_view.rotation % 2 else (rows, columns)

    def on_resize(self) -> None:
        width, height = self.size
        upright, compact = self.upright(width, height), self.compact(width, height)
        self.set_class(upright, "-portrait")
        self.set_class(compact, "-compact")
        self.set_class(upright or bool(getattr(self.app, "web_url", None)), "-touch")  # a phone, or a browser
        if upright and height < self.compact_size[1]:  # no room for bordered dice: flat ones, a row each
            self.board_view.flatten()
        elif upright:  # the width, less the margins; the height, less what goes under the board
            self.board_view.fit(width - 2, height - (COMPACT_ROWS if compact else UPRIGHT_ROWS))
        else:  # the side panel, the title, the entry and the footer take the rest
            self.board_view.fit(width - SIDE_WIDTH - 2, height - 6)

    # Drawing the session

    def tick(self) -> None:
        if isinstance(self.session, Timekeeper):
            self.session.tick()
        self.show_clock()

    def show_clock(self) -> None:
        session = self.session
        self.clock_view.remaining = session.remaining
        self.clock_view.elapsed = session.elapsed
        self.clock_view.held = session.hidden

    def show_session(self) -> None:
        session = self.session
        self.show_clock()
        self.score.score, self.score.words = session.score, len(session.found)
        self.score.to_beat = session.request.to_beat
        self.score.of = session.known_words if self.live_count else None  # a room's: known only at the end
        self.found.found = tuple(session.found.items())
        self.log_view.entries = tuple(session.entries)
        if isinstance(session, Teamed) and session.team:
            self.found.teammates = tuple(session.teammates.items())
        if isinstance(session, Rivals):
            self._show_standings(session.standings)
        if isinstance(session, Practice):
            self.found.revealed = tuple(session.revealed)
        if isinstance(session, Practice) and session.practice:
            self.hints.remaining = tuple(hintable(session.remaining_words(), session.board.language))
            self._show_heat()
        hidden = session.hidden
        if hidden != self.has_class("-hidden"):
            self._hide_board(hidden)
        if hidden:
            self.hidden_notice.update(self._hidden_why())
        if session.over:
            self.entry.disabled = True  # the results are on their way
        if self.touch_bar.is_mounted:
            self.touch_bar.refresh_touches()

    def ended(self, session: RoundSession) -> None:
        """The round is over: a word still being typed gets its verdict (too late) instead of vanishing."""
        unfinished = session.late(self.entry.value) if self.entry.value.strip() else None
        self.entry.value = ""
        self.late_words = LateWords(session, unfinished)  # typing goes on with it, here and on the results

    def on_key(self, event: Key) -> None:
        """Typing that reaches the round once it is over (its entry line is closed, the results not up yet): letters
        of a word too late, as on the results, never lost nor taken for a command. Typing while the round is paused
        (its board hidden, its entry shut) is kept, and typed in when it goes on."""
        if self.late_words is not None and typing(event):
            event.stop()
            event.prevent_default()
            self.late_words.key(event.key, event.character)
        elif self.session.hidden and not self.session.over and (key := typed(event)) is not None:
            event.stop()
            self.typed_away.append(key)

    def changed_elsewhere(self) -> None:
        """An online round: the newest verdict (judged by the server) and everyone's progress; at the table, a
        bot's find."""
        entries = self.session.entries
        if len(entries) > self._verdicts_shown:
            self.verdict.entry = entries[-1]
        self._verdicts_shown = len(entries)
        self._light_teammate_find()
        self.show_session()

    def _light_teammate_find(self) -> None:
        """A teammate's new word lights its path on the board for a moment, unless the player is tracing a word of
        their own (their path is never taken from them)."""
        session = self.session
        if not isinstance(session, Teamed) or not session.team or session.hidden:
            return
        newest = next(reversed(session.teammates), None)
        if newest is None or newest == self._teammate_lit or self.entry.value:
            return
        self._teammate_lit = newest
        try:
            path = find_path(session.board, newest)
        except TooHard:
            return
        if path:
            self.board_view.lit = shown = tuple(path)
            self.set_timer(TEAMMATE_LIT_SECONDS, lambda: self._unlight(shown))

    def _unlight(self, shown: tuple[Cell, ...]) -> None:
        if self.board_view.lit == shown and not self.entry.value:
            self.board_view.lit = ()

    def _show_standings(self, standings: Sequence[Standing]) -> None:
        session = self.session
        team = [Text(session.team_line(), style="bold")] if isinstance(session, Teamed) and session.team else []
        rows = [
            Text.assemble(
                (p.name, "bold reverse" if p.me else ""),  # literal, never markup; the player stands out
                # Translators: after the player's own name in the round's list of players.
                " " + _("(you)") if p.me else "",
                f" {p.words}",
                # Translators: a player has voted to end the round (a short tag after their word count).
                " " + _("✓end") if p.voted_end else "",
                # Translators: a player's connection is lost for now (a short tag after their word count).
                "" if p.connected else " " + _("(away)"),
            )
            for p in standings
        ]
        # As Content, so that the stylesheet's ellipsis shows where a phone's line cuts the counts short.
        self.standings.update(Content.from_rich_text(Text(" · ").join(team + rows)) if rows else "")

    def _hide_board(self, hidden: bool) -> None:
        if hidden:  # the notice takes the board's place and size
            width, height = self.board_view.outer_size
            self.hidden_notice.styles.width, self.hidden_notice.styles.height = max(width, 28), max(height, 5)
        self.set_class(hidden, "-hidden")
        self.entry.disabled = hidden or self.watching
        if not hidden and not self.watching:
            self.entry.focus()

    def _hidden_why(self) -> str:
        """Why the board is hidden, and what brings it back (the pause key as the player has it)."""
        session = self.session
        if isinstance(session, Shared):
            return _("Covered: the board is hidden.\nThe room's clock runs on: come back soon.")
        if self.covered_by is not None:
            return _("The clock is stopped: the board is hidden.\nIt runs again when you come back.")
        if self.away:
            return _("Away: the board is hidden.\nThe clock runs again when you come back.")
        return _("Paused: the board is hidden.\nPress {keys} to play on.").format(
            keys=keys_for(self.app, self, "pause")
        )

    # Typing and clicking

    def type_keys(self, keys: list[str]) -> None:
        """Keys typed while a notice covered the board (the terminal too small: `typed_away`, taken as the board
        shows again), into the entry as if typed now: each word finished is judged, the last one unfinished stays
        to be typed on."""
        if self.entry.disabled:
            return
        for key in keys:
            if key == "enter":
                self.entry.submit_word()
            elif key == "backspace":
                self.entry.action_delete_left()
            else:
                self.entry.insert_text_at_cursor(key)

    @on(WordEntry.Word)
    def word_submitted(self, event: WordEntry.Word) -> None:
        entry = self.session.submit(event.text)
        self.path = ()
        self.board_view.lit = ()
        if entry is not None:
            self.verdict.entry = entry
        self.show_session()

    @on(Input.Changed, "#entry")
    def entry_changed(self, event: Input.Changed) -> None:
        board = self.session.board
        text = board.alphabet.fold(event.value)
        if self.path and board.spell(self.path) == text:
            return  # the text came from clicks: keep the path the player chose
        try:
            path = path_while_typing(board, text) if text else None
            untraceable = bool(text) and path is None
        except TooHard:
            path, untraceable = None, False  # not worth a frozen screen to know
        self.path = path or ()
        self.board_view.lit = self.path
        event.input.set_class(untraceable, "-untraceable")

    @on(BoardView.DieClicked)
    def die_clicked(self, event: BoardView.DieClicked) -> None:
        if self.session.hidden or self.session.over or self.watching:
            return
        board = self.session.board
        typed = board.alphabet.fold(self.entry.value)
        path = self.path if self.path and board.spell(self.path) == typed else ()
        result = click(board, path, event.cell)
        if result.refused:
            self.app.bell()
        elif result.submit:
            self.entry.submit_word()
        else:
            self.path = result.path
            self.entry.value = board.spell(self.path)
            self.entry.cursor_position = len(self.entry.value)
            self.entry.remove_class("-untraceable")
            self.board_view.lit = self.path
        self.entry.focus()

    def action_submit(self) -> None:
        """The touch button's Enter: the word in the entry, as typed or traced."""
        self.entry.submit_word()
        self.entry.focus()

    def action_clear(self) -> None:
        self.entry.value = ""
        self.path = ()
        self.board_view.lit = ()

    # Being covered by another screen

    @on(ScreenSuspend)
    def covered(self) -> None:
        self.covered_by = getattr(self.app.screen, "HOLD", Hold.COVERED)
        self.session.hold(self.covered_by)
        self.show_session()

    @on(ScreenResume)
    def uncovered(self) -> None:
        if self.covered_by is not None:
            self.session.release(self.covered_by)
            self.covered_by = None
        self.show_session()
        typed, self.typed_away = self.typed_away, []
        self.type_keys(typed)

    def focus_changed(self, focused: bool) -> None:
        """The terminal lost or regained focus: a timed solo round holds its clock while it is away. A shared
        clock never stops (the room plays on), and a round without a clock has no time to lose."""
        session = self.session
        if not self.pause_when_away or isinstance(session, Shared) or session.duration is None:
            return
        self.away = not focused and not session.over
        if self.away:
            session.hold(Hold.AWAY)
        else:
            session.release(Hold.AWAY)
        self.show_session()

    # Keys

    def action_rotate(self) -> None:
        self.board_view.rotate()

    def action_pause(self) -> None:
        if isinstance(self.session, Pausable):
            self.session.toggle_pause()
            self.show_session()
            if not self.session.hidden:  # typed while the board was hidden: judged as it shows again
                kept, self.typed_away = self.typed_away, []
                self.type_keys(kept)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_end_round(self) -> None:
        def answered(end: bool | None) -> None:
            if end:
                self.session.end(EndReason.ENDED)

        if isinstance(self.session, Shared):
            asked = _("Vote to end this round? It ends when every player has.")
            question = ConfirmScreen(asked, _("Vote"), _("Keep playing"))
        else:
            asked = _("End this round now? It is scored as it stands.")
            question = ConfirmScreen(asked, _("End round"), _("Keep playing"))
        self.app.push_screen(question, answered)

    def action_give_up(self) -> None:
        self.session.end(EndReason.GAVE_UP)

    def action_copy_code(self) -> None:
        if self.session.hidden:  # the code spells the board: not while it is hidden
            return
        self.app.copy_to_clipboard(self.session.code)
        self.notify(_("Board code {code} copied.").format(code=self.session.code), title=_("Copied"), timeout=4)

    def action_hint(self, kind: str) -> None:
        self.hint = None if self.hint == kind else kind

    def watch_hint(self, kind: str | None) -> None:
        self.hints.kind = kind
        self._show_heat()

    def _show_heat(self) -> None:
        session = self.session
        heat = self.hint == "heat" and isinstance(session, Practice) and session.practice
        left = (
            hintable(session.remaining_words(), session.board.language)
            if heat and isinstance(session, Practice)
            else None
        )
        self.board_view.heat = tuple(starts_at(session.board, left)) if left is not None else ()

    def action_reveal(self) -> None:
        word = self.session.reveal() if isinstance(self.session, Practice) else None
        if word is None:
            return
        solution = self.session.solution
        if solution is not None:
            self.board_view.lit = solution.paths[word]
        definition = self.describe(word)
        revealed = _("Revealed: {word} (scores nothing)").format(word=capitals(word))
        self.verdict.news = revealed + (f" · {definition}" if definition else "")
        self.show_session()
