"""Dice sets, read from the shipped `dice/*.toml` files, and rolling them onto a board."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE, Alphabet, alphabet_for
from boggle_tui.engine.board import Board, die_faces
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.engine.resources import data_dir
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.i18n import _, counted

DEFAULT_DICE = "new"

Die = tuple[str, ...]


@dataclass(frozen=True)
class DiceSet:
    key: str
    name: str
    height: int
    width: int
    dice: tuple[Die, ...]
    year: int | None = None  # when the set was first sold, where a source says so
    language: str = DEFAULT_LANGUAGE  # whose letters the dice show (alphabets.py)
    generated: bool = False  # made from a word list's letter frequencies (tools/make_dice.py), not a sold game

    @property
    def min_length(self) -> int:
        return shortest_word(None, self.height * self.width)

    @property
    def label(self) -> str:
        """The set's name as shown: a sold game's own name; a generated set described in the player's language
        (its file's `name` says the same in English)."""
        if not self.generated:
            return self.name
        return counted(
            len(self.dice),
            "{language} ({count} die, generated from the word list)",
            "{language} ({count} dice, generated from the word list)",
        ).format(language=alphabet_for(self.language).name)

    @property
    def short_label(self) -> str:
        """The set in a few characters, for a round's title line: `Español 4x4`, `Boggle (1987+)`."""
        if not self.generated:
            return self.name
        return f"{alphabet_for(self.language).name} {self.height}x{self.width}"

    def roll(self, seed: int) -> Board:
        """Shuffle the dice into the cells and turn each to a random face.

        The same seed gives the same board everywhere: the game and `boggle solve` alike,
        and on every Python, since only `random()` (whose sequence Python keeps stable)
        is drawn from, never `shuffle` or `choice`.
        """
        draw = random.Random(seed).random
        dice = list(self.dice)
        for i in range(len(dice) - 1, 0, -1):  # Fisher-Yates
            j = int(draw() * (i + 1))
            dice[i], dice[j] = dice[j], dice[i]
        faces = [die[int(draw() * len(die))] for die in dice]
        rows = tuple(tuple(faces[r * self.width : (r + 1) * self.width]) for r in range(self.height))
        return Board(rows, self.language)

    def can_show(self, faces: Sequence[str]) -> bool:
        """Whether the dice can show all these faces at once, each on a different die.

        A bipartite matching of faces to dice, grown one face at a time along
        augmenting paths (Kuhn's algorithm): a die already taken gives way if the face
        it holds can move to another die.
        """
        holder: dict[int, int] = {}  # die: index of the face it shows

        def place(face: int, tried: set[int]) -> bool:
            for die, sides in enumerate(self.dice):
                if faces[face] in sides and die not in tried:
                    tried.add(die)
                    if die not in holder or place(holder[die], tried):
                        holder[die] = face
                        return True
            return False

        return len(faces) <= len(self.dice) and all(place(face, set()) for face in range(len(faces)))


def dice_set_names(language: str | None = DEFAULT_LANGUAGE) -> list[str]:
    """The shipped sets of a language (every language's with None), as a player looks for them: by size,
    the standard set first (a language's own is named after it: `es`), then by year."""

    def order(key: str) -> tuple[int, bool, int, str]:
        dice = load_dice_set(key)
        return len(dice.dice), key not in (DEFAULT_DICE, dice.language), dice.year or 9999, key

    keys = [path.stem for path in data_dir("dice").glob("*.toml")]
    return sorted((key for key in keys if language is None or load_dice_set(key).language == language), key=order)


@cache
def load_dice_set(key: str) -> DiceSet:
    """A shipped set by name; a name is never read as a path."""
    shipped = {path.stem: path for path in data_dir("dice").glob("*.toml")}
    if key not in shipped:
        known = ", ".join(dice_set_names(None))
        raise BoggleError(
            _("unknown dice set {dice} (choose from {known})").format(dice=repr(cut_short(key, 40)), known=known)
        )
    return parse_dice_set(key, shipped[key])


def parse_dice_set(key: str, path: Path) -> DiceSet:
    try:
        spec = tomllib.loads(path.read_text(encoding="utf-8"))
        height, width = int(spec["rows"]), int(spec["columns"])
        language = str(spec.get("language", DEFAULT_LANGUAGE))
        alphabet = alphabet_for(language)
        dice = tuple(_parse_die(text, alphabet) for text in spec["dice"])
        year = int(spec["year"]) if "year" in spec else None
        generated = bool(spec.get("generated", False))
        dice_set = DiceSet(key, str(spec["name"]), height, width, dice, year, language, generated)
    except (OSError, ValueError, KeyError, TypeError, BoggleError, tomllib.TOMLDecodeError) as error:
        raise BoggleError(
            _("dice set {dice} in {path} is not readable: {error}").format(dice=repr(key), path=path, error=error)
        ) from None
    if len(dice) != height * width:
        raise BoggleError(
            counted(
                len(dice),
                "dice set {dice} has {count} die for a {height}x{width} grid",
                "dice set {dice} has {count} dice for a {height}x{width} grid",
            ).format(dice=repr(key), height=height, width=width)
        )
    return dice_set


def _parse_die(text: str, alphabet: Alphabet) -> Die:
    faces = tuple(alphabet.fold(face) for face in text.split())  # Dutch IJ is its one letter ĳ
    for face in faces:
        if face not in die_faces(alphabet):
            raise ValueError(_("{face} is not a face").format(face=repr(face)))
    return faces


def random_seed() -> int:
    """A fresh seed small enough to read out to a friend."""
    return random.SystemRandom().randrange(1, 1_000_000_000)
