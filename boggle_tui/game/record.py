"""A finished round as the history stores it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boggle_tui.game.codes import parse_code


@dataclass(frozen=True)
class RoundRecord:
    uid: str
    played_at: str  # ISO 8601, UTC
    mode: str  # "timed", "practice" or "online"
    board: str  # the board as text
    code: str
    dictionary: str
    min_length: int
    score: int
    max_score: int
    words_total: int
    found: dict[str, int] = field(default_factory=dict)  # word -> points
    missed: tuple[str, ...] = ()
    daily: str | None = None
    dice: str | None = None
    seed: int | None = None
    seconds: int | None = None
    ended: str | None = None  # why it ended: time_up, all_found, ended, gave_up...
    replay: bool = False  # a board played before: it counts, but never sets a best
    # online: every player's name, score and words ({word: points after shared words are struck out})
    players: tuple[dict[str, Any], ...] = ()
    # today's board on a server: the place on the day's table when the round ended, and of how many players
    place: int | None = None
    of_players: int | None = None

    @property
    def share(self) -> float:
        return self.score / self.max_score if self.max_score else 0.0

    @property
    def rows(self) -> list[list[str]]:
        return [list(row) for row in parse_code(self.code).board.rows]
