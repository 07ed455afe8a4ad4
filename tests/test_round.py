from __future__ import annotations

import itertools
import random

import pytest

from boggle_tui.engine.board import parse_board
from boggle_tui.engine.trie import Trie
from boggle_tui.game.clock import Clock, format_seconds
from boggle_tui.game.round import EndReason, Entry, Round, Verdict


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


WORDS = Trie.build(sorted(["ate", "eat", "eta", "tea", "teas", "seat", "east", "eats", "sat", "set", "zzz", "at"]))
BOARD = parse_board("ea/ts")  # E A / T S: every cell touches every other


@pytest.fixture
def time_() -> FakeTime:
    return FakeTime()


@pytest.fixture
def round_(time_: FakeTime) -> Round:
    game = Round.for_board(BOARD, WORDS, 3, 180, now=time_)
    game.start()
    return game


def test_each_entry_gets_the_verdict_that_teaches_the_rule(round_: Round) -> None:
    assert round_.submit("tea").verdict is Verdict.ACCEPTED
    assert round_.submit(" TEA ").verdict is Verdict.ALREADY_FOUND
    assert round_.submit("at").verdict is Verdict.TOO_SHORT
    assert round_.submit("zzz").verdict is Verdict.NOT_ON_BOARD
    assert round_.submit("tse").verdict is Verdict.NOT_A_WORD
    assert round_.submit("tete").verdict is Verdict.NOT_ON_BOARD  # E used twice
    assert round_.submit("") is None
    assert [e.verdict.value for e in round_.entries][1:] == [
        "already found",
        "too short",
        "not on the board",
        "not a word",
        "not on the board",
    ]


def test_points_and_score_follow_the_length(round_: Round) -> None:
    assert round_.submit("teas").points == 1
    assert round_.submit("east") == Entry("east", Verdict.ACCEPTED, 1)
    assert round_.score == 2 and list(round_.found) == ["teas", "east"]
    assert round_.submit("tse") == Entry("tse", Verdict.NOT_A_WORD, 0)


def test_pausing_stops_the_clock(round_: Round, time_: FakeTime) -> None:
    time_.now = 10
    round_.clock.pause()
    time_.now = 100
    assert round_.clock.remaining == 170
    round_.clock.resume()
    time_.now = 110
    assert round_.clock.remaining == 160


def test_finding_every_word_ends_the_round(round_: Round) -> None:
    for word in round_.solution.words:
        round_.submit(word)
    assert round_.none_left  # the session ends the round on it
    assert round_.results().score == round_.solution.total_score


def test_results_missed_by_points_then_alphabet_and_lengths(round_: Round) -> None:
    round_.submit("eat")
    assert round_.end(EndReason.ENDED) and not round_.end(EndReason.ENDED)  # ends once
    results = round_.results()
    assert results.ended is EndReason.ENDED
    assert results.missed == ["ate", "east", "eats", "eta", "sat", "seat", "set", "tea", "teas"]
    assert "eat" not in results.missed
    rows = {row.length: (row.found, row.total) for row in results.by_length()}
    assert rows[3][0] == 1 and sum(t for _, t in rows.values()) == len(round_.solution)
    assert set(results.path("seat")) == {0, 1, 2, 3}
    assert "seat" in results.words_through(3) and "tea" not in results.words_through(3)


def test_practice_has_no_clock_and_reveals_score_nothing(time_: FakeTime) -> None:
    game = Round.for_board(BOARD, WORDS, 3, 180, practice=True, now=time_)
    game.start()
    time_.now = 10_000
    assert game.clock.remaining is None and not game.clock.expired
    word = game.reveal(random.Random(1))
    assert word in game.solution and len(word) == 3
    assert game.submit(word).verdict is Verdict.ALREADY_SHOWN
    assert game.score == 0 and word not in game.results().found and word in game.results().missed


def test_no_clock_when_seconds_is_zero(time_: FakeTime) -> None:
    assert Round.for_board(BOARD, WORDS, 3, 0, now=time_).clock.duration is None


def test_clock_format_rounds_up() -> None:
    assert [format_seconds(s) for s in (180, 179.2, 61, 60, 9.01, 0.4, 0)] == [
        "3:00",
        "3:00",
        "1:01",
        "1:00",
        "0:10",
        "0:01",
        "0:00",
    ]


def test_a_stopped_clock_stays_stopped(time_: FakeTime) -> None:
    clock = Clock(60, time_)
    clock.start()
    time_.now = 5
    clock.pause()
    time_.now = 8
    clock.stop()
    time_.now = 50
    assert clock.elapsed == 5 and not clock.running


def test_missed_words_come_most_valuable_first(enable1) -> None:
    from boggle_tui.engine.scoring import score

    game = Round.for_board(parse_board("plsteaiertnrsges"), enable1.trie, 3, 180)
    missed = game.results().missed
    assert score(missed[0]) == 11 and score(missed[-1]) == 1
    points = [score(w) for w in missed]
    assert points == sorted(points, reverse=True)
    assert all(a < b for a, b in itertools.pairwise(missed) if score(a) == score(b))
