"""The day's table in words, for every front end (`boggle daily --plain`, the app's results and its table
screen): your place, your neighbours, the day's figures, how many found your words. Everything in a table came
from a server: its names were cleaned when the message was decoded, and are shown literally by the callers."""

from __future__ import annotations

from collections.abc import Callable

from boggle_tui.engine.alphabets import capitals
from boggle_tui.game.daily_table import standing_line
from boggle_tui.i18n import _, counted, decimal, number
from boggle_tui.net import messages as m

RAREST = 5  # of your words, the rarest few whose counts are said


def result_lines(table: m.DailyTable, words: list[str], upper: Callable[[str], str] = capitals) -> list[str]:
    """The day's table as a round's end shows it: your place, your neighbours, the day's figures, your rare words."""
    return [_("Today's table · {date}").format(date=table.date), *place_lines(table), *rare_lines(table, words, upper)]


def place_lines(table: m.DailyTable) -> list[str]:
    """`102nd of 614 · better than 83%`, your neighbours' rows and yours, and the day's figures."""
    lines = []
    if table.you is not None:
        you = table.you
        if you.verified:
            lines.append(standing_line(you.rank, table.players, you.percentile))
        else:
            lines.append(_("Not verified: your words came faster than a person types them, so your result is kept "
                           "but counts in nobody's place or figures (docs/daily.md)"))  # fmt: skip
        lines.extend(row_line(row, mine=row is you) for row in (*table.above, you, *table.below))
    lines.append(figures_line(table))
    return lines


def figures_line(table: m.DailyTable) -> str:
    return _("Top score {top} · average {average} · {players}").format(
        top=number(table.top),
        average=decimal(table.average, 1),
        players=counted(table.players, "{count} player", "{count} players"),
    )


def rare_lines(table: m.DailyTable, words: list[str], upper: Callable[[str], str] = capitals) -> list[str]:
    rare = sorted((table.finds.get(w, 1), w) for w in words)[:RAREST]
    return [found_by_line(count, upper(word)) for count, word in rare]


def found_by_line(count: int, word: str) -> str:
    """`you were one of 3 to find HUSHABY`, or `you alone found HUSHABY`."""
    if count <= 1:
        return _("you alone found {word}").format(word=word)
    return _("you were one of {count} to find {word}").format(count=number(count), word=word)


def row_line(row: m.TableRow, *, mine: bool = False) -> str:
    """`  3. ada  42 (17 words) · friend`, with `>` before your own row."""
    mark = ">" if mine else " "
    line = _("{mark} {rank}. {name}  {score} ({words})").format(
        mark=mark, rank=row.rank, name=row.name, score=number(row.score),
        words=counted(row.words, "{count} word", "{count} words"),
    )  # fmt: skip
    # Translators: beside a row of the day's table whose words came faster than a person types them
    return line + (_(" · friend") if row.friend else "") + ("" if row.verified else _(" · not verified"))


def table_rows(table: m.DailyTable) -> list[m.TableRow | None]:
    """The rows a table screen lists: the table's top rows, then (where your row is not among them) a gap (None)
    and your neighbours with you, each row once, in the table's order."""
    rows = list(table.rows)
    near = [r for r in (*table.above, *((table.you,) if table.you else ()), *table.below) if r not in rows]
    if not near:
        return list(rows)
    gap: list[m.TableRow | None] = [None] if rows and near[0].rank > rows[-1].rank + 1 else []
    return [*rows, *gap, *near]
