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
import contextlib
from typing import Protocol

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from boggle_tui.app.host import Host
from boggle_tui.app.screens.waiting import LoadingScreen
from boggle_tui.engine.dictionary import language_of, load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game.languages import language_for
from boggle_tui.game.request import RoundRequest, daily_request
from boggle_tui.game.session import RoundSession
from boggle_tui.i18n import _
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError, ask_daily_table, error_text, open_daily
from boggle_tui.net.daily_session import DailySession
from boggle_tui.net.protocol import ProtocolError
from boggle_tui.storage.daily_seat import DailyTarget
from boggle_tui.storage.identity import remember
from boggle_tui.storage.stats import daily_played

END_SECONDS = 10.0  # past the clock's end, the longest wait for the server's table (it places the result first)
TABLE_ROWS = 100  # rows of the day's table the table screen asks for


class DailyHost(Host, Protocol):
    def start_round(self, request: RoundRequest) -> None: ...
    def play(self, session: RoundSession) -> None: ...
    def daily_refused(self, message: str) -> None: ...


class DailyPlay:
    """Today's board: on the target's server, or here."""

    def __init__(self, app: DailyHost, target: DailyTarget) -> None:
        self.app = app
        self.target = target

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
            app.daily_refused(_("You have played today's board already; a new one comes at midnight UTC."))
            return
        app.start_round(daily_request(day, language_for(language).dictionary, language))

    async def _online(self) -> None:
        target, app = self.target, self.app
        hello = m.DailyHello(version=m.VERSION, name=target.name, secret=target.identity.secret,
                             language=target.language)  # fmt: skip
        try:
            ws, start = await open_daily(target.url, hello)
        except JoinError as error:
            if not error.unreachable:
                app.daily_refused(str(error))
                return
            # Translators: {reason} says why the daily server could not be reached ("cannot reach ...: refused")
            here = _("{reason}: playing today's board here instead").format(reason=error)
            app.notify(here, title=_("Today's board"), severity="warning", timeout=8, markup=False)
            self.play_here()
            return
        # The server took the name: remembered, with the server (one that never answered, or refused, is not).
        self.target = DailyTarget(target.url, target.server, target.name,
                                  remember(target.identity, name=target.name, server=target.server),
                                  target.language)  # fmt: skip
        outbox: asyncio.Queue[m.ClientMessage] = asyncio.Queue()
        try:
            session = DailySession(start, outbox.put_nowait, day=app.today(), server=target.server, now=app.now,
                                   dictionary=language_for(target.language).dictionary, ask=self.ask_table)  # fmt: skip
        except ProtocolError as error:
            await ws.close()
            app.daily_refused(str(error))
            return
        solving = asyncio.create_task(asyncio.to_thread(self._solve, session))  # while the round is played
        app.play(session)
        table, lost = await self._round(ws, session, outbox)
        try:
            solution = await solving
        except BoggleError as error:  # the language's list cannot be read here: the round cannot be shown
            app.daily_refused(str(error))
            return
        session.finish(table, solution, lost)

    def _solve(self, session: DailySession) -> Solution:
        """The board solved on the language's own list (the server's: never a list the server names), off the
        screen's thread."""
        language = session.board.language
        name = language_for(language).dictionary
        known = self.app.dictionaries.get(name)
        wanted = language_of(name, language)
        words = known if known is not None and known.alphabet is wanted else load_dictionary(name, language=language)
        return solve(session.board, words.trie, session.min_length)

    async def _round(
        self, ws: ClientConnection, session: DailySession, outbox: asyncio.Queue[m.ClientMessage]
    ) -> tuple[m.DailyTable | None, str]:
        """The server's messages until its table: the verdicts to the session, an error as a notice. Every wait is
        bounded: a server silent past its clock's end by END_SECONDS has lost the round (why, in the second)."""
        sender = asyncio.create_task(_send_all(ws, outbox))
        try:
            while True:
                try:
                    frame = await asyncio.wait_for(ws.recv(), session.remaining + END_SECONDS)
                except TimeoutError:
                    return None, _("the server did not answer within {seconds} s").format(seconds=f"{END_SECONDS:g}")
                except ConnectionClosed as error:
                    return None, _("the server closed the connection ({error})").format(error=type(error).__name__)
                try:
                    message = m.decode_server(frame)
                except ProtocolError:
                    continue  # noise from a stranger: never acted on
                if isinstance(message, m.DailyTable):
                    return message, ""
                if isinstance(message, m.Error):
                    text = error_text(message.message, message.code, "")
                    self.app.notify(text, title=_("Today's board"), severity="warning", markup=False)
                    continue
                session.apply(message)
        finally:
            sender.cancel()
            with contextlib.suppress(ConnectionClosed):
                await ws.close()

    async def ask_table(self, friends: bool) -> m.DailyTable:
        """The day's table as the server has it now: its top rows and yours (friends: theirs alone)."""
        target = self.target
        ask = m.TableAsk(version=m.VERSION, language=target.language, name=target.name,
                         secret=target.identity.secret, friends=friends, rows=TABLE_ROWS)  # fmt: skip
        return await ask_daily_table(target.url, ask)


async def _send_all(ws: ClientConnection, outbox: asyncio.Queue[m.ClientMessage]) -> None:
    """One sender, so words leave in the order they were typed; a closed connection ends the round anyway."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await ws.send(m.encode(await outbox.get()))
