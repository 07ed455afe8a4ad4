"""A player's rating in a language, with no opponent: the skill the bots' model fits to their rounds, as a number.

The model of play (game/bots.py) gives every word of a board a chance of being found by a player of skill θ: from
how common the word is, its length, its points, how many paths spell it and whether a shorter word it grows from
was found. `matched` opponents already fit θ to the player's last rounds by maximum likelihood; the rating is the
same fit, per language, on the player's recent timed rounds on its standard word list (alone, against the table, in
a room and on the day's board; never practice, a replay or a round ended early), shown as RATING_BASE +
RATING_SCALE·θ with its standard error (from the likelihood's curvature) and the name of the bot level it reaches.
It moves with each such round. docs/playing.md says the same for players.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from boggle_tui.game.bots import (
    MIN_ROUNDS,
    RECENT_ROUNDS,
    Seen,
    fit_theta,
    fitting_rounds,
    history_observations,
    log_likelihood_slope,
)
from boggle_tui.game.languages import language_for
from boggle_tui.game.levels import LEVEL_NAMES, LEVELS
from boggle_tui.game.record import RoundRecord
from boggle_tui.i18n import _, number

RATING_BASE, RATING_SCALE = 1000, 200  # a regular bot (θ 3.0) is 1,600; an expert (4.7) 1,940
HISTORY = 8  # the ratings the statistics show as they stood after each of the last rounds
CURVATURE_STEP = 0.01  # θ either side of the fit where the likelihood's slope is read for its curvature


@dataclass(frozen=True)
class Rating:
    theta: float
    error: float  # the standard error of θ
    rounds: int  # the rounds it was fitted on

    @property
    def points(self) -> int:
        return round(RATING_BASE + RATING_SCALE * self.theta)

    @property
    def spread(self) -> int:
        """The rating's standard error, in rating points."""
        return round(RATING_SCALE * self.error)

    @property
    def level(self) -> str:
        """The strongest bot level the rating reaches (the weakest's name below it), in the interface's language."""
        reached = [name for name, (theta, _wrong) in LEVELS.items() if theta <= self.theta] or [next(iter(LEVELS))]
        name = _(LEVEL_NAMES[reached[-1]])
        return name[:1].upper() + name[1:]

    def line(self) -> str:
        """`1,540 ± 60 · Strong`."""
        # Translators: a player's rating, its uncertainty and the bot level it reaches: "1,540 ± 60 · Strong"
        return _("{rating} ± {spread} · {level}").format(
            rating=number(self.points), spread=number(self.spread), level=self.level
        )


def fitted(seen: Sequence[Seen], rounds: int) -> Rating:
    """The rating of these observations: θ where the log-likelihood peaks, its error from the curvature there."""
    theta = fit_theta(seen)
    bend = (log_likelihood_slope(seen, theta - CURVATURE_STEP) - log_likelihood_slope(seen, theta + CURVATURE_STEP)) / (
        2 * CURVATURE_STEP
    )
    return Rating(theta, 1 / math.sqrt(bend) if bend > 0 else math.inf, rounds)


def rating_of(records: Iterable[RoundRecord], language: str) -> Rating | None:
    """The player's rating in `language` from their rounds (newest first, as the history gives them); None with
    fewer than MIN_ROUNDS rounds that count."""
    found = ratings(records, language, 1)
    return found[-1] if found else None


def ratings(records: Iterable[RoundRecord], language: str, most: int = HISTORY) -> list[Rating]:
    """The rating as it stood after each of the player's last `most` rounds that count, oldest first (each fitted
    on the RECENT_ROUNDS rounds up to it); none before MIN_ROUNDS of them."""
    known = language_for(language)
    rounds = fitting_rounds(records, known.dictionary, RECENT_ROUNDS + most - 1)
    seen = [history_observations([r], known.rank) for r in rounds]  # each round's words once
    out: list[Rating] = []
    for start in range(min(most, len(rounds)) - 1, -1, -1):  # the oldest standing first
        window = rounds[start : start + RECENT_ROUNDS]
        if len(window) >= MIN_ROUNDS:
            out.append(fitted([s for per_round in seen[start : start + RECENT_ROUNDS] for s in per_round], len(window)))
    return out
