"""`boggle daily`: today's board (UTC), once a day per player and language, with everyone who played it.

With a server (`--server HOST[:PORT]`, remembered) the round is the server's: it deals, times and judges, and
answers with the day's table (rank, percentile, neighbours, top and average, how many found each of your
words). Without one, or with one that cannot be reached (said in one line), the board is played here as
`play --daily` plays it. Either way the result is placed against the bot levels' expected scores on the board
(game/bots.py), and the round goes into the history, where the streaks are counted per language.

The server's round is played line by line (as `play --plain`): the end of input ends it. Everything the
server sends is decoded and cleaned before it is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from boggle_tui.cli.plain import (
    Lines,
    Signal,
    StreamLines,
    Write,
    board_rows,
    play_plain,
    required_words,
    score_line,
    tiers_lines,
    utc_now,
    verdict_line,
    word_of,
    write_lines,
)
from boggle_tui.cli.plain_room import AsyncLines, ThreadedLines
from boggle_tui.engine.board import Board
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game.clock import TimeSource, format_seconds
from boggle_tui.game.codes import board_code, parse_code
from boggle_tui.game.daily import PAST_DAYS, daily_deal, next_board_line, played_line
from boggle_tui.game.daily_table import against_levels, standing_line, streak_line
from boggle_tui.game.languages import language_for
from boggle_tui.game.request import Given, RoundRequest, daily_request
from boggle_tui.game.round import EndReason
from boggle_tui.game.rules import Rules
from boggle_tui.game.share import DailyShare, daily_share_line
from boggle_tui.i18n import _, counted
from boggle_tui.net import messages as m
from boggle_tui.net.address import default_name
from boggle_tui.net.client import JoinError, ask_daily_table, error_text
from boggle_tui.net.daily_lines import figures_line, result_lines, row_line
from boggle_tui.net.daily_session import CONNECTION_LOST, DailySession, Over, dropped_line, served_round
from boggle_tui.net.link import NAME_REFUSED, Back, Dropped, Link
from boggle_tui.net.protocol import ProtocolError, clean_text
from boggle_tui.storage.daily_seat import DailyTarget, daily_target
from boggle_tui.storage.history import History
from boggle_tui.storage.identity import Identity, remember
from boggle_tui.storage.stats import daily_played, daily_round, daily_streaks, rating_points

TABLE_ROWS = 20  # rows `--table` prints (--json: the server's most)


@dataclass
class Seat:
    """Who plays where: the server's URL ("" for none), the name and its secret, the board's language."""

    url: str
    name: str
    identity: Identity
    language: str
    server: str = ""  # as remembered: HOST, or HOST:PORT off the default port

    def answered(self) -> None:
        """Remember the name and server as the player gave them (a name the server refused is not, or every later
        `daily` would try it again; a server that is down is: the player asked for it)."""
        self.identity = remember(self.identity, name=self.name, server=self.server)


def run_daily(
    args: argparse.Namespace,
    *,
    today: Callable[[], dt.date] = lambda: utc_now().date(),
    lines: Lines | None = None,
    write: Write | None = None,
    note: Write | None = None,
    now: TimeSource = time.monotonic,
    history: History | None = None,
    wall: Callable[[], dt.datetime] = lambda: utc_now(),
) -> int:
    out = write or (lambda text: print(text, flush=True))
    tell = note or (lambda text: print(text, file=sys.stderr, flush=True))
    seat = _seat(args)
    day = today()
    if args.friends and not (args.table or args.json):
        raise BoggleError(_("--friends narrows the day's table: give --table (or --json) with it"))
    if args.share:
        return _share(seat, day, out, history or History.open_to_read())
    past = _past(args.date, day) if args.date is not None else None
    if args.table or args.json:
        if not seat.url:
            raise BoggleError(_("the day's table is a server's: give --server HOST:PORT"))
        shared = history or History.open_to_read()
        return _show_table(seat, out, json_out=args.json, friends=args.friends, history=shared, day=day, date=past)
    if past is not None:
        return _play_past(seat, past, lines, out, tell, now, history, app=not args.plain and lines is None)
    history = history or History.open()
    try:
        if seat.url and not args.plain and lines is None:  # the game's own screen: the server's round in it
            history.close()
            return _open_app(seat)
        if seat.url:
            typed = lines or StreamLines(_stdin(), now)
            code = asyncio.run(_play_online(seat, day, typed, out, tell, now, history, wall))
            if code is not None:
                return code
        if daily_played(history, day, seat.language):  # once a day here too (a server says so of its own)
            tell(_("boggle: {reason}").format(reason=played_line(wall())))
            return 1
        if not args.plain and lines is None:  # the game's own screen, as `play --daily` opens it
            history.close()
            return _open_app(seat)
        return _play_here(seat, day, lines, out, tell, now, history)
    finally:
        history.close()


def _seat(args: argparse.Namespace) -> Seat:
    target = daily_target(args.lang or "en", args.server, args.name, fallback=default_name)
    return Seat(target.url, target.name, target.identity, target.language, target.server)


def _stdin() -> int | None:
    try:
        return sys.stdin.fileno() if sys.stdin is not None else None
    except (OSError, ValueError):
        return None


# Played on the server


async def _play_online(
    seat: Seat, day: dt.date, lines: Lines, out: Write, tell: Write, now: TimeSource, history: History,
    wall: Callable[[], dt.datetime],
) -> int | None:  # fmt: skip
    """Today's board on the server, line by line; the exit code, or None when the server cannot be reached (said in
    one line: the board is played here)."""
    hello = m.DailyHello(version=m.VERSION, name=seat.name, secret=seat.identity.secret, language=seat.language)
    link = Link(seat.url, hello, now=now)
    try:
        start = await link.open()
    except JoinError as error:
        if error.code not in NAME_REFUSED:  # the name and server as asked: a server down refuses neither
            seat.answered()
        if not error.unreachable:
            tell(_("boggle: {reason}").format(reason=error))
            if error.code == "played":
                tell(next_board_line(wall()))
            return 1
        tell(_("{reason}: playing today's board here instead").format(reason=error))
        return None
    seat.answered()
    try:
        assert isinstance(start, m.Start)
        try:
            session = DailySession(start, link.send, day=day, server=seat.url.removeprefix("ws://"), now=now,
                                   dictionary=language_for(seat.language).dictionary,
                                   ask=lambda friends: _ask_table(seat, friends))  # fmt: skip
        except ProtocolError as error:  # a board this game cannot draw: one line, never a traceback
            tell(_("boggle: {reason}").format(reason=error))
            return 1
        return await _PlainDaily(seat, session, link, out, tell).play(ThreadedLines(lines), history, wall)
    finally:
        await link.close()


@dataclass
class _PlainDaily:
    """The server's round line by line: each word's verdict is the server's, said as it comes. While the connection
    is down, a word typed is said to be kept at once; the link brings the connection back and the session sends the
    words the server did not judge (each is judged once)."""

    seat: Seat
    session: DailySession
    link: Link
    out: Write
    tell: Write
    down: bool = False

    async def play(self, lines: AsyncLines, history: History, wall: Callable[[], dt.datetime]) -> int:
        session, out = self.session, self.out
        out(_("Today's board · {date} · on {server} · board {code}").format(
            date=session.day, server=session.server, code=session.code))  # fmt: skip
        write_lines(out, board_rows(session.board))
        rule = _("{clock} on the server's clock; type a word and Enter. The end of input ends the round.")
        out(rule.format(clock=format_seconds(session.remaining)))
        typing = asyncio.create_task(self._type(lines))
        try:
            table, lost = await self._listen()
        finally:
            typing.cancel()
        solution = _solution(session.board, self.seat.language, session.min_length)
        session.finish(table, solution, lost)
        out(_("Time is up.") if session.end_reason is EndReason.TIME_UP else _("Round ended."))
        if table is None:
            out(score_line(session.results()))
            self.tell(_("boggle: {reason}").format(reason=lost))
        else:
            write_lines(out, result_lines(table, list(session.found), session.board.alphabet.upper))
        write_lines(out, tiers_lines(session.results(), required_words(self.seat.language, history)))
        score = table.you.score if table is not None and table.you else session.score
        out(against_levels(solution, score, session.duration))
        record = session.record(wall())
        if record is not None and history.record(record):
            write_lines(out, streak_lines(history, self.seat.language, session.day))
            write_lines(out, share_lines(self.seat, session.day, history, table))
        elif history.notice:
            self.tell(history.notice)
        return 0

    async def _type(self, lines: AsyncLines) -> None:
        """The player's lines until the end of input (or `quit`), which ends the round."""
        upper = self.session.board.alphabet.upper
        while True:
            got = await lines.read()
            if got is Signal.ENDED or (isinstance(got, str) and got.strip().lower() == "quit"):
                self.session.end(EndReason.ENDED)
                return
            if got is Signal.TOO_LONG:
                self.out(_("That line is too long to be a word."))
                continue
            word = word_of(got) if isinstance(got, str) else ""
            if not word.strip():
                continue
            entry = self.session.submit(word)
            if entry is not None and (self.down or not entry.provisional):
                # Kept until the server is back (it judges it then), or judged here: the round is over.
                shown = _("{word}: kept: the server judges it when it is back").format(word=upper(entry.word))
                self.out(shown if entry.provisional else verdict_line(entry, upper))

    async def _listen(self) -> tuple[m.DailyTable | None, str]:
        """The server's messages until its table; the reason when there is none (net/daily_session.py)."""
        session, upper = self.session, self.session.board.alphabet.upper
        async for event in served_round(self.link, session):
            match event:
                case Over(table=table, lost=lost):
                    return table, lost
                case m.Error():
                    self.tell(_("boggle: {reason}").format(reason=clean_text(error_text(event, ""), m.MAX_TEXT)))
                case Dropped() if not self.down:
                    self.down = True
                    self.tell(dropped_line(session))
                case Back():
                    self.down = False
                    self.tell(_("Back in today's round."))
                case m.Judgement() | m.Entries():
                    shown = len(session.entries)
                    session.apply(event)
                    write_lines(self.out, [verdict_line(e, upper) for e in session.entries[shown:]])
        return None, _(CONNECTION_LOST)


