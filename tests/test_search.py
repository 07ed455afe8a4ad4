from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from boggle_tui.cli.best import _record_line
from boggle_tui.cli.main import main
from boggle_tui.engine.alphabets import alphabet_for
from boggle_tui.engine.board import BLANK, FACE_INDEX, FACES, parse_board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import language_of, load_dictionary
from boggle_tui.engine.solver import solve
from boggle_tui.game.wording import plural
from boggle_tui.research.search import (
    RECORDS,
    AnyLetters,
    RollableFaces,
    Scorer,
    board_of,
    letter_weights,
    search,
    symmetries,
)

ALGS4 = str(Path(__file__).parent / "data" / "algs4.txt")


def columns(board) -> list[int]:
    return [FACE_INDEX.get(face, -1) for face in board.faces]


@pytest.mark.parametrize(("dice", "seed"), [("new", 1), ("classic", 2), ("big", 3), ("superbig", 4), ("superbig", 9)])
def test_the_scorer_agrees_with_the_solver(enable1, dice: str, seed: int) -> None:
    dice_set = load_dice_set(dice)
    board = dice_set.roll(seed)
    scorer = Scorer(enable1.trie, board.height, board.width, dice_set.min_length)
    assert scorer(columns(board)) == solve(board, enable1.trie, dice_set.min_length).total_score


def test_the_scorer_on_the_known_board(enable1) -> None:
    board = parse_board("plsteaiertnrsges")
    assert Scorer(enable1.trie, 4, 4, 3)(columns(board)) == 3623


def test_the_scorer_solves_a_board_it_has_seen_only_once(enable1, monkeypatch) -> None:
    scorer = Scorer(enable1.trie, 4, 4, 3)
    known, other = columns(parse_board("plsteaiertnrsges")), columns(load_dice_set("new").roll(5))
    first, _, again = scorer(known), scorer(other), scorer(known)
    assert first == again == 3623 and scorer.solved == 2
    monkeypatch.setattr("boggle_tui.research.search.KNOWN_CELLS", 2 * 16)  # full: what it remembers starts over
    third = load_dice_set("new").roll(6)
    assert scorer(columns(third)) == solve(third, enable1.trie, 3).total_score > 0
    assert list(scorer.known) == [tuple(columns(third))] and scorer.solved == 3
    assert scorer(known) == 3623 and scorer.solved == 4  # forgotten, so solved again


def test_a_search_finds_better_boards_and_reports_them(popular) -> None:
    space = AnyLetters(9, letter_weights(popular.trie))
    scorer = Scorer(popular.trie, 3, 3, 3)
    first = scorer(space.start(random.Random(7)))  # the walk's own first board: it starts from the same seed
    seen = []
    # Stopped by boards solved, not by the clock: the same walk on any machine.
    result = search(scorer, space, float("inf"), random.Random(7), seen.append, lambda: scorer.solved >= 300)
    assert result.best_score > first and scorer.solved == 300 and result.evaluations > 300  # repeats are free
    assert solve(board_of(result.best, 3, 3), popular.trie, 3).total_score == result.best_score
    assert [p.best_score for p in seen] == sorted(p.best_score for p in seen) and seen[-1].best == result.best
    for progress in seen:  # every board reported scores what the report says
        assert solve(board_of(progress.best, 3, 3), popular.trie, 3).total_score == progress.best_score


def test_a_search_over_real_dice_only_visits_rollable_boards(popular) -> None:
    dice = load_dice_set("classic")
    space = RollableFaces(dice, letter_weights(popular.trie))
    rng = random.Random(3)
    state = space.start(rng)
    seen = set()
    for _ in range(200):
        state = space.step(state, rng)
        board = board_of(space.columns(state), 4, 4)
        assert dice.can_show(board.faces)
        seen.add(board.text())
    assert len(seen) > 150  # it walks: steps are rarely turned back


