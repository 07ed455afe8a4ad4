from boggle_tui.engine.board import parse_board
from boggle_tui.game.hints import count_by_length, first_letters, starts_at


def test_counts_by_length_and_first_letters() -> None:
    words = ["tea", "eat", "east", "seat", "teas"]
    assert count_by_length(words) == {3: 2, 4: 3}
    assert first_letters(words) == {"ea": 2, "se": 1, "te": 2}


def test_heat_map_counts_words_that_can_start_on_each_die() -> None:
    board = parse_board("ea/ts")
    assert starts_at(board, ["tea", "eat", "east", "set"]) == [2, 0, 1, 1]
    # Two Es: a word starting with E can start on either.
    assert starts_at(parse_board("eat/ae#/"), ["eat"]) == [1, 0, 0, 0, 1, 0]
