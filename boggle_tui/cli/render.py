"""Rich renderables for the command line: a board, a solution, word groups."""

from __future__ import annotations

from itertools import groupby

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from boggle_tui.engine.board import Board, display_face
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import Solution
from boggle_tui.game.wording import plural


def board_table(board: Board) -> Table:
    table = Table(show_header=False, box=box.SQUARE, show_lines=True, padding=(0, 1))
    for _ in range(board.width):
        table.add_column(justify="center", width=2)
    for row in board.rows:
        table.add_row(*(Text(display_face(face, alphabet=board.alphabet), style="bold") for face in row))
    return table


def solution_view(solution: Solution) -> RenderableType:
    show = solution.board.alphabet.show  # Dutch ĳ is written ij
    parts: list[RenderableType] = [
        board_table(solution.board),
        Text(f"board {show(solution.board.text())}", style="dim"),
    ]
    by_length = sorted(solution.words, key=lambda word: (len(word), word))
    for length, group in groupby(by_length, key=len):
        words = list(group)
        points = score(words[0])
        heading = f"{length} letters · {plural(points, 'point')} each · {plural(len(words), 'word')}"
        parts += [Text(), Text(heading, style="bold cyan"), Columns([show(word) for word in words], padding=(0, 2))]
    parts += [Text(), totals_line(solution)]
    return Group(*parts)


def totals_line(solution: Solution) -> Text:
    return Text.assemble(
        (plural(len(solution), "word"), "bold"),
        ", ",
        (plural(solution.total_score, "point"), "bold"),
        f" (min. length {solution.min_length})",
    )
