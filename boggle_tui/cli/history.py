"""`boggle stats` and `boggle history`: the round history in the terminal."""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.console import Group, JustifyMethod
from rich.table import Table
from rich.text import Text

from boggle_tui.cli.output import console, print_json
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.daily import today
from boggle_tui.game.daily_table import streak_days
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.study import cards_summary
from boggle_tui.i18n import N_, _, counted
from boggle_tui.storage import study
from boggle_tui.storage.history import History
from boggle_tui.storage.stats import (
    STANDING_HEADINGS,
    Summary,
    missed_line,
    played_languages,
    rate,
    rating_lines,
    summarize,
)

BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float]) -> str:
    """Shares (0..1) as a row of bars."""
    return "".join(BARS[min(len(BARS) - 1, int(v * len(BARS)))] for v in values)


def _open() -> History:
    """The history as these commands read it: never created, locked or repaired by them."""
    return History.open_to_read()


def _say_notice(history: History) -> None:
    """What went wrong reading the history, on stderr: a notice (the command fails), rows left out (it does not)."""
    for line in (history.notice, history.left_out()):
        if line:
            print(_("boggle: {notice}").format(notice=line), file=sys.stderr)


def run_stats(args: argparse.Namespace, *, today: Callable[[], dt.date] = today) -> int:
    """`today` gives the UTC date the daily streaks run up to (tests give theirs)."""
    history = _open()
    summary = summarize(history, None, today())
    summary = replace(summary, ratings=rate(history.rounds(), played_languages(history)))
    cards = study.cards(history)
    _say_notice(history)
    if history.notice:
        return 2
    if args.json:
        print_json(summary_json(summary, len(cards)))
        return 0
    console().print(summary_view(summary))
    summary_line = cards_summary(cards)
    console().print(
        Text(_("Study: {summary}").format(summary=summary_line) if cards else summary_line)
    )  # none: a sentence
    return 0


NO_ROUNDS = N_("No rounds played yet: play one with `boggle`.")
MAX_RIVALS = 12  # friends named by `boggle stats`, the most played with first


def summary_json(s: Summary, cards: int) -> dict[str, object]:
    """`boggle stats --json`: the statistics' figures, each language's rating with its history round by round."""
    return {
        "games": s.games,
        "kinds": [dataclasses.asdict(standing) for standing in s.standings],
        "trend": s.trend,
        "longest_word": s.longest_word,
        "most_missed_common": [m._asdict() for m in s.most_missed_common],
        "streaks": [dataclasses.asdict(streak) for streak in s.streaks],
        "ratings": {
            code: {
                "rating": standing[-1].points,
                "error": standing[-1].spread,
                "theta": round(standing[-1].theta, 4),
                "rounds": standing[-1].rounds,
                "level": standing[-1].level,
                "history": [rating.points for rating in standing],
            }
            for code, standing in s.ratings.items()
        },
        "cards": cards,
    }


def summary_view(s: Summary) -> Group:
    if not s.games:
        return Group(Text(_(NO_ROUNDS)))
    kinds = Table(box=None, padding=(0, 2), show_edge=False, header_style="bold")
    for heading in STANDING_HEADINGS:
        kinds.add_column(_(heading), justify="left" if heading == STANDING_HEADINGS[0] else "right", no_wrap=True)
    for standing in s.standings:
        kinds.add_row(*standing.row())
    table = Table.grid(padding=(0, 2))
    table.add_column(style="dim")
    table.add_column(style="bold")
    trend = _("Trend (last {rounds})").format(rounds=counted(len(s.trend), "{count} round", "{count} rounds"))
    table.add_row(trend, Text(sparkline(s.trend), style="green"))
    table.add_row(_("Longest word found"), capitals(s.longest_word or "-"))
    for heading, streak in streak_rows(s):
        table.add_row(heading, streak)
    for n, line in enumerate(rating_lines(s)):
        table.add_row(_("Rating") if n == 0 else "", line)
    missed = ", ".join(missed_line(s.most_missed_common)) or "-"
    table.add_row(_("Common words you miss most"), missed)
    if s.rivals:  # names from other players: Text, shown literally
        table.add_row(_("Against friends"), Text(", ".join(rival.describe() for rival in s.rivals[:MAX_RIVALS])))
    return Group(Text(_("Boggle statistics"), style="bold cyan"), kinds, Text(), table)


def streak_rows(s: Summary) -> list[tuple[str, str]]:
    """The daily streaks as (heading, figure) rows: one per language with a streak, or a 0 that says where
    today's board is."""
    heading = _("Daily streak")
    if not s.streaks:
        return [(heading, _waiting(counted(0, "{count} day", "{count} days")))]
    rows: list[tuple[str, str]] = []
    for streak in s.streaks:
        days = streak_days(streak.days, streak.beating, streak.shields)
        # Translators: a daily streak in one language: "German: 3 days in a row"
        line = _("{language}: {streak}").format(language=streak.language_name, streak=days)
        rows.append((heading if not rows else "", line if streak.played_today else _waiting(line)))
    return rows


def _waiting(streak: str) -> str:
    # Translators: {days} is the daily streak, e.g. "3 days"
    return _("{days} (today's board is waiting)").format(days=streak)