@pytest.mark.parametrize("dice", ["classic", "big", "superbig", "es-big"])
def test_the_walk_over_dice_is_the_one_a_whole_matching_each_step_gives(popular, dice: str) -> None:
    """#42: the walk keeps a die for each face and mends it along one augmenting path a step; it visits the very
    boards that matching the whole board again each step (`DiceSet.can_show`) gives, draw for draw, and the dice
    it names show them: each die once, in the cell of a face it has."""
    dice_set = load_dice_set(dice)
    language = dice_set.language
    trie = popular.trie if language == "en" else load_dictionary(language, language=language).trie
    space = RollableFaces(dice_set, letter_weights(trie))
    shown = alphabet_for(language).faces
    index = alphabet_for(language).face_index

    def faces(cells: list[int]) -> list[str]:
        return [shown[c] if c >= 0 else BLANK for c in cells]

    ours, theirs = random.Random(11), random.Random(11)
    state = space.start(ours)
    cells = [index.get(face, -1) for face in dice_set.roll(theirs.getrandbits(32)).faces]
    turned_back = 0
    for _ in range(400):
        state = space.step(state, ours)
        while not dice_set.can_show(faces(new := space.letters.step(cells, theirs))):
            turned_back += 1
        cells = new
        board, dice_of = state
        assert board == cells and sorted(dice_of) == sorted(set(dice_of))
        assert all(faces(board)[cell] in dice_set.dice[die] for cell, die in enumerate(dice_of))
    assert turned_back > 0  # the walk met boards the dice cannot show, and turned them back as a matching does
    assert space.match(columns(parse_board("qqqq" * 4))) is None  # the 1987 and 1976 sets have one Qu each


def test_a_seeded_walk_over_any_letters_draws_as_it_always_has(popular) -> None:
    """A seed names a walk for good (docs/records.md's commands repeat it): a step draws, in this order, whether to
    shift a line (and which, and which way), whether to swap (and which two cells), else the new face, then its
    cell, as the walk always has."""
    space = AnyLetters(16, letter_weights(popular.trie), 4)

    def historic(state: list[int], rng: random.Random) -> list[int]:
        new = list(state)
        if rng.random() < 0.05:
            line, by = rng.choice(space.lines), rng.choice((1, -1))
            faces = [new[i] for i in line]
            for cell, face in zip(line, faces[-by:] + faces[:-by], strict=True):
                new[cell] = face
            return new
        if rng.random() < 0.3:
            i, j = rng.sample(range(16), 2)
            new[i], new[j] = new[j], new[i]
        else:
            new[rng.randrange(16)] = rng.choices(space.letters, space.weights)[0]  # the face is drawn first
        return new

    ours, theirs = random.Random(4), random.Random(4)
    state = old = space.start(ours)
    theirs.choices(space.letters, space.weights, k=16)
    for _ in range(500):
        state, old = space.step(state, ours), historic(old, theirs)
        assert state == old


def test_a_stopped_search_still_has_a_best_board(popular) -> None:
    space = AnyLetters(16, letter_weights(popular.trie))
    result = search(Scorer(popular.trie, 4, 4, 3), space, 60, random.Random(1), should_stop=lambda: True)
    assert result.evaluations == 1 and len(result.best) == 16


def test_best_command_json(capsys) -> None:
    assert main(["best", "--seconds", "0.5", "--seed", "1", "--dictionary", ALGS4, "--size", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert len(result["board"]) == 3 and all(len(row) == 3 for row in result["board"])
    assert result["evaluations"] >= result["solved"] >= 1 and 0 < result["seconds"] < 5 and result["seed"] == 1
    assert result["total_score"] == sum(word["score"] for word in result["words"])


def test_best_command_over_dice_for_people(capsys) -> None:
    assert main(["best", "--seconds", "0.3", "--dice", "classic", "--dictionary", ALGS4]) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps at the terminal width
    assert "only boards the Classic Boggle (1976) dice can roll" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dice", "new", "--size", "5"], "make a 4x4 board"),
        (["--size", "0"], "sizes run from"),
        (["--size", "big"], "not a size"),
        (["--seconds", "-1"], "out of range"),
    ],
)
def test_best_command_errors(capsys, args: list[str], message: str) -> None:
    try:
        code = main(["best", *args])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    assert code == 2 and message in capsys.readouterr().err


def test_a_search_over_super_big_dice_also_draws_their_two_letter_faces(popular) -> None:
    dice = load_dice_set("superbig")
    space = RollableFaces(dice, letter_weights(popular.trie))
    assert {"an", "er", "he", "in", "th", "qu"} <= {FACES[col] for col in space.letters.letters}
    rng = random.Random(5)
    state = space.start(rng)
    drawn: set[str] = set()
    for _ in range(2000):
        state = space.step(state, rng)
        drawn.update(board_of(space.columns(state), 6, 6).faces)
    assert drawn & {"an", "er", "he", "in", "th"}  # one die has them all, so one at a time


