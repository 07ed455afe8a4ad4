"""The compiled core against the pure-Python reference: the same words and paths, byte for byte; checked inputs."""

from __future__ import annotations

import itertools
import json
import random
from array import array
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import boards, crowded_boards

from boggle_tui.engine import core
from boggle_tui.engine.board import MAX_CELLS, Board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.scoring import POINTS, score
from boggle_tui.engine.solver import board_score, board_totals, columns_of, solve, solve_json
from boggle_tui.engine.trie import STRIDE, Trie

if not core.is_built():
    pytest.skip("the compiled core is not built (or is stale)", allow_module_level=True)
import _boggle_core as _core  # the module the engine accepted: built from this source


@pytest.fixture(autouse=True)
def compiled_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests compare the engines, so the core is in use even in a BOGGLE_PURE_PYTHON=1 run."""
    monkeypatch.delenv(core.PURE_PYTHON_VARIABLE, raising=False)


def python_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(core.PURE_PYTHON_VARIABLE, "1")


def both(board: Board, trie: Trie, min_length: int) -> tuple[dict, dict]:
    with pytest.MonkeyPatch.context() as patch:
        python_engine(patch)
        reference = solve(board, trie, min_length).paths
    return reference, solve(board, trie, min_length).paths


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), min_length=st.integers(1, 5))
def test_both_engines_find_the_same_words_with_valid_paths(enable1, board: Board, min_length: int) -> None:
    reference, compiled = both(board, enable1.trie, min_length)
    assert list(compiled) == list(reference)
    for word, path in compiled.items():
        assert len(set(path)) == len(path)
        assert all(b in board.neighbours(a) for a, b in itertools.pairwise(path))
        assert board.spell(path) == word


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9), dice=st.sampled_from(["new", "classic", "big", "superbig", "master"]))
def test_both_engines_score_rolled_boards_alike(enable1, seed: int, dice: str) -> None:
    board = load_dice_set(dice).roll(seed)
    columns = columns_of(board)
    compiled = board_score(enable1.trie, columns, board.height, board.width, 3), board_totals(board, enable1.trie)
    with pytest.MonkeyPatch.context() as patch:
        python_engine(patch)
        reference = board_score(enable1.trie, columns, board.height, board.width, 3), board_totals(board, enable1.trie)
    assert compiled == reference and compiled[1][1] == compiled[0]


def test_scoring_many_boards_at_once_is_scoring_each(enable1) -> None:
    rolled = [columns_of(load_dice_set("new").roll(seed)) for seed in range(20)]
    one_by_one = [enable1.trie.core().score(columns, 4, 4, 3) for columns in rolled]
    assert enable1.trie.core().score_many(rolled, 4, 4, 3) == one_by_one
    assert one_by_one[0] == board_score(enable1.trie, rolled[0], 4, 4, 3) and len(set(one_by_one)) > 1


def test_the_best_board_in_c(enable1) -> None:
    columns = columns_of(Board(tuple(tuple(row) for row in ("plst", "eaie", "rtnr", "sges"))))
    assert enable1.trie.core().score(columns, 4, 4, 3) == 3623
    assert len(enable1.trie.core().solve(columns, 4, 4, 3)) == 1044
    assert enable1.trie.core().words == len(enable1)  # numbered in one pass over the cached table's rows


def test_the_environment_variable_forces_the_python_engine(enable1, monkeypatch) -> None:
    assert enable1.trie.core() is not None and core.engine_name().startswith("C")
    python_engine(monkeypatch)
    assert enable1.trie.core() is None and core.engine_name().startswith("Python")


@pytest.mark.parametrize(
    ("columns", "height", "width", "message"),
    [
        ([0] * 4, 2, 3, "do not fill"),
        ([0, 1, 2, 32], 2, 2, "out of range"),
        ([0, 1, 2, -2], 2, 2, "out of range"),
        ([0] * (MAX_CELLS + 1), 1, MAX_CELLS + 1, "1 to"),
        ([], 0, 0, "1 to"),
        ([0] * 4, -2, -2, "1 to"),
    ],
)
def test_the_core_checks_every_board_it_is_given(enable1, columns, height, width, message) -> None:
    with pytest.raises(ValueError, match=message):
        enable1.trie.core().score(columns, height, width)
    with pytest.raises(ValueError, match=message):
        enable1.trie.core().solve(columns, height, width)


def test_the_core_refuses_a_column_that_is_not_a_number(enable1) -> None:
    with pytest.raises(TypeError):
        enable1.trie.core().score(["a"] * 4, 2, 2)


def test_the_core_checks_the_table_it_is_given() -> None:
    good = Trie.build(["cat", "cats", "dog"]).table
    assert _core.Core(good, POINTS).words == 3
    outside = array("I", good)
    outside[2] = (len(good) + STRIDE) << 1  # a child past the end
    unaligned = array("I", good)
    unaligned[2] = 5 << 1
    looped = array("I", [0] * STRIDE)
    looped[0] = 0 << 1 | 1  # "a" leads back to the root: words without end
    top_down = array("I", [0] * 3 * STRIDE)  # "a", "ab": a trie, but its rows written parents first
    top_down[0] = STRIDE << 1 | 1
    top_down[STRIDE + 1] = 2 * STRIDE << 1 | 1
    back_to_the_root = array("I", top_down)
    back_to_the_root[STRIDE + 1] = 0 << 1 | 1
    for table, message in [
        (array("I", good[:-1]), "whole number of rows"),
        (array("I"), "whole number of rows"),
        (outside, "outside"),
        (unaligned, "outside"),
        (looped, "come before"),
        (top_down, "come before"),
        (back_to_the_root, "come before"),
    ]:
        with pytest.raises(ValueError, match=message):
            _core.Core(table, POINTS)
    lying = array("I", good)
    lying[STRIDE - 1] |= 1 << 5  # the root's bitmask names an "f" it has no entry for
    silent = array("I", good)
    silent[STRIDE - 1] &= ~(1 << 2)  # ... or leaves out its "c"
    for table, message in [(lying, "bitmask"), (silent, "bitmask")]:
        with pytest.raises(ValueError, match=message):
            _core.Core(table, POINTS)
    with pytest.raises(ValueError):
        _core.Core(good, [])
    with pytest.raises(ValueError):
        _core.Core(good, [-1])


def test_the_core_reads_the_table_in_place_and_holds_it() -> None:
    table = Trie.build(["cat", "cats", "dog"]).table
    held = _core.Core(table, POINTS)
    with pytest.raises(BufferError):  # while the core reads it, the table cannot move
        table.append(0)
    assert [word for word, _ in held.solve(columns_of(Board((("c", "a"), ("s", "t")))), 2, 2)] == ["cat", "cats"]
    del held
    table.append(0)  # let go with the core
    assert _core.Core(Trie.build(["cat", "dog"]).table.tobytes(), POINTS).words == 2  # any buffer, read-only too
    raw = Trie.build(["cat", "dog"]).table.tobytes()
    shifted = memoryview(bytearray(len(raw) + 1))[1:]
    shifted[:] = raw
    with pytest.raises(ValueError, match="aligned"):  # 32-bit entries read where they lie must be aligned
        _core.Core(shifted, POINTS)


@settings(max_examples=50, deadline=None)
@given(changes=st.lists(st.tuples(st.integers(0, 4 * STRIDE - 1), st.integers(0, 2**32 - 1)), min_size=1, max_size=40))
def test_a_table_changed_after_the_check_gives_wrong_words_but_is_never_read_outside(changes) -> None:
    """The table is not copied, so nothing stops Python from writing over it: the walk stays inside it whatever
    it finds there (tools/sanitize runs this under AddressSanitizer)."""
    table = Trie.build(sorted(["ab", "abc", "ba", "bad", "cab", "dab", "abba"])).table
    held = _core.Core(table, POINTS)
    for index, value in changes:
        table[index % len(table)] = value
    board = Board((("a", "b", "c"), ("d", "a", "b"), ("b", "a", "d")))
    for min_length in (1, 3):
        words = held.solve(columns_of(board), 3, 3, min_length)
        assert all(len(path) <= 9 for _, path in words)
        assert held.score(columns_of(board), 3, 3, min_length) >= 0


def written_and_solved(
    board: Board, trie: Trie, min_length: int, required: frozenset[str] | None = None
) -> tuple[tuple[list, int, int, int, int], list[dict]]:
    """What `solve_json` writes (parsed), and the same solution made into dicts for `json.dumps`: with each word's
    tier when the required words are given, and their count and points."""
    text, count, points, needed, needed_points = solve_json(board, trie, min_length, required)
    solution = solve(board, trie, min_length)
    tier = {} if required is None else {w: "required" if w in required else "bonus" for w in solution.paths}
    as_dicts = [
        {"word": word, "score": score(word), **({"tier": tier[word]} if tier else {}),
         "path": [list(board.position(cell)) for cell in path]}
        for word, path in solution.paths.items()
    ]  # fmt: skip
    assert (count, points) == (len(solution), solution.total_score)
    kept = [word for word in solution.paths if required is not None and word in required]
    assert (needed, needed_points) == (len(kept), sum(map(score, kept)))
    return (json.loads(text), count, points, needed, needed_points), as_dicts


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), min_length=st.integers(1, 4))
def test_both_engines_write_what_json_dumps_would(enable1, board: Board, min_length: int) -> None:
    """With and without tiers: the required words here are the popular list's (a set of words, as the game's)."""
    for required in (None, POPULAR_WORDS):
        compiled, compiled_dicts = written_and_solved(board, enable1.trie, min_length, required)
        with pytest.MonkeyPatch.context() as patch:
            python_engine(patch)
            reference, reference_dicts = written_and_solved(board, enable1.trie, min_length, required)
        assert compiled[0] == compiled_dicts and reference[0] == reference_dicts
        assert compiled == reference


POPULAR_WORDS = frozenset((Path(__file__).parent.parent / "dictionaries" / "popular.txt").read_text().split())


def both_answers(board: Board, trie: Trie, min_length: int) -> tuple[tuple, tuple]:
    """Everything each engine answers for a board: its JSON text, count and points, and its solution's paths."""
    answers = []
    for python in (True, False):
        with pytest.MonkeyPatch.context() as patch:
            if python:
                python_engine(patch)
            answers.append((solve_json(board, trie, min_length), list(solve(board, trie, min_length).paths.items())))
    return answers[0], answers[1]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards() | crowded_boards(), min_length=st.integers(1, 4))