async def _ask_table(seat: Seat, friends: bool, rows: int = TABLE_ROWS, date: dt.date | None = None) -> m.DailyTable:
    ask = m.TableAsk(version=m.VERSION, language=seat.language, name=seat.name, secret=seat.identity.secret,
                     friends=friends, rows=rows, date=date.isoformat() if date else "")  # fmt: skip
    return await ask_daily_table(seat.url, ask)


def _solution(board: Board, language: str, min_length: int) -> Solution:
    return solve(board, load_dictionary(language_for(language).dictionary).trie, min_length)


# A past day's board


def _past(date: dt.date, today: dt.date) -> dt.date:
    """`--date`: a day of the last PAST_DAYS before today; a short reason for any other."""
    if date >= today:
        raise BoggleError(_("--date plays a past day's board: today's is boggle daily, and {date} is not past").format(
            date=date.isoformat()))  # fmt: skip
    if date < today - dt.timedelta(days=PAST_DAYS):
        raise BoggleError(_("--date reaches back {days} days, to {first}").format(
            days=PAST_DAYS, first=(today - dt.timedelta(days=PAST_DAYS)).isoformat()))  # fmt: skip
    return date


def _play_past(
    seat: Seat,
    day: dt.date,
    lines: Lines | None,
    out: Write,
    tell: Write,
    now: TimeSource,
    history: History | None,
    *,
    app: bool,
) -> int:
    """A past day's board, played here as practice: a timed round of the day's length, never ranked, saved as a
    replay (no best, no streak), its score set against the day's top and, in --plain, its final table. The board is
    the server's (from that day's table: the day's secret stays the server's), or the offline daily's."""
    table: m.DailyTable | None = None
    if seat.url:
        try:
            table = asyncio.run(_ask_table(seat, False, rows=m.MAX_TABLE_ROWS, date=day))
        except (JoinError, OSError) as error:
            raise BoggleError(str(error)) from None
        if not table.board:
            raise BoggleError(_("the server has no board for {date}").format(date=day.isoformat()))
        dealt = parse_code(table.board)
    else:
        dealt = daily_deal(day, seat.language)
    to_beat = table.top if table is not None and table.players else None
    rules = Rules(dictionary=language_for(seat.language).dictionary)  # the standard clock, as the day has it
    request = RoundRequest(Given(dealt.board, dealt.dice, dealt.seed), rules, replay=True, to_beat=to_beat)
    tell(_("{date}'s board, played as practice: never ranked, kept as a replay.").format(date=day.isoformat()))
    if app:
        from boggle_tui.app.launch import Round
        from boggle_tui.cli.play import app_preferences, run_app

        preferences, notices = app_preferences()
        return run_app(preferences, notices, Round(request))
    history = history or History.open()
    code = play_plain(request, lines=lines, write=out, note=tell, now=now, history=history, close=False)
    saved = history.rounds(limit=1)  # the round just played, as saved: its score is set against the day's table
    if table is not None and saved and saved[0].code == board_code(dealt.board, dealt.dice):
        write_lines(out, past_table_lines(table, saved[0].score))
    return code


