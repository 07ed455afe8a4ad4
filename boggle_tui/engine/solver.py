"""Every word on a board: a depth-first search that walks the board and the trie together.

A path is extended only while its letters are a prefix of some word (one trie
lookup per step); the dice already used are a bitmask. The compiled core does the
same in C when it is built (core.py); this Python search is the reference it is
tested against, and the engine wherever the core is missing.

Both engines give every word its *canonical path*: the least of the paths that spell it,
comparing paths die by die by cell number (row-major: row * width + column), a path
before its own extensions. It is the first path found by a depth-first search that
starts from the cells in row-major order, steps to a die's neighbours in row-major order
and notes a word as soon as it reaches it; the compiled core searches in that order. So
`boggle solve --json` and the path drawn on the results never depend on the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from boggle_tui.engine.board import MAX_CELLS, Board, Cell, CellPath, neighbours
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import POINTS, total_score
from boggle_tui.engine.trie import MASK_COLUMN, Table, Trie
from boggle_tui.i18n import _

Around = tuple[tuple[Cell, ...], ...]  # each cell's neighbours
Move = tuple[int, int, int, Cell, str, int, str]  # a step onto a neighbour: see `_moves`
Start = tuple[Cell, int, int]
# How a word was found: its dice as a string, each die written as its mark. A string grows
# by one mark a step, where a tuple path would be rebuilt at every step (benchmarks/NOTES.md).
# The marks are chosen by what the trail is for: `chr(cell)` to read a path back
# (`path_of`), the die's JSON `,[row,column]` to print it as it is, or nothing at all.
Trail = str
Marks = list[str]
# A step of the search: (cell, trie row, dice used, word, trail, the faces that go on from here).
Step = tuple[Cell, int, int, str, Trail, int]


@dataclass(frozen=True)
class Solution:
    board: Board
    min_length: int
    paths: dict[str, CellPath]  # every word on the board, in alphabetical order, with its canonical path

    @property
    def words(self) -> list[str]:
        return list(self.paths)

    @cached_property
    def total_score(self) -> int:
        return total_score(self.paths)

    def __len__(self) -> int:
        return len(self.paths)

    def __contains__(self, word: object) -> bool:
        return word in self.paths


LONGEST = len(POINTS) - 1


def columns_of(board: Board, trie: Trie | None = None) -> list[int]:
    """The board as its language's face columns; -1 for a blank, which no word crosses.

    A board is solved with a list of its own language (`trie`): another's columns mean other letters."""
    if trie is not None and board.language != trie.alphabet.code:
        raise BoggleError(
            _("a board of {language} dice cannot be solved with a word list in {other}").format(
                language=board.alphabet.titled, other=trie.alphabet.titled
            )
        )
    index = board.alphabet.face_index
    return [index.get(face, -1) for face in board.faces]


def solve(board: Board, trie: Trie, min_length: int = 3) -> Solution:
    columns = columns_of(board, trie)
    core = trie.core()
    if core is not None:
        found = core.solve(columns, board.height, board.width, min_length)
    else:
        trails = words_and_trails(trie, columns, neighbours(*board.shape), _CELL_MARKS)
        found = [(word, path_of(trail)) for word, trail in trails.items() if len(word) >= min_length]
    return Solution(board, min_length, dict(sorted(found)))


