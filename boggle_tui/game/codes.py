"""Board codes: a short text that rebuilds a board exactly, to play the same one as a friend.

`N-PLSTEAIERTNRSGES`: the dice set's letter, then one character per face, row by row
(`Q` is the Qu die, `.` a blank, `1`-`5` the faces An Er He In Th). A board that is
not square adds its shape: `X-ANTIDISESTABLISHMENTARIANISMS-1x29`.
"""

from __future__ import annotations

import math

from boggle_tui.engine.board import BLANK, MAX_CELLS, Board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.deal import Deal

_SET_LETTERS = {"new": "N", "classic": "C", "big": "B", "master": "M", "superbig": "S"}
_SETS = {letter: key for key, letter in _SET_LETTERS.items()}
_CUSTOM = "X"
_SPECIAL = {"qu": "Q", BLANK: ".", "an": "1", "er": "2", "he": "3", "in": "4", "th": "5"}
_FACE_OF = (
    {char: face for face, char in _SPECIAL.items()}
    | {chr(c): chr(c).lower() for c in range(65, 91) if c != 81}
    | {"0": BLANK}  # codes shared before a blank was written `.`, which is never read as an O
)


def board_code(board: Board, dice: str | None = None) -> str:
    prefix = _SET_LETTERS.get(dice or "", _CUSTOM)
    faces = "".join([_SPECIAL.get(face, face.upper()) for face in board.faces])
    square = board.height == board.width
    return f"{prefix}-{faces}" + ("" if square else f"-{board.height}x{board.width}")


def parse_code(code: str) -> Deal:
    """The board (and dice set) a code stands for; a BoggleError says what is wrong with it."""
    if len(code) > MAX_CODE:
        raise _malformed(code, f"a code has at most {MAX_CELLS:,} faces")
    parts = code.strip().upper().split("-")
    if len(parts) not in (2, 3) or parts[0] not in (*_SETS, _CUSTOM) or not parts[1]:
        raise _malformed(code, "expected a dice letter (N, C, B, M, S or X), a dash and the faces, e.g. N-ABCD...")
    unknown = sorted(set(parts[1]) - set(_FACE_OF))
    if unknown:
        raise _malformed(code, f"{''.join(unknown)!r} is not a face")
    faces = [_FACE_OF[char] for char in parts[1]]
    height, width = _shape(code, parts, len(faces))
    dice = _SETS.get(parts[0])
    if dice is not None:
        expected = load_dice_set(dice)
        if (expected.height, expected.width) != (height, width):
            raise _malformed(code, f"{expected.name} is {expected.height}x{expected.width}")
    board = Board(tuple(tuple(faces[r * width : (r + 1) * width]) for r in range(height)))
    return Deal(board, dice, None)


def _shape(code: str, parts: list[str], count: int) -> tuple[int, int]:
    if len(parts) == 3:
        try:
            height, width = (int(n) for n in parts[2].split("X"))
        except ValueError:
            raise _malformed(code, f"{parts[2]!r} is not a shape like 4x4") from None
    else:
        height = width = math.isqrt(count)
    if height * width != count or height < 1:
        raise _malformed(code, f"{count} faces do not fill a {height}x{width} board")
    return height, width


def _malformed(code: str, why: str) -> BoggleError:
    return BoggleError(f"board code {cut_short(code.strip())!r} is malformed: {why}")


MAX_CODE = MAX_CELLS + 16  # the faces, the dice letter and a shape
