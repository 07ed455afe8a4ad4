"""The Textual app: routes between screens, keeps the word lists loaded, and holds the app-wide keys.

Rounds belong to their session (game/session.py). The flows live in their own modules: a round dealt here in
app/solo.py (`SoloPlay`), a room in app/online.py (`OnlinePlay`), the study cards in app/study_flow.py
(`StudyFlow`); the app hands each what the player chose and routes the screens' messages to it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.theme import Theme

from boggle_tui.app.commands import PALETTE_KEY, commands
from boggle_tui.app.late_keys import LateKeys
from boggle_tui.app.launch import AT_START, AtStart, Daily, Launch, Room, Round
from boggle_tui.app.screens.code import CodeScreen
from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.results import GUARD_SECONDS, ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import SettlingStartScreen, StartScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.app.screens.study import StudyScreen
from boggle_tui.app.screens.table import TableChoice, TableScreen
from boggle_tui.app.screens.waiting import LoadingScreen, TooSmallScreen
from boggle_tui.app.solo import RoundOver, SoloPlay
from boggle_tui.app.study_flow import StudyFlow
from boggle_tui.app.themes import THEMES
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.common import common_words
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.daily import played_today_line
from boggle_tui.game.deal import Deal
from boggle_tui.game.preferences import DEFAULT_THEME, Preferences
from boggle_tui.game.rating import Rating
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import Given, Mode, RoundRequest
from boggle_tui.game.session import RoundSession
from boggle_tui.game.table import TableRules
from boggle_tui.i18n import N_, _, counted, sentence
from boggle_tui.storage import study
from boggle_tui.storage.history import History
from boggle_tui.storage.reports import report_word
from boggle_tui.storage.settings import save_preferences
from boggle_tui.storage.stats import daily_round, daily_streaks, played_languages, rate, summarize

if TYPE_CHECKING:  # a room's and today's board's machinery (the network with them) is imported when one is played
    from boggle_tui.app.online import OnlinePlay, OnlineTarget
    from boggle_tui.app.screens.friends import FriendsChoice
    from boggle_tui.app.screens.lobby import LobbyScreen
    from boggle_tui.net.session import OnlineSession
    from boggle_tui.storage.daily_seat import DailyTarget

# A room lost sends the player to the start screen: nothing takes the focus for this long, so that keys typed for the
# lobby as it went (an Enter) go nowhere, not into Play (tests set it longer: a loaded machine is slow to look).
SETTLE_SECONDS = GUARD_SECONDS
# The start screen's and the others' (each scrolls what does not fit: a phone's keyboard leaves 40x16 or so); a round
# asks its own (RoundScreen.min_size_at).
MIN_SIZE = (40, 16)

WallClock = Callable[[], dt.datetime]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class BoggleApp(App[int]):
    CSS_PATH = "boggle.tcss"
    TITLE = "Boggle"
    COMMAND_PALETTE_BINDING = PALETTE_KEY
    BINDINGS = [
        Binding(
            "ctrl+q",
            "request_quit",
            N_("Quit"),
            priority=True,
            id="quit",
            tooltip=N_("quit (it asks first in a round)"),
        ),
        Binding(
            PALETTE_KEY,
            "command_palette",
            N_("Commands"),
            show=False,  # the footer shows the palette key at its right end
            priority=True,
            id="commands",
            tooltip=N_("the command palette: every command by name"),
        ),
    ]

    def __init__(
        self,
        preferences: Preferences | None = None,
        *,
        launch: Launch = AT_START,
        now: TimeSource = time.monotonic,
        wall: WallClock = utc_now,
        history: History | None = None,
        settings_folder: Path | None = None,
        notices: Sequence[str] = (),
        rng: random.Random | None = None,
        web_url: str | None = None,
    ) -> None:
        """`launch` is what the game opens on (app/launch.py): the start screen on `preferences` by default.

        `now` is the clock rounds are timed by and `wall` the date and time rounds are saved
        with; `rng` shuffles the study drills and spreads their due dates: tests pass their own.
        `web_url` is the page this game is served on, if any, so that a lobby can show a link into its room.
        """
        super().__init__()
        self.ending = False  # exit() was asked for: no key does anything more
        self.preferences = preferences or Preferences()
        self.launch = launch
        self.request = launch.request if isinstance(launch, Round) else None  # the round asked last
        self.now = now
        self.wall = wall
        self.history = history or History.disabled()
        self.settings_folder = settings_folder
        self.notices = list(notices)
        self.rng = rng or random.Random()
        self.keymap: dict[str, str] = {}  # binding id -> keys, as the player remapped them
        self.web_url = web_url
        self._started_blur_seen = False  # the web driver's blur as it starts (on_app_blur)
        self.online = self._online_play(launch.target) if isinstance(launch, Room) else None
        # a room chosen on the start screen (or a browser tab's) goes back to it when left
        self.online_from_start = isinstance(launch, Room) and launch.from_page
        self.dictionaries: dict[str, Dictionary] = {}
        self.table = launch.table if isinstance(launch, Round) else None  # rounds against the table while set
        self.table_choice = self.table or TableRules()  # what the table screen offers first
        self.daily_from_start = False  # today's board chosen on the start screen: a refusal goes back to it
        self.solo = SoloPlay(self)
        self.study = StudyFlow(self)
        self.late_keys = LateKeys(self, now, GUARD_SECONDS)  # the results ignore a run of keys begun in the round

    async def on_event(self, event: events.Event) -> None:
        """Keys from the terminal go through LateKeys (app/late_keys.py): none typed in a burst is lost."""
        if not isinstance(event, events.Key):
            await super().on_event(event)
        elif event.is_forwarded:
            if self.late_keys.strayed(event):
                return  # it waits for the widget focused now
            with self.late_keys.judging(event):  # the bindings judge the key as it came (the results' guard)
                await super().on_event(event)
        elif self.late_keys.arrived(event):  # else it waits its turn
            with self.late_keys.judging(event):
                await super().on_event(event)
            self.late_keys.routed(event)

    def on_descendant_focus(self) -> None:
        self.late_keys.hand_on()

    def on_app_blur(self, event: events.AppBlur) -> None:
        """Textual's web driver tells the game it lost the keys as it starts, whatever the page says: the page's own
        "focus" on opening often came first, and the game then stayed unfocused, every later screen's footer drawn
        empty (a browser's start screen after a lost room, #39). That first word is the driver's, not the page's:
        the page says when it truly loses the keys (boggle.js), so it is let pass."""
        if self._started_blur_seen or not self._under_web_driver():
            return
        self._started_blur_seen = True
        event.prevent_default()  # Textual's own handler (App._on_app_blur) would mark the game unfocused

    def _under_web_driver(self) -> bool:
        from textual.drivers.web_driver import WebDriver

        return isinstance(self._driver, WebDriver)

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        self._apply_theme(self.preferences.theme)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.apply_keymap(self.preferences.keys)
        for notice in self.notices:
            self.notify(notice, title=_("Settings"), severity="warning", timeout=10)
        if self.history.notice:
            # Translators: a notice's title: the record of rounds played.
            self.notify(self.history.notice, title=_("History"), severity="warning", timeout=10)
        if self.online is not None:  # a room of the launch's, or one a test sets
            self.show(LoadingScreen(_("Joining the room…")))
            self.run_worker(self.online.run(), group="online", exclusive=True)
            return
        match self.launch:
            case Daily(target=target):
                self.play_daily(target)
            case Round(request=request):
                self.start_round(request)
            case AtStart(study=study, invite=invite, invited_as=name):
                self.show(self.start_screen())
                if study:
                    self.action_study()
                elif invite and name:
                    from boggle_tui.app.screens.friends import FriendsChoice

                    self.go_online(FriendsChoice(name, invite))
                elif invite:
                    self.action_friends(invite)

    def _apply_theme(self, name: str) -> None:
        """The remembered theme; one Textual does not know (a typo, a theme of another version) falls back
        to the default with a notice, as any other bad setting does, instead of stopping the launch."""
        if name in self.available_themes:
            self.theme = name
            return
        self.notices.append(
            _("settings.json: theme {theme} is not one known here; it is back to its default ({default}).").format(
                theme=cut_short(json.dumps(name), 40), default=DEFAULT_THEME
            )
        )
        self.preferences = replace(self.preferences, theme=DEFAULT_THEME)
        self.theme = DEFAULT_THEME

    def apply_keymap(self, keys: dict[str, str]) -> None:
        """The player's keys from the settings file; an id no binding has is named in a notice."""
        unknown = sorted(set(keys) - binding_ids(keys))
        if unknown:
            self.notify(
                _("settings.json: no key binding is called {ids}").format(ids=", ".join(unknown)),
                title=_("Keys"),
                timeout=10,
            )
        self.keymap = {binding: key for binding, key in keys.items() if binding not in unknown}
        self.set_keymap(self.keymap)

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.preferences.theme:
            self.preferences = replace(self.preferences, theme=theme.name)
            save_preferences(self.preferences, self.settings_folder)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from commands(self, screen)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self.ending = True
        super().exit(*args, **kwargs)

    async def run_action(self, action: Any, *args: Any, **kwargs: Any) -> bool:
        """Every key's action, and none once the game is ending: Ctrl+Q then Ctrl+K at once opened the palette on a
        closing app, whose traceback reached the terminal (an ssh client's, with the server's paths)."""
        if self.ending:
            return False
        return await super().run_action(action, *args, **kwargs)

    def action_command_palette(self) -> None:
        """Textual's palette, its search line in the player's language (its "No matches found" is Textual's own,
        with no way given to change it)."""
        if self.ending:
            return
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):  # not open already
            self.push_screen(CommandPalette(placeholder=_("Search for commands…"), id="--command-palette"))

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_new_round(self) -> None:
        self.start_round(self.preferences.request(self.today()))

    def action_open_code(self) -> None:
        def chosen(dealt: Deal | None) -> None:
            if dealt is not None:
                p = self.preferences
                self.start_round(RoundRequest(Given(dealt.board, dealt.dice), p.rules(), p.mode is Mode.PRACTICE))

        self.push_screen(CodeScreen(), chosen)

    def start_screen(self, settle: float = 0.0) -> StartScreen:
        screen = SettlingStartScreen if settle else StartScreen
        return screen(self.preferences, self.cards_due, self.daily_streak, settle=settle, today_on=self.daily_today)

    def daily_today(self, language: str) -> str:
        """Today's board in `language`, once played (here or on a server): its score, and when the next comes."""
        played = daily_round(self.history, self.today(), language)
        if played is None:
            return ""
        place = (played.place, played.of_players) if played.place and played.of_players else None
        return played_today_line(played.score, self.wall(), place)

    def daily_streak(self, language: str) -> tuple[int, int, int]:
        """The daily streaks in `language` up to today, as the start screen shows them: days, beating, shields."""
        streak = daily_streaks(self.history, self.today()).get(language)
        return (streak.days, streak.beating, streak.shields) if streak else (0, 0, 0)

    def show(self, screen: Screen) -> None:
        """Put `screen` in place of the current one (modal screens stay on top of their own)."""
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.call_after_refresh(self.check_size)

    def today(self) -> dt.date:
        return self.wall().astimezone(dt.UTC).date()

    # Rounds (app/solo.py runs them)

    def start_round(self, request: RoundRequest) -> None:
        self.solo.start_round(request)

    @property
    def loading_round(self) -> bool:
        return self.solo.loading_round

    def play(self, session: RoundSession, dictionary: Dictionary | None = None) -> None:
        self.solo.play(session, dictionary)

    @on(RoundOver)
    def round_over(self, event: RoundOver) -> None:
        self.solo.round_over(event.session)

    @on(StartScreen.Play)
    def play_chosen(self, event: StartScreen.Play) -> None:
        self.table = None
        self.preferences = replace(event.preferences, theme=self.theme)
        save_preferences(self.preferences, self.settings_folder)
        if self.preferences.mode is Mode.DAILY:
            self.play_daily()
        else:
            self.start_round(self.preferences.request(self.today()))

    # Today's board (app/daily.py plays it)

    def play_daily(self, target: DailyTarget | None = None) -> None:
        """Today's board on `target`, or (None: chosen on the start screen) on the remembered server if any."""
        from boggle_tui.app.daily import DailyPlay
        from boggle_tui.net.address import default_name
        from boggle_tui.storage.daily_seat import daily_target

        self.daily_from_start = target is None
        if target is None:
            language = self.preferences.language
            try:
                target = daily_target(language, fallback=default_name)
            except BoggleError as error:  # a remembered server that is no address: the board is played here
                self.notify(str(error), title=_("Today's board"), severity="warning", markup=False)
                target = daily_target(language, server="", fallback=default_name)
        DailyPlay(self, target).begin()

    def action_day_table(self) -> None:
        """Today's table on the remembered daily server, from the start screen (and so over ssh, where no shell is
        at hand for `boggle daily --table`): anyone may read it; today's board shows only once played."""
        from boggle_tui.app.daily import DailyPlay
        from boggle_tui.app.screens.daily_results import DayTableScreen
        from boggle_tui.net.address import default_name
        from boggle_tui.storage.daily_seat import daily_target

        try:
            target = daily_target(self.preferences.language, fallback=default_name)
        except BoggleError as error:
            self.notify(str(error), title=_("Today's table"), severity="warning", markup=False)
            return
        if not target.url:
            said = _("No daily server yet: boggle daily --server HOST:PORT plays on one and remembers it.")
            self.notify(said, title=_("Today's table"), severity="warning", timeout=8)
            return
        self.push_screen(DayTableScreen(DailyPlay(self, target).ask_table, target.server))

    def daily_refused(self, message: str) -> None:
        """No round of today's board (played already, refused by the server): one line, on the start screen
        where it was chosen there, else (boggle daily) as the game's last words."""
        if not self.daily_from_start:
            self.exit(return_code=1, message=_("boggle: {reason}").format(reason=message))
            return
        if not isinstance(self.screen, StartScreen):
            self.show(self.start_screen())
        self.notify(message, title=_("Today's board"), severity="warning", timeout=10, markup=False)

    @on(StartScreen.Table)
    def table_chosen(self, event: StartScreen.Table) -> None:
        """Play against the table: its choices asked, then a round with the start screen's dice, length and list."""

        def chosen(choice: TableChoice | None) -> None:
            if choice is None:
                return
            self.table = self.table_choice = choice.table
            self.preferences = replace(event.preferences, theme=self.theme, scoring=choice.scoring)
            save_preferences(self.preferences, self.settings_folder)
            self.start_round(self.preferences.request(self.today()))

        self.push_screen(TableScreen(self.table_choice, self.preferences.scoring), chosen)

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

        if target.party:
            from boggle_tui.app.party import PartyPlay

            return PartyPlay(self, target, self.show, self.now, self.settings_folder, back=self._room_closed)
        return OnlinePlay(self, target, self.show, self.now, self.settings_folder, self.online_round, self._room_closed,
                          self._room_lost)  # fmt: skip

    def _room_closed(self, message: str) -> None:
        """The room is gone or unreachable: back to the start screen with why, where the player can play on
        (or out with exit code 2, when `boggle join` or `boggle host` never got into the room at all)."""
        was_in = self.online is not None and self.online.welcome is not None
        if not self.online_from_start and not was_in:
            self.exit(return_code=2, message=_("boggle: error: {message}").format(message=message))
            return
        self.workers.cancel_group(self, "online")
        self.online = None
        self.late_keys.forget()  # an Enter for the lobby is not Play on the start screen
        self.show(self.start_screen(settle=SETTLE_SECONDS))
        self.notify(sentence(message), title=_("Room"), severity="warning", timeout=10, markup=False)

    def _room_lost(self) -> None:
        """The room's server is gone for good in a round: the round's results follow (app/screens/lost_round.py),
        and lead back to the start screen, the room let go."""
        self.online = None
        self.online_from_start = True  # a game that joined a room from the command line goes on at the start

    def online_round(self, session: OnlineSession) -> None:
        """The room dealt a board."""
        self.play(session)

    # The lobby's messages, by their handlers' names (`@on(LobbyScreen.Outgoing)` would import the lobby, and the
    # network's messages with it, into every solo game).

    def on_lobby_screen_outgoing(self, event: LobbyScreen.Outgoing) -> None:
        if self.online is not None:
            self.online.send(event.message)

    def on_lobby_screen_leave(self, event: LobbyScreen.Leave) -> None:
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

        if self.online is not None and self.online.am_host():
            question = counted(
                others,
                "{count} other player in this room: it goes on without you, and another becomes the host. Leave?",
                "{count} other players in this room: it goes on without you, and another becomes the host. Leave?",
            )
        else:
            question = counted(
                others,
                "{count} other player in this room: it goes on without you. Leave?",
                "{count} other players in this room: it goes on without you. Leave?",
            )
        self.push_screen(ConfirmScreen(question, _("Leave"), _("Stay")), answered)

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
        from boggle_tui.app.screens.friends import FriendsScreen
        from boggle_tui.net.address import default_name
        from boggle_tui.net.reach import reach

        # A served game's login name (root, often) is nobody's: its visitors each give their own.
        served = reach()
        name = "" if self.web_url or served.served else default_name()
        self.push_screen(FriendsScreen(name, address, served), self.go_online)

    def go_online(self, choice: FriendsChoice | None) -> None:
        """Host or join the room the player chose (None: they went back)."""
        if choice is None:
            return
        from boggle_tui.app.online import friends_target
        from boggle_tui.net.reach import reach

        try:
            target = friends_target(choice, self.preferences, "" if self.web_url or reach().served else None)
        except BoggleError as error:
            self.notify(str(error), title=_("Play with friends"), severity="error")
            return
        self.online = self._online_play(target)
        self.online_from_start = True
        self.show(LoadingScreen(_("Joining the room…")))
        self.run_worker(self.online.run(), group="online", exclusive=True)

    @on(ResultsScreen.Study)
    def study_word(self, event: ResultsScreen.Study) -> None:
        self.study.add_card(event.word, event.dictionary)

    @on(ResultsScreen.Reported)
    def word_reported(self, event: ResultsScreen.Reported) -> None:
        """Kept in the history, sent nowhere; the cards of a word that is not the player's are suspended."""
        if not report_word(self.history, event.word, event.dictionary, event.language, event.report, self.today()):
            self.notify(self.history.notice or _("History is off: the report is not kept."), severity="warning")
            return
        if event.report.unwanted:
            study.suspend_word(self.history, event.word, event.dictionary)
        # Translators: {word} was reported as {report} ("not for me"); the command lists every report
        said = _("{word}: {report}. boggle words --reports lists your reports.")
        self.notify(said.format(word=capitals(event.word), report=event.report.text), title=_("Reported"), timeout=5)

    @on(ResultsScreen.BonusMissed)
    def bonus_missed(self, event: ResultsScreen.BonusMissed) -> None:
        self.preferences = replace(self.preferences, bonus_missed=event.shown)
        save_preferences(self.preferences, self.settings_folder)

    def action_stats(self) -> None:
        """The statistics: each played language's common words and rating are worked out off the screen's thread
        (the rounds read here first: the history is this thread's)."""
        played, rounds = played_languages(self.history), self.history.rounds()
        self.run_worker(lambda: self._stats_once_read(played, rounds), thread=True, group="stats", exclusive=True)

    def _stats_once_read(self, languages: list[str], rounds: list[RoundRecord]) -> None:
        for code in languages:
            with contextlib.suppress(BoggleError, OSError, ValueError):  # unreadable: its misses are not shown
                common_words(code)
        ratings = rate(rounds, languages)
        self.call_from_thread(self._show_stats, ratings)

    def _show_stats(self, ratings: dict[str, list[Rating]]) -> None:
        summary = replace(summarize(self.history, None, self.today()), ratings=ratings)
        cards = study.cards(self.history)
        self.push_screen(StatsScreen(summary, self.history.notice or self.history.left_out(), cards))

    # Study (app/study_flow.py runs it)

    def cards_due(self, dictionary: str) -> int:
        return self.study.cards_due(dictionary)

    @on(StartScreen.Study)
    def study_chosen(self, event: StartScreen.Study) -> None:
        self.preferences = replace(event.preferences, theme=self.theme)
        save_preferences(self.preferences, self.settings_folder)
        self.action_study()

    def action_study(self) -> None:
        self.study.open()

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

        question = ConfirmScreen(_("Quit this round? It will not be scored."), _("Quit"), _("Keep playing"))
        self.push_screen(question, answered)

    @on(Resize)
    def resized(self, event: Resize) -> None:
        self.check_size(event.size)  # handled before the app's own size is updated

    def check_size(self, size: Size | None = None) -> None:
        """Cover the screen with a notice while the terminal is smaller than it needs, at launch as on a resize."""
        showing = isinstance(self.screen, TooSmallScreen)
        beneath = self.screen_stack[-2] if showing and len(self.screen_stack) > 1 else self.screen
        width, height = size or self.size
        need = beneath.min_size_at(width, height) if isinstance(beneath, RoundScreen) else MIN_SIZE
        small = width < need[0] or height < need[1]
        # The screen beneath, covered, shows no scrollbar: in a window 1 or 2 columns wide one would be shown and
        # hidden again on every layout, for ever (a third of a core).
        beneath.set_class(small, "-covered")
        if small and not showing:
            self.push_screen(TooSmallScreen(need))
        elif showing and not small:
            self.pop_screen()


