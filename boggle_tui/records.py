"""A finished round as the history stores it."""

from __future__ import annotations

import datetime as dt

from boggle_tui.codes import board_code
from boggle_tui.deal import Deal
from boggle_tui.game_settings import GameSettings
from boggle_tui.history import RoundRecord
from boggle_tui.round import Round


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
