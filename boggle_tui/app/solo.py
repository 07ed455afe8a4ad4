"""The solo round's flow: deal (off the screen's thread when it takes a while), play, save, show the results.

As `OnlinePlay` (app/online.py) runs a room, `SoloPlay` runs rounds played on this machine, alone or against
the table; the app routes to it and keeps what outlives a round (the word lists loaded, the history, the table).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeGuard

from textual.message import Message

from boggle_tui.app.host import Host
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.table import level_name
from boggle_tui.app.screens.table_results import TableResultsScreen
from boggle_tui.app.screens.waiting import LoadingScreen
from boggle_tui.engine import definitions
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.common import common_words, is_loaded
from boggle_tui.engine.dictionary import Dictionary, is_cached, language_of, load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.precompile import compile_apart
from boggle_tui.game.bots import MIN_ROUNDS, matched_fit
from boggle_tui.game.deal import RICH_TRIES
from boggle_tui.game.languages import language_for
from boggle_tui.game.levels import DEFAULT_LEVEL, MATCHED
from boggle_tui.game.preferences import counts_live
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import RoundRequest
from boggle_tui.game.session import Contest, Redealt, RoundSession, SoloSession
from boggle_tui.game.study import played_enough
from boggle_tui.game.table import TableRules, TableSession
from boggle_tui.game.tiers import required_test
from boggle_tui.i18n import _, counted
from boggle_tui.storage import study
from boggle_tui.storage.reports import unwanted

if TYPE_CHECKING:  # a room's and today's board's: imported when one is played (the network with them)
    from boggle_tui.net.daily_session import DailySession
    from boggle_tui.net.session import OnlineSession

FIT_READS = 200  # "matched" reads this many recent rounds (of every kind) to find its own
READ_AFTER = 1.0  # seconds after a board is shown: the round's first second is the player's
LOADING_DELAY = 0.15  # a word list from the cache loads faster than this: no loading screen flashes by


@dataclass
class RoundOver(Message):
    """A round ended: handled by the app as a message, after whatever it is doing (a key, a timer)."""

    session: RoundSession


class SoloPlay:
    """Rounds dealt here: a request becomes a session on the round screen, and its end the saved results."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self._fitted_from: list[RoundRecord] = []  # "matched": the history read for the next table's fit
        self.playing: RoundScreen | None = None  # the round shown last: its entry line's word goes on to the results

    # Dealing

    def start_round(self, request: RoundRequest) -> None:
        app = self.app
        app.request = request
        dictionary = self._read(request)
        if app.table is not None and app.table.level == MATCHED:
            self._fitted_from = app.history.rounds(limit=FIT_READS)  # read here: the database is this thread's
        if dictionary is not None and not request.slow and app.table is None:
            self.play(self._session(request, dictionary), dictionary)
            return
        if request.slow:
            waiting = _("Rolling {count} boards to deal the richest…").format(count=RICH_TRIES)
        elif is_cached(request.rules.dictionary, request.language):
            waiting = _("Loading the word list…")
        else:
            waiting = _("Preparing the word list {name} (the first time only)…").format(
                name=repr(request.rules.dictionary)
            )
        loading = LoadingScreen(waiting)
        if request.slow:
            app.show(loading)
        else:
            app.set_timer(LOADING_DELAY, lambda: self._still_loading(loading))
        self.deal_off_screen(request)

    def _still_loading(self, loading: LoadingScreen) -> None:
        if self.loading_round:
            self.app.show(loading)

    @property
    def loading_round(self) -> bool:
        return any(worker.group == "deal" and not worker.is_finished for worker in self.app.workers)

    def _session(self, request: RoundRequest, dictionary: Dictionary) -> SoloSession:
        if self.app.table is not None:
            return self._table_session(request, dictionary, self.app.table)
        return SoloSession(request, dictionary.trie, now=self.app.now)

    def _table_session(self, request: RoundRequest, dictionary: Dictionary, rules: TableRules) -> TableSession:
        """A round against the table; "matched" is fitted here, off the screen's thread, to the rounds read."""
        rank = language_for(dictionary.alphabet.code).rank
        fit = matched_fit(self._fitted_from, request.rules.dictionary, rank) if rules.level == MATCHED else None
        if fit is not None:
            rules = replace(rules, matched=fit.theta)
        from boggle_tui.net.address import default_name

        session = TableSession(request, dictionary.trie, rules, rank, now=self.app.now, name=default_name())
        session.fit = fit
        return session

    def _read(self, request: RoundRequest) -> Dictionary | None:
        """The round's word list if it is read already, in the board's language (a file of the player's own
        played in another language is read again, in that one)."""
        dictionary = self.app.dictionaries.get(request.rules.dictionary)
        wanted = language_of(request.rules.dictionary, request.language)
        return dictionary if dictionary is not None and dictionary.alphabet is wanted else None

    def deal_off_screen(self, request: RoundRequest) -> None:
        """Work that may take a second, off the screen's thread: a first trie build, a rich deal."""
        self.app.run_worker(lambda: self._deal(request), thread=True, exclusive=True, group="deal")

    def _deal(self, request: RoundRequest) -> None:
        app = self.app
        try:
            dictionary = self._read(request)
            if dictionary is None:
                compile_apart(request.rules.dictionary, request.language)  # a first build's peak is not the game's
                dictionary = load_dictionary(request.rules.dictionary, language=request.language)
            session = self._session(request, dictionary)
        except BoggleError as error:
            app.call_from_thread(self.deal_failed, str(error))
            return
        app.call_from_thread(self.play, session, dictionary)

    def deal_failed(self, message: str) -> None:
        self.app.notify(message, title=_("Cannot deal that round"), severity="error", timeout=8)
        self.app.show(self.app.start_screen())

    # Playing

    def play(self, session: RoundSession, dictionary: Dictionary | None = None) -> None:
        """Show the round; `dictionary` is kept for the next round (an online round has the server's)."""
        app = self.app
        if dictionary is not None:
            app.dictionaries[dictionary.name] = dictionary
        session.on_end(self._ended)
        describe = language_for(session.board.language).describe
        live = counts_live(app.preferences.live_count, session.request, served_day=_daily(session))
        self.playing = RoundScreen(
            session, describe, pause_when_away=app.preferences.pause_on_focus_loss, live_count=live
        )
        app.show(self.playing)
        app.set_timer(READ_AFTER, lambda: self._read_for_results(session.board.language))
        if isinstance(session, TableSession) and session.fit is not None and session.fit.theta is None:
            # Translators: "Matched" is the table's level that learns from your rounds; {level} is another level's
            # name (as the table's choices name it, in lower case).
            learning = _(
                "Matched needs {needed} timed rounds on this word list to learn your level "
                "({rounds} so far): the table plays at {level} meanwhile."
            )
            app.notify(
                learning.format(needed=MIN_ROUNDS, rounds=session.fit.rounds, level=level_name(DEFAULT_LEVEL).lower()),
                title=_("Against the table"),
                timeout=8,
            )

    def _ended(self, session: RoundSession) -> None:
        """Told by the session, perhaps from a timer: the app handles it as a message, after the current one."""
        self.app.post_message(RoundOver(session))

    def _read_for_results(self, language: str) -> None:
        """What the results need (the language's common words, the definitions), read while the round is played:
        a moment after the board is up, so that the reading never slows the board's first drawing."""
        if not is_loaded(language):
            self.app.run_worker(lambda: self._read_common(language), thread=True, group="common", exclusive=True)
        if not definitions.loaded():
            self.app.run_worker(definitions.load, thread=True, group="definitions", exclusive=True)

    @staticmethod
    def _read_common(language: str) -> None:
        with contextlib.suppress(BoggleError, OSError, ValueError):  # unread here, the results try again
            common_words(language)

    def required(self, language: str) -> Callable[[str], bool]:
        """The player's required words of `language`: its common words, less those the player reported."""
        try:
            return required_test(language, unwanted(self.app.history, language))
        except (BoggleError, OSError, ValueError):  # a table that cannot be read: nothing is required, nothing worse
            return lambda _word: False

    # The end

    def round_over(self, session: RoundSession) -> None:
        """Saved before anything is drawn: once a round is over it is in the history. Then its results, and
        the study cards its missed words made."""
        app = self.app
        if _online(session) and session.lost:  # the room lost mid-round: nothing to save or study
            from boggle_tui.app.screens.lost_round import LostRoundScreen

            self.playing = None
            app.show(LostRoundScreen(session))  # the round as far as it got
            return
        record = session.record(app.wall())
        if record is not None and not app.history.record(record) and app.history.notice:
            app.notify(app.history.notice, title=_("History"), severity="warning")
        language = language_for(session.board.language)  # what is known of its words: which are common, defined
        required = self.required(language.code)
        on_the_list = session.request.rules.dictionary == language.common_words  # every word is common: none is marked
        screen = results_screen(session, None if on_the_list else required, language.describe, required)
        screen.bonus_missed = app.preferences.bonus_missed
        if self.playing is not None and self.playing.session is session:
            screen.late_words = self.playing.late_words  # typing through 0:00 goes on with its word
        self.playing = None
        if record is not None and app.history.enabled:
            most, played = app.preferences.new_cards_a_round, played_enough(session.elapsed, session.duration)
            after = study.cards_after_round(app.history, record, required, most, played)
            if after.new_cards:
                words = ", ".join(capitals(word) for word in after.new_cards[:5])
                more = "…" if len(after.new_cards) > 5 else ""
                cards = counted(
                    len(after.new_cards), "{count} new study card: {words}", "{count} new study cards: {words}"
                )
                screen.notice = cards.format(words=words + more)  # a line of the results: no toast over them
        app.show(screen)


