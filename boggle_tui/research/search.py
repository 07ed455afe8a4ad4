"""Searching for high-scoring boards: a Metropolis walk over faces, scored by a lean solver.

A board is a list of face columns (the trie's, see `board.FACES`). A step changes one
die's face, swaps two dice or (now and then) shifts a row or column; a worse board is
sometimes kept, which lets the search leave a local peak; the walk goes back to the best
board when it has been stuck, and a spent walk starts afresh or from the best board kicked.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE, alphabet_for
from boggle_tui.engine.board import BLANK, Board
from boggle_tui.engine.dice import DiceSet
from boggle_tui.engine.solver import board_score, board_word_count
from boggle_tui.engine.trie import MASK_COLUMN, Trie

POINTS, WORDS = "points", "words"
OBJECTIVES = (POINTS, WORDS)  # what a search measures a board by: its words' points, or how many words it holds


class Scorer:
    """A board's measure, for boards of a fixed shape: its total points, or (`objective` WORDS) its word count.

    A walk comes back to the same boards over and over, so scores are remembered (a
    repeat costs one lookup), within KNOWN_CELLS so that memory stays bounded.
    """

    def __init__(self, trie: Trie, height: int, width: int, min_length: int, objective: str = POINTS) -> None:
        self.trie = trie
        self.height, self.width = height, width
        self.min_length = min_length
        self.measure = board_word_count if objective == WORDS else board_score
        self.scale = WORDS_PER_POINT if objective == WORDS else 1.0  # of the walk's temperature, set in points
        self.known: dict[tuple[int, ...], int] = {}
        self.solved = 0  # boards actually solved, repeats not counted

    def __call__(self, columns: list[int]) -> int:
        key = tuple(columns)
        points = self.known.get(key)
        if points is None:
            points = self.known[key] = self.solve(columns)
        return points

    def solve(self, columns: list[int]) -> int:
        if len(self.known) * len(columns) >= KNOWN_CELLS:
            self.known.clear()  # memory stays bounded; recent boards come back soon enough
        self.solved += 1
        return self.measure(self.trie, columns, self.height, self.width, self.min_length)


KNOWN_CELLS = 1_600_000  # boards remembered times their cells: 100,000 4x4 boards, fewer larger ones


@dataclass(frozen=True)
class Progress:
    best: list[int]  # face columns of the best board so far
    best_score: int
    evaluations: int
    seconds: float


class Space(Protocol):
    """The boards a search may visit, and how it steps between them."""

    def start(self, rng: random.Random) -> Any: ...
    def step(self, state: Any, rng: random.Random) -> Any: ...
    def columns(self, state: Any) -> list[int]: ...


# A step of a walk: move a row or column along by one place, swap two cells, or show a new face in one cell.
Shift = tuple[str, list[int], int]  # ("shift", the line's cells, by)
Swap = tuple[str, int, int]  # ("swap", one cell, another)
NewFace = tuple[str, int, int]  # ("face", the cell, the face's column)
Move = Shift | Swap | NewFace
SHIFT, SWAP, FACE = "shift", "swap", "face"


class AnyLetters:
    """Any face in any cell, drawn by how often letters appear in words. A state is the columns."""

    def __init__(self, cells: int, weights: dict[int, float], width: int | None = None) -> None:
        """With `width`, some steps shift a whole row or column by one place (see `shift`)."""
        self.cells = cells
        self.letters = list(weights)
        self.weights = list(weights.values())
        self.lines = _lines(cells, width) if width else []

    def start(self, rng: random.Random) -> list[int]:
        return rng.choices(self.letters, self.weights, k=self.cells)

    def move(self, rng: random.Random) -> Move:
        """The next step's move, drawn from `rng`."""
        if self.lines and rng.random() < SHIFT_SHARE:
            return SHIFT, rng.choice(self.lines), rng.choice((1, -1))
        if rng.random() < 0.3:
            i, j = rng.sample(range(self.cells), 2)
            return SWAP, i, j
        face = rng.choices(self.letters, self.weights)[0]  # the face before its cell, as the walk has always drawn
        return FACE, rng.randrange(self.cells), face

    def step(self, state: list[int], rng: random.Random) -> list[int]:
        return moved(list(state), self.move(rng))

    def columns(self, state: list[int]) -> list[int]:
        return state


