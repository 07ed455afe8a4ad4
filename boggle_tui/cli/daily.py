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
import contextlib
import datetime as dt
import json
import math
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from boggle_tui.cli.plain import (
    Lines,
    Signal,
    StreamLines,
    Write,
    board_rows,
    play_plain,
    score_line,
    utc_now,
    verdict_line,
    word_of,
    write_lines,
)
from boggle_tui.engine.board import Board
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game.clock import TimeSource, format_seconds
from boggle_tui.game.codes import parse_code
from boggle_tui.game.daily import daily_dice, next_board_line, played_line
from boggle_tui.game.daily_table import against_levels, standing_line, streak_line
from boggle_tui.game.languages import language_for
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import daily_request
from boggle_tui.game.round import EndReason, Entry, Results, Verdict
from boggle_tui.game.share import DailyShare, daily_share_line
from boggle_tui.i18n import _, counted
from boggle_tui.net import messages as m
from boggle_tui.net.address import default_name
from boggle_tui.net.client import NAME_REFUSED, RETRY_SECONDS
from boggle_tui.net.daily_client import END_SECONDS, DailyError, DailyRound, ask_table
from boggle_tui.net.daily_lines import figures_line, result_lines, row_line
from boggle_tui.storage.daily_seat import DailyTarget, daily_target
from boggle_tui.storage.history import History
from boggle_tui.storage.identity import Identity, remember
from boggle_tui.storage.stats import daily_played, daily_round, daily_streaks

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
    sleep: Callable[[float], None] = time.sleep,
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
    if args.table or args.json:
        if not seat.url:
            raise BoggleError(_("the day's table is a server's: give --server HOST:PORT"))
        shared = history or History.open_to_read()
        return _show_table(seat, out, json_out=args.json, friends=args.friends, history=shared, day=day)
    history = history or History.open()
    try:
        if seat.url and not args.plain and lines is None:  # the game's own screen: the server's round in it
            history.close()
            return _open_app(seat)
        if seat.url:
            try:
                game = DailyRound.open(seat.url, seat.name, seat.identity.secret, seat.language)
            except DailyError as error:
                if error.code not in NAME_REFUSED:  # the name and server as asked: a server down refuses neither
                    seat.answered()
                if not error.unreachable:
                    tell(_("boggle: {reason}").format(reason=error))
                    if error.code == "played":
                        tell(next_board_line(wall()))
                    return 1
                tell(_("{reason}: playing today's board here instead").format(reason=error))
            else:
                seat.answered()
                return _play_online(
                    game, seat, day, lines or StreamLines(_stdin(), now), out, tell, now, history, sleep
                )
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


def _play_online(
    game: DailyRound, seat: Seat, day: dt.date, lines: Lines, out: Write, tell: Write, now: TimeSource,
    history: History, sleep: Callable[[float], None] = time.sleep,
) -> int:  # fmt: skip
    start = game.start
    board = parse_code(start.code).board
    server = seat.url.removeprefix("ws://")
    out(_("Today's board · {date} · on {server} · board {code}").format(date=day, server=server, code=start.code))
    write_lines(out, board_rows(board))
    rule = _("{clock} on the server's clock; type a word and Enter. The end of input ends the round.")
    out(rule.format(clock=format_seconds(start.remaining)))
    play = _Online(game, out, tell, now, board.alphabet.upper, now() + start.remaining)
    play.run(lines)
    out(_("Time is up.") if now() >= play.deadline else _("Round ended."))
    table = play.final_table(sleep)
    solution = _solution(board, seat.language, start.min_length)
    if table is None:
        out(score_line(Results(solution, play.found, [], EndReason.TIME_UP)))
        tell(_("boggle: the connection to the server was lost"))
    else:
        write_lines(out, result_lines(table, list(play.found), play.upper))
    score = table.you.score if table is not None and table.you else sum(play.found.values())
    out(against_levels(solution, score, start.seconds))
    record = _record(solution, play.found, day, seat.language, start, score)
    if history.record(record):
        write_lines(out, streak_lines(history, seat.language, day))
        write_lines(out, share_lines(seat, day, history, table))
    elif history.notice:
        tell(history.notice)
    return 0


