"""The seam matrix: each language, played in each mode through each front end, scores a word spelt with that
language's own letters and shows it in the language's capitals.

A cell is (language, mode, front end). Every cell plays one round on a board of the language's standard dice
(the first seed whose roll shows one of the language's own letters), with a word list of words traced through
that die, typed as a keyboard sends them: German ä, Spanish ñ, Portuguese ç, Polish ą..ż, Dutch IJ as the two
keys i and j, French é (read as E), English Qu as q and u. The word must be accepted, score its points and be
listed in capitals (ÄRA, not ARA; IJS, not the ligature).
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from support import FakeTime, FakeWall, drawn, make_app, past_the_guard, shown, until
from test_plain import ScriptedLines
from test_plain_room import Seat
from textual.widgets import Label, OptionList

from boggle_tui.app.online import OnlinePlay, OnlineTarget
from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.table_results import TableResultsScreen
from boggle_tui.cli.plain import PlainRound, play_plain, play_round
from boggle_tui.engine.alphabets import alphabet_for
from boggle_tui.engine.board import Board
from boggle_tui.engine.common import common_words
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import Dictionary, load_dictionary
from boggle_tui.engine.frequency import ranks
from boggle_tui.engine.scoring import score
from boggle_tui.game.codes import board_code
from boggle_tui.game.languages import language_for
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.round import Verdict
from boggle_tui.game.rules import Rules, Scoring
from boggle_tui.game.session import SoloSession
from boggle_tui.game.table import TableRules, TableSession
from boggle_tui.game.tracing import TooHard, find_path
from boggle_tui.net.messages import Settings
from boggle_tui.net.room import COUNTDOWN
from boggle_tui.net.server import RoomServer
from boggle_tui.storage.history import History

LANGUAGES = ("en", "es", "de", "fr", "nl", "pt", "pl")
# The faces that only the language spells so (or, for French, a letter typed with an accent it drops).
OWN_FACES = {"en": {"qu"}, "es": {"ñ"}, "de": set("äöü"), "fr": {"e"}, "nl": {"ĳ"}, "pt": {"ç"}, "pl": set("ąćęłńóśźż")}


def typed_as(code: str, word: str) -> str:
    """The keys a player presses for a word: Dutch IJ as i and j, a French e as é (the game drops the accent)."""
    if code == "nl":
        return word.replace("ĳ", "ij")
    if code == "fr":
        return word.replace("e", "é", 1)
    return word


@dataclass(frozen=True)
class Case:
    code: str
    dice: str
    seed: int
    board: Board
    word: str  # as the language spells it (folded)

    @property
    def typed(self) -> str:
        return typed_as(self.code, self.word)

    @property
    def shown(self) -> str:
        return alphabet_for(self.code).upper(self.word)

    @property
    def points(self) -> int:
        return score(self.word)

    @property
    def verdict(self) -> str:
        """--plain's line for the word, accepted."""
        return f"{self.shown}: accepted, {self.points} point" + ("" if self.points == 1 else "s")


@cache
def case_of(code: str) -> Case:
    """A roll of the language's dice showing one of its own faces, and on it a common word of the language through
    that face: a required word (game/tiers.py), so that every mode shows the language's judgement of it."""
    dice = language_for(code).dice
    dice_set = load_dice_set(dice)
    common, table = common_words(code), ranks(code)
    words = sorted(table, key=table.__getitem__)[:3000]  # the most frequent first
    wanted = [w for w in words if 4 <= len(w) <= 6 and common.is_common(w) and any(f in w for f in OWN_FACES[code])]
    for seed in range(1, 3000):
        board = dice_set.roll(seed)
        if OWN_FACES[code].isdisjoint(board.faces):
            continue
        for word in wanted:
            with contextlib.suppress(TooHard):
                if find_path(board, word):
                    return Case(code, dice, seed, board, word)
    raise AssertionError(f"no roll of the {dice} dice shows a common word through {OWN_FACES[code]}")


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cut-down lists are compiled into a cache of the test's own: in the shared one, fourteen of them would
    push out the lists other tests (and the processes they start) find there (dictionary.CACHE_KEEPS)."""
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "cache"))


def tier_line(case: Case) -> str:
    """The results' line for a board whose one word, a required one, the player found."""
    return "Required 1 of 1 · bonus 0 · Every word · every required word found!"


