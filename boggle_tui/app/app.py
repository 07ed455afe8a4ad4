"""The Textual app: moves between screens and keeps the word lists loaded."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

from textual import on, work
from textual.app import App
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen

from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.app.screens.waiting import LoadingScreen, TooSmallScreen
from boggle_tui.engine.dictionary import COMMON_WORDS, Dictionary, load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.daily import today
from boggle_tui.game.deal import RICH_TRIES, Deal
from boggle_tui.game.preferences import GameSettings
from boggle_tui.game.record import record_of
from boggle_tui.game.round import Round
from boggle_tui.storage.history import History
from boggle_tui.storage.settings import DEFAULT_THEME, save_settings
from boggle_tui.storage.stats import summarize

MIN_SIZE = (60, 20)


class BoggleApp(App[None]):
    CSS_PATH = "boggle.tcss"
    TITLE = "Boggle"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "request_quit", "Quit", priority=True)]

    def __init__(
        self,
        settings: GameSettings,
        *,
        start_now: bool = False,
        now: TimeSource = time.monotonic,
        history: History | None = None,
        theme: str = DEFAULT_THEME,
        settings_folder: Path | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.start_now = start_now
        self.now = now
        self.history = history or History.disabled()
        self.settings_folder = settings_folder
        self.dictionaries: dict[str, Dictionary] = {}
        self.common: Dictionary | None = None
        self.chosen_theme = theme

    def on_mount(self) -> None:
        if self.chosen_theme in self.available_themes:
            self.theme = self.chosen_theme
        if self.history.notice:
            self.notify(self.history.notice, title="History", severity="warning", timeout=10)
        if self.start_now:
            self.start_round(self.settings)
        else:
            self.show(StartScreen(self.settings))

    def show(self, screen: Screen) -> None:
        """Put `screen` in place of the current one (modal screens stay on top of their own)."""
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # Rounds

    def start_round(self, settings: GameSettings) -> None:
        self.settings = settings
        try:
            dealt = settings.deal()
        except BoggleError as error:
            self.notify(str(error), title="Cannot deal that board", severity="error")
            self.show(StartScreen(settings.for_next_round()))
            return
        dictionary = self.dictionaries.get(settings.dictionary)
        if dictionary is not None and not settings.rich:
            self.play(settings, dealt, dictionary)
        else:
            waiting = (
                f"Rolling {RICH_TRIES} boards to deal the richest…"
                if dictionary
                else f"Preparing the word list {settings.dictionary!r} (the first time only)…"
            )
            self.show(LoadingScreen(waiting))
            self.load_words(settings, dealt)

    @work(thread=True, exclusive=True, group="load")
    def load_words(self, settings: GameSettings, dealt: Deal) -> None:
        """Work that may take a second, off the screen's thread: a first trie build, a rich deal."""
        try:
            dictionary = self.dictionaries.get(settings.dictionary) or load_dictionary(settings.dictionary)
            common = self.common or load_dictionary(COMMON_WORDS)
        except BoggleError as error:
            self.call_from_thread(self.load_failed, str(error))
            return
        if settings.rich:
            dealt = settings.deal_with(dictionary.trie)
        self.call_from_thread(self.loaded, settings, dealt, dictionary, common)

    def loaded(self, settings: GameSettings, dealt: Deal, dictionary: Dictionary, common: Dictionary) -> None:
        self.dictionaries[settings.dictionary] = dictionary
        self.common = common
        self.play(settings, dealt, dictionary)

    def load_failed(self, message: str) -> None:
        self.notify(message, title="Cannot use that word list", severity="error", timeout=8)
        self.show(StartScreen(self.settings.for_next_round()))

    def play(self, settings: GameSettings, dealt: Deal, dictionary: Dictionary) -> None:
        game = Round.on(
            dealt.board,
            dictionary.trie,
            settings.min_length_for(dealt),
            settings.seconds,
            practice=settings.practice,
            now=self.now,
        )
        self.show(RoundScreen(game, dealt, settings))

    def is_common(self, word: str) -> bool:
        return self.common is not None and word in self.common

    @on(RoundScreen.Finished)
    def round_finished(self, event: RoundScreen.Finished) -> None:
        # Saved before anything is drawn: once a round is over it is in the history.
        saved = self.history.record(record_of(event.round, event.dealt, event.settings, dt.datetime.now(dt.UTC)))
        if not saved and self.history.enabled and self.history.notice:
            self.notify(self.history.notice, title="History", severity="warning")
        self.show(ResultsScreen(event.round.results(), event.dealt, event.settings, self.is_common))

    @on(StartScreen.Play)
    def play_chosen(self, event: StartScreen.Play) -> None:
        save_settings(event.settings, self.theme, self.settings_folder)
        self.start_round(event.settings)

    @on(ResultsScreen.Again)
    def play_again(self, event: ResultsScreen.Again) -> None:
        self.start_round(event.settings)

    def action_stats(self) -> None:
        summary = summarize(self.history, self.is_common, today())
        self.push_screen(StatsScreen(summary, self.history.notice))

    @on(ResultsScreen.Menu)
    def menu(self) -> None:
        self.show(StartScreen(self.settings.for_next_round()))

    # Quitting and the size of the terminal

    def action_request_quit(self) -> None:
        screen = self.screen
        if not isinstance(screen, RoundScreen) or screen.round.over:
            self.exit()
            return
        clock = screen.round.clock
        was_running = clock.running
        clock.pause()

        def answered(quit_: bool | None) -> None:
            if quit_:
                self.exit()
            elif was_running:
                clock.resume()

        self.push_screen(ConfirmScreen("Quit this round? It will not be scored.", "Quit", "Keep playing"), answered)

    @on(Resize)
    def check_size(self, event: Resize) -> None:
        showing = isinstance(self.screen, TooSmallScreen)
        beneath = self.screen_stack[-2] if showing and len(self.screen_stack) > 1 else self.screen
        need = beneath.min_size if isinstance(beneath, RoundScreen) else MIN_SIZE
        small = event.size.width < need[0] or event.size.height < need[1]
        if small and not showing:
            game = beneath.round if isinstance(beneath, RoundScreen) else None
            self.push_screen(TooSmallScreen(need, game.clock if game else None))
        elif showing and not small:
            self.pop_screen()