def past_table_lines(table: m.DailyTable, score: int) -> list[str]:
    """Where `score` would have placed on a past day's final table: `2026-12-01: 42 points would have been 3rd of
    14`, and the day's figures."""
    above = sum(1 for row in table.rows if row.score > score)
    if len(table.rows) >= table.players or above < len(table.rows):
        # Translators: a past day's board played as practice, set against that day's final table
        place = _("{date}: {score} would have placed {rank} of {players} on the day's table").format(
            date=table.date, score=counted(score, "{count} point", "{count} points"), rank=above + 1,
            players=table.players)  # fmt: skip
    else:
        place = _("{date}: {score} would have placed below the day's top {rows}").format(
            date=table.date, score=counted(score, "{count} point", "{count} points"), rows=len(table.rows))  # fmt: skip
    return [place, figures_line(table)]


# Played here


def _play_here(
    seat: Seat, day: dt.date, lines: Lines | None, out: Write, tell: Write, now: TimeSource, history: History
) -> int:
    request = daily_request(day, language_for(seat.language).dictionary, seat.language)
    code = play_plain(request, lines=lines, write=out, note=tell, now=now, history=history, close=False)
    write_lines(out, streak_lines(history, seat.language, day))
    write_lines(out, share_lines(seat, day, history, None))
    return code


