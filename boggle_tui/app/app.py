"""The Textual app: routes between screens and keeps the word lists loaded.

Rounds belong to their session (game/session.py); the app deals one when asked, saves it
when the session says it is over, and shows its results.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.theme import Theme

from boggle_tui.app.commands import PALETTE_KEY, commands
from boggle_tui.app.screens.code import CodeScreen
from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.friends import FriendsChoice, FriendsScreen

if TYPE_CHECKING:
    from boggle_tui.app.online import OnlinePlay, OnlineTarget
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.app.screens.study import StudyScreen
from boggle_tui.app.screens.table import TableScreen
from boggle_tui.app.screens.table_results import TableResultsScreen
from boggle_tui.app.screens.waiting import LoadingScreen, TooSmallScreen
from boggle_tui.app.themes import THEMES
from boggle_tui.engine import definitions, frequency
from boggle_tui.engine.dictionary import COMMON_WORDS, Dictionary, is_cached, load_dictionary
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.bots import DEFAULT_LEVEL, MATCHED, MIN_ROUNDS, matched_fit
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.deal import RICH_TRIES, Deal
from boggle_tui.game.preferences import DEFAULT_THEME, Preferences
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import Given, Mode, RoundRequest
from boggle_tui.game.session import Contest, Redealt, RoundSession, SoloSession
from boggle_tui.game.study import Card, Review, Source, StudySession
from boggle_tui.game.table import TableRules, TableSession
from boggle_tui.game.wording import plural
from boggle_tui.net.address import default_name
from boggle_tui.net.session import OnlineSession
from boggle_tui.storage import study
from boggle_tui.storage.history import History
from boggle_tui.storage.settings import save_preferences
from boggle_tui.storage.stats import summarize

MIN_SIZE = (60, 20)
FIT_READS = 200  # "matched" reads this many recent rounds (of every kind) to find its own
READ_AFTER = 1.0  # seconds after a board is shown: the round's first second is the player's
LOADING_DELAY = 0.15  # a word list from the cache loads faster than this: no loading screen flashes by

WallClock = Callable[[], dt.datetime]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class BoggleApp(App[int]):
    CSS_PATH = "boggle.tcss"
    TITLE = "Boggle"
    COMMAND_PALETTE_BINDING = PALETTE_KEY
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True, id="quit", tooltip="quit (it asks first in a round)"),
        Binding(
            PALETTE_KEY,
            "command_palette",
            "Commands",
            show=False,  # the footer shows the palette key at its right end
            priority=True,
            id="commands",
            tooltip="the command palette: every command by name",
        ),
    ]

    @dataclass
    class RoundOver(Message):
        session: RoundSession

    def __init__(
        self,
        preferences: Preferences | None = None,
        *,
        request: RoundRequest | None = None,
        now: TimeSource = time.monotonic,
        wall: WallClock = utc_now,
        history: History | None = None,
        settings_folder: Path | None = None,
        notices: Sequence[str] = (),
        rng: random.Random | None = None,
        open_study: bool = False,
        online: OnlineTarget | None = None,
        invite: str | None = None,
        web_url: str | None = None,
        table: TableRules | None = None,
    ) -> None:
        """`request` starts that round at once; else the start screen opens on `preferences`.

        `now` is the clock rounds are timed by and `wall` the date and time rounds are saved
        with; `rng` shuffles the study drills and spreads their due dates: tests pass their own.
        `open_study` opens today's study over the start screen; `online` joins (or hosts) a room;
        `invite` opens "Play with friends" for that room's address (a `boggle web` link); `web_url` is the
        page this game is served on, if any, so that a lobby can show a link into its room. `table` plays the
        rounds against computer opponents (boggle play --bots).
        """
        super().__init__()
        self.preferences = preferences or Preferences()
        self.request = request
        self.now = now
        self.wall = wall
        self.history = history or History.disabled()
        self.settings_folder = settings_folder
        self.notices = list(notices)
        self.rng = rng or random.Random()
        self.keymap: dict[str, str] = {}  # binding id -> keys, as the player remapped them
        self.open_study = open_study
        self.invite = invite
        self.web_url = web_url
        self.online = self._online_play(online) if online is not None else None
        self.online_from_start = False  # a room chosen on the start screen goes back to it when left
        self.dictionaries: dict[str, Dictionary] = {}
        self.common: Dictionary | None = None
        self.table = table  # rounds against the table while set
        self.table_choice = table or TableRules()  # what the table screen offers first
        self._fitted_from: list[RoundRecord] = []  # "matched": the history read for the next table's fit

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        self._apply_theme(self.preferences.theme)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.apply_keymap(self.preferences.keys)
        for notice in self.notices:
            self.notify(notice, title="Settings", severity="warning", timeout=10)
        if self.history.notice:
            self.notify(self.history.notice, title="History", severity="warning", timeout=10)
        if self.online is not None:
            self.show(LoadingScreen("Joining the room…"))
            self.run_worker(self.online.run(), group="online", exclusive=True)
        elif self.request is not None:
            self.start_round(self.request)
        else:
            self.show(self.start_screen())
            if self.open_study:
                self.action_study()
            elif self.invite:
                self.action_friends(self.invite)

    def _apply_theme(self, name: str) -> None:
        """The remembered theme; one Textual does not know (a typo, a theme of another version) falls back
        to the default with a notice, as any other bad setting does, instead of stopping the launch."""
        if name in self.available_themes:
            self.theme = name
            return
        self.notices.append(
            f"settings.json: theme {cut_short(json.dumps(name), 40)} is not one known here; "
            f"it is back to its default ({DEFAULT_THEME})."
        )
        self.preferences = replace(self.preferences, theme=DEFAULT_THEME)
        self.theme = DEFAULT_THEME

    def apply_keymap(self, keys: dict[str, str]) -> None:
        """The player's keys from the settings file; an id no binding has is named in a notice."""
        unknown = sorted(set(keys) - binding_ids())
        if unknown:
            self.notify(f"settings.json: no key binding is called {', '.join(unknown)}", title="Keys", timeout=10)
        self.keymap = {binding: key for binding, key in keys.items() if binding not in unknown}
        self.set_keymap(self.keymap)

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.preferences.theme:
            self.preferences = replace(self.preferences, theme=theme.name)
            save_preferences(self.preferences, self.settings_folder)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from commands(self, screen)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_new_round(self) -> None:
        self.start_round(self.preferences.request(self.today()))

    def action_open_code(self) -> None:
        def chosen(dealt: Deal | None) -> None:
            if dealt is not None:
                p = self.preferences
                practice = p.mode is Mode.PRACTICE
                seconds = None if practice else p.seconds
                self.start_round(RoundRequest(Given(dealt.board, dealt.dice), p.dictionary, seconds, practice))

        self.push_screen(CodeScreen(), chosen)

    def start_screen(self) -> StartScreen:
        return StartScreen(self.preferences, self.cards_due)

    def show(self, screen: Screen) -> None:
        """Put `screen` in place of the current one (modal screens stay on top of their own)."""
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.call_after_refresh(self.check_size)

    def today(self) -> dt.date:
        return self.wall().astimezone(dt.UTC).date()

    # Rounds

    def start_round(self, request: RoundRequest) -> None:
        self.request = request
        dictionary = self.dictionaries.get(request.dictionary)
        if self.table is not None and self.table.level == MATCHED:
            self._fitted_from = self.history.rounds(limit=FIT_READS)  # read here: the database is this thread's
        if dictionary is not None and not request.slow and self.table is None:
            self.play(self._session(request, dictionary), dictionary)
            return
        if request.slow:
            waiting = f"Rolling {RICH_TRIES} boards to deal the richest…"
        elif is_cached(request.dictionary):
            waiting = "Loading the word list…"
        else:
            waiting = f"Preparing the word list {request.dictionary!r} (the first time only)…"
        loading = LoadingScreen(waiting)
        if request.slow:
            self.show(loading)
        else:
            self.set_timer(LOADING_DELAY, lambda: self._still_loading(loading))
        self.deal_off_screen(request)

    def _still_loading(self, loading: LoadingScreen) -> None:
        if self.loading_round:
            self.show(loading)

    @property
    def loading_round(self) -> bool:
        return any(worker.group == "deal" and not worker.is_finished for worker in self.workers)

    def _session(self, request: RoundRequest, dictionary: Dictionary) -> SoloSession:
        if self.table is not None:
            return self._table_session(request, dictionary, self.table)
        return SoloSession(request, dictionary.trie, now=self.now)

    def _table_session(self, request: RoundRequest, dictionary: Dictionary, rules: TableRules) -> TableSession:
        """A round against the table; "matched" is fitted here, off the screen's thread, to the rounds read."""
        fit = matched_fit(self._fitted_from, request.dictionary, frequency.rank) if rules.level == MATCHED else None
        if fit is not None:
            rules = replace(rules, matched=fit.theta)
        session = TableSession(request, dictionary.trie, rules, frequency.rank, now=self.now, name=default_name())
        session.fit = fit
        return session

    @work(thread=True, exclusive=True, group="deal")
    def deal_off_screen(self, request: RoundRequest) -> None:
        """Work that may take a second, off the screen's thread: a first trie build, a rich deal."""
        try:
            dictionary = self.dictionaries.get(request.dictionary) or load_dictionary(request.dictionary)
            session = self._session(request, dictionary)
        except BoggleError as error:
            self.call_from_thread(self.deal_failed, str(error))
            return
        self.call_from_thread(self.play, session, dictionary)

    def deal_failed(self, message: str) -> None:
        self.notify(message, title="Cannot deal that round", severity="error", timeout=8)
        self.show(self.start_screen())

    def play(self, session: RoundSession, dictionary: Dictionary | None = None) -> None:
        """Show the round; `dictionary` is kept for the next round (an online round has the server's)."""
        if dictionary is not None:
            self.dictionaries[dictionary.name] = dictionary
        session.on_end(self._ended)
        self.show(
            RoundScreen(
                session,
                definitions.describer(session.board.language),
                pause_when_away=self.preferences.pause_on_focus_loss,
            )
        )
        self._read_while_playing()
        if isinstance(session, TableSession) and session.fit is not None and session.fit.theta is None:
            self.notify(
                f"Matched needs {MIN_ROUNDS} timed rounds on this word list to learn your level "
                f"({session.fit.rounds} so far): the table plays at {DEFAULT_LEVEL} meanwhile.",
                title="Against the table",
                timeout=8,
            )

    def _read_while_playing(self) -> None:
        """What the results need (the common words, the definitions), read while the round is played:
        a moment after the board is up, so that the reading never slows the board's first drawing."""
        self.set_timer(READ_AFTER, self._read_for_results)

    def _read_for_results(self) -> None:
        if self.common is None:
            self.run_worker(self._load_common, thread=True, group="common", exclusive=True)
        if not definitions.loaded():
            self.run_worker(definitions.load, thread=True, group="definitions", exclusive=True)

    def _ended(self, session: RoundSession) -> None:
        self.post_message(self.RoundOver(session))

    @on(RoundOver)
    def round_over(self, event: RoundOver) -> None:
        session = event.session
        # Saved before anything is drawn: once a round is over it is in the history.
        record = session.record(self.wall())
        if record is not None and not self.history.record(record) and self.history.notice:
            self.notify(self.history.notice, title="History", severity="warning")
        language = session.board.language  # the common words (★) and definitions are English's
        marks = None if session.request.dictionary == COMMON_WORDS or language != "en" else self.is_common
        self.show(results_screen(session, marks, definitions.describer(language)))
        if record is not None and self.history.enabled:
            after = study.cards_after_round(self.history, record, self.is_common)
            if after.new_cards:
                words = ", ".join(word.upper() for word in after.new_cards[:5])
                more = "…" if len(after.new_cards) > 5 else ""
                self.notify(
                    f"{plural(len(after.new_cards), 'new study card')}: {words}{more}", title="Study", timeout=6
                )

    def is_common(self, word: str) -> bool:
        return self.common is not None and word in self.common

    @on(StartScreen.Play)
    def play_chosen(self, event: StartScreen.Play) -> None:
        self.table = None
        self.preferences = replace(event.preferences, theme=self.theme)
        save_preferences(self.preferences, self.settings_folder)
        self.start_round(self.preferences.request(self.today()))

    @on(StartScreen.Table)
    def table_chosen(self, event: StartScreen.Table) -> None:
        """Play against the table: its choices asked, then a round with the start screen's dice, length and list."""

        def chosen(rules: TableRules | None) -> None:
            if rules is None:
                return
            self.table = self.table_choice = rules
            self.preferences = replace(event.preferences, theme=self.theme)
            save_preferences(self.preferences, self.settings_folder)
            self.start_round(self.preferences.request(self.today()))

        self.push_screen(TableScreen(self.table_choice), chosen)

    @on(ResultsScreen.Again)
    def play_again(self, event: ResultsScreen.Again) -> None:
        self.start_round(event.request)

    @on(ResultsScreen.Menu)
    def menu(self) -> None:
        self.show(self.online.lobby_screen() if self.online is not None else self.start_screen())

    # Online rooms

    def _online_play(self, target: OnlineTarget) -> OnlinePlay:
        # Imported when a room is played: the network library and the server stay off the start-up path.
        from boggle_tui.app.online import OnlinePlay

        return OnlinePlay(self, target, self.show, self.now, self.settings_folder, self.online_round, self._room_closed)

    def _room_closed(self, message: str) -> None:
        """The room is gone or unreachable: back to the start screen with why, where the player can play on
        (or out with exit code 2, when `boggle join` or `boggle host` never got into the room at all)."""
        was_in = self.online is not None and self.online.welcome is not None
        if not self.online_from_start and not was_in:
            self.exit(return_code=2, message=f"boggle: error: {message}")
            return
        self.workers.cancel_group(self, "online")
        self.online = None
        self.show(self.start_screen())
        self.notify(message, title="Room", severity="warning", timeout=10, markup=False)

    def online_round(self, session: OnlineSession) -> None:
        """The room dealt a board."""
        self.play(session)

    def _load_common(self) -> None:
        with contextlib.suppress(BoggleError, OSError):  # without it, no word is starred: nothing worse
            self.common = load_dictionary(COMMON_WORDS)

    @on(LobbyScreen.Outgoing)
    def lobby_says(self, event: LobbyScreen.Outgoing) -> None:
        if self.online is not None:
            self.online.send(event.message)

    @on(LobbyScreen.Leave)
    def lobby_leave(self) -> None:
        self._leave_room_asking(self._leave_room)

    def _leave_room_asking(self, then: Callable[[], None]) -> None:
        """Leave the room, asking first when others are in it: the room goes on without this player."""
        others = self.online.others_here() if self.online is not None else 0
        if not others:
            then()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                then()

        host = ", and another becomes the host" if self.online is not None and self.online.am_host() else ""
        question = f"{plural(others, 'other player')} in this room: it goes on without you{host}. Leave?"
        self.push_screen(ConfirmScreen(question, "Leave", "Stay"), answered)

    def _leave_room(self) -> None:
        if self.online is not None:
            self.online.forget()
        if not self.online_from_start:
            self.exit(0)
            return
        self.workers.cancel_group(self, "online")  # closes the connection; a room hosted here goes on
        self.online = None
        self.show(self.start_screen())

    def action_friends(self, address: str = "") -> None:
        def chosen(choice: FriendsChoice | None) -> None:
            if choice is None:
                return
            from boggle_tui.app.online import friends_target

            try:
                target = friends_target(choice, self.preferences)
            except BoggleError as error:
                self.notify(str(error), title="Play with friends", severity="error")
                return
            self.online = self._online_play(target)
            self.online_from_start = True
            self.show(LoadingScreen("Joining the room…"))
            self.run_worker(self.online.run(), group="online", exclusive=True)

        self.push_screen(FriendsScreen(default_name(), address), chosen)

    @on(ResultsScreen.Study)
    def study_word(self, event: ResultsScreen.Study) -> None:
        if not self.history.enabled:
            self.notify("History is off, so there are no study cards.", title="Study", severity="warning")
        elif study.add_card(self.history, event.word, event.dictionary, Source.HAND, self.today()):
            self.notify(f"{event.word.upper()} is now a study card.", title="Study", timeout=4)
        else:
            self.notify(f"{event.word.upper()} is a study card already.", title="Study", timeout=4)

    def action_stats(self) -> None:
        summary = summarize(self.history, self.is_common, self.today())
        cards = study.cards(self.history)
        self.push_screen(StatsScreen(summary, self.history.notice or self.history.left_out(), cards))

    # Study

    def cards_due(self, dictionary: str) -> int:
        """Cards to study today on a word list: due ones, and new ones up to the day's cap."""
        return len(self._todays_cards(dictionary)) if self.history.enabled else 0

    def _todays_cards(self, dictionary: str) -> list[Card]:
        return study.todays_queue(self.history, dictionary, self.today(), self.preferences.new_cards_per_day)

    @on(StartScreen.Study)
    def study_chosen(self, event: StartScreen.Study) -> None:
        self.preferences = replace(event.preferences, theme=self.theme)
        save_preferences(self.preferences, self.settings_folder)
        self.action_study()

    def action_study(self) -> None:
        if not self.history.enabled:
            self.notify("History is off, so there are no study cards.", title="Study", severity="warning")
            return
        self.prepare_study(self.preferences.dictionary)

    @work(thread=True, exclusive=True, group="study")
    def prepare_study(self, name: str) -> None:
        """The word list and the definitions, read off the screen's thread (the first time, they take a moment)."""
        try:
            dictionary = self.dictionaries.get(name) or load_dictionary(name)
            definitions.load()
        except (BoggleError, OSError) as error:
            self.call_from_thread(self.notify, str(error), title="Cannot study", severity="error")
            return
        self.call_from_thread(self.show_study, dictionary)

    def show_study(self, dictionary: Dictionary) -> None:
        self.dictionaries[dictionary.name] = dictionary
        session = StudySession(
            self._todays_cards(dictionary.name),
            lambda card, _: study.drill_for(self.history, card, dictionary.trie, self.now, self.rng),
            self._save_review,
            wall=self.wall,
            rng=self.rng,
        )
        screen = StudyScreen(
            session, definitions.describer(dictionary.alphabet.code), self._suspend, f"Study · {dictionary.name}"
        )
        self.push_screen(screen, lambda _: self._refresh_start())

    def _save_review(self, card: Card, review: Review) -> None:
        if not study.save_review(self.history, card, review) and self.history.notice:
            self.notify(self.history.notice, title="History", severity="warning")

    def _suspend(self, card: Card) -> None:
        study.set_suspended(self.history, card, True)

    def _refresh_start(self) -> None:
        if isinstance(self.screen, StartScreen):
            self.screen.count_due()

    # Quitting and the size of the terminal

    def action_request_quit(self) -> None:
        screen = self.screen
        if self.online is not None and not isinstance(screen, RoundScreen):
            self._leave_room_asking(lambda: self.exit(0))
            return
        if not isinstance(screen, RoundScreen) or screen.session.over:
            self.exit(0)
            return
        if self.online is not None and self.online.others_here():
            self._leave_room_asking(lambda: self.exit(0))
            return

        def answered(quit_: bool | None) -> None:
            if quit_:
                self.exit(0)

        self.push_screen(ConfirmScreen("Quit this round? It will not be scored.", "Quit", "Keep playing"), answered)

    @on(Resize)
    def resized(self, event: Resize) -> None:
        self.check_size(event.size)  # handled before the app's own size is updated

    def check_size(self, size: Size | None = None) -> None:
        """Cover the screen with a notice while the terminal is smaller than it needs, at launch as on a resize."""
        showing = isinstance(self.screen, TooSmallScreen)
        beneath = self.screen_stack[-2] if showing and len(self.screen_stack) > 1 else self.screen
        need = beneath.min_size if isinstance(beneath, RoundScreen) else MIN_SIZE
        width, height = size or self.size
        small = width < need[0] or height < need[1]
        if small and not showing:
            self.push_screen(TooSmallScreen(need))
        elif showing and not small:
            self.pop_screen()


def results_screen(
    session: RoundSession, marks: Callable[[str], bool] | None, describe: Callable[[str], str]
) -> ResultsScreen:
    """A round with other players' results shows every player's words side by side: with n and r where the next
    board is dealt here (the table), back to the room's lobby where the room deals it."""
    if isinstance(session, Contest) and isinstance(session, Redealt):
        return TableResultsScreen(session, marks, describe)
    if isinstance(session, Contest):
        return OnlineResultsScreen(session, marks, describe)
    return ResultsScreen(session, marks, describe)


def binding_ids() -> set[str]:
    """Every binding id the settings file's keymap may name."""
    screens = (
        BoggleApp, StartScreen, RoundScreen, ResultsScreen, StudyScreen, StatsScreen, HelpScreen, CodeScreen,
        LobbyScreen, OnlineResultsScreen, FriendsScreen, TableScreen,
    )  # fmt: skip
    return {
        binding.id for screen in screens for binding in screen.BINDINGS if isinstance(binding, Binding) and binding.id
    }