@dataclass
class _Online:
    """The server's round line by line. While the connection is down the words typed are kept, each said at once,
    and sent when it is back (the server judges each once); it is tried again every RETRY_SECONDS meanwhile."""

    game: DailyRound
    out: Write
    tell: Write
    now: TimeSource
    upper: Callable[[str], str]
    deadline: float
    found: dict[str, int] = field(default_factory=dict)
    held: list[str] = field(default_factory=list)  # while down: the first was sent as it dropped, the rest not yet
    down: bool = False
    over: bool = False  # the server finished the round while the connection was down
    next_try: float = 0.0

    def run(self, lines: Lines) -> None:
        while not self.over and (left := self.deadline - self.now()) > 0:
            if self.down and self.now() >= self.next_try:
                self.reconnect()
                continue
            got = lines.read(min(left, max(0.0, self.next_try - self.now())) if self.down else left)
            if got is Signal.WAITED and self.down:
                continue
            if got is Signal.ENDED or got is Signal.WAITED:
                return
            if got is Signal.TOO_LONG:
                self.out(_("That line is too long to be a word."))
                continue
            assert isinstance(got, str)
            if got.strip().lower() == "quit":
                return
            word = word_of(got)
            if not word.strip():
                continue
            if self.down:
                self.hold(word)
            else:
                self.send(word)

    def send(self, word: str, *, again: bool = False) -> None:
        """Send a word and show the server's verdict; a drop keeps it (said at once unless it was already)."""
        try:
            judged = self.game.again(word) if again else self.game.word(word)
        except DailyError as error:
            if error.code:
                raise
            self.dropped()
            self.hold(word, told=again)
            return
        entry = _entry(judged)
        if entry.verdict.accepted:
            self.found[entry.word] = entry.points
        self.out(verdict_line(entry, self.upper))

    def hold(self, word: str, *, told: bool = False) -> None:
        self.held.append(word)
        if not told:
            self.out(_("{word}: kept: the server judges it when it is back").format(word=self.upper(word)))

    def dropped(self) -> None:
        """One line a drop, with the round's time left."""
        self.down, self.next_try = True, self.now()
        self.tell(counted(
            math.ceil(max(0.0, self.deadline - self.now())),
            "The connection to the server dropped: reconnecting… ({count} second left in the round)",
            "The connection to the server dropped: reconnecting… ({count} seconds left in the round)",
        ))  # fmt: skip

    def reconnect(self) -> bool:
        """One try; True when the connection is back (or the round is over on the server: `over`)."""
        self.next_try = self.now() + RETRY_SECONDS
        try:
            going = self.game.resume()
        except DailyError:
            return False
        self.down = False
        if not going:
            self.over = True  # the server finished the round with the words it judged
            return True
        self.tell(_("Back in today's round."))
        self.deadline = self.now() + self.game.start.remaining
        waiting, self.held = self.held, []
        for at, word in enumerate(waiting):
            self.send(word, again=at == 0)
            if self.down:  # dropped again: the rest stay kept, already said
                self.held.extend(waiting[at + 1 :])
                return False
        return True

    def final_table(self, sleep: Callable[[float], None]) -> m.DailyTable | None:
        """The day's table with this result: at the round's end, or back on a new connection (tried for END_SECONDS
        more, without a second line for the same drop), or as the server finished the round; None when the server
        cannot be reached."""
        if not self.down:
            try:
                return self.game.finish()
            except DailyError as error:
                if error.code:
                    raise
            self.dropped()
        until = self.now() + END_SECONDS
        while not self.over and self.now() < until:
            if self.reconnect() and not self.over and not self.down:
                with contextlib.suppress(DailyError):
                    return self.game.finish()
            sleep(RETRY_SECONDS)
        try:
            return self.game.table()
        except DailyError:
            return None


def _entry(judged: m.Judgement) -> Entry:
    try:
        verdict = Verdict(judged.verdict)
    except ValueError:
        verdict = Verdict.NOT_A_WORD  # a verdict this version does not know: no points are claimed here
    return Entry(judged.word, verdict, judged.points if verdict.accepted else 0)


def _solution(board: Board, language: str, min_length: int) -> Solution:
    return solve(board, load_dictionary(language_for(language).dictionary).trie, min_length)


def _record(
    solution: Solution, found: dict[str, int], day: dt.date, language: str, start: m.Start, score: int
) -> RoundRecord:
    return RoundRecord(
        uid=secrets.token_hex(8), played_at=utc_now().isoformat(timespec="seconds"), mode="timed",
        board=solution.board.text(), code=start.code, dictionary=language_for(language).dictionary,
        min_length=start.min_length, score=score, max_score=solution.total_score, words_total=len(solution.paths),
        found=found, missed=tuple(w for w in solution.paths if w not in found), daily=day.isoformat(),
        dice=daily_dice(language), seed=None, seconds=start.seconds, ended="time_up",  # the server's seed is its own
    )  # fmt: skip


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
    from boggle_tui.cli.play import app_preferences, run_app

    preferences, notices = app_preferences()
    target = DailyTarget(seat.url, seat.server, seat.name, seat.identity, seat.language)
    return run_app(preferences, notices, daily=target)


# Lines


def streak_lines(history: History, language: str, today: dt.date) -> list[str]:
    streak = daily_streaks(history, today).get(language)
    return [streak_line(streak.days, streak.beating)] if streak and streak.days else []


def share_line(seat: Seat, day: dt.date, history: History, table: m.DailyTable | None) -> str | None:
    """The line to share today's round (game/share.py), with the place of `table` where a server gave one; None
    before today's board is played."""
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
        )
    )  # fmt: skip


def share_lines(seat: Seat, day: dt.date, history: History, table: m.DailyTable | None) -> list[str]:
    """`To share: Boggle daily …`, after a round of today's board (nothing when the history kept none)."""
    line = share_line(seat, day, history, table)
    # Translators: before the line a player may paste to share today's result
    return [_("To share: {line}").format(line=line)] if line else []


def _share(seat: Seat, day: dt.date, out: Write, history: History) -> int:
    table = None
    if seat.url:  # the place on the server's table, where it answers (the line is shared without it otherwise)
        ask = m.TableAsk(version=m.VERSION, language=seat.language, name=seat.name, secret=seat.identity.secret,
                         rows=0)  # fmt: skip
        with contextlib.suppress(DailyError):
            table = ask_table(seat.url, ask)
    line = share_line(seat, day, history, table)
    if line is None:
        raise BoggleError(_("there is nothing to share yet: today's board is still to play (boggle daily)"))
    out(line)
    return 0


def _show_table(
    seat: Seat, out: Write, *, json_out: bool, friends: bool, history: History | None = None, day: dt.date | None = None
) -> int:
    ask = m.TableAsk(version=m.VERSION, language=seat.language, name=seat.name, secret=seat.identity.secret,
                     friends=friends, rows=m.MAX_TABLE_ROWS if json_out else TABLE_ROWS)  # fmt: skip
    try:
        table = ask_table(seat.url, ask)
    except DailyError as error:
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
