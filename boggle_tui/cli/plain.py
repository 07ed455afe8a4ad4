"""`boggle play --plain`: a solo round line by line, with no Textual: for screen readers, braille displays,
pipes and ssh sessions; with `--bots N`, the same round against the table (the bots' counts said as they
change, everyone's words in the results). A room's seat (`join`/`host --plain`) is cli/plain_room.py.

The board is printed as text rows, each line read is one entry (or a command), each verdict is one line,
and the results are text. Nothing is redrawn, nothing is boxed and nothing is coloured. The round belongs
to its session (game/session.py), as in the app: it deals, judges, keeps the clock, ends once and makes the
record; this module only reads lines, prints lines and saves the round as the app does.

Lines are read with a timeout so that the clock speaks when it must (a minute left, ten seconds left, time
up) even while the player types nothing; every wait is measured on the injected clock, so tests move it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import random
import re
import select
import shlex
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import groupby
from typing import Protocol

from boggle_tui.cli.plain_rivals import CountsLine, contest_lines, counts_line
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.board import BLANK, Board
from boggle_tui.engine.dictionary import (
    DEFAULT_DICTIONARY,
    Dictionary,
    is_cached,
    load_dictionary,
    shipped_dictionaries,
)
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.precompile import compile_apart
from boggle_tui.engine.scoring import LONG_WORD, score
from boggle_tui.game.bots import MIN_ROUNDS, matched_fit
from boggle_tui.game.clock import TimeSource, format_seconds
from boggle_tui.game.daily_table import against_levels
from boggle_tui.game.deal import RICH_TRIES
from boggle_tui.game.hints import count_by_length, first_letters, hintable, starts_at
from boggle_tui.game.languages import language_for
from boggle_tui.game.levels import DEFAULT_LEVEL, LEVEL_NAMES, MATCHED
from boggle_tui.game.preferences import counts_live
from boggle_tui.game.request import RoundRequest
from boggle_tui.game.round import EndReason, Entry, Results, Verdict
from boggle_tui.game.session import RoundSession, SoloSession
from boggle_tui.game.share import challenge_outcome, result_line
from boggle_tui.game.study import NEW_CARDS_A_ROUND, played_enough
from boggle_tui.game.table import TableRules, TableSession
from boggle_tui.game.tiers import required_test, tally
from boggle_tui.game.wording import words_line
from boggle_tui.i18n import N_, _, counted, number
from boggle_tui.net.address import default_name
from boggle_tui.storage import study
from boggle_tui.storage.history import History
from boggle_tui.storage.reports import unwanted

WARNINGS = (60, 10)  # seconds left at which the clock speaks up, in a round longer than that
GRACE = 1.5  # seconds after 0:00 in which a line still arriving was typed as time ran out: "too late"
MAX_LINE = 1024  # bytes: a longer line is no word, and is never held whole
ESCAPE = "="  # "=time" enters the word TIME, which is also a command
COMMON_MARK = "*"  # after a common word in the results: the app's star, in ASCII for braille and any terminal
STUDY_LISTED = 5  # new study cards named after a round, as the app's notice names them
COUNTS_POLL = 1.0  # seconds between looks at the bots' counts while nothing else wakes the round
FIT_READS = 200  # "matched" reads this many recent rounds (of every kind) to find its own, as the app does

WallClock = Callable[[], dt.datetime]
Write = Callable[[str], None]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Signal(Enum):
    """What reading a line can give instead of a line."""

    WAITED = "the wait ran out with no line"
    ENDED = "the input has ended"
    TOO_LONG = "a line too long to be a word"


Read = str | Signal


class Lines(Protocol):
    def read(self, timeout: float | None) -> Read:
        """The next line (without its end), or a Signal; waits at most `timeout` seconds (None: as long as it takes)."""
        ...


# The commands, and what `help` says of each. Practice has its hints as well; a timed round names none of them.
# The commands' names are typed, so they stay as they are in every language; what they do is translated.
COMMANDS = {
    "time": N_("the time left and your score"),
    "board": N_("the board again"),
    "help": N_("this list"),
    "quit": N_("end the round now; it is scored (so does the end of input, Ctrl+D)"),
}
TABLE_COMMANDS = {
    "time": COMMANDS["time"],
    "board": COMMANDS["board"],
    "who": N_("the others' word counts now"),
    "help": COMMANDS["help"],
    "quit": COMMANDS["quit"],
}
PRACTICE_COMMANDS = {
    "lengths": N_("hint: the words left, by length"),
    "starts": N_("hint: how many words left start on each die"),
    "letters": N_("hint: the first two letters of the words left"),
    "reveal": N_("show a word you have not found (it scores nothing)"),
}


# The front end


@dataclass
class PlainRound:
    """What a solo session says as lines: the opening, the verdicts, the clock's warnings and the results."""

    session: SoloSession
    is_common: Callable[[str], bool] | None = None  # None: no word is marked common (the list is the common one)
    required: Callable[[str], bool] | None = None  # the required words (game/tiers.py); None: `is_common`'s
    live_count: bool = False  # `time` says the words found of the board's
    warnings: list[int] = field(default_factory=list)  # the clock's warnings still to give, largest first

    def __post_init__(self) -> None:
        duration = self.session.duration
        self.warnings = [w for w in WARNINGS if duration is not None and w < duration]

    def commands(self) -> dict[str, str]:
        return {**COMMANDS, **PRACTICE_COMMANDS} if self.session.practice else COMMANDS

    def opening(self) -> list[str]:
        session = self.session
        request = session.request
        title = _("{title} · board {code}").format(title=session.title, code=session.code)
        lines = [title, request.describe(session.round.min_length)]
        if request.to_beat is not None:
            lines.append(_("Challenge: the score to beat is {score}.").format(score=number(request.to_beat)))
        lines += board_rows(session.board)
        if session.duration:
            # Translators: "help" is the command's name, typed as it is in every language
            start = _("Type a word and press Enter; help lists the commands. The clock is running: {time}.")
            lines.append(start.format(time=format_seconds(session.duration)))
        else:
            # Translators: "help" is the command's name, typed as it is in every language
            lines.append(_("Type a word and press Enter; help lists the commands. No clock."))
        return lines

    def take(self, text: str) -> list[str]:
        """One line from the player: a command's answer or an entry's verdict."""
        command = text.strip().lower()
        if command in self.commands():
            return self.command(command)
        entry = self.session.submit(word_of(text))
        return [verdict_line(entry)] if entry is not None else []

    def command(self, name: str) -> list[str]:
        session = self.session
        if name == "quit":
            session.end(EndReason.ENDED)
            return []
        if name == "help":
            return self.help()
        if name == "board":
            return board_rows(session.board)
        if name == "time":
            return [self.time_line()]
        return self.hint(name)

    def help(self) -> list[str]:
        width = max(map(len, self.commands()))
        return [
            _("Type a word and press Enter: each entry gets a verdict. Commands:"),
            *(f"  {name.ljust(width)}  {_(what)}" for name, what in self.commands().items()),
            # Translators: {escape} is the sign typed before a word that is also a command; "time" is a command
            _("A word that is also a command: type {escape} before it, as {escape}time.").format(escape=ESCAPE),
        ]

    def time_line(self) -> str:
        session = self.session
        remaining = session.remaining
        if remaining is None:
            # Translators: {time} is m:ss, the time played in a round with no clock
            clock = _("{time} played").format(time=format_seconds(session.elapsed))
        else:
            # Translators: {time} is m:ss, the time left in the round
            clock = _("{time} left").format(time=format_seconds(remaining))
        words = words_line(len(session.found), len(session.solution) if self.live_count else None)
        return _("{clock} · score {score} · {words}").format(clock=clock, score=number(session.score), words=words)

    def hint(self, name: str) -> list[str]:
        session = self.session
        left = hintable(session.remaining_words(), session.board.language)
        if name == "reveal":
            word = session.reveal()
            if not word:
                return [_("No word is left to reveal.")]
            return [_("Revealed: {word} (it scores nothing)").format(word=capitals(word))]
        if not left:
            return [_("No words left.")]
        if name == "lengths":
            counts = count_by_length(left)
            each = (_("{count} of {length} letters").format(count=n, length=length) for length, n in counts.items())
            return [_("Words left: {counts}").format(counts=", ".join(each))]
        if name == "starts":
            heat = starts_at(session.board, left)
            width = session.board.width
            return [_("Words left starting on each die:"), *rows_of(heat, width)]
        firsts = ", ".join(f"{capitals(p)} {n}" for p, n in first_letters(left).items())
        return [_("Words left by first letters: {counts}").format(counts=firsts)]

    def mark(self, word: str) -> str:
        """A word as the lists show it: upper case, with COMMON_MARK after a common one."""
        common = self.is_common is not None and self.is_common(word)
        return capitals(word) + (COMMON_MARK if common else "")

    def news(self) -> list[str]:
        """What the round says unasked, once a line has been read or the wait has run out: the clock's warnings."""
        return self.clock_warnings()

    def clock_warnings(self) -> list[str]:
        """The warnings the clock has reached since the last call: one line for any number passed at once."""
        remaining = self.session.remaining
        passed = [w for w in self.warnings if remaining is not None and remaining <= w]
        if not passed or self.session.over:
            return []
        self.warnings = [w for w in self.warnings if w not in passed]
        # Translators: {time} is m:ss, said when a minute or ten seconds are left
        return [_("{time} left.").format(time=format_seconds(remaining or 0))]

    def wait(self) -> float | None:
        """How long to wait for a line before the clock must speak: None for a round with no clock."""
        remaining = self.session.remaining
        if remaining is None:
            return None
        marks = [remaining - w for w in self.warnings if remaining > w]
        return max(0.0, min([remaining, *marks]))

    def ending(self) -> str:
        results = self.session.results()
        ended = results.ended or EndReason.ENDED
        if ended is EndReason.NONE_LEFT:
            revealed = len(results.revealed)
            return counted(revealed, "No words left: {count} revealed.", "No words left: {count} revealed.")
        to_beat = self.session.request.to_beat
        reason = ended.text
        if to_beat is None:
            # Translators: {reason} is why the round ended, e.g. "Time is up"
            return _("{reason}.").format(reason=reason)
        # Translators: {reason} is why the round ended; {outcome} e.g. "Challenge beaten: 12 to 10"
        return _("{reason}. {outcome}.").format(reason=reason, outcome=challenge_outcome(results.score, to_beat))

    def results(self) -> list[str]:
        session = self.session
        r = session.results()
        mark = self.mark
        lines = [
            score_line(r),
            *tiers_lines(r, self.required or self.is_common),
            _("By length: {lengths}").format(lengths=", ".join(by_length(r))),
            found_line(len(r.found)),
            *words_by_value(r.by_value(r.found), r.found.get, mark),
            missed_line(len(r.missed)),
            *words_by_value(r.missed, score, mark),
        ]
        if self.is_common is not None and any(self.is_common(w) for w in r.solution.words):
            lines.append(_("{mark} marks a required word: the common ones, worth learning.").format(mark=COMMON_MARK))
        late = [capitals(e.word) for e in session.entries if e.verdict is Verdict.TOO_LATE]
        if late:
            lines.append(_("Too late: {words}").format(words=", ".join(late)))
        # Translators: {command} is a `boggle solve` command line; {totals} e.g. "1,044 words, 3,623 points (...)"
        lines.append(_("{command} says: {totals}").format(command=solve_command(session), totals=solve_totals(r)))
        if session.duration and not session.practice and r.solution:  # a timed round, placed against the bots
            lines.append(against_levels(r.solution, r.score, session.duration))
        request = session.request
        if request.rules.dictionary in shipped_dictionaries():  # a challenge is played only on a shipped list
            line = shlex.quote(result_line(session.code, request.rules.dictionary, request.rules.seconds, r))
            lines.append(_("To challenge a friend: boggle play --challenge {line}").format(line=line))
        return lines


