"""What to play: the choices of the start screen and the `boggle play` flags."""

from __future__ import annotations

from dataclasses import dataclass, replace

from boggle_tui.engine.dice import DEFAULT_DICE, load_dice_set, random_seed
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY
from boggle_tui.engine.trie import Trie
from boggle_tui.game.codes import board_code, parse_code
from boggle_tui.game.daily import daily_deal
from boggle_tui.game.deal import Deal, deal, richest_deal

DEFAULT_SECONDS = 180
ROUND_LENGTHS = (60, 120, 180, 240, 300, 0)  # 0: no clock


@dataclass(frozen=True)
class GameSettings:
    dice: str = DEFAULT_DICE
    seconds: int = DEFAULT_SECONDS  # 0: no clock
    dictionary: str = DEFAULT_DICTIONARY
    practice: bool = False
    min_length: int | None = None  # None: the dice set's rule
    seed: int | None = None  # None: a fresh board each round
    board: str | None = None  # a board given as text, played instead of a roll
    code: str | None = None  # a board code, played instead of a roll
    daily: bool = False  # the day's board
    rich: bool = False  # the richest of several rolls, for players who want many words

    def deal(self) -> Deal:
        if self.daily:
            return daily_deal()
        if self.code is not None:
            return parse_code(self.code)
        return deal(self.board, self.dice if self.board is None else None, self.seed)

    def for_next_round(self) -> GameSettings:
        """The same settings, but a fresh board."""
        return replace(self, seed=None, board=None, code=None, daily=False)

    def deal_with(self, trie: Trie) -> Deal:
        """The board to play, once the word list is known (a rich deal needs it)."""
        if self.rich and not (self.daily or self.code or self.board):
            min_length = self.min_length or load_dice_set(self.dice).min_length
            return richest_deal(self.dice, trie, min_length, random_seed() if self.seed is None else self.seed)
        return self.deal()

    def replaying(self, dealt: Deal) -> GameSettings:
        """The same settings and the very same board."""
        return replace(self, code=board_code(dealt.board, dealt.dice), seed=None, board=None, daily=False, rich=False)

    def min_length_for(self, dealt: Deal) -> int:
        return self.min_length or dealt.min_length


def describe_seconds(seconds: int) -> str:
    if not seconds:
        return "no clock"
    minutes, rest = divmod(seconds, 60)
    return f"{minutes} min" if not rest else f"{minutes}:{rest:02d}"
