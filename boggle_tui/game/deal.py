"""Dealing a board: a given board, the dice rolled from a seed, or the richest of several rolls."""

from __future__ import annotations

from dataclasses import dataclass

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.board import Board, parse_board
from boggle_tui.engine.dice import load_dice_set, random_seed
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.solver import solve
from boggle_tui.engine.trie import Trie
from boggle_tui.game.languages import language_for
from boggle_tui.i18n import _


@dataclass(frozen=True)
class Deal:
    board: Board
    dice: str | None  # the dice set rolled, or None for a board given as text
    seed: int | None  # the seed it was rolled from
    daily: str | None = None  # the UTC date (YYYY-MM-DD) whose daily board this is

    @property
    def min_length(self) -> int:
        """Big Boggle rules, by the board's size, and never below its language's shortest word."""
        return max(shortest_word(None, len(self.board)), self.board.alphabet.min_length)


def deal(
    board_text: str | None = None, dice: str | None = None, seed: int | None = None, language: str = DEFAULT_LANGUAGE
) -> Deal:
    """The board given as text (in `language`), or else `dice` (default: the language's own) rolled from `seed`."""
    if board_text is not None:
        board = parse_board(board_text, language)
        if dice is not None:  # the board must be one these dice make, or its code would name other dice
            dice_set = load_dice_set(dice)
            if (dice_set.height, dice_set.width) != board.shape:
                raise BoggleError(
                    _("{dice} dice make a {height}x{width} board, not a {rows}x{columns} one").format(
                        dice=dice_set.label,
                        height=dice_set.height,
                        width=dice_set.width,
                        rows=board.height,
                        columns=board.width,
                    )
                )
        return Deal(board, dice, None)
    key = dice or language_for(language).dice
    seed = random_seed() if seed is None else seed
    return Deal(load_dice_set(key).roll(seed), key, seed)


RICH_TRIES = 40


def richest_deal(dice: str, trie: Trie, min_length: int, seed: int, tries: int = RICH_TRIES) -> Deal:
    """Of `tries` rolls (seeds derived from `seed`), the one with the most words: for players who want many."""
    dice_set = load_dice_set(dice)
    rolls = [seed * 1000 + i for i in range(tries)]
    best = max(rolls, key=lambda s: len(solve(dice_set.roll(s), trie, min_length)))
    return Deal(dice_set.roll(best), dice, best)