def moved(cells: list[int], move: Move) -> list[int]:
    """`cells` (a board's faces, or the dice that show them) changed in place by `move`; a new face is the move's."""
    kind, where, what = move
    if kind == SHIFT:
        assert isinstance(where, list)
        return shift(cells, where, what)
    assert isinstance(where, int)
    if kind == SWAP:
        cells[where], cells[what] = cells[what], cells[where]
    else:
        cells[where] = what
    return cells


Shown = tuple[list[int], list[int]]  # a rollable board: its face columns, and the die that shows each cell's face


class RollableFaces:
    """Any faces the dice can show at once: each on a different die that has it.

    A step is one of `AnyLetters` (faces limited to those on the dice), drawn again until
    the dice can still show the board. Which die shows which face is free: a new face may
    move several dice at once. A walk over die order and shown faces, which moves dice one
    or two at a time, was stiffer: 3,583 at best in 5 minutes, where this one finds 3,623
    with either 4x4 set in 1-5.

    A state keeps, beside the faces, a die for each: a swap swaps two cells' dice, and a new
    face in one cell frees that cell's die and looks for another along one augmenting path
    (Kuhn's algorithm, as `DiceSet.can_show` matches a whole board). The dice can show the
    new faces exactly when that path exists, so the walk is the one a whole matching a step
    would give, draw for draw; a whole matching cost more than the board's solve on 5x5
    (benchmarks/NOTES.md).
    """

    def __init__(self, dice: DiceSet, weights: dict[int, float]) -> None:
        self.dice = dice
        self.faces = alphabet_for(dice.language).faces
        index = alphabet_for(dice.language).face_index
        faces = {face for die in dice.dice for face in die if face != BLANK}
        columns = {index[face] for face in faces}
        drawn = {col: weight for col, weight in weights.items() if col in columns}
        # A two-letter face (Super Big Boggle's Th, In...) is drawn as often as its rarer letter.
        letter = {self.faces[col]: weight for col, weight in weights.items()}
        for face in sorted(faces):  # in order, so that a seed's walk repeats
            drawn.setdefault(index[face], min(letter.get(c, 0.0) for c in face))
        self.letters = AnyLetters(len(dice.dice), {col: weight for col, weight in drawn.items() if weight})
        # face column -> the dice that have it, in the set's order (a blank face: -1)
        self.holders: dict[int, list[int]] = {}
        for number, die in enumerate(dice.dice):
            for col in sorted({index.get(face, -1) for face in die}):
                self.holders.setdefault(col, []).append(number)

    def start(self, rng: random.Random) -> Shown:
        index = alphabet_for(self.dice.language).face_index
        columns = [index.get(face, -1) for face in self.dice.roll(rng.getrandbits(32)).faces]
        shown = self.match(columns)
        assert shown is not None, "a roll shows what its dice have"
        return shown

    def step(self, state: Shown, rng: random.Random) -> Shown:
        while (new := self.moved(state, self.letters.move(rng))) is None:
            pass  # a swap of two cells always can be: this ends
        return new

    def columns(self, state: Shown) -> list[int]:
        return state[0]

    def moved(self, state: Shown, move: Move) -> Shown | None:
        """The board after `move`, with a die for each face, or None when the dice cannot show its faces."""
        columns, dice = list(state[0]), list(state[1])
        kind, cell, face = move
        if kind != FACE:
            return moved(columns, move), moved(dice, move)
        assert isinstance(cell, int)
        columns[cell] = face
        held: list[int | None] = [None] * len(self.dice.dice)  # die -> the cell it shows, None for a free die
        for at, die in enumerate(dice):
            if at != cell:
                held[die] = at
        return (columns, dice) if self._augment(cell, columns, dice, held, set()) else None

    def _augment(self, cell: int, columns: list[int], dice: list[int], held: list[int | None], tried: set[int]) -> bool:
        """Give `cell` a die with its face, moving the dice of other cells to others of theirs if need be."""
        for die in self.holders.get(columns[cell], ()):
            if die not in tried:
                tried.add(die)
                other = held[die]
                if other is None or self._augment(other, columns, dice, held, tried):
                    dice[cell], held[die] = die, cell
                    return True
        return False

    def match(self, columns: list[int]) -> Shown | None:
        """The board with a die for each face, or None when the dice cannot show them all at once."""
        if len(columns) > len(self.dice.dice):
            return None
        dice = [-1] * len(columns)
        held: list[int | None] = [None] * len(self.dice.dice)
        for cell in range(len(columns)):
            if not self._augment(cell, columns, dice, held, set()):
                return None
        return columns, dice

    def rollable(self, columns: list[int]) -> bool:
        return self.match(list(columns)) is not None