def test_both_engines_answer_byte_for_byte_alike(enable1, board: Board, min_length: int) -> None:
    reference, compiled = both_answers(board, enable1.trie, min_length)
    assert compiled == reference


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), dice=st.sampled_from(["new", "classic", "big", "superbig", "master"]))
def test_both_engines_answer_rolled_boards_byte_for_byte_alike(enable1, seed: int, dice: str) -> None:
    reference, compiled = both_answers(load_dice_set(dice).roll(seed), enable1.trie, 3)
    assert compiled == reference


def test_both_engines_agree_on_rich_boards(enable1, monkeypatch) -> None:
    """Boards of thousands of points, where many words are found again by other paths: the walks written out by
    shape (core/_boggle_core.c `visit_for`) keep each word's canonical path, as the Python engine does."""
    rng = random.Random(41)
    for _ in range(12):
        faces = list("plsteaiertnrsges")
        for _ in range(rng.randint(1, 3)):
            i, j = rng.randrange(16), rng.randrange(16)
            faces[i], faces[j] = faces[j], faces[i]
        board = Board(tuple(tuple(faces[r * 4 : r * 4 + 4]) for r in range(4)))
        reference, compiled = both(board, enable1.trie, 3)
        assert compiled == reference and list(compiled) == list(reference) and len(compiled) > 300