def results_screen(
    session: RoundSession,
    marks: Callable[[str], bool] | None,
    describe: Callable[[str], str],
    required: Callable[[str], bool] | None = None,
) -> ResultsScreen:
    """A round with other players' results shows every player's words side by side: with n and r where the next
    board is dealt here (the table), back to the room's lobby where the room deals it."""
    if _daily(session):  # today's board on a server: with the day's table
        from boggle_tui.app.screens.daily_results import DailyResultsScreen

        return DailyResultsScreen(session, marks, describe, required)
    if isinstance(session, Contest) and isinstance(session, Redealt):
        return TableResultsScreen(session, marks, describe, required)
    if isinstance(session, Contest):
        from boggle_tui.app.screens.online_results import OnlineResultsScreen

        return OnlineResultsScreen(session, marks, describe, required)
    return ResultsScreen(session, marks, describe, required)


# A room's and today's board's sessions are made by the network's modules, imported when one is played: until they
# are, no session is one (and a solo round's end does not import the network to be sure).


def _online(session: RoundSession) -> TypeGuard[OnlineSession]:
    if "boggle_tui.net.session" not in sys.modules:
        return False
    from boggle_tui.net.session import OnlineSession

    return isinstance(session, OnlineSession)


def _daily(session: RoundSession) -> TypeGuard[DailySession]:
    if "boggle_tui.net.daily_session" not in sys.modules:
        return False
    from boggle_tui.net.daily_session import DailySession

    return isinstance(session, DailySession)
