"""Proving the best board: the bound never falls below a board of its class, and proofs agree with brute force."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boggle_tui.engine.dictionary import Dictionary, load_dictionary
from boggle_tui.engine.prove import (
    Classes,
    ProofSettings,
    Tally,
    board_text,
    brute_force,
    build_tree,
    canonical,
    force,
    letters_of,
    prove_class_python,
    search_rest,
    split_order,
    word_keys,
)
from boggle_tui.engine.search import symmetries
from boggle_tui.engine.solver import board_score

ALGS4 = Path(__file__).parent / "data" / "algs4.txt"
SMALL = "aeilnorst"  # the letters the random classes draw from: most words of a small list use them


@pytest.fixture(scope="module")
def algs4() -> Dictionary:
    return load_dictionary(str(ALGS4))


def class_letters(data: st.DataObject, cells: int) -> list[tuple[int, ...]]:
    """A random class: each cell one to three letters of SMALL."""
    texts = [data.draw(st.text(SMALL, min_size=1, max_size=3)) for _ in range(cells)]
    return [letters_of(text) for text in texts]


def exact_scores(trie, letters, height: int, width: int) -> dict[tuple[int, ...], int]:
    return {board: board_score(trie, list(board), height, width, 3) for board in itertools.product(*letters)}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3)]), data=st.data())
def test_the_bound_is_never_below_a_board_of_its_class(algs4: Dictionary, shape, data) -> None:
    height, width = shape
    letters = class_letters(data, height * width)
    tree = build_tree(word_keys(algs4.trie, letters, height, width, 3), Tally())
    scores = exact_scores(algs4.trie, letters, height, width)
    assert tree.bound >= max(scores.values())
    # Forcing the first cell: each letter's tree still bounds every board with that letter there.
    order = split_order(height, width)
    first = order[0]
    for letter, subtree in force(tree, 0, letters[first], Tally()).items():
        assert subtree.bound <= tree.bound
        assert subtree.bound >= max(points for board, points in scores.items() if board[first] == letter)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from([(2, 2), (2, 3), (3, 3)]), data=st.data())
def test_the_bottom_search_finds_every_board_at_the_threshold_with_d_at_least_its_score(
    algs4: Dictionary, shape, data
) -> None:
    height, width = shape
    letters = class_letters(data, height * width)
    order = split_order(height, width)
    tree = build_tree(word_keys(algs4.trie, letters, height, width, 3), Tally())
    scores = exact_scores(algs4.trie, letters, height, width)
    threshold = data.draw(st.integers(0, max(scores.values()) + 1))
    by_step = [letters[cell] for cell in order]
    found = search_rest(tree, by_step, 0, threshold, {})
    d_scores = {tuple(chosen[order.index(cell)] for cell in range(height * width)): d for chosen, d in found}
    for board, points in scores.items():
        if points >= threshold:
            assert d_scores[board] >= points  # found, and D(B) >= S(B)
    assert all(d >= threshold for d in d_scores.values())


def prove_all(trie, height: int, width: int, letters: str, threshold: int) -> set[str]:
    proof = ProofSettings(height, width, threshold, alphabet=letters_of(letters))
    found = []
    for class_id in proof.classes.canonical_ids():
        found += prove_class_python(trie, proof, class_id).boards
    return {board_text(canonical(columns, height, width)) for columns, _ in found}


@pytest.mark.parametrize(("height", "width", "letters"), [(2, 3, "aelrst"), (3, 3, "aest")])
def test_a_proof_finds_the_same_best_boards_as_brute_force(algs4: Dictionary, height, width, letters) -> None:
    every = brute_force(algs4.trie, height, width, letters_of(letters), 1)
    best = max(points for _, points in every)
    expected = {board_text(canonical(columns, height, width)) for columns, points in every if points >= best}
    assert expected  # the list makes words of these letters
    assert prove_all(algs4.trie, height, width, letters, best) == expected
    # A lower threshold: every board at or above it, not only the best.
    lower = best - 3
    expected = {board_text(canonical(columns, height, width)) for columns, points in every if points >= lower}
    assert prove_all(algs4.trie, height, width, letters, lower) == expected


def test_the_classes_cover_every_board_up_to_turns_and_mirrors() -> None:
    classes = Classes.standard(3, 3, letters_of("abe"))
    canonical_ids = set(classes.canonical_ids())
    assert 0 < len(canonical_ids) < classes.count
    for board in itertools.product(letters_of("abe"), repeat=9):
        digits = [
            next(i for i, bucket in enumerate(options) if c in bucket)
            for c, options in zip(board, classes.cells, strict=True)
        ]
        images = {classes.number([digits[i] for i in image]) for image in symmetries(3, 3)}
        assert images & canonical_ids


def test_the_standard_classes_are_the_papers() -> None:
    assert len(list(Classes.standard(3, 3).canonical_ids())) == 102  # 2**9 classes, 8 turns and mirrors
    assert Classes.standard(4, 4).count == 2**4 * 3**12
    assert split_order(3, 3)[0] == 4  # the middle first, the corners last
    assert set(split_order(3, 3)[-4:]) == {0, 2, 6, 8}