def _open_app(seat: Seat) -> int:
    """The game's own screen on today's board: the server's round where there is a server (the app says in one line
    when it is down, and plays it here), else this machine's."""
    from boggle_tui.app.launch import Daily
    from boggle_tui.cli.play import app_preferences, run_app

    preferences, notices = app_preferences()
    target = DailyTarget(seat.url, seat.server, seat.name, seat.identity, seat.language)
    return run_app(preferences, notices, Daily(target))


# Lines


def streak_lines(history: History, language: str, today: dt.date) -> list[str]:
    streak = daily_streaks(history, today).get(language)
    return [streak_line(streak.days, streak.beating, streak.shields)] if streak and streak.days else []


def share_line(seat: Seat, day: dt.date, history: History, table: m.DailyTable | None) -> str | None:
    """The line to share today's round (game/share.py), with the place of `table` where a server gave one, and the
    player's rating where their settings say so ("share_rating"); None before today's board is played."""
    on_server = table is not None and table.date == day.isoformat()
    record = daily_round(history, day, seat.language, table.board if table is not None and on_server else "")
    if record is None:
        return None
    you = table.you if table is not None and on_server and record.code == table.board else None
    streak = daily_streaks(history, day).get(seat.language)
    return daily_share_line(
        DailyShare(
            day.isoformat(), language_for(seat.language).own_name, record.score, record.max_score,
            tuple(record.found), (*record.found, *record.missed), record.min_length,
            (you.rank, table.players, you.percentile) if you is not None and table is not None else None,
            you.verified if you is not None else True, streak.days if streak else 0,
            shared_rating(history, seat.language),
        )
    )  # fmt: skip


def shared_rating(history: History, language: str, wanted: bool | None = None) -> int | None:
    """The player's rating in `language` for the share line, where they want it there (`wanted`; None: as their
    settings say) and have one."""
    if wanted is None:
        from boggle_tui.storage.settings import load_preferences

        wanted = load_preferences()[0].share_rating
    return rating_points(history, language) if wanted else None


def share_lines(seat: Seat, day: dt.date, history: History, table: m.DailyTable | None) -> list[str]:
    """`To share: Boggle daily …`, after a round of today's board (nothing when the history kept none)."""
    line = share_line(seat, day, history, table)
    # Translators: before the line a player may paste to share today's result
    return [_("To share: {line}").format(line=line)] if line else []


def _share(seat: Seat, day: dt.date, out: Write, history: History) -> int:
    table = None
    if seat.url:  # the place on the server's table, where it answers (the line is shared without it otherwise)
        with contextlib.suppress(JoinError, OSError):
            table = asyncio.run(_ask_table(seat, False, rows=0))
    line = share_line(seat, day, history, table)
    if line is None:
        raise BoggleError(_("there is nothing to share yet: today's board is still to play (boggle daily)"))
    out(line)
    return 0


def _show_table(
    seat: Seat,
    out: Write,
    *,
    json_out: bool,
    friends: bool,
    history: History | None = None,
    day: dt.date | None = None,
    date: dt.date | None = None,
) -> int:
    """The day's table (`date`: a past day's) as the server has it now."""
    try:
        table = asyncio.run(_ask_table(seat, friends, rows=m.MAX_TABLE_ROWS if json_out else TABLE_ROWS, date=date))
    except (JoinError, OSError) as error:
        raise BoggleError(str(error)) from None
    seat.answered()
    if json_out:
        rows = [{"rank": r.rank, "name": r.name, "score": r.score, "words": r.words, "percentile": r.percentile,
                 "verified": r.verified} for r in table.rows]  # fmt: skip
        share = share_line(seat, day, history, table) if history is not None and day is not None else None
        shown = {"date": table.date, "language": table.language, "board": table.board, "players": table.players,
                 "average": table.average, "top": table.top, "rows": rows, "share": share}  # fmt: skip
        out(json.dumps(shown, ensure_ascii=False))
        return 0
    if table.board:
        out(_("Today's table · {date} · board {code}").format(date=table.date, code=table.board))
    else:  # the server shows today's board only to those who played it
        out(_("Today's table · {date}").format(date=table.date))
    if table.you is not None:
        out(standing_line(table.you.rank, table.players, table.you.percentile))
    for row in table.rows:
        out(row_line(row, mine=row.name == seat.name))
    out(figures_line(table))
    return 0
