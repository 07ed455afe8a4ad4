"""Dice sets, read from the shipped `dice/*.toml` files, and rolling them onto a board."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from boggle_tui.engine.board import DIE_FACES, Board
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.engine.resources import data_dir
from boggle_tui.engine.scoring import min_length_for

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

    @property
    def min_length(self) -> int:
        return min_length_for(self.height * self.width)

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
        return Board(tuple(tuple(faces[r * self.width : (r + 1) * self.width]) for r in range(self.height)))

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


def dice_set_names() -> list[str]:
    """The shipped sets, as a player looks for them: by size, the standard set first, then by year."""

    def order(key: str) -> tuple[int, bool, int, str]:
        dice = load_dice_set(key)
        return len(dice.dice), key != DEFAULT_DICE, dice.year or 9999, key

    return sorted((path.stem for path in data_dir("dice").glob("*.toml")), key=order)


@cache
def load_dice_set(key: str) -> DiceSet:
    """A shipped set by name; a name is never read as a path."""
    shipped = {path.stem: path for path in data_dir("dice").glob("*.toml")}
    if key not in shipped:
        raise BoggleError(f"unknown dice set {cut_short(key, 40)!r} (choose from {', '.join(dice_set_names())})")
    return parse_dice_set(key, shipped[key])


def parse_dice_set(key: str, path: Path) -> DiceSet:
    try:
        spec = tomllib.loads(path.read_text(encoding="utf-8"))
        height, width = int(spec["rows"]), int(spec["columns"])
        dice = tuple(_parse_die(text) for text in spec["dice"])
        year = int(spec["year"]) if "year" in spec else None
        dice_set = DiceSet(key, str(spec["name"]), height, width, dice, year)
    except (OSError, ValueError, KeyError, TypeError, tomllib.TOMLDecodeError) as error:
        raise BoggleError(f"dice set {key!r} in {path} is not readable: {error}") from None
    if len(dice) != height * width:
        raise BoggleError(f"dice set {key!r} has {len(dice)} dice for a {height}x{width} grid")
    return dice_set


def _parse_die(text: str) -> Die:
    faces = tuple(face.lower() for face in text.split())
    for face in faces:
        if face not in DIE_FACES:
            raise ValueError(f"{face!r} is not a face")
    return faces


def random_seed() -> int:
    """A fresh seed small enough to read out to a friend."""
    return random.SystemRandom().randrange(1, 1_000_000_000)
