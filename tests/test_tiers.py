"""Required and bonus words, the rank by share of the required points, and the words a player reports (#37)."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path

import pytest
from support import make_app, past_the_guard, shown, type_word, until
from test_cli import run
from test_results_screen import end_round
from textual.widgets import Label, OptionList

from boggle_tui.app.screens.report import ReportScreen
from boggle_tui.engine.common import common_words, denied
from boggle_tui.engine.scoring import score
from boggle_tui.game.reports import MAX_REPORTS, Report
from boggle_tui.game.tiers import LADDER, Tier, rank_for, required_test, tally, tier
from boggle_tui.storage import study
from boggle_tui.storage.history import History
from boggle_tui.storage.reports import report_word, reports, unwanted, withdraw

DAY = dt.date(2026, 12, 7)


def test_the_tally_splits_a_board_s_words_and_ranks_by_the_required_points_found() -> None:
    words = ["cat", "cats", "tacos", "zax", "xu"]
    required = {"cat", "cats", "tacos"}.__contains__
    counts = tally(words, {"cat", "zax"}, required)
    assert (counts.required, counts.required_found, counts.bonus, counts.bonus_found) == (3, 1, 2, 1)
    assert counts.required_score == score("cat") + score("cats") + score("tacos") == 4
    assert counts.required_points == 1 and counts.share == 25.0 and counts.rank == "Nice"
    assert counts.line() == "Required 1 of 3 · bonus 1 · Nice" and not counts.every_required
    every = tally(words, {"cat", "cats", "tacos"}, required)
    assert every.every_required and every.rank == "Every word" and every.bonus_found == 0
    assert tally(["zax"], {"zax"}, required).line() == "No required words · bonus 1"
    assert tier("cat", required) is Tier.REQUIRED and tier("zax", required) is Tier.BONUS


def test_the_ladder_names_each_share_from_its_step_up() -> None:
    steps = [least for least, _name in LADDER]
    assert steps == sorted(steps) and steps[0] == 0 and steps[-1] == 100
    assert [rank_for(share) for share in (0, 1.9, 2, 7.99, 8, 69.9, 70, 99.9, 100)] == [
        "Beginner", "Beginner", "Good start", "Moving up", "Good", "Amazing", "Genius", "Genius", "Every word",
    ]  # fmt: skip


def test_a_word_the_player_reported_is_not_required_for_them() -> None:
    english = required_test("en")
    assert english("cat") and english("howl")
    assert not required_test("en", {"cat"})("cat") and required_test("en", {"cat"})("howl")
    for word in ("newton", "shawn", "kent"):  # names first: playable, never required
        assert word in common_words("en").common and not english(word), word
    assert not english("wop") and not common_words("en").suggestible("wop")  # offensive: never suggested


@pytest.mark.parametrize(("code", "word"), [("de", "glück"), ("es", "niña"), ("de", "haus"), ("pl", "dobrze")])
def test_every_language_has_required_words(code: str, word: str) -> None:
    assert required_test(code)(word)


def test_the_german_list_has_no_name_that_is_only_a_name_and_denies_those_that_are_words_too(tmp_path: Path) -> None:
    from boggle_tui.engine.dictionary import load_dictionary

    german = load_dictionary("de", language="de")
    assert "trier" not in german and "aachen" not in german and "mrna" not in german  # removed at build time
    assert "ethan" in german and "ethan" in denied("de")  # ethane: playable, never common


def test_reports_are_kept_one_a_word_and_list_and_the_oldest_go_past_the_most(tmp_path: Path) -> None:
    history = History.open(tmp_path)
    assert report_word(history, "newton", "enable1", "en", Report.NOT_FOR_ME, DAY)
    assert report_word(history, "qwertz", "enable1", "en", Report.SHOULD_BE_A_WORD, DAY)
    assert report_word(history, "newton", "enable1", "en", Report.OFFENSIVE, DAY + dt.timedelta(1))  # replaces
    assert [(r.word, r.report) for r in reports(history)] == [("newton", Report.OFFENSIVE),
                                                             ("qwertz", Report.SHOULD_BE_A_WORD)]  # fmt: skip
    assert unwanted(history, "en") == {"newton"} and unwanted(history, "de") == frozenset()
    assert withdraw(history, "newton", "enable1") and unwanted(history, "en") == frozenset()
    history.write(lambda db: db.execute("INSERT INTO reports VALUES ('x', 'en', 'odd', 'nonsense', 'never')"))
    assert [r.word for r in reports(history)] == ["qwertz"]  # a row no game writes is left out


def test_a_long_run_of_reports_keeps_the_newest_within_the_most(tmp_path: Path, monkeypatch) -> None:
    import boggle_tui.storage.reports as stored

    monkeypatch.setattr(stored, "MAX_REPORTS", 3)
    history = History.open(tmp_path)
    for n in range(5):
        report_word(history, f"w{n}", "enable1", "en", Report.NOT_A_WORD, DAY + dt.timedelta(n))
    assert [r.word for r in reports(history)] == ["w4", "w3", "w2"]
    assert MAX_REPORTS >= 1000


def test_cards_of_denied_words_are_suspended_once_when_the_history_is_upgraded(tmp_path: Path) -> None:
    """A deck made before #37: its card for NEWTON (a name first) is suspended as the reports table comes; restored
    by the player, it stays."""
    history = History.open(tmp_path)
    for word in ("newton", "howl"):
        study.add_card(history, word, "enable1", study.Source.HAND, DAY)
    history.close()
    db = sqlite3.connect(tmp_path / "history.sqlite3")
    db.executescript(  # back to schema 4: before the reports (5) and the day's place (6)
        "ALTER TABLE rounds DROP COLUMN place; ALTER TABLE rounds DROP COLUMN of_players; DROP TABLE reports;"
        " PRAGMA user_version = 4;"
    )
    db.execute("UPDATE cards SET suspended = 0")
    db.commit()
    db.close()
    history = History.open(tmp_path)
    assert history.notice is None
    assert {c.word: c.suspended for c in study.cards(history)} == {"howl": False, "newton": True}
    newton = next(c for c in study.cards(history) if c.word == "newton")
    study.set_suspended(history, newton, False)  # boggle study --restore
    history.close()
    assert not any(c.suspended for c in study.cards(History.open(tmp_path)))


def test_boggle_words_says_each_word_s_tier_and_lists_the_reports(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    code, out, _ = run(capsys, "words", "cat", "newton", "zzzq")
    assert code == 0 and out.splitlines() == [
        "cat: required (enable1)", "newton: bonus (enable1)", "zzzq: not in the list (enable1)",
    ]  # fmt: skip
    code, out, _ = run(capsys, "words", "--lang", "de", "--json", "glück", "trier")
    assert code == 0 and json.loads(out) == [
        {"word": "glück", "list": "de", "tier": "required"}, {"word": "trier", "list": "de", "tier": None},
    ]  # fmt: skip
    code, out, _ = run(capsys, "words", "--reports")
    assert code == 0 and out.startswith("No reports yet")
    history = History.open(tmp_path)
    report_word(history, "\x1b[31mred", "enable1", "en", Report.SHOULD_BE_A_WORD, DAY)
    history.close()
    code, out, _ = run(capsys, "words", "--reports")
    assert code == 0 and out == "2026-12-07  '\\x1b[31mred'  enable1  should be a word\n"  # shown, never run
    code, out, _ = run(capsys, "words", "--reports", "--json")
    assert json.loads(out)[0] == {"word": "\x1b[31mred", "list": "enable1", "language": "en",
                                  "report": "should-be-a-word", "date": "2026-12-07"}  # fmt: skip
    for bad in (["words"], ["words", "--reports", "cat"]):
        code, _, err = run(capsys, *bad)
        assert code == 2 and err.startswith("boggle: error:") and "Traceback" not in err


def test_a_plain_player_reports_words_and_takes_reports_back_on_the_command_line(capsys, tmp_path, monkeypatch) -> None:
    """`boggle words --report KIND WORD...`: what the results' x does, for a player of `--plain` (#37). A listed word
    only as not a word, not for them or offensive, and only an unlisted one as a word it should be: each checked
    before any is kept; a report taken back only where there is one."""
    from boggle_tui.cli import words

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(words, "TODAY", lambda: DAY)
    history = History.open(tmp_path)
    study.add_card(history, "howl", "enable1", study.Source.MISSED, DAY)
    history.close()
    code, out, _ = run(capsys, "words", "--report", "not-for-me", "HOWL", "shawl")
    assert code == 0 and out.splitlines()[0] == "howl: not for me. boggle words --reports lists your reports."
    code, out, _ = run(capsys, "words", "--lang", "de", "--report", "should-be-a-word", "zwölfzz")
    assert code == 0
    for bad, why in [
        (["--report", "offensive", "cat", "qqqz"], "qqqz is not in the list enable1"),  # nothing kept: cat neither
        (["--report", "should-be-a-word", "cat"], "cat is in the list enable1"),
        (["--withdraw", "cat"], "cat: you have not reported it"),
        (["--report", "offensive", "--withdraw", "cat"], "--report or --withdraw: one of them"),
        (["--report", "offensive"], "give the words to look up"),
        (["--report", "should-be-a-word", "qz1"], "qz1 is not a word of the list's letters"),
        (["--report", "should-be-a-word", "q" * 200], "q" * 64 + "…"),  # cut short, and kept nowhere
    ]:
        code, _, err = run(capsys, "words", *bad)
        assert code == 2 and err.startswith("boggle: error: " + why), err
    history = History.open(tmp_path)
    kept = {(r.word, r.language, r.report, r.day) for r in reports(history)}
    assert kept == {("howl", "en", Report.NOT_FOR_ME, DAY), ("shawl", "en", Report.NOT_FOR_ME, DAY),
                    ("zwölfzz", "de", Report.SHOULD_BE_A_WORD, DAY)}  # fmt: skip
    assert [card.suspended for card in study.cards(history, "enable1")] == [True]  # as the app does
    history.close()
    code, out, _ = run(capsys, "words", "--withdraw", "shawl")
    assert code == 0 and out == "shawl: report withdrawn.\n"
    history = History.open(tmp_path)
    assert {r.word for r in reports(history)} == {"howl", "zwölfzz"}
    history.close()


async def test_the_results_hide_bonus_words_and_report_a_word(enable1, popular, tmp_path: Path) -> None:
    """b hides the missed bonus words (and the choice is remembered); x reports the selected word: NEWTON-like,
    it is no longer starred or required, and the report is kept."""
    history = History.open(tmp_path)
    app, _ = make_app(enable1, popular, history=history, folder=tmp_path)
    async with app.run_test(size=(110, 36)) as pilot:
        await type_word(pilot, "howl")
        results = await end_round(pilot)
        tiers = results.query_one("#tiers", Label)
        before = results.tally()
        assert str(tiers.render()) == before.line() and before.required_found == 1
        missed = results.query_one("#missed-list", OptionList)
        everything = missed.option_count
        await pilot.press("b")
        await until(pilot, lambda: missed.option_count < everything, "the bonus words hidden")
        assert missed.option_count == before.required - before.required_found
        assert "bonus hidden" in str(missed.border_title)
        assert json.loads((tmp_path / "settings.json").read_text())["bonus_missed"] is False
        past_the_guard(pilot)
        await pilot.press("shift+tab")  # the found words: HOWL
        await until(pilot, lambda: results.word == "howl", "HOWL selected")
        await pilot.press("x")
        dialog = await shown(pilot, ReportScreen)
        assert [c.report for c in dialog.choices] == [Report.NOT_A_WORD, Report.NOT_FOR_ME, Report.OFFENSIVE]
        await pilot.press("down", "enter")  # not for me
        await shown(pilot, type(results))
        await until(pilot, lambda: reports(history), "the report kept")
        assert [(r.word, r.report) for r in reports(history)] == [("howl", Report.NOT_FOR_ME)]
        assert results.tally().required_found == 0 and results.tally().required == before.required - 1
        found = results.query_one("#found-list", OptionList)
        assert not str(found.get_option_at_index(0).prompt).startswith("★")


@pytest.mark.parametrize(("played", "cards"), [(15.0, False), (90.0, True)])
def test_a_room_round_ended_early_counts_the_time_it_was_played(enable1, played: float, cards: bool) -> None:
    """A round of three a vote ended after 15 s made 5 study cards: once over, a room's round read its whole clock
    as played (its `remaining` reads 0 then). It keeps the time played as it ends."""
    import json as json_

    from boggle_tui.game.study import played_enough
    from boggle_tui.net.messages import decode_server
    from boggle_tui.net.session import OnlineSession

    clock = [0.0]
    start = {
        "type": "start",
        "round": 1,
        "board": [list("tinr"), list("eonr"), list("hwld"), list("ases")],
        "dice": "new",
        "code": "",
        "min_length": 3,
        "seconds": 180,
        "remaining": 180,
        "dictionary": "enable1",
    }
    session = OnlineSession(decode_server(json_.dumps(start)), "friends", 1, lambda *_: None, now=lambda: clock[0])
    clock[0] = played
    end = {
        "type": "end",
        "reason": "ended",
        "round": 1,
        "scoring": "unique",
        "shared": [],
        "players": [{"id": 1, "name": "alice", "score": 0, "words": {}}],
        "solution": {"howl": [8, 5, 9, 10]},
    }
    session.apply(decode_server(json_.dumps(end)))  # fmt: skip
    assert session.over and session.elapsed == pytest.approx(played, abs=0.5)
    assert played_enough(session.elapsed, session.duration) is cards


def test_hints_and_the_reveal_never_speak_of_a_name_or_an_offensive_word(enable1) -> None:
    """A never-common or offensive word is never suggested: no reveal shows it, and no hint counts it."""
    from boggle_tui.engine.board import parse_board
    from boggle_tui.game.hints import hintable
    from boggle_tui.game.request import Given, RoundRequest
    from boggle_tui.game.session import SoloSession

    assert hintable(["cat", "newton", "wop", "howl"], "en") == ["cat", "howl"]
    board = parse_board("newt/xnox/xxxx/xxxx")  # NEWTON and the words in it: NEW, NEWT, TON, NONE...
    session = SoloSession(RoundRequest(Given(board), practice=True), enable1.trie)
    session.start()
    left = session.remaining_words()
    assert "newton" in left and "newton" not in hintable(left, "en")
    revealed = [session.reveal() for _ in left]
    assert "newton" not in revealed and set(filter(None, revealed)) == set(hintable(left, "en"))
