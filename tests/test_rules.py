"""One game: each rule of a round is written once, and every mode reads it from there.

The standard round's length is game/rules.py's; the shortest word for a board's size is engine/scoring.py's;
the shared-word rule is game/contest.py's, and the table of bots and a room score the same words alike.
"""

from __future__ import annotations

import ast
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boggle_tui
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import score
from boggle_tui.game.bots import Try
from boggle_tui.game.contest import compare, winners
from boggle_tui.game.rules import STANDARD_ROUND, Rules, Scoring
from boggle_tui.net.messages import Settings

PACKAGE = Path(boggle_tui.__file__).parent


def sources() -> dict[str, ast.Module]:
    return {str(p.relative_to(PACKAGE)): ast.parse(p.read_text(encoding="utf-8")) for p in PACKAGE.rglob("*.py")}


def where(found) -> set[str]:
    return {name for name, tree in sources().items() if any(found(node) for node in ast.walk(tree))}


def test_the_standard_round_is_written_once() -> None:
    assert where(lambda n: isinstance(n, ast.Constant) and type(n.value) is int and n.value == STANDARD_ROUND) == {
        "game/rules.py"
    }


def test_the_points_by_length_are_written_once() -> None:
    """Only engine/scoring.py names the table and the long word's 11 points; every other place asks `score`."""
    names = {"POINTS_BY_LENGTH", "LONG_WORD_POINTS"}
    assert where(lambda n: isinstance(n, ast.Name) and n.id in names) == {"engine/scoring.py"}
    defined = {name for name, tree in sources().items() for n in tree.body if isinstance(n, ast.FunctionDef)
               and n.name == "score"}  # fmt: skip
    assert defined == {"engine/scoring.py"}  # a word's points (the players' totals are properties of theirs)


def test_the_shortest_word_for_a_board_s_size_is_decided_once() -> None:
    """Everyone asks `shortest_word`; only it reads the table by size."""
    assert where(lambda n: isinstance(n, ast.Name) and n.id == "min_length_for") == {"engine/scoring.py"}


def _judges_the_shared_word_rule(node: ast.AST) -> bool:
    if not isinstance(node, ast.Compare):
        return False
    parts = [node.left, *node.comparators]
    return any(
        (isinstance(p, ast.Attribute) and p.attr == "UNIQUE") or (isinstance(p, ast.Constant) and p.value == "unique")
        for p in parts
    )


def test_the_shared_word_rule_is_judged_in_the_contest_alone() -> None:
    # the others only say which rule is in force: the rules' description, the results' note in the app and in --plain
    says = {"game/rules.py", "app/widgets/players.py", "cli/plain_rivals.py"}
    assert where(_judges_the_shared_word_rule) == {"game/contest.py", *says}


WORDS = st.lists(st.sampled_from(["cat", "cats", "scat", "taco", "coats", "ascot", "tacos", "actors"]), max_size=8)


@given(st.lists(WORDS, min_size=1, max_size=5), st.sampled_from(Scoring))
def test_a_word_found_by_two_scores_for_nobody_under_the_table_rule(found: list[list[str]], scoring: Scoring) -> None:
    outcome = compare(found, scoring)
    for words, points in zip(found, outcome.points, strict=True):
        for word in words:
            finders = sum(word in other for other in found)
            shared = finders > 1
            assert (word in outcome.shared) == shared
            assert points[word] == (0 if shared and scoring is Scoring.UNIQUE else score(word))
    assert list(outcome.shared) == sorted(outcome.shared)


def test_a_tie_has_several_winners_and_a_round_without_points_none() -> None:
    assert winners({"ann": 3, "bob": 5, "cy": 5}) == ["bob", "cy"]
    assert winners({"ann": 0, "bob": 0}) == []  # a round nobody scored in has no winner


def test_a_room_and_the_table_score_the_same_words_alike(room, enable1) -> None:
    """The room's end message and the table's players, for the same finds, agree with the contest."""
    from boggle_tui.game.request import Given, RoundRequest
    from boggle_tui.game.table import TableRules, TableSession

    alice, _ = room.join("alice")
    bob, _ = room.join("bob")
    room.set_ready(alice, True)
    room.set_ready(bob, True)
    room.time.now += 10
    room.tick()
    words = sorted(room.solution.paths)[:6]
    for n, word in enumerate(words[:4]):
        room.enter(alice, n, word)
    for n, word in enumerate(words[2:]):
        room.enter(bob, n, word)
    end = room._end("ended")[0]
    sent = json.loads(end.text)
    by_room = {p["name"]: p["words"] for p in sent["players"]}
    expected = compare([words[:4], words[2:]], Scoring.UNIQUE)
    assert by_room == {"alice": expected.points[0], "bob": expected.points[1]}
    assert sent["shared"] == list(expected.shared) == words[2:4]
    table = TableSession(
        RoundRequest(Given(room.solution.board)),
        enable1.trie,
        TableRules(1, "beginner"),
        lambda _w: 1,
        rng=random.Random(1),
    )
    for word in words[:4]:
        table.submit(word)
    table.bots = [replace(table.bots[0], plan=tuple(Try(0.0, word, True) for word in words[2:]))]
    players, shared = table._compare()
    assert [p.words for p in players] == list(expected.points) and shared == list(expected.shared)


def test_rules_refuse_what_no_round_can_play() -> None:
    for bad in ({"seconds": 0}, {"min_length": 0}, {"seed": -1}, {"target": 5}):
        with pytest.raises(BoggleError):
            Rules(**bad)  # type: ignore[arg-type]
    assert Rules().clock == STANDARD_ROUND == Rules(seconds=None).clock


def test_the_wire_carries_the_rules_as_they_are() -> None:
    rules = Rules("de", "de", 120, 4, Scoring.ALL, 7, 100)
    assert Settings.of(rules).rules() == rules
    assert Settings().rules() == Rules()  # a field left out is the rules' default


def test_rules_check_what_a_server_can_play_themselves() -> None:
    """#41 item 3: the checks of what a side can play are Rules' (game/rules.py `served`), the wire only says them."""
    from boggle_tui.game.rules import Refused, served

    lists = frozenset({"enable1", "de"})
    assert served(dictionaries=lists, max_seconds=600) == Rules()  # every field left out: the defaults
    assert served("de", "de", 90, dictionaries=lists, max_seconds=600) == Rules("de", "de", 90)
    for asked, key in (({"dice": "nope"}, "dice"), ({"dictionary": "fr"}, "dictionary"), ({"seconds": 601}, "seconds"),
                       ({"scoring": "teams"}, "scoring")):  # fmt: skip
        with pytest.raises(Refused) as refused:
            served(**asked, dictionaries=lists, max_seconds=600)  # type: ignore[arg-type]
        assert refused.value.key == key
    with pytest.raises(Refused, match="are of two languages"):
        served("de", "enable1", dictionaries=lists, max_seconds=600)
    with pytest.raises(BoggleError, match="the shortest word is 1 to 32 letters"):  # a bound: Rules' own check
        served(min_length=99, dictionaries=lists, max_seconds=600)
    from boggle_tui.net.protocol import ProtocolError

    with pytest.raises(ProtocolError, match="are of two languages"):  # the wire says the same, as its own error
        Settings(dice="de", dictionary="enable1").rules(lists)
    with pytest.raises(ProtocolError, match="setting 'seconds' cannot be 601"):
        Settings(seconds=601).rules(lists, max_seconds=600)
