"""The client side of the day's board on a server (net/daily.py): one blocking WebSocket, for the line-by-line
game (`boggle daily --plain`) and `boggle daily --table`.

The server is a stranger: each of its messages is decoded into a typed message and one that does not decode
is left aside. Every wait is bounded; a server that says nothing is a DailyError in words, never a hang.
"""

from __future__ import annotations

import contextlib
import time

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from boggle_tui.i18n import _
from boggle_tui.net import messages as m
from boggle_tui.net.client import ANSWER_SECONDS, CONNECT_SECONDS, error_text
from boggle_tui.net.protocol import ProtocolError
from boggle_tui.net.reach import NotReachable, reach

END_SECONDS = 10.0  # for the table after the round's end: the server places the result first


class DailyError(Exception):
    """The server refused us, or could not be reached; `code` tells a refusal (`played`...) from a failure."""

    def __init__(self, message: str, code: m.ErrorCode = "", *, unreachable: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.unreachable = unreachable


def _open(url: str, first: m.DailyHello | m.TableAsk) -> ClientConnection:
    try:
        reach().check_connect(url)  # a game served to strangers joins only the servers its operator named
    except NotReachable as refused:
        raise DailyError(str(refused)) from None
    try:
        # Entered as a context (closed by its own close()): websockets 17 warns of a bare connect() call.
        ws = contextlib.ExitStack().enter_context(
            connect(url, open_timeout=CONNECT_SECONDS, max_size=m.MAX_SERVER_FRAME, compression=None, proxy=None)
        )
    except (OSError, TimeoutError) as error:
        reason = getattr(error, "strerror", None) or error
        raise DailyError(_("cannot reach {url}: {error}").format(url=url, error=reason), unreachable=True) from None
    except (InvalidHandshake, InvalidURI) as error:
        raise DailyError(
            _("{url} is not a boggle room server ({error})").format(url=url, error=type(error).__name__),
            unreachable=True,
        ) from None
    ws.send(m.encode(first))
    return ws


def _next(ws: ClientConnection, seconds: float) -> m.ServerMessage:
    """The server's next message that decodes, within `seconds`; an error message is a DailyError."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            frame = ws.recv(timeout=max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            raise DailyError(_("the server did not answer within {seconds} s").format(seconds=f"{seconds:g}")) from None
        except ConnectionClosed as error:
            raise DailyError(
                _("the server closed the connection ({error})").format(error=type(error).__name__)
            ) from None
        try:
            message = m.decode_server(frame)
        except ProtocolError:
            continue
        if isinstance(message, m.Error):
            raise DailyError(error_text(message, ""), message.code)
        return message


class DailyRound:
    """A round of the day's board on a server: the board it dealt, the words sent and the server's verdicts."""

    def __init__(self, ws: ClientConnection, start: m.Start, hello: m.DailyHello | None = None, url: str = "") -> None:
        self.ws = ws
        self.url = url
        self.start = start
        self.hello = hello  # to come back with, after a drop
        self.next_id = start.next_id or 1
        self.kept: m.Entries | None = None  # the words the server kept, as it said when the round was resumed

    @classmethod
    def open(cls, url: str, name: str, secret: str, language: str) -> DailyRound:
        hello = m.DailyHello(version=m.VERSION, name=name, secret=secret, language=language)
        ws, start = _deal(url, hello)
        return cls(ws, start, hello, url)

    def word(self, text: str) -> m.Judgement:
        """Send one word; the server's verdict on it (a DailyError when the connection drops)."""
        entry = self.next_id
        self.next_id += 1
        with contextlib.suppress(ConnectionClosed):  # a drop shows as the answer's absence
            self.ws.send(m.encode(m.Word(id=entry, word=text)))
        return self._verdict(entry)

    def again(self, text: str) -> m.Judgement:
        """The last word sent again, after `resume`: under its own id (the server judges it once)."""
        entry = self.next_id - 1
        if self.kept is not None and entry <= self.kept.last_id:  # judged and kept before the drop
            kept = {e.word: e for e in self.kept.entries}
            word = text.lower()
            return m.Judgement(id=entry, word=word, verdict="accepted", points=kept[word].points if word in kept else 0)
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(m.encode(m.Word(id=entry, word=text)))
        return self._verdict(entry)

    def _verdict(self, entry: int) -> m.Judgement:
        while True:
            answer = _next(self.ws, ANSWER_SECONDS)
            if isinstance(answer, m.Judgement) and answer.id == entry:
                return answer

    def resume(self) -> bool:
        """Open the round again on a new connection, as the server kept it: True when it goes on; False when the
        server says it is over (it finished it with the words it judged); a DailyError when it cannot be reached."""
        assert self.hello is not None
        with contextlib.suppress(Exception):
            self.ws.close()
        try:
            self.ws, start = _deal(self.url, self.hello)
        except DailyError as error:
            if error.code in ("played", "limit"):
                return False
            raise
        self.start = start
        self.next_id = max(self.next_id, start.next_id)
        with contextlib.suppress(DailyError):
            answer = _next(self.ws, ANSWER_SECONDS)
            if isinstance(answer, m.Entries):
                self.kept = answer
        return True

    def finish(self) -> m.DailyTable:
        """End the round (if the server has not already) and read the day's table with this result placed."""
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(m.encode(m.VoteEnd()))
        try:
            while True:
                answer = _next(self.ws, END_SECONDS)
                if isinstance(answer, m.DailyTable):
                    return answer
        finally:
            self.ws.close()

    def table(self) -> m.DailyTable:
        """The day's table with this player's row, after the server finished the round by itself."""
        assert self.hello is not None
        hello = self.hello
        ask = m.TableAsk(version=m.VERSION, language=hello.language, name=hello.name, secret=hello.secret)
        table = ask_table(self.url, ask)
        if table.you is None:
            raise DailyError(_("the connection to the server was lost"))
        return table


def _deal(url: str, hello: m.DailyHello) -> tuple[ClientConnection, m.Start]:
    ws = _open(url, hello)
    try:
        start = _next(ws, ANSWER_SECONDS)
    except DailyError:
        ws.close()
        raise
    if not isinstance(start, m.Start):
        ws.close()
        raise DailyError(_("the server did not deal a board"))
    return ws, start


def ask_table(url: str, ask: m.TableAsk) -> m.DailyTable:
    ws = _open(url, ask)
    try:
        answer = _next(ws, ANSWER_SECONDS)
    finally:
        ws.close()
    if not isinstance(answer, m.DailyTable):
        raise DailyError(_("the server did not send a table"))
    return answer