# Against the table (`play --bots N --plain`)


@dataclass
class TableRound(PlainRound):
    """A round against the table: the solo round's lines, with a line when the bots' counts change (at most
    one every COUNTS_EVERY seconds), `who` for the counts now, and everyone's words in the results."""

    now: TimeSource = time.monotonic
    counts: CountsLine = field(init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.counts = CountsLine(self.now)

    @property
    def table(self) -> TableSession:
        assert isinstance(self.session, TableSession)
        return self.session

    def commands(self) -> dict[str, str]:
        return TABLE_COMMANDS

    def command(self, name: str) -> list[str]:
        if name == "who":
            return [counts_line(self.table.standings)]
        return super().command(name)

    def news(self) -> list[str]:
        lines = super().news()
        if not self.session.over:
            lines += self.counts.due(self.table.standings)
        return lines

    def wait(self) -> float | None:
        """As long as the clock allows, but never past a count waiting to be said, and looking at the bots'
        counts every COUNTS_POLL seconds (their finds come on the round's clock, unannounced)."""
        clock = super().wait()
        pending = self.counts.wait(self.table.standings)
        look = COUNTS_POLL if pending is None else pending
        return look if clock is None else min(clock, look)

    def results(self) -> list[str]:
        table = self.table
        return [*contest_lines(table, table.board.alphabet), *super().results()]


# Lines of text, one table or rule each


def score_line(r: Results) -> str:
    """`Score 12 of 3,623 (0%) · 5 of 1,044 words`, and the words revealed if any."""
    fields = {
        "score": number(r.score),
        "max": number(r.max_score),
        "share": f"{100 * r.score / r.max_score if r.max_score else 0:.0f}",
        "found": number(len(r.found)),
        "revealed": number(len(r.revealed)),
    }
    total = len(r.solution)
    if r.revealed:
        return counted(
            total,
            "Score {score} of {max} ({share}%) · {found} of {count} words · {revealed} revealed",
            "Score {score} of {max} ({share}%) · {found} of {count} words · {revealed} revealed",
        ).format(**fields)
    return counted(
        total,
        "Score {score} of {max} ({share}%) · {found} of {count} words",
        "Score {score} of {max} ({share}%) · {found} of {count} words",
    ).format(**fields)


def tiers_lines(results: Results, required: Callable[[str], bool] | None) -> list[str]:
    """`Required 31 of 48 · bonus 6 · Great`, and a line of its own when every required word was found."""
    if required is None:
        return []
    counts = tally(results.solution.words, results.found, required)
    return [counts.line(), *([_("Every required word found!")] if counts.every_required else [])]


def found_line(found: int) -> str:
    """`Found 3 words:` before the list, `Found 0 words.` with none."""
    if found:
        return counted(found, "Found {count} word:", "Found {count} words:")
    return counted(found, "Found {count} word.", "Found {count} words.")


def missed_line(missed: int) -> str:
    if missed:
        return counted(missed, "Missed {count} word:", "Missed {count} words:")
    return counted(missed, "Missed {count} word.", "Missed {count} words.")


def face_text(face: str) -> str:
    """A die's face as a screen reader reads it: QU for Qu, `blank` for a blank die."""
    # Translators: a blank die (a face with no letter), as a screen reader says it in a row of letters
    return _("blank") if face == BLANK else capitals(face)


def board_rows(board: Board) -> list[str]:
    """`row 1: P E R S`, one line per row of dice."""
    return [
        _("row {number}: {dice}").format(number=n, dice=" ".join(map(face_text, row)))
        for n, row in enumerate(board.rows, 1)
    ]


def rows_of(values: list[int], width: int) -> list[str]:
    return [
        _("row {number}: {dice}").format(number=n // width + 1, dice=" ".join(map(str, values[n : n + width])))
        for n in range(0, len(values), width)
    ]


def word_of(line: str) -> str:
    """The word a line enters: the line, or what follows the ESCAPE that makes a command's name a word."""
    text = line.strip()
    return text[len(ESCAPE) :] if text.startswith(ESCAPE) else text


def verdict_line(entry: Entry, upper: Callable[[str], str] = capitals) -> str:
    """`LENDS: accepted, 2 points`, `XQ: not on the board`: the word first (in capitals, `upper`: the board's
    alphabet's where it is known), then the verdict, in words."""
    word = upper(entry.word)
    if entry.verdict.accepted:
        return counted(entry.points, "{word}: accepted, {count} point", "{word}: accepted, {count} points").format(
            word=word
        )
    # Translators: {verdict} is why a word is refused, e.g. "not on the board"
    return _("{word}: {verdict}").format(word=word, verdict=entry.said)


def words_by_value(
    words: Iterable[str], points: Callable[[str], int | None], shown: Callable[[str], str] = str.upper
) -> list[str]:
    """`  2 points: LENDS, NOTES`: one line per value, the most valuable first, each in the order `words` come in
    (a shared word's 0 points after the 1-point words, not among the words of its length)."""
    ordered = sorted(words, key=lambda w: -(points(w) or 0))  # stable: each value keeps the order given
    return [
        "  "
        + counted(value, "{count} point: {words}", "{count} points: {words}").format(words=", ".join(map(shown, group)))
        for value, group in groupby(ordered, key=lambda w: points(w) or 0)
    ]


def by_length(results: Results) -> list[str]:
    """`3 letters 2 of 40`, with the long words (which all score alike) together, as the app's table has them."""
    columns: dict[str, list[int]] = {}
    for row in results.by_length():
        key = f"{LONG_WORD}+" if row.length >= LONG_WORD else str(row.length)
        found, total = columns.setdefault(key, [0, 0])
        columns[key] = [found + row.found, total + row.total]
    # Translators: {length} is a word length, e.g. 5 or 8+; then the words found of that length and how many there are
    line = _("{length} letters {found} of {total}")
    return [line.format(length=key, found=found, total=total) for key, (found, total) in columns.items()]


def solve_command(session: SoloSession) -> str:
    """The `boggle solve` command that lists every word of this board under this round's rules."""
    request = session.request
    parts = ["boggle solve", f"--code {session.code}"]
    if request.rules.dictionary != DEFAULT_DICTIONARY:
        parts.append(f"--dictionary {shlex.quote(request.rules.dictionary)}")
    if request.rules.min_length is not None:
        parts.append(f"--min-length {request.rules.min_length}")
    return " ".join(parts)


def solve_totals(results: Results) -> str:
    """The last line `boggle solve` prints (cli/render.py totals_line, without its styles)."""
    solution = results.solution
    words = counted(len(solution), "{count} word", "{count} words")
    points = counted(solution.total_score, "{count} point", "{count} points")
    return _("{words}, {points} (min. length {min_length})").format(
        words=words, points=points, min_length=solution.min_length
    )


# Reading lines


# What a terminal with no line editing puts in a line for a key that is not text: an escape sequence (ESC [ ... and
# a final byte for the arrows, Home, End, Delete; ESC O and a byte for F1-F4; ESC and one character for Alt+key),
# or a control character (Ctrl+A; C1 controls). Tab is kept: it separates words, as a space does.
TERMINAL_KEYS = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?|[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def typed_text(line: str) -> str:
    """A line as the player typed its text: keys that are not text (End pressed by habit, an arrow) left out, as a
    shell would not insert them, so that they never reach a verdict, a room's server or another player."""
    return TERMINAL_KEYS.sub("", line)


class StreamLines:
    """Lines from a file descriptor (a terminal, a pipe, a file), read with a timeout.

    Bytes are read straight from the descriptor, so that waiting (select) never misses lines already read
    into a buffer; lines are decoded as UTF-8 with bad bytes replaced, and a line past MAX_LINE is skipped
    to its end rather than held.
    """

    def __init__(self, fd: int | None, now: TimeSource = time.monotonic) -> None:
        self.fd = fd
        self.now = now
        self.buffer = b""
        self.ended = fd is None
        self.skipping = False  # inside a line too long to keep

    def read(self, timeout: float | None) -> Read:
        deadline = None if timeout is None else self.now() + timeout
        while True:
            line = self._line()
            if line is not None:
                return line
            if self.ended:
                return Signal.ENDED
            left = None if deadline is None else max(0.0, deadline - self.now())
            if not self._ready(left):
                return Signal.WAITED
            self._fill()

    def _line(self) -> Read | None:
        end = self.buffer.find(b"\n")
        if end < 0:
            if self.ended and self.buffer and not self.skipping:
                end = len(self.buffer)  # the last line, with no line end
            else:
                if len(self.buffer) > MAX_LINE:
                    self.buffer, self.skipping = b"", True
                return None
        raw, self.buffer = self.buffer[:end], self.buffer[end + 1 :]
        if self.skipping or len(raw) > MAX_LINE:
            self.skipping = False
            return Signal.TOO_LONG
        return typed_text(raw.decode("utf-8", "replace"))

    def drop_typed_ahead(self) -> None:
        """Forget what was typed at a terminal and not yet read (a word begun as the round ended), so that it
        reaches neither the results nor the shell once the game has ended; a pipe or file keeps its lines."""
        if self.fd is None or not os.isatty(self.fd):
            return
        with contextlib.suppress(ImportError, OSError):
            import termios  # POSIX only: elsewhere, nothing is dropped

            termios.tcflush(self.fd, termios.TCIFLUSH)

    def _ready(self, timeout: float | None) -> bool:
        assert self.fd is not None
        try:
            readable, _writable, _errors = select.select([self.fd], [], [], timeout)
        except (OSError, ValueError):  # a descriptor select cannot wait on: read it as it comes
            return True
        return bool(readable)

    def _fill(self) -> None:
        assert self.fd is not None
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            chunk = b""
        if chunk:
            self.buffer += chunk
        else:
            self.ended = True


# The round, from deal to results


def play_round(
    front: PlainRound, lines: Lines, write: Write, now: TimeSource = time.monotonic, grace: float = GRACE
) -> None:
    """Play the session to its end: the opening, then a line at a time until the round ends; after 0:00 the
    lines that arrive within `grace` get their verdict, too late."""
    session = front.session
    write_lines(write, front.opening())
    session.start()
    late: list[str] = []
    while True:
        session.tick()
        write_lines(write, front.news())
        if session.over:
            break
        got = lines.read(front.wait())
        if got is Signal.ENDED:
            session.end(EndReason.ENDED)
        elif got is Signal.TOO_LONG:
            write(_("That line is too long to be a word."))
        elif isinstance(got, str):
            session.tick()
            if session.over:  # typed after 0:00: its verdict comes with the end
                late.append(got)
                break
            write_lines(write, front.take(got))
    write(front.ending())
    if session.end_reason is EndReason.TIME_UP:
        late += lines_within(lines, now, grace)
    for text in late:
        if text.strip().lower() not in front.commands() and (entry := session.late(word_of(text))):
            write(verdict_line(entry))


def lines_within(lines: Lines, now: TimeSource, seconds: float) -> list[str]:
    """The lines that arrive within `seconds` from now, on the injected clock; `quit` stops the wait."""
    deadline = now() + seconds
    got: list[str] = []
    while (left := deadline - now()) > 0:
        line = lines.read(left)
        if line is Signal.ENDED or line is Signal.WAITED:
            break
        if isinstance(line, str):
            if line.strip().lower() == "quit":
                break
            got.append(line)
    return got


def write_lines(write: Write, lines: Iterable[str]) -> None:
    for line in lines:
        write(line)


def save_round(
    session: RoundSession,
    history: History,
    wall: WallClock,
    is_required: Callable[[str], bool],
    most: int = NEW_CARDS_A_ROUND,
) -> list[str]:
    """Record the round in the history and make its study cards, as the app does when a round ends."""
    record = session.record(wall())
    if record is None:
        return [_("A board with no words is not a game: nothing is saved.")]
    if not history.record(record):
        return [history.notice or _("History is off: this round is not saved.")]
    played = played_enough(session.elapsed, session.duration)
    after = study.cards_after_round(history, record, is_required, most, played)
    if not after.new_cards:
        return [_("Saved in your history.")]
    words = ", ".join(capitals(w) for w in after.new_cards[:STUDY_LISTED])
    more = "…" if len(after.new_cards) > STUDY_LISTED else ""
    saved = counted(
        len(after.new_cards),
        "Saved in your history. {count} new study card: {words}",
        "Saved in your history. {count} new study cards: {words}",
    )
    return [saved.format(words=words + more)]


def play_plain(
    request: RoundRequest,
    *,
    notices: Iterable[str] = (),
    lines: Lines | None = None,
    write: Write | None = None,
    note: Write | None = None,
    now: TimeSource = time.monotonic,
    wall: WallClock = utc_now,
    history: History | None = None,
    table: TableRules | None = None,
    rng: random.Random | None = None,
    close: bool = True,
    cards_a_round: int = NEW_CARDS_A_ROUND,
    live_count: bool | None = None,
) -> int:
    """`boggle play --plain` (with `table`: `--bots N --plain`): deal `request`, play it on stdin and stdout,
    save it; the exit code. `rng` seats the table's bots (tests fix it); `cards_a_round`: the study cards a round
    makes at most (the player's setting).

    Notices (settings, history, a word list being prepared, what saving the round did) go to stderr (`note`),
    so stdout is the round alone.
    """
    out = write or _stdout_line
    tell = note or _note
    for notice in notices:
        tell(notice)
    dictionary = _load(request)
    history = history or History.open()
    if history.notice:
        tell(history.notice)
    try:
        session: SoloSession
        if table is None:
            session = SoloSession(request, dictionary.trie, now=now)
        else:
            session = _table_session(request, dictionary, table, history, now, rng)
        language = language_for(session.board.language)
        required = required_words(language.code, history)
        marks = None if request.rules.dictionary == language.common_words else required  # on the common list: no marks
        live = counts_live(live_count, request)
        front = (
            PlainRound(session, marks, required, live)
            if table is None
            else TableRound(session, marks, required, live, now=now)
        )
        source = lines or StreamLines(_stdin_fd(), now)
        play_round(front, source, out, now)
        saved = save_round(session, history, wall, required, cards_a_round)
        write_lines(out, front.results())
        write_lines(tell, saved)
        if isinstance(source, StreamLines):
            source.drop_typed_ahead()
    finally:
        if close:  # `boggle daily` reads the history again for its streaks
            history.close()
    return 0


def _table_session(
    request: RoundRequest,
    dictionary: Dictionary,
    rules: TableRules,
    history: History,
    now: TimeSource,
    rng: random.Random | None,
) -> TableSession:
    """A round against the table, as the app seats it: "matched" fitted to the player's recent rounds."""
    rank = language_for(dictionary.alphabet.code).rank
    fit = (
        matched_fit(history.rounds(limit=FIT_READS), request.rules.dictionary, rank) if rules.level == MATCHED else None
    )
    if fit is not None:
        rules = replace(rules, matched=fit.theta)
    session = TableSession(request, dictionary.trie, rules, rank, now=now, rng=rng, name=default_name())
    session.fit = fit
    if fit is not None and fit.theta is None:
        # Translators: "Matched" is the table's level that learns from your rounds; {level} is another level's
        # name (as the table's choices name it, in lower case).
        learning = _(
            "Matched needs {needed} timed rounds on this word list to learn your level "
            "({rounds} so far): the table plays at {level} meanwhile."
        )
        _note(learning.format(needed=MIN_ROUNDS, rounds=fit.rounds, level=_(LEVEL_NAMES[DEFAULT_LEVEL]).lower()))
    return session


def _load(request: RoundRequest) -> Dictionary:
    """The round's word list, read in its board's language (a list of the player's own too)."""
    if not is_cached(request.rules.dictionary, request.language):
        _note(_("Preparing the word list {list} (the first time only)…").format(list=request.rules.dictionary))
        compile_apart(request.rules.dictionary, request.language)  # a first build's peak is not the game's
    if request.slow:
        _note(_("Rolling {count} boards to deal the richest…").format(count=RICH_TRIES))
    return load_dictionary(request.rules.dictionary, language=request.language)


def required_words(language: str, history: History) -> Callable[[str], bool]:
    """The player's required words of `language` (its common words, less those they reported); none where its
    tables cannot be read (nothing is marked or carded: nothing worse)."""
    try:
        return required_test(language, unwanted(history, language))
    except (BoggleError, OSError, ValueError):
        return lambda _word: False


def _stdin_fd() -> int | None:
    try:
        return sys.stdin.fileno() if sys.stdin is not None else None
    except (OSError, ValueError):
        return None


def _stdout_line(text: str) -> None:
    print(text, flush=True)  # a pipe or a screen reader hears each line as it is said


def _note(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
