"""The results of a room's round whose server was lost for good before the round ended: as far as it got.

The heading says the connection was lost and the round could not be finished; under it the player's score as the
room judged it, and the board; beside it every word the player typed with its verdict (the room's, or this game's
own where the room never judged it). Nobody's words were compared, so there is no players' table and no word is
struck out as shared. The only way on is back to the start screen: the room is gone.
"""

from __future__ import annotations

import time

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from boggle_tui.app.screens.results import GUARD_SECONDS, LISTS_WIDTH, NARROW, SUMMARY_WIDTH, ResultsScreen, just_shown
from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.widgets.board import BoardView
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.app.widgets.word_list import WordList
from boggle_tui.engine.alphabets import capitals
from boggle_tui.game.tracing import TooHard, find_path
from boggle_tui.i18n import N_, _
from boggle_tui.net.messages import MAX_TEXT
from boggle_tui.net.protocol import clean_text
from boggle_tui.net.session import ROUND_LOST, OnlineSession, lost_totals, lost_verdict

FOOTER = 1


class LostRoundScreen(TranslatedScreen[None]):
    BINDINGS = [
        Binding("escape,enter", "menu", N_("Menu"), id="lost-menu", tooltip=N_("back to the start screen")),
        Binding("tab", "app.focus_next", N_("Next list"), show=False, id="lost-next"),
    ]

    def __init__(self, session: OnlineSession) -> None:
        super().__init__()
        self.session = session
        self.board_view = BoardView(session.board, id="solution")

    def compose(self) -> ComposeResult:
        with Horizontal(id="results"):
            with Vertical(id="summary"):
                yield Label(_(ROUND_LOST), id="outcome", classes="-lost", markup=False)
                yield Label(clean_text(self.session.title, MAX_TEXT), id="lost-title", markup=False)
                yield Label(lost_totals(self.session), id="totals", markup=False)
                yield self.board_view
            with Vertical(id="lists"):
                yield WordList(id="lost-words")
        yield Footer()

    def on_mount(self) -> None:
        self._now = getattr(self.app, "now", time.monotonic)  # the app's clock, which tests give
        self._shown_at = self._now()
        self.set_timer(GUARD_SECONDS, self.refresh_bindings)  # the footer's keys come back with the action
        words = self.query_one("#lost-words", OptionList)
        entries = self.session.entries
        words.add_options([Option(self._line(n), id=str(n)) for n in range(len(entries))])
        words.border_title = _("Your words {count}").format(count=len(entries))
        words.focus()
        if entries:
            words.highlighted = 0

    def _line(self, n: int) -> Content:
        entry = self.session.entries[n]
        points = f" {entry.points}" if entry.verdict.accepted else ""
        return Content.assemble((capitals(entry.word), "bold"), points, ("  " + lost_verdict(entry), "dim"))

    def on_resize(self) -> None:
        """The words keep LISTS_WIDTH columns; the board takes the rows its lines and the footer leave, and the lines
        wrap at the board's width (at least SUMMARY_WIDTH), leaving the words their room. Narrower than NARROW (a
        phone held upright), as on any results: the lines run across the screen, the words under them, no board."""
        narrow = self.size.width < NARROW
        self.set_class(narrow, "-narrow")
        lines = list(self.query("#summary > Label"))
        if narrow:
            for line in lines:
                line.styles.max_width = "100%"  # of the column, less its scrollbar where the screen scrolls
            return
        room = self.size.width - LISTS_WIDTH - 2
        narrowest = max(min(room, SUMMARY_WIDTH), 1)  # where they wrap most
        rows = sum(line.get_content_height(self.size, self.size, narrowest) for line in lines)
        self.board_view.fit(room, self.size.height - rows - FOOTER)
        width = max(min(room, max(self.board_view.extent()[0], SUMMARY_WIDTH)), 1)
        for line in lines:
            line.styles.max_width = width

    @on(OptionList.OptionHighlighted)
    def show_path(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted word's path on the board, where it has one."""
        word = self.session.entries[int(event.option.id or 0)].word
        try:
            path = find_path(self.session.board, word)
        except TooHard:
            path = None
        self.board_view.lit = tuple(path) if path else ()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter typed as the connection was lost is the round's word, never a way out: as on any results, the
        keys of a run typed through the round's end wait (results.py's guard)."""
        if action == "menu" and just_shown(self):
            return None
        return True

    def action_menu(self) -> None:
        self.post_message(ResultsScreen.Menu())  # the app goes back to the start screen: the room is gone
