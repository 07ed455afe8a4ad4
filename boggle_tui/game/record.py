"""A finished round as the history stores it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from boggle_tui.game.codes import board_code, parse_code
from boggle_tui.game.deal import Deal
from boggle_tui.game.preferences import GameSettings
from boggle_tui.game.round import Round


@dataclass(frozen=True)
class RoundRecord:
    uid: str
    played_at: str  # ISO 8601, UTC
    mode: str  # "timed" or "practice"
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
    ended: str | None = None

    @property
    def share(self) -> float:
        return self.score / self.max_score if self.max_score else 0.0

    @property
    def rows(self) -> list[list[str]]:
        return [list(row) for row in parse_code(self.code).board.rows]


def record_of(game: Round, dealt: Deal, settings: GameSettings, when: dt.datetime) -> RoundRecord:
    results = game.results()
    return RoundRecord(
        uid=game.uid,
        played_at=when.astimezone(dt.UTC).isoformat(timespec="seconds"),
        mode="practice" if game.practice else "timed",
        board=dealt.board.text(),
        code=board_code(dealt.board, dealt.dice),
        dictionary=settings.dictionary,
        min_length=game.min_length,
        score=results.score,
        max_score=results.max_score,
        words_total=len(results.solution),
        found=dict(results.found),
        missed=tuple(results.missed),
        daily=dealt.daily,
        dice=dealt.dice,
        seed=dealt.seed,
        seconds=int(game.clock.duration) if game.clock.duration else None,
        ended=results.ended.value if results.ended else None,
    )