def solve_json(
    board: Board, trie: Trie, min_length: int = 3, required: frozenset[str] | None = None
) -> tuple[str, int, int, int, int]:
    """The board's words as a JSON list, with how many there are and their points, and how many of them are
    `required` and their points (0 and 0 with no required words given).

    Each word is `{"word": ..., "score": ..., "tier": ..., "path": [[row, column], ...]}`, in alphabetical order,
    its tier `required` or `bonus` (game/tiers.py) when `required` is given: what `boggle solve --json` prints.
    Written as text from precomputed pieces (the compiled core writes it in C): building dicts for `json.dumps`
    cost as much as solving.
    """
    core = trie.require(required)
    if core is not None:
        return core.solve_json(columns_of(board, trie), board.height, board.width, min_length)
    if board.height > _ONE_DIGIT or board.width > _ONE_DIGIT:  # JSON marks would not order as their cells do
        spots = _json_spots(*board.shape)
        trails = words_and_trails(trie, columns_of(board, trie), neighbours(*board.shape), _CELL_MARKS)
        trails = {word: trail.translate(spots) for word, trail in trails.items()}
    else:
        trails = words_and_trails(trie, columns_of(board, trie), neighbours(*board.shape), _json_marks(*board.shape))
    words = sorted([word for word in trails if len(word) >= min_length])
    if required is None:
        entries = ",".join([
            f'{{"word":"{word}","score":{_WORTH_JSON[len(word)]},"path":[{trails[word][1:]}]}}' for word in words
        ])  # fmt: skip
        return f"[{entries}]", len(words), _points(words), 0, 0
    tiers = [word in required for word in words]
    entries = ",".join([
        f'{{"word":"{word}","score":{_WORTH_JSON[len(word)]},{_TIERS[tier]},"path":[{trails[word][1:]}]}}'
        for word, tier in zip(words, tiers, strict=True)
    ])  # fmt: skip
    needed = [word for word, tier in zip(words, tiers, strict=True) if tier]
    return f"[{entries}]", len(words), _points(words), len(needed), _points(needed)


_TIERS = {True: '"tier":"required"', False: '"tier":"bonus"'}


# Points by length for every word a board can hold (a die shows at most two letters), so the
# loops that score every word index once instead of calling `min` or `score` per word.
_WORTH = [POINTS[min(length, LONGEST)] for length in range(2 * MAX_CELLS + 1)]
_WORTH_JSON = [str(points) for points in _WORTH]
_CELL_MARKS = [chr(cell) for cell in range(MAX_CELLS)]  # one character each, ordered as the cells
_NO_MARKS = [""] * MAX_CELLS  # for words without paths: adding "" to a string returns it as it is


_ONE_DIGIT = 10  # rows or columns up to this many are numbered with one digit


@cache
def _json_marks(height: int, width: int) -> Marks:
    """Each die as `,[row,column]`: a trail of these marks is the word's path in JSON, after a comma.

    On a board of at most `_ONE_DIGIT` rows and columns every mark has one length and the marks
    order as their cells do, as `words_and_trails` needs; larger boards use `_json_spots`."""
    return [f",[{row},{column}]" for row in range(height) for column in range(width)]


@cache
def _json_spots(height: int, width: int) -> dict[int, str]:
    """`_json_marks` as a `str.translate` table from `_CELL_MARKS`: a cell trail made JSON."""
    return dict(enumerate(_json_marks(height, width)))


def board_totals(board: Board, trie: Trie, min_length: int = 3) -> tuple[int, int]:
    """How many words the board holds, and their points: a solve without paths."""
    core = trie.core()
    if core is not None:
        return core.totals(columns_of(board, trie), board.height, board.width, min_length)
    trails = words_and_trails(trie, columns_of(board, trie), neighbours(*board.shape), _NO_MARKS)
    words = [word for word in trails if len(word) >= min_length]
    return len(words), _points(words)


def board_score(trie: Trie, columns: list[int], height: int, width: int, min_length: int) -> int:
    """The points of every word on a board given as columns: what the board search measures."""
    core = trie.core()
    if core is not None:
        return core.score(columns, height, width, min_length)
    trails = words_and_trails(trie, columns, neighbours(height, width), _NO_MARKS)
    return _points([word for word in trails if len(word) >= min_length])


def board_word_count(trie: Trie, columns: list[int], height: int, width: int, min_length: int) -> int:
    """How many words a board given as columns holds: what the search for the wordiest board measures."""
    core = trie.core()
    if core is not None:
        return core.totals(columns, height, width, min_length)[0]
    trails = words_and_trails(trie, columns, neighbours(height, width), _NO_MARKS)
    return sum(len(word) >= min_length for word in trails)


def _points(words: list[str]) -> int:
    return sum([_WORTH[len(word)] for word in words])


