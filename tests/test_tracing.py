"""Where a typed text lies on the board, found quickly on any board, and the mouse rules."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import every_path

from boggle_tui.engine.board import Board, parse_board
from boggle_tui.game import tracing
from boggle_tui.game.tracing import TooHard, click, find_path, path_while_typing


def test_a_path_for_any_text_on_the_board() -> None:
    board = parse_board("plsteaiertnrsges")
    path = find_path(board, "PLEA")
    assert path is not None and board.spell(path) == "plea"
    assert find_path(board, "zzz") is None and find_path(board, "") is None
    assert find_path(parse_board("qu i / t e"), "quite") == (0, 1, 2, 3)
    assert find_path(parse_board("qu i / t e"), "qite") is None
    assert find_path(parse_board("ab#c/"), "bc") is None
    assert path_while_typing(parse_board("qu i / t e"), "q") == (0,)


def test_a_path_from_a_given_die_or_through_one() -> None:
    board = parse_board("ab/ba")
    assert find_path(board, "ab", start=3) == (3, 1)
    assert find_path(board, "ab", start=1) is None
    path = find_path(board, "aba", through=2)
    assert path is not None and 2 in path


boards = st.integers(2, 4).flatmap(
    lambda side: st.lists(st.sampled_from("aabeqn#"), min_size=side * side, max_size=side * side).map(
        lambda faces: Board(
            tuple(tuple("qu" if f == "q" else f for f in faces[r * side : (r + 1) * side]) for r in range(side))
        )
    )
)


@settings(max_examples=300, deadline=None)
@given(board=boards, text=st.text("abequn", min_size=1, max_size=8))
def test_the_search_agrees_with_brute_force(board: Board, text: str) -> None:
    path = find_path(board, text)
    exists = next(every_path(board, text), None) is not None
    assert (path is not None) == exists
    if path is not None:
        assert board.spell(path) == text and len(set(path)) == len(path)
        assert all(b in board.neighbours(a) for a, b in itertools.pairwise(path))


def test_repeated_letters_cost_little_whatever_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    board = parse_board("treeseeeeeeeeeeeeeeeeeeee")
    steps: list[int] = []
    real = tracing._Search.run

    def counted(self, start):  # type: ignore[no-untyped-def]
        try:
            return real(self, start)
        finally:
            steps.append(self.steps)

    monkeypatch.setattr(tracing._Search, "run", counted)
    assert find_path(board, "e" * 11 + "b") is None  # no B at all: no step taken
    assert find_path(board, "e" * 23) is None  # more E's than dice showing E
    assert find_path(board, "e" * 21) is not None
    assert max(steps) < 1_000


def test_a_search_too_long_gives_up_within_its_budget() -> None:
    board = parse_board("treeseeeeeeeeeeeeeeeeeeee")
    with pytest.raises(TooHard):
        find_path(board, "s" + "e" * 20 + "t")


def test_the_mouse_rules() -> None:
    board = parse_board("ab#/cde/fgh")
    assert click(board, (), 0).path == (0,)
    assert click(board, (0,), 1).path == (0, 1)
    assert click(board, (0, 1), 1).submit
    assert click(board, (0, 1), 8).refused  # not a neighbour
    assert click(board, (0, 1), 0).refused  # already used
    assert click(board, (0,), 2).refused  # a blank
