"""Study: which misses become cards, how cards move through the boxes, the drills, and their storage."""

from __future__ import annotations

import datetime as dt
import json
import random
import re

import pytest
from support import TODAY, FakeTime, record

from boggle_tui.engine.board import parse_board
from boggle_tui.game.study import (
    BOX_DAYS,
    REQUEUE_AFTER,
    AnagramDrill,
    BoardDrill,
    Card,
    Mark,
    Review,
    Source,
    StudySession,
    board_clue,
    card_source,
    cards_summary,
    played_enough,
    todays_cards,
)
from boggle_tui.storage import study
from boggle_tui.storage.history import History

DAY = TODAY.date()


def card(word: str, **fields) -> Card:
    values = dict(word=word, dictionary="enable1", due=DAY, added=DAY, source=Source.MISSED)
    return Card(**{**values, **fields})


def test_a_miss_becomes_a_card_when_it_matters() -> None:
    """Only a required word: a bonus word (a rarity of the list, a name, an offensive word) never does (#37)."""
    assert card_source(1, True, "tense") is Source.COMMON  # required and worth 2 points: at once
    assert card_source(1, True, "tens") is None  # required but worth 1 point: not yet
    assert card_source(2, True, "tens") is Source.MISSED  # ... until its second miss
    assert card_source(0, True, "tense") is None
    assert card_source(1, False, "tense") is None and card_source(5, False, "tense") is None  # bonus: never


def test_a_round_played_less_than_a_third_of_its_time_makes_no_card() -> None:
    assert not played_enough(59.9, 180) and played_enough(60, 180)
    assert not played_enough(19, 60) and played_enough(20, 60)
    assert not played_enough(10, None) and played_enough(60, None)  # untimed: a third of the standard round


@pytest.mark.parametrize("box", range(len(BOX_DAYS) - 1))
def test_right_moves_a_card_up_a_box_due_after_its_interval_give_or_take_a_tenth(box: int) -> None:
    rng = random.Random(box)
    for _ in range(20):
        moved = card("tense", box=box).answered(True, DAY, rng)
        days = BOX_DAYS[box + 1]
        assert moved.box == box + 1 and moved.reviews == 1
        assert days - round(days / 10) <= (moved.due - DAY).days <= days + round(days / 10)


def test_wrong_sends_a_card_back_to_box_zero_due_the_same_day() -> None:
    moved = card("tense", box=7, reviews=6).answered(False, DAY, random.Random(1))
    assert (moved.box, moved.due, moved.reviews) == (0, DAY, 7)


def test_the_spread_parts_cards_reviewed_together() -> None:
    rng = random.Random(3)
    dues = {card("tense", box=6).answered(True, DAY, rng).due for _ in range(50)}
    assert len(dues) > 3


def test_today_takes_every_due_card_and_new_ones_up_to_the_cap() -> None:
    cards = [
        card("old", reviews=2, box=2, due=DAY - dt.timedelta(days=3)),
        card("later", reviews=1, box=1, due=DAY + dt.timedelta(days=1)),
        card("resting", reviews=1, suspended=True),
        *(card(f"new{n}", added=DAY - dt.timedelta(days=n)) for n in range(5)),
    ]
    today = todays_cards(cards, DAY, new_per_day=3, introduced_today=1)
    assert [c.word for c in today] == ["old", "new4", "new3"]  # the oldest new cards first
    assert todays_cards(cards, DAY, new_per_day=3, introduced_today=3) == [cards[0]]


def test_the_anagram_drill_shows_a_non_word_and_wants_the_whole_group(enable1) -> None:
    drill = AnagramDrill.of(card("stop"), enable1.trie, random.Random(5))
    assert set(drill.group) == {"opts", "post", "pots", "spot", "stop", "tops"}
    assert "".join(drill.faces) not in drill.group and sorted(drill.faces) == sorted("stop")
    assert drill.enter("POTS").mark is Mark.RIGHT
    assert drill.enter("pots").mark is Mark.AGAIN
    assert drill.enter("spat").text == "uses other letters"
    assert drill.enter("ptso").text == "not a word"
    assert not drill.done
    for word in ("opts", "post", "spot", "stop", "tops"):
        drill.enter(word)
    assert drill.done and drill.right
    assert drill.enter("pots") is None  # a finished drill takes no more


