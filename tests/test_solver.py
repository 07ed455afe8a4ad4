from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import crowded_boards, every_path

from boggle_tui.engine import core
from boggle_tui.engine.board import BLANK, Board, parse_board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import solve
from boggle_tui.engine.trie import Trie
from boggle_tui.research.lexicons import SortedList, solve_with


def test_the_known_board_holds_1044_words_worth_3623(enable1) -> None:
    solution = solve(parse_board("plsteaiertnrsges"), enable1.trie)
    assert len(solution) == 1044
    assert solution.total_score == 3623
    assert solution.words == sorted(solution.words)


def test_qu_is_one_die_and_counts_as_two_letters() -> None:
    trie = Trie.build(["qua", "quit", "quite", "suit"])
    board = parse_board("qu i / t e")  # 2x2: Qu I / T E
    solution = solve(board, trie, min_length=4)
    assert solution.words == ["quit", "quite"]  # qua needs an a; "quit" is 3 dice, 4 letters
    assert solution.paths["quite"] == (0, 1, 2, 3)
    assert score("quite") == 2


def test_two_letter_faces_and_blanks() -> None:
    trie = Trie.build(sorted(["then", "than", "inert", "heath", "tin"]))
    board = parse_board("th e n / # an in / a t er")
    solution = solve(board, trie, min_length=3)
    assert "then" in solution  # th-e-n
    assert "inert" in solution  # in-er-t
    # "than" needs th next to an: they are diagonal across the blank, so it is there too.
    assert "than" in solution


# Each engine that is there: the Python reference always, the compiled core when it is built.
ENGINES = [False, True] if core.is_built() else [False]


@pytest.mark.parametrize("compiled", ENGINES, ids=lambda compiled: "C" if compiled else "Python")
def test_a_word_takes_its_least_path_die_by_die(compiled: bool) -> None:
    trie = Trie.build(["an", "tee"])
    with core.forced(compiled):
        assert solve(parse_board("te/ee"), trie, 2).paths["tee"] == (0, 1, 2)  # of six paths, the least
        # Two-letter faces: fewer dice do not make a path less; cell numbers do, die by die.
        assert solve(parse_board("a n an /"), trie, 2).paths["an"] == (0, 1)
        assert solve(parse_board("an a n /"), trie, 2).paths["an"] == (0,)
        assert solve(parse_board("n a / an #"), trie, 2).paths["an"] == (1, 0)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=crowded_boards(most=5), min_length=st.integers(1, 4))
def test_every_word_takes_the_least_of_its_paths(popular, board: Board, min_length: int) -> None:
    """The canonical path (solver.py's docstring), against every path brute force finds, in each engine."""
    for compiled in ENGINES:
        with core.forced(compiled):
            paths = solve(board, popular.trie, min_length).paths
        for word, path in paths.items():
            assert path == min(every_path(board, word))


def test_a_blank_breaks_every_path() -> None:
    trie = Trie.build(["cat"])
    assert "cat" not in solve(parse_board("c#at/"), trie)
    assert "cat" in solve(parse_board("cat#/"), trie)


def test_minimum_length_counts_letters(enable1) -> None:
    board = load_dice_set("big").roll(5)
    assert all(len(word) >= 4 for word in solve(board, enable1.trie, 4).words)
    assert any(len(word) == 3 for word in solve(board, enable1.trie, 3).words)


def test_rectangular_boards_of_one_row_or_one_column(enable1) -> None:
    row = solve(parse_board("antidisestablishmentarianisms/"), enable1.trie)
    assert "establishment" in row and "disestablishment" in row
    column = solve(parse_board("/".join("antidisestablishmentarianisms")), enable1.trie)
    assert column.words == row.words


@cache
def common_words() -> frozenset[str]:
    from boggle_tui.engine.dictionary import load_dictionary

    return frozenset(load_dictionary("popular").trie.words())


def brute_force(board: Board, words: frozenset[str], min_length: int) -> set[str]:
    """Every simple path on the board, spelled, kept if it is a word: no pruning at all."""
    longest = max(map(len, words))
    found: set[str] = set()

    def walk(path: list[int], text: str) -> None:
        if len(text) > longest:
            return
        if len(text) >= min_length and text in words:
            found.add(text)
        for n in board.neighbours(path[-1]):
            if n not in path and board.faces[n] != BLANK:
                walk([*path, n], text + board.faces[n])

    for cell, face in enumerate(board.faces):
        if face != BLANK:
            walk([cell], face)
    return found


face = st.sampled_from([*"aeiourstnlcdpmgbh", "qu", "th", "er", "in", BLANK])


@st.composite
def small_boards(draw: st.DrawFn) -> Board:
    height, width = draw(st.sampled_from([(1, 5), (2, 2), (2, 3), (3, 2), (2, 4), (4, 1)]))
    return Board(tuple(tuple(draw(face) for _ in range(width)) for _ in range(height)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=small_boards(), min_length=st.integers(1, 4))
def test_the_solver_finds_exactly_what_brute_force_finds(popular, board: Board, min_length: int) -> None:
    solution = solve(board, popular.trie, min_length)
    assert set(solution.words) == brute_force(board, common_words(), min_length)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), dice=st.sampled_from(["new", "classic", "big", "superbig"]))
def test_every_path_is_adjacent_repeat_free_and_spells_its_word(enable1, seed: int, dice: str) -> None:
    board = load_dice_set(dice).roll(seed)
    solution = solve(board, enable1.trie, 3)
    for word, path in solution.paths.items():
        assert len(set(path)) == len(path)
        assert all(b in board.neighbours(a) for a, b in itertools.pairwise(path))
        assert board.spell(path) == word
        assert word in enable1


@pytest.mark.parametrize("seed", range(5))
def test_the_trie_agrees_with_the_sorted_list(popular, seed: int) -> None:
    board = load_dice_set("new").roll(seed)
    assert set(solve(board, popular.trie).words) == solve_with(board, SortedList(sorted(common_words())))
