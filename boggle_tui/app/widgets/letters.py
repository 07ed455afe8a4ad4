"""Large letters for large dice: each face drawn from a 5x5 dot font with block characters.

A terminal cannot set a larger font, so a die in a big terminal draws its letter in dots: at
scale 1 a dot is one column and half a row (half blocks: a 5x3 letter), at scale 2 two columns
and a whole row (a 10x5 letter). A terminal cell is about twice as tall as it is wide, so a dot
is square at every scale. The font has the capitals, the lower-case letters that end a
two-letter face (Qu, In, Th, Er, He, An), every other language's own capitals (Ñ, Ä Ö Ü, Ç,
Ą Ć Ę Ł Ń Ó Ś Ź Ż: the mark takes a row of the five), and a square for a blank.
"""

from __future__ import annotations

from functools import cache
from itertools import chain

DOTS = 5  # every glyph is DOTS x DOTS

FONT: dict[str, str] = {
    "A": ".###. #...# ##### #...# #...#",
    "B": "####. #...# ####. #...# ####.",
    "C": ".#### #.... #.... #.... .####",
    "D": "####. #...# #...# #...# ####.",
    "E": "##### #.... ####. #.... #####",
    "F": "##### #.... ####. #.... #....",
    "G": ".#### #.... #..## #...# .###.",
    "H": "#...# #...# ##### #...# #...#",
    "I": "##### ..#.. ..#.. ..#.. #####",
    "J": "..### ...#. ...#. #..#. .##..",
    "K": "#...# #..#. ###.. #..#. #...#",
    "L": "#.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #...# #...#",
    "N": "#...# ##..# #.#.# #..## #...#",
    "O": ".###. #...# #...# #...# .###.",
    "P": "####. #...# ####. #.... #....",
    "Q": ".###. #...# #.#.# #..#. .##.#",
    "R": "####. #...# ####. #..#. #...#",
    "S": ".#### #.... .###. ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #.#.# ##.## #...#",
    "X": "#...# .#.#. ..#.. .#.#. #...#",
    "Y": "#...# .#.#. ..#.. ..#.. ..#..",
    "Z": "##### ...#. ..#.. .#... #####",
    "e": "..... .###. ##### #.... .####",
    "h": "#.... #.... ####. #...# #...#",
    "n": "..... ..... ####. #...# #...#",
    "r": "..... ..... #.##. ##... #....",
    "u": "..... ..... #...# #...# .####",
    "■": "..... .###. .###. .###. .....",
    # Other languages' letters (engine/alphabets.py); Dutch IJ is drawn as I and J.
    "Ñ": ".###. ..... ##..# #.#.# #..##",
    "Ä": "#...# .###. #...# ##### #...#",
    "Ö": "#...# .###. #...# #...# .###.",
    "Ü": "#...# ..... #...# #...# .###.",
    "Ç": ".#### #.... #.... .#### ..#..",
    "Ą": ".###. #...# ##### #..## ...#.",
    "Ć": "...#. .#### #.... #.... .####",
    "Ę": "##### #.... ####. ##### ...#.",
    "Ł": ".#... .#... ###.. .#... .####",
    "Ń": "...#. ##..# #.#.# #..## #...#",
    "Ó": "...#. .###. #...# #...# .###.",
    "Ś": "...#. .#### .###. ....# ####.",
    "Ź": "...#. ##### ..#.. .#... #####",
    "Ż": "..#.. ##### ..#.. .#... #####",
}

# What a character cell shows for its (upper dot, lower dot) at scale 1.
HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def dots(char: str) -> list[list[bool]]:
    """The glyph of `char` as rows of dots; KeyError for a character the font lacks."""
    return [[dot == "#" for dot in row] for row in FONT[char].split()]


def glyph_size(text: str, scale: int) -> tuple[int, int]:
    """(columns, rows) that `text` takes at `scale`: letters DOTS dots wide, one dot apart."""
    dots_wide = len(text) * DOTS + len(text) - 1
    return dots_wide * scale, -(-DOTS * scale // 2)


@cache
def big_text(text: str, scale: int) -> str:
    """`text` in large letters, as lines of equal width."""
    glyphs = [dots(char) for char in text]
    gap = [False]
    rows = [list(chain.from_iterable(glyph[row] + gap for glyph in glyphs))[:-1] for row in range(DOTS)]
    columns, lines = glyph_size(text, scale)

    def dot(half_row: int, column: int) -> bool:
        row = half_row // scale
        return row < DOTS and rows[row][column // scale]

    return "\n".join(
        "".join(HALF_BLOCKS[dot(2 * line, column), dot(2 * line + 1, column)] for column in range(columns))
        for line in range(lines)
    )
