"""A Boggle board: a grid of faces, how to write it as text, and which dice touch.

Faces are stored lower case: single letters, `qu`, the Super Big Boggle
two-letter faces, and `#` for a blank that no word may cross.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache, cached_property

from boggle_tui.engine.errors import BoggleError, cut_short

BLANK = "#"
BLANK_SHOWN = "■"  # how a blank face is printed: never read as a letter
LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIGRAPHS = ("qu", "an", "er", "he", "in", "th")
# Every face a die can show, in the column order of the trie's table.
FACES: tuple[str, ...] = (*LETTERS, *DIGRAPHS)
FACE_INDEX: dict[str, int] = {face: i for i, face in enumerate(FACES)}
# What a die can show: a Q is always Qu, and a blank is a face too.
DIE_FACES = frozenset(FACES) - {"q"} | {BLANK}

Cell = int  # row * columns + column

# The most dice on a board: well above Super Big Boggle's 36, small enough that every
# per-board table stays small (the compiled core has the same limit).
MAX_CELLS = 1024
_MAX_TEXT = 8 * MAX_CELLS  # "qu, " is four characters a face: anything longer is not a board


@dataclass(frozen=True)
class Board:
    rows: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        widths = {len(row) for row in self.rows}
        if not self.rows or widths == {0}:
            raise BoggleError("a board needs at least one face")
        if len(widths) != 1:
            raise BoggleError("every row of a board must have the same number of faces")
        if len(self.rows) * len(self.rows[0]) > MAX_CELLS:
            raise BoggleError(f"a board has at most {MAX_CELLS:,} dice")
        for row in self.rows:
            for face in row:
                if face not in DIE_FACES:
                    raise BoggleError(f"{face!r} is not a face a die can show")

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def shape(self) -> tuple[int, int]:
        return self.height, self.width

    @cached_property
    def faces(self) -> tuple[str, ...]:
        """The faces in row-major order, indexed by cell."""
        return tuple(face for row in self.rows for face in row)

    def __len__(self) -> int:
        return self.height * self.width

    def position(self, cell: Cell) -> tuple[int, int]:
        return divmod(cell, self.width)

    def cell(self, row: int, column: int) -> Cell:
        return row * self.width + column

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return neighbours(self.height, self.width)[cell]

    def spell(self, path: tuple[Cell, ...] | list[Cell]) -> str:
        return "".join(self.faces[cell] for cell in path)

    def text(self) -> str:
        """The board as text that `parse_board` reads back to the same board."""
        if any(len(face) > 1 and face != "qu" for face in self.faces):
            rows = [" ".join(row) + ("," if self.width == 1 else "") for row in self.rows]
            return " / ".join(rows) + (" /" if self.height == 1 else "")
        runs = ["".join(row) for row in self.rows]
        if self.height == self.width:
            return "".join(runs)
        return "/".join(runs) + ("/" if self.height == 1 else "")

    def __str__(self) -> str:
        return self.text()


def display_face(face: str, blank: str = BLANK_SHOWN) -> str:
    """How a face is printed on a die: `A`, `Qu`, `Th`, and `blank` for a blank."""
    return blank if face == BLANK else face.capitalize()


@cache
def neighbours(height: int, width: int) -> tuple[tuple[Cell, ...], ...]:
    """For each cell, the cells that touch it in the 8 directions."""
    return tuple(
        tuple(
            r * width + c
            for r in range(row - 1, row + 2)
            for c in range(column - 1, column + 2)
            if (r, c) != (row, column) and 0 <= r < height and 0 <= c < width
        )
        for row in range(height)
        for column in range(width)
    )


_TOKEN_SEPARATORS = re.compile(r"[\s,]+")


def parse_board(text: str) -> Board:
    """Read a board from text.

    - A run of letters is read row-major into a square: `plsteaiertnrsges`.
      In a run, `q` or `qu` is one Qu face (so `quu` is Qu then U).
    - `/` separates rows and allows any shape: `abcd/efgh`, `abc/` (one row).
    - Faces separated by spaces or commas are tokens, which allows the two-letter
      faces: `an er he / in qu th`. If any row has tokens, every row is read as tokens
      (a one-face row may end with a comma: `an, / th,`).
    """
    text = text.strip().lower()
    if not text:
        raise BoggleError("the board is empty")
    if len(text) > _MAX_TEXT:
        raise BoggleError(f"a board has at most {MAX_CELLS:,} dice: this text is {len(text):,} characters long")
    parts = [part.strip() for part in text.split("/")]
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()
    as_tokens = any(_TOKEN_SEPARATORS.search(part) for part in parts)
    rows = [_parse_tokens(part) if as_tokens else _parse_run(part) for part in parts]
    if any(not row for row in rows):
        raise BoggleError(f"board {cut_short(text, 40)!r} has an empty row")
    if sum(map(len, rows)) > MAX_CELLS:
        raise BoggleError(f"a board has at most {MAX_CELLS:,} dice")
    if len(rows) > 1 or text.endswith("/"):
        return Board(tuple(rows))
    faces = rows[0]
    side = math.isqrt(len(faces))
    if side * side != len(faces):
        raise BoggleError(
            f"board {cut_short(text, 40)!r} has {len(faces)} faces, which is not a square: "
            "separate its rows with '/' (e.g. abcd/efgh)"
        )
    return Board(tuple(tuple(faces[i : i + side]) for i in range(0, len(faces), side)))


def _parse_tokens(text: str) -> tuple[str, ...]:
    return tuple(_parse_token(token) for token in _TOKEN_SEPARATORS.split(text) if token)


def _parse_token(token: str) -> str:
    face = "qu" if token == "q" else token
    if face not in DIE_FACES:
        raise BoggleError(f"{token!r} is not a face a die can show (letters, qu, an, er, he, in, th or #)")
    return face


def _parse_run(run: str) -> tuple[str, ...]:
    if run.isascii() and run.isalpha() and "q" not in run:  # the common case, fast for batches: a face per letter
        return tuple(run)
    faces: list[str] = []
    i = 0
    while i < len(run):
        char = run[i]
        if char == "q":
            faces.append("qu")
            i += 2 if run[i + 1 : i + 2] == "u" else 1
            continue
        if char != BLANK and char not in LETTERS:
            raise BoggleError(f"{char!r} in board {cut_short(run, 40)!r} is not a letter")
        faces.append(char)
        i += 1
    return tuple(faces)