def test_an_anagram_drill_revealed_early_is_wrong(enable1) -> None:
    drill = AnagramDrill.of(card("quiet"), enable1.trie, random.Random(1))
    assert "qu" in drill.faces  # the Qu die stays one die
    drill.enter("quiet")
    drill.reveal()
    assert drill.done and not drill.right


BOARD = parse_board("tinreonrhwldases")  # seed 42: T I N R / E O N R / H W L D / A S E S


def test_the_board_drill_wants_that_word_within_its_time(enable1) -> None:
    time_ = FakeTime()
    drill = BoardDrill.of(card("shawl"), BOARD, enable1.trie, 3, "5 letters", time_)
    assert drill.enter("howl").mark is Mark.AGAIN  # on the board, not the one
    assert drill.enter("zzz").mark is Mark.WRONG
    assert drill.enter("shawl").mark is Mark.RIGHT
    assert drill.done and drill.right
    assert BOARD.spell(drill.path) == "shawl"


def test_the_board_drill_clock_stops_while_held_and_runs_out(enable1) -> None:
    time_ = FakeTime()
    drill = BoardDrill.of(card("shawl"), BOARD, enable1.trie, 3, "5 letters", time_)
    drill.hold()
    time_.now += 100
    assert not drill.done and drill.enter("shawl") is None  # nothing typed while held counts
    drill.release()
    time_.now += 29
    assert not drill.done
    time_.now += 1
    assert drill.done and not drill.right


def test_the_board_clue_gives_length_and_meaning_but_not_the_word() -> None:
    clue = board_clue("cats")
    assert clue.startswith("4 letters · ") and "feline" in clue
    assert re.search(r"\bcats?\b", clue) is None and "…" in clue  # the word and its lemma are masked
    assert board_clue("zzxq").startswith("4 letters, the first Z")


def test_a_sitting_saves_each_answer_once_and_brings_a_wrong_card_back_soon(enable1) -> None:
    words = ["stop", "tense", "heart", "lemon", "quiet", "ocean"]
    saved = []
    session = StudySession(
        [card(w) for w in words],
        lambda c, _: AnagramDrill.of(c, enable1.trie, random.Random(0)),
        lambda c, review: saved.append((c.word, review.right, c.box)),
        wall=lambda: TODAY,
        rng=random.Random(0),
    )
    first = session.next()
    assert first is not None and first.card.word == "stop"
    with pytest.raises(RuntimeError):
        session.next()  # not graded yet
    first.reveal()
    assert session.grade() is not None and session.grade() is None  # graded once
    order = []
    while (drill := session.next()) is not None:
        order.append(drill.card.word)
        for word in drill.group:  # type: ignore[attr-defined]
            drill.enter(word)
        session.grade()
    assert order == ["tense", "heart", "lemon", "stop", "quiet", "ocean"]  # back after REQUEUE_AFTER others
    assert order.index("stop") == REQUEUE_AFTER
    assert saved[0] == ("stop", False, 0)
    assert [s for s in saved if s[0] == "stop"][1] == ("stop", True, 1)
    assert (session.reviewed, session.right) == (7, 6)


def test_cards_summary_counts_boxes_learned_and_suspended() -> None:
    cards = [card("a", box=0), card("b", box=0), card("c", box=6), card("d", box=2, suspended=True)]
    assert cards_summary(cards) == "4 cards · by box 0:2 6:1 · 1 learned · 1 suspended"
    assert cards_summary([]).startswith("No study cards")


# Storage


@pytest.fixture
def history(tmp_path) -> History:
    return History.open(tmp_path)


def missing(n: int, *missed: str, found: dict[str, int] | None = None, board: str | None = None):
    """A round on the nth board (each round its own board unless `board` says which)."""
    letters = "tinreonrhwldases"
    board = board or letters[n % 16 :] + letters[: n % 16]
    return record(n, missed=tuple(missed), found=found or {}, dictionary="enable1", board=board)