def space_for(dice: DiceSet | None, height: int, width: int, weights: dict[int, float]) -> Space:
    """The boards a search walks: those `dice` can roll, or any letters on a board `height` by `width` (whose rows
    and columns are shifted now and then)."""
    return RollableFaces(dice, weights) if dice else AnyLetters(height * width, weights, width)


def _lines(cells: int, width: int) -> list[list[int]]:
    """The cells of every row and every column of a board `width` wide."""
    height = cells // width
    rows = [list(range(r * width, (r + 1) * width)) for r in range(height)]
    columns = [list(range(c, cells, width)) for c in range(width)]
    return rows + columns


def shift(state: list[int], line: list[int], by: int) -> list[int]:
    """The faces of one row or column moved along it by one place, the end one coming round.

    Good boards share long runs of letters in different places (the best 4x4 board and a
    3,601-point one differ by a row shifted and one letter), which one face change or one
    swap at a time can only reach through worse boards.
    """
    faces = [state[i] for i in line]
    along = faces[-by:] + faces[:-by]
    for cell, face in zip(line, along, strict=True):
        state[cell] = face
    return state


def letter_weights(trie: Trie) -> dict[int, float]:
    """How often each letter appears in words (by trie edges), plus Qu: the search's letter mix."""
    alphabet = trie.alphabet
    letters = len(alphabet.letters)
    counts = [0] * MASK_COLUMN
    table = trie.table
    for base in range(0, len(table), MASK_COLUMN + 1):
        kids = table[base + MASK_COLUMN]
        for col in range(letters):
            if kids >> col & 1:
                counts[col] += 1
    faces = alphabet.faces
    weights = {col: float(n) for col, n in enumerate(counts[:letters]) if n and faces[col] not in alphabet.bare}
    for first, _, face in alphabet.pairs:
        if faces[first] in alphabet.bare:  # Q is drawn as Qu
            weights[face] = float(counts[first])
    return weights


