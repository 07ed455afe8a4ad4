"""Board codes: a short text that rebuilds a board exactly, to play the same one as a friend.

`N-PLSTEAIERTNRSGES`: the dice set's letter, then one character per face, row by row
(`Q` is the Qu die, `.` a blank, `1`-`5` the faces An Er He In Th). A board that is
not square adds its shape: `X-ANTIDISESTABLISHMENTARIANISMS-1x29`.

A board of another language starts with the language's code: `ES-N-AÑOS...` (its own
dice are `N`, its 25 dice `B`); each of its letters is written as the capital it is
(Ñ, Ä, Ł, Ç, and Ĳ, one character, for Dutch IJ).
"""

from __future__ import annotations

import math
from functools import cache

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE, Alphabet
from boggle_tui.engine.board import BLANK, MAX_CELLS, Board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.deal import Deal
from boggle_tui.game.languages import LANGUAGES, Language, language_for
from boggle_tui.i18n import _, counted, number

_SET_LETTERS = {"new": "N", "classic": "C", "big": "B", "master": "M", "superbig": "S"}
_SETS = {letter: key for key, letter in _SET_LETTERS.items()}
_CUSTOM = "X"
_SPECIAL = {"qu": "Q", BLANK: ".", "an": "1", "er": "2", "he": "3", "in": "4", "th": "5"}
_FACE_OF = (
    {char: face for face, char in _SPECIAL.items()}
    | {chr(c): chr(c).lower() for c in range(65, 91) if c != 81}
    | {"0": BLANK}  # codes shared before a blank was written `.`, which is never read as an O
)


def _set_letters(language: Language) -> dict[str, str]:
    """Dice set key -> its letter in a code: the sold sets by name in the language codes leave unmarked
    (English's), another language's own and big sets."""
    if not language.marked:
        return _SET_LETTERS
    return {language.dice: "N", f"{language.code}-big": "B"}


def _mark(language: Language) -> str:
    """What a code of the language starts with: `ES-`; nothing for English's, which came before the others."""
    return f"{language.code.upper()}-" if language.marked else ""


def code_glob(language: str) -> str:
    """An SQLite GLOB pattern that the codes of boards of `language` match, and no other's: `ES-[A-Z]-*`,
    and for English's unmarked codes `[A-Z]-*` (a set's letter, a dash and the faces)."""
    return f"{_mark(language_for(language))}[A-Z]-*"


@cache
def _faces_of(alphabet: Alphabet) -> dict[str, str]:
    """A code's character -> the face it stands for, in a language other than English."""
    return (
        {letter.upper(): letter for letter in alphabet.letters if letter not in alphabet.bare}
        | ({"Q": "qu"} if alphabet.bare else {})
        | {".": BLANK, "0": BLANK}
    )


def board_code(board: Board, dice: str | None = None) -> str:
    language = language_for(board.language)
    prefix = _set_letters(language).get(dice or "", _CUSTOM)
    faces = "".join([_SPECIAL.get(face, face.upper()) for face in board.faces])
    square = board.height == board.width
    code = f"{prefix}-{faces}" + ("" if square else f"-{board.height}x{board.width}")
    return _mark(language) + code


def parse_code(code: str) -> Deal:
    """The board (and dice set) a code stands for; a BoggleError says what is wrong with it."""
    if len(code) > MAX_CODE:
        raise _malformed(code, _("a code has at most {count} faces").format(count=number(MAX_CELLS)))
    parts = code.strip().upper().split("-")
    language = LANGUAGES[DEFAULT_LANGUAGE]
    if len(parts[0]) == 2:  # another language's board: ES-N-...
        mark = parts.pop(0)
        marked = LANGUAGES.get(mark.lower())
        if marked is None or not marked.marked:
            languages = _marks()
            raise _malformed(
                code, _("{code} is not a language (one of {languages})").format(code=repr(mark), languages=languages)
            )
        language = marked
    sets = {letter: key for key, letter in _set_letters(language).items()}
    face_of = _faces_of(language.alphabet) if language.marked else _FACE_OF
    if len(parts) not in (2, 3) or parts[0] not in (*sets, _CUSTOM) or not parts[1]:
        letters = ", ".join([*sets, _CUSTOM])
        raise _malformed(
            code, _("expected a dice letter ({letters}), a dash and the faces, e.g. N-ABCD...").format(letters=letters)
        )
    unknown = sorted(set(parts[1]) - set(face_of))
    if unknown:
        raise _malformed(code, _("{faces} is not a face").format(faces=repr("".join(unknown))))
    faces = [face_of[char] for char in parts[1]]
    height, width = _shape(code, parts, len(faces))
    dice = sets.get(parts[0])
    if dice is not None:
        expected = load_dice_set(dice)
        if (expected.height, expected.width) != (height, width):
            raise _malformed(
                code,
                # Translators: {dice} is a dice set's name ("New Boggle"), {height}x{width} its shape (4x4)
                _("{dice} is {height}x{width}").format(
                    dice=expected.label, height=expected.height, width=expected.width
                ),
            )
    board = Board(tuple(tuple(faces[r * width : (r + 1) * width]) for r in range(height)), language.code)
    return Deal(board, dice, None)


def _marks() -> str:
    """The marks a code may start with, each with its language's name in the player's language."""
    # Translators: a language's code and its name, in a list of the languages there are: "es (Spanish)"
    marked = [language for language in LANGUAGES.values() if language.marked]
    return ", ".join(_("{code} ({name})").format(code=language.code.upper(), name=language.name) for language in marked)


def _shape(code: str, parts: list[str], count: int) -> tuple[int, int]:
    if len(parts) == 3:
        try:
            height, width = (int(n) for n in parts[2].split("X"))
        except ValueError:
            raise _malformed(code, _("{shape} is not a shape like 4x4").format(shape=repr(parts[2]))) from None
    else:
        height = width = math.isqrt(count)
    if height * width != count or height < 1:
        raise _malformed(
            code,
            counted(
                count,
                "{count} face does not fill a {height}x{width} board",
                "{count} faces do not fill a {height}x{width} board",
            ).format(height=height, width=width),
        )
    return height, width


def _malformed(code: str, why: str) -> BoggleError:
    return BoggleError(_("board code {code} is malformed: {why}").format(code=repr(cut_short(code.strip())), why=why))


MAX_CODE = MAX_CELLS + 19  # the faces, the language, the dice letter and a shape