def test_a_required_word_missed_in_two_rounds_becomes_a_card_and_a_long_one_at_once(history: History) -> None:
    required = {"heart", "ort", "tens"}.__contains__
    first = missing(1, "tens", "heart", "ort", "tense")
    history.record(first)
    after = study.cards_after_round(history, first, required)
    assert after.new_cards == ["heart"]  # required, five letters: at once; tense, a bonus word, never
    second = missing(2, "tens", "tense")
    history.record(second)
    assert study.cards_after_round(history, second, required).new_cards == ["tens"]  # 4 letters, missed twice
    third = missing(3, "ort", "tense", found={"heart": 2})
    history.record(third)
    after = study.cards_after_round(history, third, required)
    assert after.new_cards == ["ort"] and after.found_again == ["heart"]  # ort: its second miss
    cards = {c.word: c for c in study.cards(history)}
    assert set(cards) == {"heart", "tens", "ort"}
    assert cards["heart"].found_again == 1 and cards["heart"].source is Source.COMMON
    assert cards["tens"].due == dt.date.fromisoformat(second.played_at[:10])
    fourth = missing(4, "heart", "ort")  # not played long enough: no card, whatever it missed
    history.record(fourth)
    assert study.cards_after_round(history, missing(5, "earth"), required, played=False).new_cards == []


def test_a_replay_of_a_board_misses_its_words_once(history: History) -> None:
    """A replay once made every word of the board a card: each was 'missed in two rounds'."""
    for n in (1, 2, 3):  # a round and two replays of one board
        round_ = missing(n, "tense", "lodes", "ort", board="tinreonrhwldases")
        history.record(round_)
        assert study.cards_after_round(history, round_, lambda w: w == "ort").new_cards == []
    assert dict(history.most_missed())["ort"] == 1  # "common words you miss most" counts the board once
    other = missing(4, "ort", board="seiwhvnsothhsaer")
    history.record(other)
    assert study.cards_after_round(history, other, lambda w: w == "ort").new_cards == ["ort"]  # a second board


def test_reviews_are_stored_and_the_first_ones_count_against_the_day(history: History) -> None:
    assert study.add_card(history, "tense", "enable1", Source.HAND, DAY)
    assert not study.add_card(history, "tense", "enable1", Source.HAND, DAY)  # one card per word and list
    (new,) = study.cards(history, "enable1")
    moved = new.answered(True, DAY, random.Random(1))

    assert study.save_review(history, moved, Review("tense", "enable1", "anagram", True, 0, 1, TODAY))
    (stored,) = study.cards(history)
    assert (stored.box, stored.due, stored.reviews) == (1, moved.due, 1)
    assert study.introduced_on(history, "enable1", DAY) == 1
    assert study.introduced_on(history, "enable1", DAY + dt.timedelta(days=1)) == 0
    assert study.introduced_on(history, "popular", DAY) == 0
    study.set_suspended(history, stored, True)
    assert study.cards(history)[0].suspended


def test_the_board_drill_finds_the_newest_board_the_word_was_missed_on(history: History) -> None:
    history.record(missing(1, "tense"))
    history.record(record(2, missed=("tense",), found={}, dictionary="enable1", code="N-ABCDEFGHIJKLMNOP"))
    history.record(record(3, missed=(), found={"tense": 2}, dictionary="enable1", code="N-PONMLKJIHGFEDCBA"))
    missed_on = study.board_missed_on(history, "tense", "enable1")
    assert missed_on is not None and missed_on.code == "N-ABCDEFGHIJKLMNOP"
    assert study.board_missed_on(history, "tense", "popular") is None
    history.record(record(4, missed=("tense",), found={}, dictionary="enable1", code="N-QRSTUVWXYZABCDEF"))
    history.write(lambda db: db.execute("UPDATE rounds SET min_length = 'three' WHERE uid = 'round-4'"))
    missed_on = study.board_missed_on(history, "tense", "enable1")  # the newest miss is odd: the one before it
    assert missed_on is not None and (missed_on.code, missed_on.min_length) == ("N-ABCDEFGHIJKLMNOP", 3)