def binding_ids(asked: Iterable[str] | None = None) -> set[str]:
    """The binding ids the settings file's keymap may name: every one, or (`asked`) enough of them to tell which of
    those asked are known: the screens of rooms and of today's board are imported only when an id asked is none of a
    solo game's screens' (a solo game does not load the network for the player's keys)."""
    screens: tuple[type[App[Any]] | type[Screen[Any]], ...] = (
        BoggleApp, StartScreen, RoundScreen, ResultsScreen, StudyScreen, StatsScreen, HelpScreen, CodeScreen,
        TableScreen,
    )  # fmt: skip
    known = _ids(screens)
    if asked is None or not set(asked) <= known:
        from boggle_tui.app.screens.daily_results import DailyResultsScreen, DayTableScreen
        from boggle_tui.app.screens.friends import FriendsScreen
        from boggle_tui.app.screens.lobby import LobbyScreen
        from boggle_tui.app.screens.lost_round import LostRoundScreen
        from boggle_tui.app.screens.online_results import OnlineResultsScreen

        known |= _ids(
            (LobbyScreen, OnlineResultsScreen, FriendsScreen, DailyResultsScreen, DayTableScreen, LostRoundScreen)
        )
    return known


def _ids(screens: Iterable[type[App[Any]] | type[Screen[Any]]]) -> set[str]:
    return {
        binding.id for screen in screens for binding in screen.BINDINGS if isinstance(binding, Binding) and binding.id
    }
