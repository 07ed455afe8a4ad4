"""The day's board served: each player's round dealt, timed and judged here, and the day's table kept.

A connection whose first message is `daily` plays the day's board (game/daily.py: dealt from this server's
secret, the same for every process of its store, and printable by nobody before it is dealt) as a room's round is
played: the client sends words, the server judges each and keeps the score,
so a result cannot be forged (a field the protocol does not know is refused; a word not on the board scores
nothing). A name is held by the secret that first used it on this server, and each name has one attempt a
day per language, recorded before the board is shown. A connection whose first message is `table` asks for
a day's table, at most a few times a second per address.

The store (game/daily_table.py `DailyStore`; SQLite or PostgreSQL, storage/) may block: the rounds' calls run on one
worker thread, one at a time, the tables' queries on a second connection and thread, never on the event loop. The
date is injected (`today`), as is the clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, TypeVar

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game import daily
from boggle_tui.game.clock import Clock, TimeSource
from boggle_tui.game.codes import board_code
from boggle_tui.game.daily_table import NEIGHBOURS, DailyStore, OpenRound, Placement, Row
from boggle_tui.game.deal import Deal
from boggle_tui.game.fair_play import Pace, fastest_typing
from boggle_tui.game.languages import language_for, shipped_languages
from boggle_tui.game.names import SECRET
from boggle_tui.game.round import EndReason, Round, Verdict
from boggle_tui.game.rules import STANDARD_ROUND, Rules
from boggle_tui.i18n import _
from boggle_tui.net import messages as m
from boggle_tui.net import phrases as P
from boggle_tui.net.day_round import DayRound
from boggle_tui.net.protocol import MAX_NAME, ProtocolError, clean_name
from boggle_tui.net.room import GRACE, Bucket, Room, Send

KEEP_DAYS = 400  # days of tables a server keeps (`boggle server --keep-days`)
TABLES_PER_SECOND = 2.0  # table queries from one address, over time
TABLE_BURST = 10
ROWS_A_QUERY = 100  # rows of a table one query is sent, however many it asks for
ADDRESSES = 10_000  # addresses whose query rates are remembered (the oldest forgotten first)
WAKE_SECONDS = 1.0  # a round looks at its clock at least this often while nothing arrives
ATTEMPTS_PER_ADDRESS = 5  # rounds begun a day from one address (`boggle server --daily-per-address`)
SWEEP_SECONDS = 1.0  # overdue rounds are looked for at most this often (on a connection's arrival)
SWEEP_SLACK = 5.0  # past a round's deadline and grace, before a sweep finishes it (its own server does first)
HANDOVER_SECONDS = 5.0  # for an old connection's last word to be kept, when the player is back on a new one
END_FRAME = '{"type":"end"'  # how a room\'s end of round begins on the wire (messages.encode)

T = TypeVar("T")
DictionaryFor = Callable[[str, str], Dictionary]


class DailyService:
    def __init__(
        self,
        store: DailyStore,
        dictionary_for: DictionaryFor,
        *,
        today: Callable[[], dt.date] = daily.today,
        now: TimeSource | None = None,
        log: Callable[[str], None] = lambda _: None,
        keep_days: int = KEEP_DAYS,
        seconds: int = STANDARD_ROUND,
        wall: TimeSource = time.time,
        per_address: int = ATTEMPTS_PER_ADDRESS,
        secret: str | None = None,
        reader: DailyStore | None = None,
        fair_play: bool = True,
    ) -> None:
        """`secret`: the days' boards are dealt from it (None: the store's own, made on first use; a test gives one,
        to know the boards). `reader`: a second connection to the same store, for the tables' queries (None: they
        share the store's). `fair_play`: results whose words came faster than a person types them are marked (a
        test that plays at a machine's speed, on a clock that does not move, turns it off)."""
        self.store = store
        self.dictionary_for = dictionary_for
        self.today = today
        self.now = now or time.monotonic
        self.log = log
        self.keep_days = keep_days
        self.seconds = seconds
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="daily-store")  # a round's writes, one at a time
        self.reader = reader or store
        self.reads = ThreadPoolExecutor(1, thread_name_prefix="daily-reads") if reader is not None else self.worker
        self.rates: OrderedDict[str, Bucket] = OrderedDict()
        self.pruned: dt.date | None = None
        self.wall = wall  # seconds of the wall clock: a round's deadline outlives this process
        self.per_address = per_address  # attempts one address may begin a day (0: no limit)
        self.attempts: OrderedDict[str, int] = OrderedDict()
        self.attempts_day: dt.date | None = None
        self.live: dict[tuple[dt.date, str, str], tuple[ServerConnection, asyncio.Event]] = {}  # rounds played here
        self.entering: dict[tuple[str, str], tuple[asyncio.Lock, int]] = {}  # hellos of a name, and how many
        self.swept: float | None = None
        self.boards: dict[tuple[dt.date, str], tuple[Deal, str, Rules, Dictionary, Solution]] = {}
        self.fair_play = fair_play
        self.secret = secret  # None until the store's is read: the days' boards are dealt from it

    async def _deal(self, day: dt.date, language: str) -> Deal:
        """The day's board on this server (game/daily.py served_deal): nobody can print it before it is dealt."""
        if self.secret is None:
            self.secret = await self._store(self.store.deal_secret)
        return daily.served_deal(self.secret, day, language)

    async def _store(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.worker, call, *args)

    async def _read(self, call: Callable[..., T], *args: Any) -> T:
        """A query of the tables: on the reader's own connection and thread, so verdicts never wait behind it."""
        return await asyncio.get_running_loop().run_in_executor(self.reads, call, *args)

    def close(self) -> None:
        self.worker.shutdown(wait=True)
        self.reads.shutdown(wait=True)
        self.store.close()
        if self.reader is not self.store:
            self.reader.close()

    # One connection

    async def serve(self, ws: ServerConnection, first: m.DailyHello | m.TableAsk, address: str) -> None:
        try:
            if not m.spoken(first.version):
                raise Refusal(P.phrase(P.VERSION, server=m.VERSION, client=first.version))
            await self._prune()
            await self._sweep()
            if isinstance(first, m.DailyHello):
                await self._round(ws, first, address)
            else:
                await self._table(ws, first, address)
        except Refusal as refusal:
            await _say(ws, refusal.error())
        except ProtocolError as error:
            await _say(ws, m.Error(message=str(error), fatal=True, code="refused"))
        except ConnectionClosed:
            pass
        except Exception as error:  # the store failed (a database gone): one line in the log, one to the player
            self.log(f"daily: store error {type(error).__name__}: {error}")
            await _say(ws, P.phrase(P.TABLE_DOWN).error(fatal=True))
        with contextlib.suppress(ConnectionClosed):
            await ws.close(1000, "done")

    async def _prune(self) -> None:
        """Once a day: forget the tables older than `keep_days`."""
        today = self.today()
        if self.pruned != today:
            self.pruned = today
            gone = await self._store(self.store.prune, today - dt.timedelta(days=self.keep_days))
            if gone:
                self.log(f"daily: {gone} results older than {self.keep_days} days pruned")

    async def _identify(self, name: str, secret: str, *, claim: bool, limited: bool = False) -> str:
        """The checked name; a Refusal for a malformed name or secret, or a name held by another secret."""
        checked = clean_name(name)
        if not checked or checked != name or len(name) > MAX_NAME:
            raise Refusal(P.phrase(P.NAME_FORM, most=MAX_NAME))
        if not SECRET.fullmatch(secret):
            raise Refusal(P.phrase(P.SECRET_FORM))
        held = (
            await self._store(self.store.claim, name, secret, self.today())
            if claim
            else await self._read(self.reader.owns, name, secret)
        )
        if not held and limited:  # a new name (or another's) from an address past its attempts: no name is made
            raise Refusal(P.phrase(P.DAILY_LIMIT), "limit")
        if not held:
            raise Refusal(_coded("name_taken"), "name_taken")
        return name

    def _language(self, language: str) -> str:
        if language not in shipped_languages():
            raise Refusal(P.phrase(P.NO_DAILY, language=repr(language)))
        return language

    # A round

    async def _round(self, ws: ServerConnection, hello: m.DailyHello, address: str) -> None:
        # One hello of a name at a time, from before its first await until its round is live here: a second hello
        # of the same name (the same player twice at once) then finds the first's round and takes it over.
        async with self._entering(hello):
            language = self._language(hello.language or "en")
            today = self.today()
            # An address past its attempts today makes no new name and begins no round; it may still resume one.
            limited = 0 < self.per_address <= self._attempts(today).get(address, 0)
            name = await self._identify(hello.name, hello.secret, claim=not limited, limited=limited)
            day = await self._day_of(today, language, name)
            deal, dice, rules, words, solution = await self._board(day, language)
            key = (day, language, name)
            await self._supersede(key)
            # This connection plays the round from now on, on whichever server: one that played it before (another
            # process of a shared store, which this one cannot close) finds out at its next word, and stops. Held
            # before its words are read, so that none the other keeps after this is missed.
            holder = secrets.token_hex(8)
            await self._store(self.store.hold, day, language, name, holder)
            game, ends, last_id, pace = await self._resumed(key, rules, solution, words, limited)
            resumed = game is not None
            if game is None:
                ends = self.wall() + rules.clock
                if not await self._store(self.store.begin, day, language, name, _ms(ends)):
                    raise Refusal(_coded("played"), "played")
                self._attempts(today)[address] = self._attempts(today).get(address, 0) + 1
                game = Round(deal.board, solution, Clock(rules.clock, self.now), words.trie.__contains__)
                self.log(f"daily {day} {language}: {name!r} started")
                await self._store(self.store.hold, day, language, name, holder)  # its row is new: held now
            left = max(0.0, ends - self.wall()) if resumed else float(rules.clock)
            code = board_code(deal.board, dice)
            start = m.Start(
                round=1, board=tuple(tuple(row) for row in deal.board.rows), dice=dice, code=code,
                min_length=solution.min_length, seconds=rules.clock, remaining=left, dictionary=rules.dictionary,
                next_id=last_id + 1,
            )  # fmt: skip
            try:
                await ws.send(m.encode(start))
            except ConnectionClosed:
                if not resumed:  # gone before the board was dealt: no attempt, no row
                    await self._store(self.store.forget, day, language, name)
                raise
            if resumed:  # the words judged so far, as after a room's reconnect
                judged = tuple(m.Judged(word=w, verdict=m.verdict_text(Verdict.ACCEPTED), points=p)
                               for w, p in game.found.items())  # fmt: skip
                await ws.send(m.encode(m.Entries(entries=judged, last_id=last_id)))
            game.start()
            done = asyncio.Event()
            self.live[key] = (ws, done)
        try:
            day_round = DayRound(game, self.now() + left, rules.clock, last_id, pace, self.fair_play)
            over = await self._play(ws, day_round, key, holder)
            if over and not await self._store(self.store.holds, *key, holder):
                raise TakenOver
        except TakenOver:
            self.log(f"daily {day} {language}: {name!r} taken over by another connection")
            with contextlib.suppress(ConnectionClosed):
                await ws.close(1000, "resumed elsewhere")
            return
        finally:
            done.set()
            if self.live.get(key, (None,))[0] is ws:
                del self.live[key]
        if not over:  # the connection dropped: the round stays open to its deadline, for the player to come back
            self.log(f"daily {day} {language}: {name!r} dropped, {len(game.found)} words kept")
            return
        game.end(EndReason.TIME_UP if game.clock.expired else EndReason.ENDED)
        found = list(game.found)
        await self._store(self.store.finish, day, language, name, game.score, found)
        self.log(f"daily {day} {language}: {name!r} scored {game.score}")
        await ws.send(m.encode(await self._table_for(day, language, code, name, found, rows=0)))

    @contextlib.asynccontextmanager
    async def _entering(self, hello: m.DailyHello) -> AsyncIterator[None]:
        key = (hello.language or "en", hello.name)
        lock, waiting = self.entering.get(key, (asyncio.Lock(), 0))
        self.entering[key] = (lock, waiting + 1)
        try:
            async with lock:
                yield
        finally:
            lock, waiting = self.entering[key]
            if waiting > 1:
                self.entering[key] = (lock, waiting - 1)
            else:
                del self.entering[key]

    async def _day_of(self, today: dt.date, language: str, name: str) -> dt.date:
        """The day whose board the player's hello is for: yesterday's while their round of it is still open (begun
        before midnight UTC, the connection dropped, back after it: that round goes on), else today's."""
        yesterday = today - dt.timedelta(days=1)
        kept = await self._store(self.store.open_round, yesterday, language, name)
        return yesterday if kept is not None and self.wall() < kept.deadline / 1000 + GRACE else today

    def _attempts(self, day: dt.date) -> OrderedDict[str, int]:
        """Attempts begun today per address (yesterday's forgotten; the oldest address first past ADDRESSES)."""
        if self.attempts_day != day:
            self.attempts_day, self.attempts = day, OrderedDict()
        while len(self.attempts) >= ADDRESSES:
            self.attempts.popitem(last=False)
        return self.attempts

    async def _supersede(self, key: tuple[dt.date, str, str]) -> None:
        """The player is back on a new connection while this server still holds the old one (a drop it has not
        noticed): the old one is closed, and its round handed over once its last word is kept."""
        held = self.live.get(key)
        if held is not None:
            old, done = held
            with contextlib.suppress(ConnectionClosed):
                await old.close(1000, "resumed elsewhere")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), HANDOVER_SECONDS)

    async def _resumed(
        self, key: tuple[dt.date, str, str], rules: Rules, solution: Solution, words: Dictionary, limited: bool
    ) -> tuple[Round | None, float, int, Pace]:
        """The player's open round, rebuilt from the words kept (its clock where it is), with its deadline (wall
        seconds), the last entry id judged and its pace so far; (None, 0, 0, a fresh pace) for none. A round past
        its deadline is finished now, with the words kept, and refused as played."""
        kept = await self._store(self.store.open_round, *key)
        if kept is None:
            if limited:
                raise Refusal(P.phrase(P.DAILY_LIMIT), "limit")
            return None, 0.0, 0, Pace()
        ends = kept.deadline / 1000
        if self.wall() >= ends + GRACE:
            await self._finish_kept(kept)
            raise Refusal(_coded("played"), "played")
        seconds = min(float(rules.clock), max(0.0, ends - self.wall()))
        game = Round(solution.board, solution, Clock(seconds, self.now), words.trie.__contains__)
        for word in kept.words:
            game.submit(word)
        self.log(f"daily {key[0]} {key[1]}: {key[2]!r} resumed with {len(game.found)} words")
        pace = Pace(sum(fastest_typing(w) for w in game.found), kept.verified)  # its words typed, at the least
        return game, ends, kept.last_id, pace

    async def _finish_kept(self, kept: OpenRound) -> None:
        words = [w for w in kept.words if w]
        await self._store(self.store.finish, kept.day, kept.language, kept.name, kept.score, words)
        self.log(f"daily {kept.day} {kept.language}: {kept.name!r} finished at its deadline with {kept.score}")

    async def _sweep(self) -> None:
        """At most once a SWEEP_SECONDS: finish the open rounds past their deadline (the player never came back,
        or a server before this one stopped mid-round) with the words kept, so each attempt has its row."""
        now = self.now()
        if self.swept is not None and now - self.swept < SWEEP_SECONDS:
            return
        self.swept = now
        since = self.today() - dt.timedelta(days=1)  # a round begun before midnight ends after it
        for kept in await self._store(self.store.overdue, since, _ms(self.wall() - GRACE - SWEEP_SLACK)):
            if (kept.day, kept.language, kept.name) not in self.live:
                await self._finish_kept(kept)

    async def _board(self, day: dt.date, language: str) -> tuple[Deal, str, Rules, Dictionary, Solution]:
        """The day's board in a language, dealt and solved once (every player of the day plays it)."""
        key = (day, language)
        if key not in self.boards:
            deal = await self._deal(day, language)
            dice = daily.daily_dice(language)
            rules = Rules(dice=dice, dictionary=language_for(language).dictionary, seconds=self.seconds)
            words = await asyncio.to_thread(self.dictionary_for, rules.dictionary, language)
            solution = await asyncio.to_thread(solve, deal.board, words.trie, rules.shortest)
            self.boards = {k: v for k, v in self.boards.items() if k[0] == day}  # yesterday's are let go
            self.boards[key] = (deal, dice, rules, words, solution)
        return self.boards[key]

    async def _play(self, ws: ServerConnection, day: DayRound, key: tuple[dt.date, str, str], holder: str) -> bool:
        """Judge words until the deadline (and its grace) or the player's `end`: True; False when the connection
        ends first. The round's rules are DayRound's; here its steps are carried out: each accepted word kept in the
        store (the round marked, once, if its words come faster than a person types) before its verdict goes out."""
        while (left := day.left(self.now())) > 0:
            try:
                frame = await asyncio.wait_for(ws.recv(), min(WAKE_SECONDS, left))
            except TimeoutError:
                continue
            except ConnectionClosed:
                return False
            step = day.receive(frame, self.now())
            if step.keep:
                words = list(day.game.found)
                if not await self._store(self.store.progress, *key, day.game.score, words, day.last_id, holder):
                    raise TakenOver  # the word is not kept, and no verdict says it was
            if step.unverify:
                await self._store(self.store.unverify, *key)
                self.log(f"daily {key[0]} {key[1]}: {key[2]!r} not verified: words faster than a person types")
            if step.say is not None:
                await ws.send(m.encode(step.say))
            if step.over:
                return True
        return True

    # The table

    async def _table(self, ws: ServerConnection, ask: m.TableAsk, address: str) -> None:
        if not self._take(address):
            raise Refusal(P.phrase(P.TABLE_RATE), "limit")
        language = self._language(ask.language or "en")
        today = self.today()
        try:
            day = dt.date.fromisoformat(ask.date) if ask.date else today
        except ValueError:
            raise Refusal(P.phrase(P.DATE_FORM)) from None
        if day > today:
            raise Refusal(P.phrase(P.NO_TABLE_YET, date=day, today=today))
        if day < today - dt.timedelta(days=self.keep_days):
            raise Refusal(P.phrase(P.TABLES_KEPT, days=self.keep_days))
        name = await self._asker(ask)
        found = await self._read(self.reader.words_of, day, language, name) if name else []
        code = board_code((await self._deal(day, language)).board, daily.daily_dice(language))
        table = await self._table_for(day, language, code, name, found, rows=ask.rows, only_friends=ask.friends)
        if day == today and table.you is None:  # today's board only for those who have played it
            table = replace(table, board="")
        await ws.send(m.encode(table))

    async def _asker(self, ask: m.TableAsk) -> str:
        """Whose table it is: the name, where its secret holds it; "" (anyone) for a name nobody holds yet. Anyone may
        read a day's table, and a name is held by playing, never by asking."""
        if not ask.name:
            return ""
        try:
            return await self._identify(ask.name, ask.secret, claim=False)
        except Refusal as refused:
            if refused.code == "name_taken" and not await self._read(self.reader.known, ask.name):
                return ""
            raise

    def _take(self, address: str) -> bool:
        bucket = self.rates.pop(address, None) or Bucket(TABLES_PER_SECOND, TABLE_BURST)
        self.rates[address] = bucket  # the newest last: the oldest is forgotten first
        while len(self.rates) > ADDRESSES:
            self.rates.popitem(last=False)
        return bucket.take(self.now())

    async def _table_for(
        self, day: dt.date, language: str, code: str, name: str, found: list[str], *, rows: int,
        only_friends: bool = False,
    ) -> m.DailyTable:  # fmt: skip
        friends = await self._read(self.reader.friends, name) if name else set()
        placed: Placement | None = await self._read(self.reader.place, day, language, name) if name else None
        names = ({*friends, name} if name else set()) if only_friends else None
        listed = await self._read(self.reader.rows, day, language, min(rows, ROWS_A_QUERY), names) if rows else []
        summary = placed.summary if placed else await self._read(self.reader.summary, day, language)
        finds = await self._read(self.reader.finds, day, language, found) if found else {}

        def row(r: Row) -> m.TableRow:
            return m.TableRow(rank=r.rank, name=r.name, score=r.score, words=r.words, percentile=r.percentile,
                              friend=r.name in friends, verified=r.verified)  # fmt: skip

        return m.DailyTable(
            date=day.isoformat(), language=language, board=code, players=summary.players,
            average=round(summary.average, 2), top=summary.top, you=row(placed.you) if placed else None,
            above=tuple(map(row, placed.above[-NEIGHBOURS:])) if placed else (),
            below=tuple(map(row, placed.below[:NEIGHBOURS])) if placed else (),
            rows=tuple(map(row, listed)), finds=finds,
        )  # fmt: skip

    # Friends: the players of a room's round

    def noticed(self, room: Room, sends: list[Send]) -> None:
        """What a room sends, looked at for a round's end: its players (bots aside) become friends. Names are
        as the room knows them: a room's seat proves no daily identity, so a friend is a mark, never a right."""
        for sent in sends:
            if not sent.text.startswith(END_FRAME):
                continue
            with contextlib.suppress(ProtocolError):
                end = m.decode_server(sent.text)
                bots = {p.name for p in room.players.values() if p.level}
                if isinstance(end, m.End):
                    names = [p.name for p in end.players if p.name not in bots]
                    if len(names) >= 2:
                        asyncio.get_running_loop().run_in_executor(self.worker, self.store.befriend, names)


class Refusal(P.Refusal):
    """A day's round or table refused."""


class TakenOver(Exception):
    """The round is played on another connection now (the same player's, maybe on another server of the store)."""


async def _say(ws: ServerConnection, message: m.ServerMessage) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(m.encode(message))


def _coded(code: m.ErrorCode) -> str:
    """The server's text for an error a client knows by its code (as net/server.py's error_text)."""
    text = m.ERROR_TEXTS[code]  # marked for the catalogue where it is written
    return _(text)


def _ms(seconds: float) -> int:
    """Wall-clock seconds as the store keeps a deadline."""
    return int(seconds * 1000)