def test_a_seeded_walk_over_dice_repeats_in_every_process() -> None:
    # String hashing differs between processes: nothing the walk draws may depend on set order.
    walk = (
        "import random; from boggle_tui.engine.dictionary import load_dictionary;"
        "from boggle_tui.engine.dice import load_dice_set;"
        "from boggle_tui.research.search import RollableFaces, letter_weights;"
        "space = RollableFaces(load_dice_set('superbig'), letter_weights(load_dictionary('popular').trie));"
        "rng = random.Random(1); state = space.start(rng)\n"
        "for _ in range(300): state = space.step(state, rng)\n"
        "print(state)"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", walk], env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True
        )
        for seed in ("1", "2")
    ]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout


def test_best_runs_several_searches_and_names_the_known_record(capsys, enable1) -> None:
    assert main(["best", "--seconds", "0.5", "--seed", "2", "--jobs", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["jobs"] == 2
    assert result["record"] == {"board": "plsteaiertnrsges", "points": 3623, "proven": False, "dice": None}
    assert 0 < result["total_score"] <= 3623 and result["evaluations"] >= result["solved"] > 0
    assert main(["best", "--seconds", "0.3", "--jobs", "1", "--size", "3x3", "--dictionary", "popular"]) == 0
    assert "proven best board" in capsys.readouterr().out  # boggle prove's 3x3 optimum for popular, 258
    assert main(["best", "--seconds", "0.3", "--jobs", "1", "--size", "3x4"]) == 0
    assert "proven best board" in capsys.readouterr().out  # 3x4 enable1: pers/late/sind, proved
    assert main(["best", "--seconds", "0.3", "--jobs", "1", "--size", "5x5", "--dictionary", "popular"]) == 0
    assert "best known" not in capsys.readouterr().out  # no record is known for 5x5 under popular
    assert main(["best", "--seconds", "0.3", "--jobs", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps at the terminal width
    # A fast machine may find the record itself in 0.3 s: either line names it.
    assert "board for this size and word list: plsteaiertnrsges" in out or "(3,623 points, plsteaiertnrsges)" in out
    assert "by 1 search:" in out
    assert main(["best", "--seconds", "0.3", "--jobs", "2", "--size", "3"]) == 0
    assert "by 2 searches:" in " ".join(capsys.readouterr().out.split())  # it said "2 searchs"


def test_the_wordiest_board_is_searched_for_by_its_words_and_named_against_its_record(capsys, enable1) -> None:
    """`--objective words` (#42): the search measures a board by how many words it holds, and the JSON and the
    lines say so, against the wordiest 4x4 known (danvk's, 1,158 words on ENABLE2K), rescored here."""
    from boggle_tui.engine.solver import board_totals, columns_of
    from boggle_tui.research.search import WORD_RECORDS, WORDS

    board, words = WORD_RECORDS[4, 4, "enable1", 3]
    assert board_totals(parse_board(board), enable1.trie)[0] == words == 1156
    for dice in ("new", "classic"):  # docs/records.md: both the 1987 and the 1976 dice can roll it
        space = RollableFaces(load_dice_set(dice), letter_weights(enable1.trie))
        assert space.rollable(columns_of(parse_board(board), enable1.trie)), dice
    by_words, by_points = Scorer(enable1.trie, 4, 4, 3, WORDS), Scorer(enable1.trie, 4, 4, 3)
    columns = columns_of(parse_board(board), enable1.trie)
    assert (by_words(columns), by_points(columns)) == board_totals(parse_board(board), enable1.trie)
    assert main(["best", "--seconds", "0.5", "--seed", "3", "--jobs", "1", "--objective", "words", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["objective"] == "words"
    assert result["record"] == {"board": board, "words": 1156, "proven": False, "dice": None}
    assert 0 < result["total_words"] <= 1156
    assert main(["best", "--seconds", "0.3", "--jobs", "1", "--objective", "words"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"{board}, 1,156 words" in out or f"(1,156 words, {board})" in out
    assert main(["best", "--seconds", "0.3", "--jobs", "1", "--size", "3", "--objective", "words"]) == 0
    assert "proven" not in capsys.readouterr().out  # the 3x3 proofs are of points, not of words


@pytest.mark.parametrize(
    ("points", "proven", "said"),
    [(3623, True, "This is the proven best board (3,623 points, plsteaiertnrsges)"),
     (3000, True, "The proven best board for this size and word list: plsteaiertnrsges, 3,623 points."),
     (3700, False, "A new record: 3,700 points, above the best known board (3,623, plsteaiertnrsges)!"),
     (3623, False, "This equals the best known board (3,623 points, plsteaiertnrsges)."),
     (3000, False, "The best known board for this size and word list: plsteaiertnrsges, 3,623 points.")],
)  # fmt: skip
def test_the_record_line_compares_the_board_found_with_the_record(points: int, proven: bool, said: str) -> None:
    assert _record_line(("plsteaiertnrsges", 3623), points, proven).startswith(said)


@pytest.mark.parametrize(
    ("count", "noun", "said"),
    [(1, "search", "1 search"), (2, "search", "2 searches"), (0, "box", "0 boxes"), (3, "word", "3 words"),
     (1_044, "point", "1,044 points"), (2, "wish", "2 wishes"), (2, "day", "2 days")],
)  # fmt: skip
def test_plurals(count: int, noun: str, said: str) -> None:
    assert plural(count, noun) == said


def test_the_records_score_what_they_say(enable1, popular) -> None:
    lists = {"enable1": enable1, "popular": popular}
    for (height, width, name, min_length), (text, points) in RECORDS.items():
        language = language_of(name).code  # another language's record is on its own list and letters
        words = lists.get(name) or load_dictionary(name, language=language)
        board = parse_board(text, language)
        assert solve(board, words.trie, min_length).total_score == points
        assert (height, width) == board.shape


def test_each_record_of_a_set_of_dice_scores_what_it_says_and_the_dice_can_roll_it(enable1) -> None:
    """#42: docs/records.md's best boards for a set of dice, rescored on their list, each face matched to a die of
    its own (the set's matching, as the walk's)."""
    from boggle_tui.research.search import DICE_RECORDS

    for (key, name, min_length), (text, points) in DICE_RECORDS.items():
        dice = load_dice_set(key)
        words = enable1 if name == "enable1" else load_dictionary(name, language=dice.language)
        board = parse_board(text, dice.language)
        assert board.shape == (dice.height, dice.width) and dice.can_show(board.faces), key
        assert solve(board, words.trie, min_length).total_score == points, key
        space = RollableFaces(dice, letter_weights(words.trie))
        index = alphabet_for(dice.language).face_index
        assert space.rollable([index[face] for face in board.faces]), key


def test_best_over_dice_is_read_against_the_best_board_those_dice_can_roll(capsys) -> None:
    """#42: `boggle best --dice` names the record of its dice, not of any board of the size, in JSON and in words."""
    assert main(["best", "--seconds", "0.3", "--jobs", "1", "--seed", "2", "--dice", "classic", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["record"]
    assert record == {"board": "plsteaiertnrsges", "points": 3623, "proven": False, "dice": "classic"}
    assert main(["best", "--seconds", "0.3", "--jobs", "1", "--seed", "2", "--dice", "classic"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "The best known board these dice can roll with this word list: plsteaiertnrsges, 3,623 points." in out
    assert (
        _record_line(("abc", 10), 10, kind="rolled") == "This equals the best known board these dice can roll "
        "(10 points, abc)."
    )


def test_a_board_has_eight_symmetries_when_square_else_four() -> None:
    assert len({tuple(order) for order in symmetries(4, 4)}) == 8 and len(symmetries(3, 4)) == 4
    assert all(sorted(order) == list(range(12)) for order in symmetries(3, 4))
    turned = symmetries(3, 3)  # every image of a 3x3 board, the board itself first
    assert turned[0] == list(range(9)) and [2, 5, 8, 1, 4, 7, 0, 3, 6] in turned  # a quarter turn


def test_a_shift_moves_a_whole_row_or_column_round_by_one() -> None:
    from boggle_tui.research.search import _lines, shift

    lines = _lines(16, 4)
    assert lines[0] == [0, 1, 2, 3] and lines[4] == [0, 4, 8, 12] and len(lines) == 8
    board = list(range(16))
    assert shift(list(board), lines[0], 1)[:4] == [3, 0, 1, 2]
    assert shift(list(board), lines[4], -1)[0:13:4] == [4, 8, 12, 0]
    shifted = shift(list(board), lines[5], 1)
    assert sorted(shifted) == board and shifted != board  # the same faces, moved


def test_steps_keep_the_board_s_size_and_some_keep_its_faces(popular) -> None:
    space = AnyLetters(16, letter_weights(popular.trie), 4)
    rng = random.Random(2)
    state = space.start(rng)
    moved = [space.step(state, rng) for _ in range(400)]
    assert all(len(m) == 16 for m in moved)
    assert any(sorted(m) == sorted(state) and m != state for m in moved)  # swaps and shifts keep the faces
