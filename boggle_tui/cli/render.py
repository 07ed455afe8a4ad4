"""Rich renderables for the command line: a board, a solution, word groups."""

from __future__ import annotations

import string
from itertools import groupby

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boggle_tui.engine.board import Board, display_face
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import Solution
from boggle_tui.i18n import _, counted


def board_table(board: Board) -> Table:
    table = Table(show_header=False, box=box.SQUARE, show_lines=True, padding=(0, 1))
    for _column in range(board.width):
        table.add_column(justify="center", width=2)
    for row in board.rows:
        table.add_row(*(Text(display_face(face, alphabet=board.alphabet), style="bold") for face in row))
    return table


def solution_view(solution: Solution) -> RenderableType:
    show = solution.board.alphabet.show  # Dutch ĳ is written ij
    parts: list[RenderableType] = [
        board_table(solution.board),
        Text(_("board {letters}").format(letters=show(solution.board.text())), style="dim"),
    ]
    by_length = sorted(solution.words, key=lambda word: (len(word), word))
    for length, group in groupby(by_length, key=len):
        words = list(group)
        points = score(words[0])
        heading = _("{length} letters · {points} each · {words}").format(
            length=length,
            points=counted(points, "{count} point", "{count} points"),
            words=counted(len(words), "{count} word", "{count} words"),
        )
        parts += [Text(), Text(heading, style="bold cyan"), Columns([show(word) for word in words], padding=(0, 2))]
    parts += [Text(), totals_line(solution)]
    return Group(*parts)


def totals_line(solution: Solution) -> Text:
    """`1,044 words, 3,623 points (min. length 3)`, the counts in bold."""
    words = counted(len(solution), "{count} word", "{count} words")
    points = counted(solution.total_score, "{count} point", "{count} points")
    line = _("{words}, {points} (min. length {min_length})")
    return styled(
        line, {"words": (words, "bold"), "points": (points, "bold"), "min_length": (str(solution.min_length), "")}
    )


def styled(message: str, fields: dict[str, tuple[str, str]], style: str = "") -> Text:
    """A translated message with each `{field}` filled by (text, style) and its own words in `style`: the
    fields keep their styles wherever the language puts them (the message is split at its fields, never
    glued from pieces)."""
    parts: list[tuple[str, str]] = []
    for literal, field, _spec, _conversion in string.Formatter().parse(message):
        if literal:
            parts.append((literal, style))
        if field is not None:
            parts.append(fields[field])
    return Text.assemble(*parts)
