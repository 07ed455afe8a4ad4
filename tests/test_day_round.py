"""The day's round without a socket (net/day_round.py): each message's meaning, what is kept before it is
answered, and what is answered, as tests/test_room.py tests rooms."""

from __future__ import annotations

import json

import pytest
from support import FakeTime

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.solver import solve
from boggle_tui.game.clock import Clock
from boggle_tui.game.round import Round, Verdict
from boggle_tui.net import messages as m
from boggle_tui.net.day_round import MAX_ERRORS, DayRound, Step
from boggle_tui.net.room import GRACE, WORD_BURST


class Played:
    """A 3-minute round on a rolled board, begun at the fake clock's now, and that clock."""

    def __init__(self, enable1) -> None:
        self.time = FakeTime()
        board = load_dice_set("new").roll(7)
        game = Round(board, solve(board, enable1.trie, 3), Clock(180, self.time), enable1.trie.__contains__)
        game.start()
        self.round = DayRound(game, self.time() + 180, 180)

    def receive(self, frame: str | bytes) -> Step:
        return self.round.receive(frame, self.time())


@pytest.fixture
def day(enable1) -> Played:
    return Played(enable1)


def word(entry: int, text: str) -> str:
    return json.dumps({"type": "word", "id": entry, "word": text})


def words(day: Played) -> list[str]:
    return sorted(day.round.game.solution.paths, key=len)


def test_an_accepted_word_is_kept_before_its_verdict_and_a_refused_one_is_not(day) -> None:
    day.time.now += 20
    step = day.receive(word(1, words(day)[0]))
    assert step.keep and not step.unverify and not step.over
    assert isinstance(step.say, m.Judgement) and step.say.verdict == Verdict.ACCEPTED.value and step.say.id == 1
    refused = day.receive(word(2, "zzzzq"))
    assert not refused.keep and refused.say is not None and refused.say.verdict == Verdict.NOT_ON_BOARD.value
    again = day.receive(word(3, words(day)[0]))
    assert not again.keep and again.say.verdict == Verdict.ALREADY_FOUND.value


def test_an_entry_sent_again_is_judged_once_and_nothing_else_belongs_in_a_round(day) -> None:
    day.time.now += 20
    assert day.receive(word(5, words(day)[0])).keep
    assert day.receive(word(5, words(day)[0])) == day.receive(word(4, "x"))
    assert day.receive(json.dumps({"type": "ready", "ready": True})).say is None
    assert day.round.last_id == 5 and len(day.round.game.found) == 1


def test_a_word_past_the_deadline_and_its_grace_is_too_late_and_end_ends_the_round(day) -> None:
    day.time.now += 180 + GRACE - 0.01
    assert day.round.left(day.time()) > 0
    day.time.now += 0.02
    late = day.receive(word(1, words(day)[0]))
    assert not late.keep and late.say.verdict == Verdict.TOO_LATE.value
    assert day.round.left(day.time()) <= 0
    assert day.receive(json.dumps({"type": "end"})).over


def test_a_flood_past_the_players_rate_is_too_fast(day) -> None:
    day.time.now += 60
    said = [day.receive(word(n, f"zz{n}")).say for n in range(1, WORD_BURST + 3)]
    assert [s.verdict for s in said[-2:]] == [Verdict.TOO_FAST.value] * 2


def test_bad_messages_are_answered_and_too_many_end_the_round(day) -> None:
    for n in range(1, MAX_ERRORS):
        step = day.receive("{not json")
        assert isinstance(step.say, m.Error) and not step.say.fatal and not step.over, n
    last = day.receive(b"\xff")
    assert isinstance(last.say, m.Error) and last.say.fatal and last.over


def test_words_faster_than_a_person_types_mark_the_round_once(day) -> None:
    day.time.now += 1  # before the board could be read
    steps = [day.receive(word(n, w)) for n, w in enumerate(words(day)[:8], 1)]
    assert all(s.keep for s in steps) and [s.unverify for s in steps].count(True) == 1
    assert not day.round.pace.verified
    trusting = DayRound(day.round.game, day.round.deadline, 180, fair_play=False)  # a test at a machine's speed
    assert not trusting.receive(word(99, words(day)[9]), day.time()).unverify
