from __future__ import annotations

import pytest
from hypothesis import given
from support import boards

from boggle_tui.engine.board import BLANK, Board, neighbours, parse_board
from boggle_tui.engine.errors import BoggleError


def test_a_run_of_sixteen_letters_is_a_4x4_board_row_major() -> None:
    board = parse_board("plsteaiertnrsges")
    assert (board.height, board.width) == (4, 4)
    assert board.rows[0] == ("p", "l", "s", "t")
    assert board.rows[3] == ("s", "g", "e", "s")


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("quabcdefghijklmno", ("qu", "a", "b")),  # qu is one face
        ("qabcdefghijklmno", ("qu", "a", "b")),  # so is a bare q
        ("quuabcdefghijklmn", ("qu", "u", "a")),  # quu is Qu then U
    ],
)
def test_q_in_a_run_is_the_qu_face(text: str, faces: tuple[str, ...]) -> None:
    assert parse_board(text).faces[:3] == faces


def test_slashes_give_any_shape() -> None:
    assert parse_board("abcd/efgh").rows == (tuple("abcd"), tuple("efgh"))
    long_row = parse_board("antidisestablishmentarianisms/")
    assert (long_row.height, long_row.width) == (1, 29)
    column = parse_board("/".join("abcdefghijklmnopqrstuvwxyzabcdef"))
    assert (column.height, column.width) == (32, 1)


def test_tokens_allow_two_letter_faces_and_blanks() -> None:
    board = parse_board("An er, HE / in q th / # a b")
    assert board.rows == (("an", "er", "he"), ("in", "qu", "th"), (BLANK, "a", "b"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("abc", "not a square"),
        ("ab1d", "'1'"),
        ("abc/de", "same number"),
        ("ab//cd", "empty row"),
        ("xy zz / a b", "'xy'"),
    ],
)
def test_bad_boards_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BoggleError, match=message):
        parse_board(text)


@given(boards())
def test_board_text_reads_back_to_the_same_board(board: Board) -> None:
    assert parse_board(board.text()) == board


def test_neighbours_are_the_eight_directions_inside_the_grid() -> None:
    grid = neighbours(3, 3)
    assert sorted(grid[4]) == [0, 1, 2, 3, 5, 6, 7, 8]
    assert sorted(grid[0]) == [1, 3, 4]
    assert neighbours(1, 3)[1] == (0, 2)