def test_reviews_alternate_anagram_then_the_board_it_was_missed_on(history: History, enable1) -> None:
    history.record(record(1, missed=("tense",), found={}, dictionary="enable1", board="tenseabcdfghijkl",
                          code="N-TENSEABCDFGHIJKL"))  # fmt: skip
    history.record(record(2, missed=("rote",), found={}, dictionary="enable1", code="N-NOT A CODE"))
    tense, rote = card("tense", reviews=1), card("rote", reviews=1)
    drill = study.drill_for(history, tense, enable1.trie, FakeTime(), random.Random(1))
    assert isinstance(drill, BoardDrill) and drill.board.faces[:5] == tuple("tense")
    first = study.drill_for(history, card("tense", reviews=0), enable1.trie, FakeTime(), random.Random(1))
    assert isinstance(first, AnagramDrill)
    unreadable = study.drill_for(history, rote, enable1.trie, FakeTime(), random.Random(1))
    assert isinstance(unreadable, AnagramDrill)  # a saved code this version cannot read: the anagram drill
    assert study.todays_queue(history, "enable1", DAY, 10) == []  # no card made yet
    study.add_card(history, "tense", "enable1", Source.HAND, DAY)
    assert [c.word for c in study.todays_queue(history, "enable1", DAY, 10)] == ["tense"]
    assert study.todays_queue(history, "enable1", DAY, 0) == []  # no new cards today


def test_cards_of_a_history_that_is_off_are_none(tmp_path) -> None:
    history = History.disabled()
    assert study.cards(history) == []
    assert not study.add_card(history, "tense", "enable1", Source.HAND, DAY)


def test_study_list_and_restore_from_the_command_line(capsys, tmp_path, monkeypatch) -> None:
    from test_cli import run

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    history = History.open(tmp_path)
    study.add_card(history, "tense", "enable1", Source.HAND, DAY)
    study.add_card(history, "heart", "popular", Source.COMMON, DAY)
    study.set_suspended(history, study.cards(history, "enable1")[0], True)
    history.close()
    code, out, _ = run(capsys, "study", "--list", "--json")
    assert code == 0
    listed = json.loads(out)
    assert [(c["word"], c["box"], c["due"], c["suspended"]) for c in listed] == [
        ("heart", 0, DAY.isoformat(), False),
        ("tense", 0, DAY.isoformat(), True),
    ]
    code, out, _ = run(capsys, "study", "--list", "--dictionary", "popular")
    assert code == 0 and "HEART" in out and "TENSE" not in out
    code, out, _ = run(capsys, "study", "--restore", "tense")
    assert code == 0 and "TENSE is back in study (enable1)" in out
    assert not study.cards(History.open(tmp_path), "enable1")[0].suspended
    code, _, err = run(capsys, "study", "--restore", "tense")
    assert code == 2 and "no suspended card 'tense'" in err
    code, _, err = run(capsys, "study", "--json")
    assert code == 2 and "--json goes with --list" in err


def test_a_round_makes_five_new_cards_at_most_the_ones_worth_most(history: History) -> None:
    """A round ended at once missed every word: 53 cards from one browser round flooded the deck (#37)."""
    missed = ("heart", "hearts", "earth", "tense", "stone", "tones", "notes", "onset", "ort", "rot", "tens", "ten")
    required = set(missed) - {"onset"}
    round_ = missing(1, *missed)
    history.record(round_)
    made = study.cards_after_round(history, round_, required.__contains__).new_cards
    assert made == ["hearts", "earth", "heart", "notes", "stone"]  # the longest, then by the alphabet; onset: bonus
    again = missing(2, *missed)
    history.record(again)
    made = study.cards_after_round(history, again, required.__contains__, most=3).new_cards
    assert made == ["tense", "tones", "ort"]  # the longest of the rest; at most 3, the player's setting
    assert len(study.cards(history)) == 8


def test_practice_and_words_found_before_make_no_card(history: History) -> None:
    practice = record(1, mode="practice", missed=("heart", "tense"), found={}, board="tinreonrhwldases")
    history.record(practice)
    assert study.cards_after_round(history, practice, lambda _: True).new_cards == []  # its hints showed words
    found = missing(2, found={"tense": 2})
    history.record(found)
    later = missing(3, "tense", "heart")
    history.record(later)
    assert study.cards_after_round(history, later, lambda _: True).new_cards == ["heart"]  # tense: known