def word_list(case: Case, folder: Path) -> Path:
    """The language's list, cut down to the case's word: the real ones take seconds to read."""
    path = folder / f"{case.code}-words.txt"
    path.write_text(case.word + "\n", encoding="utf-8")
    return path


def small_list(case: Case, folder: Path) -> Dictionary:
    """The list as the app knows it by the language's shipped name."""
    loaded = load_dictionary(str(word_list(case, folder)), language=case.code)
    return Dictionary(case.code, loaded.path, loaded.trie, 0, 0, False)


def test_each_case_is_spelt_with_the_language_s_own_letters() -> None:
    for code in LANGUAGES:
        case = case_of(code)
        assert any(face in case.word for face in OWN_FACES[code]), case
        assert case.board.language == code


# The app: alone, against bots, in a room


@pytest.mark.parametrize("code", LANGUAGES)
async def test_alone_in_the_app(code: str, enable1, popular, tmp_path: Path) -> None:
    case = case_of(code)
    app, _ = make_app(enable1, popular, Given(case.board, case.dice), dictionary=code, seconds=60)
    app.dictionaries[code] = small_list(case, tmp_path)
    async with app.run_test(size=(110, 36)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press(*case.typed, "enter")
        await until(pilot, lambda: screen.session.entries, "the verdict")
        assert [(e.word, e.verdict) for e in screen.session.entries] == [(case.word, Verdict.ACCEPTED)]
        results = await shown(pilot, ResultsScreen)  # the list's every word found: the round is over
        past_the_guard(pilot)
        assert results.results.found == {case.word: case.points}
        found = results.query_one("#found-list", OptionList)
        assert case.shown in str(found.get_option_at_index(0).prompt)
        assert str(results.query_one("#tiers", Label).render()) == tier_line(case)


@pytest.mark.parametrize("code", LANGUAGES)
async def test_against_bots_in_the_app(code: str, enable1, popular, tmp_path: Path) -> None:
    case = case_of(code)
    board = Given(case.board, case.dice)
    app, time_ = make_app(enable1, popular, board, dictionary=code, seconds=60, scoring=Scoring.ALL)
    app.dictionaries[code] = small_list(case, tmp_path)
    app.table = TableRules(2, "beginner")  # every word scores: the player's points are the word's own
    async with app.run_test(size=(130, 40)) as pilot:
        screen = await shown(pilot, RoundScreen)
        assert isinstance(screen.session, TableSession)
        await pilot.press(*case.typed, "enter")
        await until(pilot, lambda: screen.session.entries, "the verdict")
        assert [(e.word, e.verdict) for e in screen.session.entries] == [(case.word, Verdict.ACCEPTED)]
        time_.now += 61
        results = await shown(pilot, TableResultsScreen)
        me = next(p for p in results.table.players if p.me)
        assert me.words == {case.word: case.points}
        assert case.shown in drawn(results.query_one("#players-table"))
        assert str(results.query_one("#tiers", Label).render()) == tier_line(case)


@pytest.mark.parametrize("code", LANGUAGES)
async def test_in_a_room_in_the_app(code: str, enable1, popular, tmp_path: Path) -> None:
    """A real server on 127.0.0.1 whose room plays the language's dice and list; the game types the word."""
    case = case_of(code)
    time_ = FakeTime()
    server = RoomServer(dictionaries={code: str(word_list(case, tmp_path))}, now=time_)
    port = await server.start("127.0.0.1", 0)
    try:
        settings = Settings.of(Rules(case.dice, code, 60, seed=case.seed))
        target = OnlineTarget(url=f"ws://127.0.0.1:{port}", room=f"seam-{code}", name="alice", settings=settings)
        app, _ = make_app(enable1, popular, None, folder=tmp_path / "alice", now=time_)
        app.online = OnlinePlay(app, target, app.show, time_, tmp_path / "alice", app.online_round)
        async with app.run_test(size=(110, 36)) as pilot:
            lobby = await shown(pilot, LobbyScreen)
            await until(pilot, lambda: lobby.lobby.players, "the room")
            await pilot.press("enter")
            room = server.rooms[f"seam-{code}"]
            await until(pilot, lambda: room.state.value == "countdown", "the countdown")
            time_.now += COUNTDOWN
            screen = await shown(pilot, RoundScreen)
            assert screen.session.board == case.board
            await pilot.press(*case.typed, "enter")
            await until(pilot, lambda: screen.session.entries, "the room's verdict")
            assert [(e.word, e.verdict) for e in screen.session.entries] == [(case.word, Verdict.ACCEPTED)]
            time_.now += 61
            results = await shown(pilot, OnlineResultsScreen)
            assert results.online.found == {case.word: case.points}
            assert case.shown in drawn(results.query_one("#players-table"))
            assert str(results.query_one("#tiers", Label).render()) == tier_line(case)
    finally:
        await server.stop()


# --plain


@pytest.mark.parametrize("code", LANGUAGES)
def test_alone_in_plain(code: str, tmp_path: Path) -> None:
    case = case_of(code)
    clock = FakeTime()
    request = RoundRequest(Given(case.board, case.dice), Rules(dictionary=code, seconds=60))
    session = SoloSession(request, small_list(case, tmp_path).trie, now=clock)
    front = PlainRound(session, None, common_words(code).is_common)
    lines = iter([case.typed])
    said: list[str] = []

    class Typed:
        def read(self, timeout: float | None):
            from boggle_tui.cli.plain import Signal

            return next(lines, Signal.ENDED)

    play_round(front, Typed(), said.append, clock)
    assert front.session.results().found == {case.word: case.points}
    assert any(line.startswith(case.shown) for line in said), said
    assert front.results()[1] == tier_line(case).replace(" · every required word found!", "")


@pytest.mark.parametrize("code", LANGUAGES)
def test_against_bots_in_plain(code: str, tmp_path: Path) -> None:
    """`play --bots N --plain` on the language's own list of words, given by its path as a player gives one."""
    case = case_of(code)
    clock, said = FakeTime(), []
    listed = str(word_list(case, tmp_path))
    request = RoundRequest(Given(case.board, case.dice), Rules(dictionary=listed, seconds=60, scoring=Scoring.ALL))
    history = History.open(tmp_path / "history")
    played = play_plain(
        request, lines=ScriptedLines(clock, case.typed), write=said.append, note=lambda _line: None, now=clock,
        wall=FakeWall(), history=history, table=TableRules(2, "beginner"), rng=random.Random(7),
    )  # fmt: skip
    assert played == 0
    assert case.verdict in said, said
    assert any(line.startswith(f"  {case.shown}: you") for line in said), said  # who found it, in the results
    assert tier_line(case).replace(" · every required word found!", "") in said
    (record,) = History.open(tmp_path / "history").rounds()
    assert record.mode == "bots" and record.found == {case.word: case.points}


@pytest.mark.parametrize("code", LANGUAGES)
async def test_in_a_room_in_plain(code: str, tmp_path: Path) -> None:
    """`join --plain` in a room of the language on a real server on 127.0.0.1: the seat types the word."""
    case = case_of(code)
    time_ = FakeTime()
    server = RoomServer(dictionaries={code: str(word_list(case, tmp_path))}, now=time_)
    port = await server.start("127.0.0.1", 0)
    try:
        settings = Settings.of(Rules(case.dice, code, 60, seed=case.seed))
        seat = Seat(f"ws://127.0.0.1:{port}", f"seam-{code}", "alice", time_, tmp_path / "alice", settings, None)
        await seat.line(lambda line: line.startswith("Type ready when you are"))
        seat.keys.type("ready")
        await seat.line(lambda line: line.startswith("The board comes in"))
        time_.now += COUNTDOWN
        await seat.line(lambda line: line.startswith("Type a word and press Enter"))
        assert server.rooms[f"seam-{code}"].code == board_code(case.board, case.dice)
        seat.keys.type(case.typed)
        await seat.line(case.verdict)
        time_.now += 61
        await seat.line(lambda line: line.startswith(f"  {case.shown}: you"))  # who found it, in the results
        await seat.line(tier_line(case).replace(" · every required word found!", ""))
        await seat.line(lambda line: line.startswith("Back in the lobby"))
        await seat.leave()
        (record,) = History.open(tmp_path / "alice").rounds()
        assert record.found == {case.word: case.points}
    finally:
        await server.stop()
