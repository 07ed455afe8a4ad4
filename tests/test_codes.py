from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from support import boards

from boggle_tui.engine.board import Board, parse_board
from boggle_tui.engine.dice import dice_set_names, load_dice_set
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.codes import board_code, parse_code
from boggle_tui.game.daily import daily_deal, daily_seed


def test_a_rolled_board_has_a_readable_code() -> None:
    board = parse_board("plsteaiertnrsges")
    assert board_code(board, "new") == "N-PLSTEAIERTNRSGES"
    assert board_code(board) == "X-PLSTEAIERTNRSGES"
    assert board_code(parse_board("abc/")) == "X-ABC-1x3"
    assert board_code(parse_board("an # / qu th")) == "X-1.Q5"  # a blank is never read as an O
    assert parse_code("X-1.Q5").board == parse_code("X-10Q5").board  # codes shared before still work


@pytest.mark.parametrize("dice", dice_set_names())
def test_codes_rebuild_rolled_boards_and_their_dice_set(dice: str) -> None:
    board = load_dice_set(dice).roll(123)
    dealt = parse_code(board_code(board, dice))
    assert dealt.board == board and dealt.dice == dice


@given(boards())
def test_every_board_survives_its_code(board: Board) -> None:
    code = board_code(board)
    assert parse_code(code).board == board
    assert parse_code(code.lower()).board == board  # codes are read in any case


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("", "expected a dice letter"),
        ("PLSTEAIERTNRSGES", "expected a dice letter"),
        ("Z-ABCD", "expected a dice letter"),
        ("N-ABC", "do not fill"),
        ("N-AB!D", "'!' is not a face"),
        ("B-PLSTEAIERTNRSGES", "is 5x5"),
        ("X-ABCDEF-2by3", "not a shape"),
        ("X-ABCDEF-2x4", "do not fill"),
    ],
)
def test_malformed_codes_say_why(code: str, why: str) -> None:
    with pytest.raises(BoggleError, match=why):
        parse_code(code)


def test_the_daily_board_comes_from_the_date_alone() -> None:
    day = dt.date(2026, 11, 22)
    assert daily_seed(day) == 20261122
    first, again = daily_deal(day), daily_deal(day)
    assert first == again and first.daily == "2026-11-22" and first.dice == "new"
    assert daily_deal(day + dt.timedelta(days=1)).board != first.board