def search(
    scorer: Scorer,
    space: Space,
    seconds: float,
    rng: random.Random,
    report: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> Progress:
    """Search for `seconds`; `report` hears of every new best board, and every so often besides.

    A Metropolis walk at a fixed temperature: a better board is always kept, a worse
    one with probability exp(loss / temperature). When no new best has turned up for
    a while, the walk goes back to the best board; when that has not helped several
    times over, it starts again from a fresh board (the best so far is kept). Why a
    fixed temperature and these lengths of walk: benchmarks/NOTES.md.
    """
    start = time.perf_counter()
    temperature = TEMPERATURE_PER_CELL * scorer.height * scorer.width * scorer.scale
    current = space.start(rng)
    current_score = scorer(space.columns(current))
    best, best_score = current, current_score
    walk_top, walk_best = current, current_score  # the best of this walk, since its fresh start
    evaluations, stale, returns = 1, 0, 0
    for elapsed in _clock(start, seconds, should_stop):
        candidate = space.step(current, rng)
        candidate_score = scorer(space.columns(candidate))
        evaluations += 1
        gain = candidate_score - current_score
        if gain >= 0 or rng.random() < math.exp(gain / temperature):
            current, current_score = candidate, candidate_score
        if current_score > walk_best:
            walk_best, walk_top, stale, returns = current_score, current, 0, 0
            if current_score > best_score:
                best, best_score = current, current_score
                if report:
                    report(Progress(space.columns(best), best_score, evaluations, elapsed))
            continue
        stale += 1
        if stale >= PATIENCE:
            returns += 1
            if returns > RETURNS:  # this walk is spent: start afresh, or from the best board, kicked
                current = walk_top = kicked(space, best, rng) if rng.random() < KICK_SHARE else space.start(rng)
                current_score = walk_best = scorer(space.columns(current))
                evaluations, returns = evaluations + 1, 0
            else:
                current, current_score = walk_top, walk_best
            stale = 0
        if report and evaluations % REPORT_EVERY == 0:
            report(Progress(space.columns(best), best_score, evaluations, elapsed))
    return Progress(space.columns(best), best_score, evaluations, time.perf_counter() - start)


def kicked(space: Space, state: Any, rng: random.Random) -> Any:
    """The board a few random steps away: a new walk near the best one, but out of its peak."""
    for _ in range(KICK_STEPS):
        state = space.step(state, rng)
    return state


TEMPERATURE_PER_CELL = 2.8  # points per cell: 45 on a 4x4 board
WORDS_PER_POINT = 0.29  # a rich board's words to its points (1,044 to 3,623 on the best 4x4): the words' temperature
KICK_SHARE = 0.5  # of fresh starts, the share that starts from the best board kicked
SHIFT_SHARE = 0.05  # of steps, the share that shifts a row or column
KICK_STEPS = 4
PATIENCE = 1000  # evaluations without a new best before going back to the walk's best board
RETURNS = 3  # goings-back without a new best before a fresh start
REPORT_EVERY = 250


def _clock(start: float, seconds: float, should_stop: Callable[[], bool]) -> Iterator[float]:
    while not should_stop():
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return
        yield elapsed


def symmetries(height: int, width: int) -> list[list[int]]:
    """The cell orders that turn or mirror a board into an equal one (8 for a square, 4 otherwise)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    flips: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (r, width - 1 - c),
        lambda r, c: (height - 1 - r, c),
        lambda r, c: (height - 1 - r, width - 1 - c),
    ]
    if height == width:
        flips += [_transposed(flip) for flip in flips]
    return [[row * width + column for row, column in (flip(r, c) for r, c in cells)] for flip in flips]


def _transposed(flip: Callable[[int, int], tuple[int, int]]) -> Callable[[int, int], tuple[int, int]]:
    return lambda r, c: flip(c, r)


# The best boards known (shared/records.md: found by danvk's hill climbing, the 4x4 one proved
# best), scored with our lists: (height, width, word list, shortest word) -> (board, points).
RECORDS: dict[tuple[int, int, str, int], tuple[str, int]] = {
    (3, 3, "enable1", 3): ("deslatper", 545),
    (3, 3, "popular", 3): ("chsraeted", 258),
    (3, 3, "es", 3): ("canlotpar", 418),
    (3, 3, "de", 3): ("lergisnet", 736),
    (3, 3, "fr", 3): ("arttienes", 981),
    (3, 3, "nl", 3): ("ldneeevgr", 498),
    (3, 3, "pt", 3): ("arertioas", 857),
    (3, 3, "pl", 3): ("mlpoearts", 700),
    (3, 4, "popular", 3): ("ctrd/saee/mpls", 566),
    (3, 4, "es", 3): ("calp/nera/tado", 1332),
    (3, 4, "enable1", 3): ("pers/late/sind", 1645),
    (4, 4, "enable1", 3): ("plsteaiertnrsges", 3623),
    (5, 5, "enable1", 3): ("ligdrmanesietildsracsepes", 10397),
    (5, 5, "enable1", 4): ("ligdrmanesietildsracsepes", 10248),
}
# The wordiest boards known (`boggle best --objective words`), scored with our lists: -> (board, words). The 4x4 one
# is danvk's wordiest on ENABLE2K (1,158 words there: hybrid-boggle's issue 132), which the search finds here too.
WORD_RECORDS: dict[tuple[int, int, str, int], tuple[str, int]] = {
    (4, 4, "enable1", 3): ("gesorntreaieslps", 1156),
}

# The best boards known that a set of dice can roll (`boggle best --dice KEY`: a matching of faces to dice, each die
# once; docs/records.md gives each one's search and hit rate), scored with our lists: (dice, word list, shortest
# word) -> (board, points). The 4x4 record above can be rolled by both 4x4 sets.
DICE_RECORDS: dict[tuple[str, str, int], tuple[str, int]] = {
    ("new", "enable1", 3): ("plsteaiertnrsges", 3623),
    ("classic", "enable1", 3): ("plsteaiertnrsges", 3623),
    ("big", "enable1", 4): ("dplcsesaietrtndeaiegblmsr", 9972),
    ("master", "enable1", 4): ("sepoblarsdciteisenamrdgil", 9975),
    ("superbig", "enable1", 4): (
        "w e s a in g / r p l t n s / s e a i e t / d n t r c d / o i s a e i / r e m p l b",
        17765,
    ),
    ("es-big", "es", 4): ("scmlpeoaeartndraeiaoprcll", 10644),
    ("de-big", "de", 4): ("vrsineateslgnrteieiebrstf", 16449),
    ("fr-big", "fr", 4): ("todasniremsetapisriltasez", 38445),
    ("nl-big", "nl", 4): ("bvngboeedertlrnseieekngdv", 11248),
    ("pt-big", "pt", 4): ("msvadoaiesdrrtsiaeaocspmc", 37543),
    ("pl-big", "pl", 4): ("smokaeparsiloteonawiimyna", 34539),
}

# Records `boggle prove` has proven: no board of that size scores more (docs/records.md, docs/proofs/).
PROVEN: frozenset[tuple[int, int, str, int]] = frozenset(
    [(3, 3, name, 3) for name in ("enable1", "popular", "es", "de", "fr", "nl", "pt", "pl")]
    + [(3, 4, "popular", 3), (3, 4, "es", 3), (3, 4, "enable1", 3)]
)


@dataclass(frozen=True)
class Job:
    """One search process's task: everything it needs, as plain values that cross a process boundary."""

    dictionary: str
    height: int
    width: int
    min_length: int
    dice: str | None
    seconds: float
    seed: int
    language: str = DEFAULT_LANGUAGE
    objective: str = POINTS


def job_seed(seed: int, job: int) -> int:
    """The seed of the n-th of several searches: the first is the search's own seed, so one job repeats it."""
    return seed + job * 1_000_003


def run_job(job: Job, progress: Any, stop: Any) -> None:
    """A search in a process of its own, reporting each new best (and now and then) on `progress`.

    It loads the word list itself (from the cache: milliseconds) so that it works whether
    processes are forked or spawned; Ctrl+C is the parent's to handle, which sets `stop`.
    """
    import signal

    from boggle_tui.engine.dice import load_dice_set
    from boggle_tui.engine.dictionary import load_dictionary

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    trie = load_dictionary(job.dictionary, language=job.language).trie
    weights = letter_weights(trie)
    space = space_for(load_dice_set(job.dice) if job.dice else None, job.height, job.width, weights)
    scorer = Scorer(trie, job.height, job.width, job.min_length, job.objective)
    result = search(scorer, space, job.seconds, random.Random(job.seed), progress.put, stop.is_set)
    progress.put((result, scorer.solved))


def board_of(columns: list[int], height: int, width: int, language: str = DEFAULT_LANGUAGE) -> Board:
    shown = alphabet_for(language).faces
    faces = [shown[c] if c >= 0 else "#" for c in columns]
    return Board(tuple(tuple(faces[r * width : (r + 1) * width]) for r in range(height)), language)