def run_history(args: argparse.Namespace) -> int:
    if args.repair:
        return _repair()
    history = _open()
    rounds = history.rounds(args.limit)
    _say_notice(history)
    if args.json:
        print_json([record_json(r) for r in rounds])
        return 2 if history.notice else 0
    if not rounds:
        if not history.notice:
            console().print(_(NO_ROUNDS))
        return 2 if history.notice else 0
    out = console()
    shown = fitting_columns(rounds, out.width)
    table = Table(title=_("Past rounds, newest first"))
    for column in shown:
        table.add_column(_(column.heading), justify=column.justify, no_wrap=True)
    for r in rounds:
        table.add_row(*(column.cell(r) for column in shown))
    out.print(table)
    if left := [_(column.heading) for column in HISTORY_COLUMNS if column not in shown]:
        out.print(
            _("Left out at {width} columns: {headings} (a wider terminal or --json shows them).").format(
                width=out.width, headings=", ".join(left)
            ),
            highlight=False,
        )
    return 2 if history.notice else 0


@dataclass(frozen=True)
class Column:
    heading: str  # marked N_: the key of KEPT_FIRST, translated where it is shown
    cell: Callable[[RoundRecord], str]
    justify: JustifyMethod = "left"


# A round's mode as it is saved (the key) and as the history's table names it.
MODE_NAMES = {
    # Translators: the mode column of `boggle history`: a round of today's board
    "daily": N_("daily"),
    "timed": N_("timed"),
    # Translators: the mode column of `boggle history`: a round with no clock and hints
    "practice": N_("practice"),
    # Translators: the mode column of `boggle history`: a round in a room with friends
    "online": N_("online"),
    # Translators: the mode column of `boggle history`: a round against computer opponents
    "bots": N_("bots"),
}


def _mode(r: RoundRecord) -> str:
    """The round's mode in the language (a mode this release does not know, as it was saved)."""
    key = "daily" if r.daily else r.mode
    mode = _(MODE_NAMES[key]) if key in MODE_NAMES else key
    return _("{mode} (replay)").format(mode=mode) if r.replay and not r.daily else mode


# The columns of `boggle history` in the order shown. Each is shown whole or not at all (a cut code rebuilds
# another board), so a narrow terminal leaves out whole columns, the last of KEPT_FIRST first.
HISTORY_COLUMNS = (
    Column(N_("when (UTC)"), lambda r: r.played_at[:16].replace("T", " ")),
    Column(N_("mode"), _mode),
    # Translators: a column heading: the set of dice a round was rolled with
    Column(N_("dice"), lambda r: r.dice or "-"),
    Column(N_("score"), lambda r: f"{r.score}/{r.max_score}", "right"),
    Column(N_("words"), lambda r: f"{len(r.found)}/{r.words_total}", "right"),
    # Translators: a column heading: the board's code, which rebuilds the board
    Column(N_("code"), lambda r: r.code),
)
KEPT_FIRST = ("when (UTC)", "score", "mode", "code", "words", "dice")
CELL_EDGES = 3  # a space either side of a cell and the rule after it; the table's left rule is one more


def fitting_columns(rounds: list[RoundRecord], width: int) -> list[Column]:
    """The columns that fit `width` whole, taken in the order of KEPT_FIRST (one that does not fit is passed
    over, and a narrower one after it may still fit), shown in the order of HISTORY_COLUMNS."""
    by_heading = {column.heading: column for column in HISTORY_COLUMNS}
    used, kept = 1, set[str]()
    for heading in KEPT_FIRST:
        column = by_heading[heading]
        need = max(cell_len(text) for text in (_(heading), *(column.cell(r) for r in rounds))) + CELL_EDGES
        if used + need <= width or not kept:
            used, kept = used + need, kept | {heading}
    return [column for column in HISTORY_COLUMNS if column.heading in kept]


def _repair() -> int:
    """Open the history as the game does: a damaged database is moved aside and a fresh one started."""
    history = History.open()
    notice, enabled = history.notice, history.enabled
    history.close()
    if not enabled and notice:  # history off: a folder that cannot be used, a newer release's file
        print(_("boggle: {notice}").format(notice=notice), file=sys.stderr)
        return 2
    print(notice or _("The history can be read: nothing to repair."))  # one line, never wrapped inside a file name
    return 0


def record_json(r: RoundRecord) -> dict[str, object]:
    try:
        board: list[list[str]] | None = r.rows
    except BoggleError:  # a code edited by hand: the round is listed, its board is not known
        board = None
    return {
        "played_at": r.played_at,
        "mode": r.mode,
        "daily": r.daily,
        "dice": r.dice,
        "board": board,
        "code": r.code,
        "dictionary": r.dictionary,
        "seed": r.seed,
        "seconds": r.seconds,
        "min_length": r.min_length,
        "score": r.score,
        "max_score": r.max_score,
        "words_total": r.words_total,
        "replay": r.replay,
        "found": [{"word": w, "score": p} for w, p in sorted(r.found.items())],
        **({"players": list(r.players)} if r.mode in ("online", "bots") else {}),
    }