def words_and_trails(trie: Trie, columns: list[int], around: Around, marks: Marks) -> dict[str, Trail]:
    """Every word on a board given as face columns, with the trail of its canonical path (see the
    module's docstring), each die written as `marks[cell]`.

    `marks` must compare as their cells do, so that trails compare as their paths do (or be
    `_NO_MARKS`, when no path is wanted). The stack pops the starts and each die's steps first to
    last, so paths are taken in canonical order, but a word is noted one step early, when the
    die before its last is taken: so a word found again keeps the lesser trail. The later
    trail is lesser exactly when the kept one is greater than the later one's die before its
    last (`trail`), which spares building the later trail: that happens when the kept one came
    from a higher neighbour with the same face in this same step, or, with two-letter faces
    other than Qu, from a path of fewer dice (`an` against `a`, `n`).
    """
    table = trie.table
    faces = trie.alphabet.faces
    moves, starts = _moves(table, columns, around, marks, faces)
    found: dict[str, Trail] = {}
    stack: list[Step] = []
    for cell, entry, onward in starts:
        if entry & 1:  # last to first: the first die showing a one-face word is noted last
            found[faces[columns[cell]]] = marks[cell]
        stack.append((cell, entry >> 1, 1 << cell, faces[columns[cell]], marks[cell], onward))
    pop, push = stack.pop, stack.append
    while stack:
        cell, base, used, word, trail, onward = pop()
        for face_bit, bit, col, n, face, after, mark in moves[cell]:
            # `onward` names the faces that go on from here, so the trie is read only for a
            # neighbour that does; a step is pushed only if some face goes on after it too.
            if onward & face_bit and not used & bit:
                child = table[base + col]
                if child & 1:  # the word is spelt only for a step that ends one or is pushed
                    longer = word + face
                    if longer not in found or found[longer] > trail:  # a lesser trail: see above
                        found[longer] = trail + mark
                    if after_that := table[(child := child >> 1) + MASK_COLUMN] & after:
                        push((n, child, used | bit, longer, trail + mark, after_that))
                elif after_that := table[(child := child >> 1) + MASK_COLUMN] & after:
                    push((n, child, used | bit, word + face, trail + mark, after_that))
    return found


def path_of(trail: Trail) -> CellPath:
    """The dice of a found word, first to last, from a trail of `_CELL_MARKS`."""
    return tuple(map(ord, trail))


def _moves(
    table: Table, columns: list[int], around: Around, marks: Marks, faces: tuple[str, ...]
) -> tuple[list[list[Move]], list[Start]]:
    """For each cell, its steps to usable neighbours; and the cells where a word can start; both
    last to first, for a stack to pop them first to last.

    A step onto n is (n's face as a bit, n's bit, its face column, n, its face, the faces a word
    can go on with from there as a bitmask, and n's mark); a start is (cell, its trie entry,
    the faces that go on from it).
    """
    usable = [[n for n in cells if columns[n] >= 0] for cells in around] if -1 in columns else around
    bits = [1 << column if column >= 0 else 0 for column in columns]
    faces_around, repeated = [], []  # the faces around each die, and those shown there twice or more
    for cells in usable:
        seen = twice = 0
        for n in cells:
            twice |= seen & bits[n]
            seen |= bits[n]
        faces_around.append(seen)
        repeated.append(twice)
    # From cell onto n, a word goes on with a face around n other than cell's own (cell is used
    # by then), unless another die around n shows it too: fewer visits that lead nowhere.
    moves = [
        [(bits[n], 1 << n, columns[n], n, faces[columns[n]], faces_around[n] & ~(bits[cell] & ~repeated[n]), marks[n])
         for n in reversed(cells)]
        for cell, cells in enumerate(usable)
    ]  # fmt: skip
    starts = [
        (cell, entry, table[(entry >> 1) + MASK_COLUMN] & faces_around[cell])
        for cell, column in reversed(list(enumerate(columns)))
        if column >= 0 and (entry := table[column])
    ]
    return moves, starts