def test_the_batch_call_checks_its_arguments(enable1) -> None:
    core = enable1.trie.core()
    letters = bytes([0] * 97 + list(range(1, 27)) + [0] * 133)  # a-z
    good = {
        "letters": letters, "min_lengths": [3] * 33, "side": 0, "json": True, "head": b"", "middle": b"",
        "template": b"", "words_forms": b"", "points_forms": b"", "group": b",",
    }  # fmt: skip
    assert core.solve_lines(b"abcd\nab1\n", 0, True, **good) == (core.solve_lines(b"abcd\n", 0, True, **good)[0], 5, 1)
    for bad in [
        {"letters": letters[:-1]},  # not 256 bytes
        {"letters": bytes([0] * 97 + [32] + [0] * 158)},  # a column past the faces
        {"letters": bytes([0] * 97 + [27] + [0] * 158)},  # Qu: not a one-letter face
        {"min_lengths": [3] * 32},
        {"min_lengths": [0] * 33},
        {"side": 33},
        {"json": False, "template": b"\0b" * 20},  # more than 16 fields
        {"json": False, "words_forms": b"a"},  # not 200 forms
    ]:
        with pytest.raises(ValueError):
            core.solve_lines(b"abcd\n", 0, True, **{**good, **bad})
    for start in (-1, 6):
        with pytest.raises(ValueError):
            core.solve_lines(b"abcd\n", start, True, **good)
