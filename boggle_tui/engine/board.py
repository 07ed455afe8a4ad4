"""A Boggle board: a grid of faces, how to write it as text, and which dice touch.

Faces are stored lower case: single letters, `qu`, the Super Big Boggle
two-letter faces, and `#` for a blank that no word may cross. A board belongs to a
language (engine/alphabets.py), whose letters its dice show: English unless it says.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache, cached_property

from boggle_tui.engine.alphabets import ALPHABETS, DEFAULT_LANGUAGE, ENGLISH, Alphabet, alphabet_for
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.i18n import _, counted, number

BLANK = "#"
BLANK_SHOWN = "■"  # how a blank face is printed: never read as a letter
# English's faces, in the column order of the trie's table (every language's are in alphabets.py).
FACES: tuple[str, ...] = ENGLISH.faces
FACE_INDEX: dict[str, int] = ENGLISH.face_index


@cache
def die_faces(alphabet: Alphabet) -> frozenset[str]:
    """What a die of this language can show: its faces, a blank, but never a bare Q (always Qu)."""
    return frozenset(alphabet.faces) - alphabet.bare | {BLANK}


DIE_FACES = die_faces(ENGLISH)


@cache
def _die_faces_of(language: str) -> frozenset[str]:
    """`die_faces` by the language's code: what each board checks its faces against, looked up by a string."""
    return die_faces(alphabet_for(language))


Cell = int  # row * columns + column
CellPath = tuple[Cell, ...]  # the cells a word is traced through, first letter first

# The most dice on a board: well above Super Big Boggle's 36, small enough that every
# per-board table stays small (the compiled core has the same limit).
MAX_CELLS = 1024
_MAX_TEXT = 8 * MAX_CELLS  # "qu, " is four characters a face: anything longer is not a board


@dataclass(frozen=True)
class Board:
    rows: tuple[tuple[str, ...], ...]
    language: str = DEFAULT_LANGUAGE  # whose letters the faces are (alphabets.ALPHABETS)

    def __post_init__(self) -> None:
        widths = {len(row) for row in self.rows}
        if not self.rows or widths == {0}:
            raise BoggleError(_("a board needs at least one face"))
        if len(widths) != 1:
            raise BoggleError(_("every row of a board must have the same number of faces"))
        if len(self.rows) * len(self.rows[0]) > MAX_CELLS:
            raise BoggleError(_("a board has at most {count} dice").format(count=number(MAX_CELLS)))
        faces = _die_faces_of(self.language)
        for row in self.rows:
            for face in row:
                if face not in faces:
                    raise BoggleError(
                        _("{face} is not a face a die can show in {language}").format(
                            face=repr(face), language=self.alphabet.titled
                        )
                    )

    @property
    def alphabet(self) -> Alphabet:
        return ALPHABETS[self.language]  # known: the faces were checked against it

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
        # Tokens where a run would not read back: two-letter faces, or dice that a language's spelling would
        # join (a Dutch I die before a J die: `ij` in a run is the IJ die).
        joined = "".join(self.faces) if self.alphabet.spelled else ""
        if any(len(face) > 1 and face != "qu" for face in self.faces) or any(
            written in joined for written, _ in self.alphabet.spelled
        ):
            rows = [" ".join(row) + ("," if self.width == 1 else "") for row in self.rows]
            return " / ".join(rows) + (" /" if self.height == 1 else "")
        runs = ["".join(row) for row in self.rows]
        if self.height == self.width:
            return "".join(runs)
        return "/".join(runs) + ("/" if self.height == 1 else "")

    def __str__(self) -> str:
        return self.text()


def display_face(face: str, blank: str = BLANK_SHOWN, alphabet: Alphabet = ENGLISH) -> str:
    """How a face is printed on a die: `A`, `Qu`, `Th`, `Ñ`, `IJ`, and `blank` for a blank."""
    return blank if face == BLANK else alphabet.capitalize(face)


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


def parse_board(text: str, language: str = DEFAULT_LANGUAGE) -> Board:
    """Read a board of a language's dice from text, spelt by its convention (Dutch `ij` is one face).

    - A run of letters is read row-major into a square: `plsteaiertnrsges`.
      In a run, `q` or `qu` is one Qu face (so `quu` is Qu then U).
    - `/` separates rows and allows any shape: `abcd/efgh`, `abc/` (one row).
    - Faces separated by spaces or commas are tokens, which allows the two-letter
      faces: `an er he / in qu th`. If any row has tokens, every row is read as tokens
      (a one-face row may end with a comma: `an, / th,`).
    """
    alphabet = alphabet_for(language)
    text = alphabet.fold(text.strip())
    if not text:
        raise BoggleError(_("the board is empty"))
    if len(text) > _MAX_TEXT:
        raise BoggleError(
            _("a board has at most {count} dice: this text is {length} characters long").format(
                count=number(MAX_CELLS), length=number(len(text))
            )
        )
    parts = [part.strip() for part in text.split("/")]
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()
    as_tokens = any(_TOKEN_SEPARATORS.search(part) for part in parts)
    rows = [_parse_tokens(part, alphabet) if as_tokens else _parse_run(part, alphabet) for part in parts]
    if any(not row for row in rows):
        raise BoggleError(_("board {board} has an empty row").format(board=repr(cut_short(text, 40))))
    if sum(map(len, rows)) > MAX_CELLS:
        raise BoggleError(_("a board has at most {count} dice").format(count=number(MAX_CELLS)))
    if len(rows) > 1 or text.endswith("/"):
        return Board(tuple(rows), alphabet.code)
    faces = rows[0]
    side = math.isqrt(len(faces))
    if side * side != len(faces):
        raise BoggleError(
            counted(
                len(faces),
                "board {board} has {count} face, which is not a square: separate its rows with '/' (e.g. abcd/efgh)",
                "board {board} has {count} faces, which is not a square: separate its rows with '/' (e.g. abcd/efgh)",
            ).format(board=repr(cut_short(text, 40)))
        )
    return Board(tuple(tuple(faces[i : i + side]) for i in range(0, len(faces), side)), alphabet.code)


def _parse_tokens(text: str, alphabet: Alphabet) -> tuple[str, ...]:
    return tuple(_parse_token(token, alphabet) for token in _TOKEN_SEPARATORS.split(text) if token)


def _parse_token(token: str, alphabet: Alphabet) -> str:
    face = "qu" if token in alphabet.bare else token
    if face not in die_faces(alphabet):
        two = ", ".join(alphabet.digraphs)
        raise BoggleError(
            # Translators: {faces} lists the two-letter faces (qu, th, ...); # is a blank die
            _("{token} is not a face a die can show ({language}: letters, {faces} or #)").format(
                token=repr(token), language=alphabet.titled, faces=two
            )
        )
    return face


def _parse_run(run: str, alphabet: Alphabet) -> tuple[str, ...]:
    if alphabet is ENGLISH and run.isascii() and run.isalpha() and "q" not in run:  # fast for batches
        return tuple(run)
    faces: list[str] = []
    i = 0
    while i < len(run):
        char = run[i]
        if char in alphabet.bare:
            faces.append("qu")
            i += 2 if run[i + 1 : i + 2] == "u" else 1
            continue
        if char != BLANK and char not in alphabet.letter_index:
            raise BoggleError(
                _("{char} in board {board} is not a letter of {language}").format(
                    char=repr(char), board=repr(cut_short(run, 40)), language=alphabet.titled
                )
            )
        faces.append(char)
        i += 1
    return tuple(faces)
