"""Today's board in the app: "Today's board" on the start screen and `boggle daily` without `--plain`.

With a daily server (`boggle daily --server`, remembered in the data folder) the round is the server's, as in
`boggle daily --plain`: it deals, times and judges, and this flow carries words out and verdicts back, on the
same round screen as any timed round (net/daily_session.py is the session it draws). Its end is the server's:
the day's table with this result placed, shown on the results (app/screens/daily_results.py). A server that
cannot be reached is one calm line, and the board is played here, as it is with no server; a server that
refuses (today's board played already, the name another's) is one line and no round. Here too the board is
played once a day: the history says whether it has been.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from textual.notifications import Notification

from boggle_tui.app.host import Host
from boggle_tui.app.screens.waiting import LoadingScreen
from boggle_tui.app.standing_notice import StandingNotice
from boggle_tui.engine.dictionary import language_of, load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game.daily import next_board_line, played_line
from boggle_tui.game.languages import language_for
from boggle_tui.game.request import RoundRequest, daily_request
from boggle_tui.game.session import RoundSession
from boggle_tui.i18n import _, sentence
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError, ask_daily_table, error_text
from boggle_tui.net.daily_session import CONNECTION_LOST, DailySession, Over, dropped_line, served_round
from boggle_tui.net.link import NAME_REFUSED, Back, Dropped, Link
from boggle_tui.net.protocol import ProtocolError
from boggle_tui.storage.daily_seat import DailyTarget
from boggle_tui.storage.identity import remember
from boggle_tui.storage.stats import daily_played

TABLE_ROWS = 100  # rows of the day's table the table screen asks for


class DailyHost(Host, Protocol):
    def start_round(self, request: RoundRequest) -> None: ...
    def play(self, session: RoundSession) -> None: ...
    def daily_refused(self, message: str) -> None: ...
    def _unnotify(self, notification: Notification) -> None: ...  # Textual's App: takes one notice down


class DailyPlay:
    """Today's board: on the target's server, or here."""

    def __init__(self, app: DailyHost, target: DailyTarget) -> None:
        self.app = app
        self.target = target
        self._reconnecting = StandingNotice(app, _("Today's board"))  # shown while the link tries again

    def begin(self) -> None:
        if not self.target.url:
            self.play_here()
            return
        waiting = _("Asking {server} for today's board…").format(server=self.target.server)
        self.app.show(LoadingScreen(waiting))
        self.app.run_worker(self._online(), group="daily", exclusive=True)

    def play_here(self) -> None:
        """Today's board on this machine, on the language's own list, once a day."""
        app, language = self.app, self.target.language
        day = app.today()
        if daily_played(app.history, day, language):
            app.daily_refused(played_line(app.wall()))
            return
        app.start_round(daily_request(day, language_for(language).dictionary, language))

    async def _online(self) -> None:
        target, app = self.target, self.app
        hello = m.DailyHello(version=m.VERSION, name=target.name, secret=target.identity.secret,
                             language=target.language)  # fmt: skip
        link = Link(target.url, hello, now=app.now)
        try:
            start = await link.open()
        except JoinError as error:
            if error.code not in NAME_REFUSED:  # the name and server as asked: a server down refuses neither
                self._remember()
            if not error.unreachable:
                app.daily_refused(f"{error} · {next_board_line(app.wall())}" if error.code == "played" else str(error))
                return
            # Translators: {reason} says why the daily server could not be reached ("cannot reach ...: refused")
            here = _("{reason}: playing today's board here instead").format(reason=error)
            app.notify(here, title=_("Today's board"), severity="warning", timeout=8, markup=False)
            self.play_here()
            return
        self._remember()
        try:
            assert isinstance(start, m.Start)
            session = DailySession(start, link.send, day=app.today(), server=target.server, now=app.now,
                                   dictionary=language_for(target.language).dictionary, ask=self.ask_table)  # fmt: skip
        except ProtocolError as error:
            await link.close()
            app.daily_refused(str(error))
            return
        solving = asyncio.create_task(asyncio.to_thread(self._solve, session))  # while the round is played
        solving.add_done_callback(lambda done: self._known(session, done))
        app.play(session)
        try:
            table, lost = await self._round(link, session)
        finally:
            self._reconnecting.down()
            await link.close()
        try:
            solution = await solving
        except BoggleError as error:  # the language's list cannot be read here: the round cannot be shown
            app.daily_refused(str(error))
            return
        session.finish(table, solution, lost)

    @staticmethod
    def _known(session: DailySession, solving: asyncio.Task[Solution]) -> None:
        """The board solved here while it is played: its words for the live count (nothing if it could not be)."""
        if not solving.cancelled() and solving.exception() is None:
            session.learned_words(len(solving.result()))

    def _remember(self) -> None:
        """The name and server as the player gave them (never a name the server refused)."""
        target = self.target
        self.target = DailyTarget(target.url, target.server, target.name,
                                  remember(target.identity, name=target.name, server=target.server),
                                  target.language)  # fmt: skip

    def _solve(self, session: DailySession) -> Solution:
        """The board solved on the language's own list (the server's: never a list the server names), off the
        screen's thread."""
        language = session.board.language
        name = language_for(language).dictionary
        known = self.app.dictionaries.get(name)
        wanted = language_of(name, language)
        words = known if known is not None and known.alphabet is wanted else load_dictionary(name, language=language)
        return solve(session.board, words.trie, session.min_length)

    async def _round(self, link: Link, session: DailySession) -> tuple[m.DailyTable | None, str]:
        """The server's messages until its table, or why none came (net/daily_session.py `served_round`)."""
        async for event in served_round(link, session):
            match event:
                case Over(table=table, lost=lost):
                    return table, lost
                case m.Error():
                    text = error_text(event, "")
                    self.app.notify(sentence(text), title=_("Today's board"), severity="warning", markup=False)
                case Dropped():
                    self._reconnecting.say(dropped_line(session))
                case Back():
                    self._reconnecting.down()
                    self.app.notify(_("Back in today's round."), title=_("Today's board"), timeout=3)
                case _:
                    session.apply(event)
        return None, _(CONNECTION_LOST)

    async def ask_table(self, friends: bool) -> m.DailyTable:
        """The day's table as the server has it now: its top rows and yours (friends: theirs alone)."""
        target = self.target
        ask = m.TableAsk(version=m.VERSION, language=target.language, name=target.name,
                         secret=target.identity.secret, friends=friends, rows=TABLE_ROWS)  # fmt: skip
        return await ask_daily_table(target.url, ask)
