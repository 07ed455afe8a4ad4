"""Computer opponents with a human vocabulary: which words a player of skill θ finds on a board, and when.

The model (docs/bots.md has it in prose): a word is seen within a standard 3-minute round with chance
sigmoid(θ + the sum of weight * cue), where the cues are what makes a word easy to see (the table `WEIGHTS`):
how common it is (log10 of its frequency rank), its length, its points, how many paths spell it, and whether
its stem was found first. The time a word is found is exponential, at the rate that gives exactly that chance
by 3 minutes (so easy words come early and hard ones late, and a longer round finds more); a word whose stem
was just found may come in a burst right after it; nobody finds anything while still reading the board, and
every word takes time to type. Now and then a bot tries a string that is not a word, as people do. A bot only
ever plays words of the board's own solution, at the times its plan says: it never knows more, or sooner,
than the model allows.

"matched" fits θ to a player's history: every word of every recent round is a find or a miss, and θ is the
maximum-likelihood value of the same model (a one-parameter logistic fit, solved by bisection on its slope).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from boggle_tui.engine.board import BLANK, Board, Cell
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import Solution
from boggle_tui.game.codes import parse_code
from boggle_tui.game.levels import DEFAULT_LEVEL, LEVELS, MATCHED, MATCHED_WRONG_TRIES, NAMES
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.rules import STANDARD_ROUND

# The weight of each cue in the chance of seeing a word (in logits, per unit of the cue).
WEIGHTS = {
    "log_rank": -0.9,  # per factor of 10 in frequency rank: "the" is rank 1, "cat" 1,564, "qat" 57,537
    "length": -0.35,  # per letter past 3
    "points": 0.2,  # per point past 1: long words are sought on purpose
    "log_paths": 0.35,  # per doubling of the paths that spell it: a word on the board twice is seen twice
    "stem": 1.8,  # its stem (CAT for CATS) was found already
}
# Endings that make a word from a shorter one; the stem is the word without one (or with an e put back).
SUFFIXES = ("ings", "ing", "ers", "ies", "est", "ed", "er", "es", "ly", "s", "d", "y")
MAX_PATHS = 64  # counting stops here: a word spelled this many ways is as easy as it gets

STANDARD_SECONDS = STANDARD_ROUND  # the chance above is of finding a word within a round this long
READING_SECONDS = 3.0  # nobody finds a word before they have looked at the board
TYPING_SECONDS = (0.9, 0.16)  # a word takes this long to type: a constant, and per letter
BURST_SECONDS = 4.0  # mean time from a stem to the words made of it, when they come in a burst

RECENT_ROUNDS = 20  # "matched" fits the player's last rounds of this many
MIN_ROUNDS = 3  # and needs at least this many
THETA_RANGE = (-8.0, 12.0)
FITTED_MODES = ("timed", "online", "bots")
ENDED_EARLY = ("ended", "gave_up", "voted")  # a record's `ended` (EndReason) where the clock had time left

Rank = Callable[[str], int]


@dataclass(frozen=True)
class Cue:
    """What makes one word of a board easy or hard to see."""

    word: str
    log_rank: float
    length: int
    points: int
    log_paths: float
    stem: str | None  # a shorter word of the same board it is made from, if any

    def logit(self, theta: float, stem_found: bool) -> float:
        return (
            theta
            + WEIGHTS["log_rank"] * self.log_rank
            + WEIGHTS["length"] * (self.length - 3)
            + WEIGHTS["points"] * (self.points - 1)
            + WEIGHTS["log_paths"] * self.log_paths
            + (WEIGHTS["stem"] if stem_found else 0.0)
        )

    def chance(self, theta: float, stem_found: bool, seconds: float = STANDARD_SECONDS) -> float:
        """The chance of finding the word within `seconds`: the model's chance within 3 minutes, carried to
        another round length by the exponential time model (a rate that gives that chance by 3 minutes)."""
        p = _sigmoid(self.logit(theta, stem_found))
        return 1.0 - math.pow(1.0 - p, seconds / STANDARD_SECONDS)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -500 else 0.0


def cues(board: Board, words: Iterable[str], rank: Callable[[str], int]) -> list[Cue]:
    """The cues of every word of the board, shortest first (a stem always comes before its words)."""
    listed = set(words)
    return sorted(
        (
            Cue(
                word,
                math.log10(rank(word)),
                len(word),
                score(word),
                math.log2(count_paths(board, word)),
                stem_of(word, listed),
            )
            for word in listed
        ),
        key=lambda c: (c.length, c.word),
    )


def stem_of(word: str, words: set[str]) -> str | None:
    """The word this one is made from by an ending (CATS from CAT, MAKING from MAKE), if it is among `words`."""
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            base = word[: -len(suffix)]
            for stem in (base, base + "e", base + "y"):
                if stem != word and stem in words:
                    return stem
    return None


def count_paths(board: Board, word: str, limit: int = MAX_PATHS) -> int:
    """How many ways the dice spell `word` (at least 1 for a word of the board), counted up to `limit`."""
    faces = board.faces

    def walk(cell: Cell, at: int, used: int) -> int:
        face = faces[cell]
        if face == BLANK or not word.startswith(face, at):
            return 0
        at += len(face)
        if at == len(word):
            return 1
        used |= 1 << cell
        total = 0
        for n in board.neighbours(cell):
            if not used >> n & 1:
                total += walk(n, at, used)
                if total >= limit:
                    break
        return total

    count = 0
    for cell in range(len(faces)):
        count += walk(cell, 0, 0)
        if count >= limit:
            return limit
    return max(count, 1)


# Playing a round


@dataclass(frozen=True)
class Try:
    """One word a bot types, at `at` seconds into the round: found (a word of the board) or a wrong try."""

    at: float
    word: str
    found: bool


@dataclass(frozen=True)
class Bot:
    name: str
    level: str
    theta: float
    plan: tuple[Try, ...]  # in time order, every try within the round

    def found_by(self, elapsed: float) -> list[str]:
        """The words found by `elapsed` seconds into the round: never one the plan has not reached."""
        return [t.word for t in self.plan if t.found and t.at <= elapsed]


def typing_seconds(word: str) -> float:
    constant, per_letter = TYPING_SECONDS
    return constant + per_letter * len(word)


def plan_round(
    board_cues: Sequence[Cue], board: Board, theta: float, wrong_tries: float, seconds: float, rng: random.Random
) -> tuple[Try, ...]:
    """The words a player of skill θ finds in a round of `seconds`, and when; with a few wrong tries."""
    seen: dict[str, float] = {}  # word -> the moment it is seen
    for cue in board_cues:  # shortest first: a stem is decided before its words
        p = cue.chance(theta, stem_found=False)
        at = READING_SECONDS + _exponential(rng, -math.log1p(-p) / STANDARD_SECONDS if p < 1 else math.inf)
        stem_at = seen.get(cue.stem) if cue.stem else None
        if stem_at is not None:  # seen with the stem, at once after it, or alone as any other word
            lifted = cue.chance(theta, stem_found=True)
            if rng.random() < (lifted - p) / (1 - p):
                at = min(at, stem_at + rng.expovariate(1 / BURST_SECONDS))
        if at < seconds:
            seen[cue.word] = at
    tries = [Try(at, word, True) for word, at in seen.items()]
    solution = {cue.word for cue in board_cues}
    for found in list(tries):
        if rng.random() < wrong_tries:
            wrong = wrong_word(board, solution, rng)
            if wrong:
                tries.append(Try(max(READING_SECONDS, found.at - rng.uniform(0, 5)), wrong, False))
    return _typed(sorted(tries, key=lambda t: (t.at, t.word)), seconds)


def _exponential(rng: random.Random, rate: float) -> float:
    return 0.0 if math.isinf(rate) else (math.inf if rate <= 0 else rng.expovariate(rate))


def _typed(tries: list[Try], seconds: float) -> tuple[Try, ...]:
    """Each try no sooner than the one before it has been typed; whatever that pushes past the end is lost."""
    typed: list[Try] = []
    ready = 0.0
    for t in tries:
        at = max(t.at, ready) + typing_seconds(t.word)  # a word counts once it is typed in
        if at >= seconds:
            break
        typed.append(Try(at, t.word, t.found))
        ready = at
    return tuple(typed)


def wrong_word(board: Board, solution: set[str], rng: random.Random) -> str | None:
    """A string of 3 to 5 touching dice that is no word of the board: what a player tries and has refused."""
    faces = board.faces
    for _ in range(20):
        cell = rng.randrange(len(faces))
        path = [cell]
        for _ in range(rng.randint(2, 4)):
            nexts = [n for n in board.neighbours(path[-1]) if n not in path and faces[n] != BLANK]
            if not nexts:
                break
            path.append(rng.choice(nexts))
        text = board.spell(path)
        if len(path) >= 3 and faces[cell] != BLANK and text not in solution:
            return text
    return None


def plan_for(
    board_cues: Sequence[Cue], board: Board, level: str, seconds: float, rng: random.Random
) -> tuple[Try, ...]:
    """One bot's plan at a named level (an online room's bots: no history there to match)."""
    theta, wrong = level_theta(level)
    return plan_round(board_cues, board, theta, wrong, seconds, rng)


def level_theta(level: str, matched: float | None = None) -> tuple[float, float]:
    """(θ, wrong tries per find) of a named level; "matched" is the fitted θ (or the default level's)."""
    if level == MATCHED:
        return (matched if matched is not None else LEVELS[DEFAULT_LEVEL][0]), MATCHED_WRONG_TRIES
    return LEVELS[level]


def seat_bots(
    solution: Solution,
    rank: Callable[[str], int],
    levels: Sequence[str],
    seconds: float,
    rng: random.Random,
    matched: float | None = None,
) -> list[Bot]:
    """A table of bots, one per level given, named by seat."""
    board_cues = cues(solution.board, solution.paths, rank)
    bots = []
    for name, level in zip(NAMES, levels, strict=False):
        theta, wrong = level_theta(level, matched)
        bots.append(Bot(name, level, theta, plan_round(board_cues, solution.board, theta, wrong, seconds, rng)))
    return bots


# Fitting θ to a player's history


@dataclass(frozen=True)
class Seen:
    """One word of a round a player played: the model's cue, whether its stem was found, and whether it was."""

    cue: Cue
    stem_found: bool
    found: bool
    seconds: float

    def chance(self, theta: float) -> float:
        return self.cue.chance(theta, self.stem_found, self.seconds)


def observations(board: Board, words: Iterable[str], found: Iterable[str], seconds: float, rank: Rank) -> list[Seen]:
    """Every word of a played round (`words`, the board's solution), as a find or a miss."""
    got = set(found)
    return [Seen(c, c.stem in got if c.stem else False, c.word in got, seconds) for c in cues(board, words, rank)]


def fitting_rounds(records: Iterable[RoundRecord], dictionary: str, most: int = RECENT_ROUNDS) -> list[RoundRecord]:
    """The rounds a fit reads: the `most` recent timed ones on this word list (solo, online or against the table),
    replays, practice and rounds ended before their clock left out, newest first.

    A round ended early counted every word the player had no time for as missed, at the round's full length:
    the history does not keep how long it was played, so it says nothing the fit can read."""
    return [
        r
        for r in records
        if r.mode in FITTED_MODES
        and r.seconds
        and not r.replay
        and r.dictionary == dictionary
        and r.words_total
        and r.ended not in ENDED_EARLY
    ][:most]


def history_observations(records: Iterable[RoundRecord], rank: Rank) -> list[Seen]:
    """Every word of the rounds given, as the player found or missed it; a round whose code cannot be read is
    left out (the history keeps what it was given)."""
    seen: list[Seen] = []
    for r in records:
        try:
            board = parse_code(r.code).board
        except BoggleError:
            continue
        seen += observations(board, [*r.found, *r.missed], r.found, float(r.seconds or STANDARD_SECONDS), rank)
    return seen


@dataclass(frozen=True)
class Fit:
    theta: float | None  # None: too few rounds to fit
    rounds: int
    words: int


def matched_fit(records: Iterable[RoundRecord], dictionary: str, rank: Rank) -> Fit:
    """θ fitted to the player's recent rounds on this word list; None with fewer than MIN_ROUNDS of them."""
    rounds = fitting_rounds(records, dictionary)
    if len(rounds) < MIN_ROUNDS:
        return Fit(None, len(rounds), 0)
    seen = history_observations(rounds, rank)
    return Fit(fit_theta(seen), len(rounds), len(seen))


def log_likelihood_slope(seen: Sequence[Seen], theta: float) -> float:
    """d/dθ of the log-likelihood. A word is found with chance c = 1 - q^k, where q = 1 - sigmoid(logit) and
    k = seconds/180, so dc/dθ = k·q^k·p: a find adds (dc/dθ)/c, a miss d/dθ log(q^k) = -k·p."""
    slope = 0.0
    for s in seen:
        p = _sigmoid(s.cue.logit(theta, s.stem_found))
        k = s.seconds / STANDARD_SECONDS
        miss = (1.0 - p) ** k
        d = k * miss * p
        if s.found:
            slope += d / max(1.0 - miss, 1e-12)
        else:
            slope -= k * p  # d/dθ log(q^k) = -k·p
    return slope


def fit_theta(seen: Sequence[Seen]) -> float:
    """The maximum-likelihood θ: where the slope of the log-likelihood (which falls as θ grows) crosses 0."""
    low, high = THETA_RANGE
    if not seen:
        return LEVELS[DEFAULT_LEVEL][0]
    for _ in range(60):
        middle = (low + high) / 2
        if log_likelihood_slope(seen, middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def log_loss(seen: Sequence[Seen], theta: float) -> float:
    """The mean negative log-likelihood per word: how surprised the model is by what the player found."""
    total = 0.0
    for s in seen:
        c = min(max(s.chance(theta), 1e-12), 1 - 1e-12)
        total -= math.log(c if s.found else 1 - c)
    return total / len(seen) if seen else 0.0


@dataclass(frozen=True)
class Bucket:
    low: float
    high: float
    words: int
    predicted: float  # the mean predicted chance
    found: float  # the share actually found


def calibration(
    seen: Sequence[Seen], theta: float, edges: Sequence[float] = (0, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0001)
) -> list[Bucket]:
    """The calibration table: words grouped by predicted chance, with the share of each group actually found."""
    buckets: list[Bucket] = []
    chances = [(s.chance(theta), s.found) for s in seen]
    for low, high in itertools.pairwise(edges):
        group = [(c, f) for c, f in chances if low <= c < high]
        if group:
            predicted = sum(c for c, _ in group) / len(group)
            found = sum(1 for _, f in group if f) / len(group)
            buckets.append(Bucket(low, min(high, 1.0), len(group), predicted, found))
    return buckets


# A round placed against the levels


def expected_score(board_cues: Sequence[Cue], theta: float, seconds: float = STANDARD_SECONDS) -> float:
    """The points a player of skill θ scores on average in a round of `seconds` on this board: each word's
    points times its chance, a word's stem found or not in proportion to the stem's own chance."""
    found: dict[str, float] = {}
    total = 0.0
    for cue in board_cues:  # shortest first: a stem's chance is known before its words'
        stem = found.get(cue.stem, 0.0) if cue.stem else 0.0
        p = stem * cue.chance(theta, True, seconds) + (1.0 - stem) * cue.chance(theta, False, seconds)
        found[cue.word] = p
        total += p * cue.points
    return total


def level_scores(board_cues: Sequence[Cue], seconds: float = STANDARD_SECONDS) -> dict[str, int]:
    """Each level's expected score on this board, beginner to expert (rounded to whole points)."""
    return {level: round(expected_score(board_cues, theta, seconds)) for level, (theta, _wrong) in LEVELS.items()}


def between_levels(score: int, scores: dict[str, int]) -> tuple[tuple[str, int] | None, tuple[str, int] | None]:
    """The strongest level `score` reaches and the weakest it does not: (level, its score) each, or None at
    either end (below the beginner, at or above the expert)."""
    reached = [(level, s) for level, s in scores.items() if score >= s]
    ahead = [(level, s) for level, s in scores.items() if score < s]
    return (max(reached, key=lambda x: x[1]) if reached else None), (min(ahead, key=lambda x: x[1]) if ahead else None)
