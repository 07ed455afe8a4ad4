"""The round's owner, without a terminal: one deal, holds that hide the board, one end, the record."""

from __future__ import annotations

import datetime as dt
import json
import random

import pytest
from support import SEED_42, FakeTime

from boggle_tui.engine.board import parse_board
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.trie import Trie
from boggle_tui.game.request import Given, Richest, Roll, RoundRequest
from boggle_tui.game.round import EndReason, Verdict
from boggle_tui.game.rules import Rules
from boggle_tui.game.session import (
    Contest,
    Hold,
    Live,
    Pausable,
    Practice,
    Redealt,
    Rivals,
    Shared,
    SoloSession,
    Timekeeper,
    practising,
)
from boggle_tui.game.table import TableRules, TableSession
from boggle_tui.net.messages import decode_server
from boggle_tui.net.session import OnlineSession

WORDS = Trie.build(sorted(["ate", "eat", "eta", "tea", "teas", "seat", "east", "eats", "sat", "set"]))
BOARD = Given(parse_board("ea/ts"))  # E A / T S: every cell touches every other
WHEN = dt.datetime(2026, 11, 23, 9, 30, tzinfo=dt.UTC)


def session(request: RoundRequest | None = None) -> tuple[SoloSession, FakeTime]:
    time_ = FakeTime()
    game = SoloSession(request or RoundRequest(BOARD, Rules(seconds=60)), WORDS, now=time_)
    game.start()
    return game, time_


def test_a_hold_stops_the_clock_and_hides_the_board_together() -> None:
    game, time_ = session()
    game.hold(Hold.HELP)
    assert game.hidden
    time_.now += 30
    assert game.remaining == 60
    assert game.submit("tea") is None and game.entries == []  # nothing judged while hidden
    game.release(Hold.HELP)
    assert not game.hidden and game.submit("tea").verdict is Verdict.ACCEPTED


def test_holds_with_different_reasons_never_undo_one_another() -> None:
    game, time_ = session()
    game.toggle_pause()
    game.hold(Hold.HELP)
    game.toggle_pause()  # the player resumes, but help is still open
    assert game.hidden
    time_.now += 10
    game.release(Hold.HELP)
    assert not game.hidden and game.remaining == 60


def test_a_round_ends_once_and_says_why() -> None:
    game, time_ = session()
    heard: list[EndReason | None] = []
    game.on_end(lambda s: heard.append(s.end_reason))
    game.end(EndReason.ENDED)
    game.end(EndReason.ENDED)
    time_.now += 100
    game.tick()
    late = game.submit("tea")  # after the end: recorded as too late, never scored
    assert heard == [EndReason.ENDED] and late is not None and late.verdict is Verdict.TOO_LATE
    assert "tea" not in game.found and game.submit("  ") is None


def test_time_up_ends_at_the_next_tick_or_entry() -> None:
    game, time_ = session()
    heard: list[EndReason | None] = []
    game.on_end(lambda s: heard.append(s.end_reason))
    time_.now += 61
    late = game.submit("tea")  # typed as the clock ran out: it ends the round, and gets its verdict
    assert heard == [EndReason.TIME_UP] and game.entries == [late] and late.verdict is Verdict.TOO_LATE


def test_finding_every_word_ends_the_round() -> None:
    game, _ = session()
    heard: list[EndReason | None] = []
    game.on_end(lambda s: heard.append(s.end_reason))
    for word in game.solution.words:
        game.submit(word)
    assert heard == [EndReason.ALL_FOUND]


def test_a_board_with_no_words_is_over_at_once_and_not_a_game() -> None:
    game, _ = session(RoundRequest(Given(parse_board("#/")), Rules(seconds=60)))
    assert game.end_reason is EndReason.NO_WORDS and game.record(WHEN) is None


def test_practice_reveals_and_ends_when_none_are_left() -> None:
    game, _ = session(RoundRequest(BOARD, practice=True))
    assert game.duration is None and game.request.rules.seconds is None
    words = len(game.solution)
    revealed = [game.reveal() for _ in range(words)]
    assert game.end_reason is EndReason.NONE_LEFT and None not in revealed
    assert game.submit(revealed[0]).verdict is Verdict.TOO_LATE and revealed[0] not in game.found  # over


def test_the_record_says_what_was_played() -> None:
    game, _ = session()
    game.submit("teas")
    game.end(EndReason.ENDED)
    record = game.record(WHEN)
    assert record is not None
    assert (record.score, record.found, record.mode, record.seconds) == (1, {"teas": 1}, "timed", 60)
    assert record.played_at == "2026-11-23T09:30:00+00:00" and record.ended == "ended" and not record.replay


def test_replay_is_the_very_same_board_and_next_is_a_fresh_one() -> None:
    game, _ = session(RoundRequest(SEED_42))
    replay = game.replay_request()
    assert isinstance(replay.board, Given) and replay.board.board == game.board and replay.replay
    again = SoloSession(replay, WORDS)
    assert again.board == game.board and again.deal.seed == 42 and "replay" in again.title
    fresh = game.next_request()
    assert fresh.board == Roll("new", None) and not fresh.replay
    assert RoundRequest(Richest("big", 9)).again().board == Richest("big", None)


@pytest.mark.parametrize(
    "values", [{"seconds": 10**20}, {"seconds": -5}, {"seconds": True}, {"min_length": 10**20}, {"min_length": 0}]
)
def test_values_a_round_cannot_hold_are_refused_where_they_enter(values) -> None:
    with pytest.raises(BoggleError):
        RoundRequest(BOARD, Rules(**values))
    with pytest.raises(BoggleError):
        RoundRequest(Roll(seed=2**63))


# Capabilities: what a round can do beyond the core, asked by the screens, never faked

CAPABILITIES = (Timekeeper, Pausable, Practice, Rivals, Shared, Live, Redealt, Contest)


def has(session: object) -> set[str]:
    return {capability.__name__ for capability in CAPABILITIES if isinstance(session, capability)}


def online_round() -> OnlineSession:
    start = {"type": "start", "round": 1, "board": [["e", "a"], ["t", "s"]], "dice": "", "code": "", "min_length": 3,
             "seconds": 60, "remaining": 60, "dictionary": "enable1"}  # fmt: skip
    return OnlineSession(decode_server(json.dumps(start)), "room", 1, lambda _: None, now=FakeTime())


def test_each_kind_of_round_has_exactly_the_capabilities_it_can_honour() -> None:
    solo, _ = session()
    table = TableSession(
        RoundRequest(BOARD, Rules(seconds=60)), WORDS, TableRules(1, "beginner"), lambda _: 1000, rng=random.Random(1)
    )
    assert has(solo) == {"Timekeeper", "Pausable", "Practice", "Redealt"}
    assert has(table) == {"Timekeeper", "Pausable", "Practice", "Redealt", "Rivals", "Live", "Contest"}
    # Online: no pause, no hints, no clock of its own, and the room deals the next board.
    assert has(online_round()) == {"Rivals", "Shared", "Live", "Contest"}


def test_hints_are_offered_only_in_a_practice_round() -> None:
    timed, _ = session()
    practice, _ = session(RoundRequest(BOARD, practice=True))
    assert not practising(timed) and practising(practice)
    assert not practising(online_round())
