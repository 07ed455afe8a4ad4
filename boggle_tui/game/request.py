"""What a player asks to play on this machine: one board request and the round's `Rules`.

A request names its board exactly (a roll of dice from a seed, a given board, the daily
board, the richest of several rolls) and is dealt once, by `deal_request`. Its rules are the
one `Rules` of every round (game/rules.py), which bounds each of its numbers where it enters,
so that nothing downstream (the clock, the history) meets a value it cannot hold.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from enum import Enum

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.board import Board
from boggle_tui.engine.dice import DEFAULT_DICE, load_dice_set, random_seed
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.trie import Trie
from boggle_tui.game.daily import daily_deal
from boggle_tui.game.deal import RICH_TRIES, Deal, deal, richest_deal
from boggle_tui.game.languages import language_for
from boggle_tui.game.rules import Rules, check_bounds, describe_round


class Mode(Enum):
    """How the start screen's rounds are played."""

    TIMED = "timed"
    PRACTICE = "practice"  # no clock, hints
    DAILY = "daily"  # the day's board, the same for everyone
    RICH = "rich"  # the richest of several rolls


@dataclass(frozen=True)
class Roll:
    dice: str = DEFAULT_DICE
    seed: int | None = None  # None: a fresh seed when dealt


@dataclass(frozen=True)
class Given:
    """A board played as it is: typed in, from a code, or the board of a round played before."""

    board: Board
    dice: str | None = None  # the set it came from, if any
    seed: int | None = None


@dataclass(frozen=True)
class Daily:
    day: dt.date
    language: str = DEFAULT_LANGUAGE  # each language has its own daily board


@dataclass(frozen=True)
class Richest:
    dice: str = DEFAULT_DICE
    seed: int | None = None
    tries: int = RICH_TRIES


BoardRequest = Roll | Given | Daily | Richest


def dice_of(board: BoardRequest) -> str:
    """The dice a board request plays: its roll's, a given board's set (a typed board's: its language's own), the
    day's (its language's)."""
    if isinstance(board, Given):
        return board.dice or language_for(board.board.language).dice
    if isinstance(board, Daily):
        return language_for(board.language).dice
    return board.dice


@dataclass(frozen=True)
class RoundRequest:
    """A board and the rules it is played by. The board names the dice, so `rules.dice` is always the board's
    (set here, whatever was passed); practice has no clock, so its `rules.seconds` is None. On a given board its
    size, not `rules.dice`, sets the shortest word (a typed board has no dice of its own)."""

    board: BoardRequest
    rules: Rules = field(default_factory=Rules)  # the list, the clock, the shortest word; the table's scoring
    practice: bool = False  # no clock, hints, reveals
    replay: bool = False  # a board played before: it never sets a best
    to_beat: int | None = None  # a challenge: the score someone made on this board under these rules

    def __post_init__(self) -> None:
        check_bounds(seed=getattr(self.board, "seed", None))
        dice, seconds = dice_of(self.board), None if self.practice else self.rules.seconds
        if (dice, seconds) != (self.rules.dice, self.rules.seconds):
            object.__setattr__(self, "rules", replace(self.rules, dice=dice, seconds=seconds))

    @property
    def language(self) -> str:
        """The language of the board it names (a given board's, the day's, its dice's): a word list of the
        player's own is read in it, as a room reads one in its dice's."""
        board = self.board
        if isinstance(board, Given):
            return board.board.language  # a board typed in a language has no dice to say so
        return self.rules.language

    def describe(self, shortest: int) -> str:
        """Its rules on one line, as a room's are described (game/rules.py `describe_round`); `shortest`: the
        shortest word on the board it was dealt."""
        return describe_round(self.rules.seconds, shortest, self.rules.dictionary, practice=self.practice)

    @property
    def slow(self) -> bool:
        """Whether dealing takes long enough to show a notice (many boards are solved)."""
        return isinstance(self.board, Richest)

    def again(self) -> RoundRequest:
        """A new board with the same rules: the dice rolled afresh."""
        board = self.board
        fresh: BoardRequest
        if isinstance(board, Richest):
            fresh = Richest(board.dice, None, board.tries)
        elif isinstance(board, Given) and board.dice is None:
            fresh = Roll(language_for(board.board.language).dice)  # a typed board has no dice: its language's own
        else:
            fresh = Roll(getattr(board, "dice", None) or DEFAULT_DICE)
        return replace(self, board=fresh, replay=False, to_beat=None)

    def replaying(self, dealt: Deal) -> RoundRequest:
        """The very same board, under the same rules."""
        return replace(self, board=Given(dealt.board, dealt.dice, dealt.seed), replay=True)


def deal_request(request: RoundRequest, trie: Trie) -> Deal:
    """The board a request names; a rich deal solves its candidate rolls with `trie`."""
    board = request.board
    if isinstance(board, Given):
        return Deal(board.board, board.dice, board.seed)
    if isinstance(board, Daily):
        return daily_deal(board.day, board.language)
    seed = random_seed() if board.seed is None else board.seed
    if isinstance(board, Richest):
        dice = load_dice_set(board.dice)
        min_length = shortest_word(request.rules.min_length, dice.height * dice.width)
        return richest_deal(board.dice, trie, min_length, seed, board.tries)
    return deal(dice=board.dice, seed=seed)  # the roll every mode deals (a room's too: game/deal.py)


def daily_request(day: dt.date, dictionary: str | None = None, language: str = DEFAULT_LANGUAGE) -> RoundRequest:
    """The day's board in `language`, on its own list unless another is named, under the standard clock."""
    return RoundRequest(Daily(day, language), Rules(dictionary=dictionary or language_for(language).dictionary))
