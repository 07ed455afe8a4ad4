"""Where a text lies on the board: the path lit while a player types, and the rules of building one by mouse.

A path is a run of adjacent dice, each used once, whose faces spell the text. Finding one is
a search over paths, which on a board of repeated letters can grow exponentially with the
text; three prunings keep it small for anything a player can type, and a step budget bounds
whatever is left (`TooHard`), so that a keystroke never freezes the screen:

- each letter of the text must be on enough dice (eleven E's need eleven dice showing E);
- a step goes only to a die from which the rest of the text can be spelled at all,
  counting dice more than once (a table computed once per text, in cells x letters);
- a dead end is remembered with only the used dice that the rest of the text could need.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from boggle_tui.engine.board import BLANK, Board, Cell, CellPath

STEP_BUDGET = 20_000  # path extensions tried before giving up: far beyond any real board and word


class TooHard(Exception):
    """The search gave up within its step budget: whether the text lies on the board is not known."""


def find_path(board: Board, text: str, *, start: Cell | None = None, through: Cell | None = None) -> CellPath | None:
    """One path that spells `text` (starting at `start`, passing `through`, if given), or None.

    Raises TooHard when the step budget runs out first.
    """
    text = board.alphabet.fold(text)
    if not text or not _enough_dice(board, text):
        return None
    return _Search(board, text, through).run(start)


def path_while_typing(board: Board, text: str) -> CellPath | None:
    """The path to light for a text being typed: a trailing q is on its way to the Qu die."""
    on_its_way = board.alphabet.bare and text.lower().endswith("q")
    return find_path(board, text + "u" if on_its_way else text)


def _enough_dice(board: Board, text: str) -> bool:
    supply: Counter[str] = Counter()
    for face in board.faces:
        if face != BLANK:
            supply.update(face)
    return all(supply[letter] >= count for letter, count in Counter(text).items())


class _Search:
    def __init__(self, board: Board, text: str, through: Cell | None) -> None:
        self.board, self.text, self.through = board, text, through
        self.faces = board.faces
        self.steps = 0
        self.dead: set[tuple[Cell, int, int, bool]] = set()
        n = len(text)
        # can[i]: the dice on which text[i:] can start, were dice allowed twice (a bitmask).
        self.can = [0] * (n + 1)
        # wanted[i]: the dice that could serve text[i:] at all.
        self.wanted = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            for cell, face in enumerate(self.faces):
                if face == BLANK or not text.startswith(face, i):
                    continue
                rest = i + len(face)
                if rest == n or any(self.can[rest] >> m & 1 for m in board.neighbours(cell)):
                    self.can[i] |= 1 << cell
            self.wanted[i] = self.can[i] | self.wanted[i + 1]

    def run(self, start: Cell | None) -> CellPath | None:
        starts = range(len(self.faces)) if start is None else (start,)
        for cell in starts:
            if self.can[0] >> cell & 1:
                path = self._extend((cell,), 1 << cell, len(self.faces[cell]))
                if path is not None:
                    return path
        return None

    def _extend(self, path: CellPath, used: int, done: int) -> CellPath | None:
        crossed = self.through is None or used >> self.through & 1 == 1
        if done == len(self.text):
            return path if crossed else None
        cell = path[-1]
        key = (cell, done, used & self.wanted[done], crossed)
        if key in self.dead:
            return None
        for n in self.board.neighbours(cell):
            if used >> n & 1 or not self.can[done] >> n & 1:
                continue
            self.steps += 1
            if self.steps > STEP_BUDGET:
                raise TooHard(self.text)
            found = self._extend((*path, n), used | 1 << n, done + len(self.faces[n]))
            if found is not None:
                return found
        self.dead.add(key)
        return None


@dataclass(frozen=True)
class Click:
    """What a click on a die does to the word being built: the new path, or a submit, or nothing."""

    path: CellPath
    submit: bool = False
    refused: bool = False  # not a die that can come next: ring the bell


def click(board: Board, path: CellPath, cell: Cell) -> Click:
    """The mouse rules: click a die to start a word, a free neighbour of the last die to extend it,
    the last die again to submit. `path` is the word so far, typed or clicked."""
    if board.faces[cell] == BLANK:
        return Click(path, refused=True)
    if not path:
        return Click((cell,))
    if cell == path[-1]:
        return Click(path, submit=True)
    if cell in path or cell not in board.neighbours(path[-1]):
        return Click(path, refused=True)
    return Click((*path, cell))
