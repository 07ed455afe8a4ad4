"""The app, played through Textual's pilot with a fixed seed and a clock the test moves."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from pathlib import Path

import pytest
from textual.widgets import Input, Label, OptionList, Select, Static

from boggle_tui.app.app import BoggleApp
from boggle_tui.app.main import settings_from
from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.app.screens.waiting import TooSmallScreen
from boggle_tui.app.widgets.board import BoardView, Die
from boggle_tui.cli.parser import build_parser
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.solver import paths_spelling, solve
from boggle_tui.game.preferences import GameSettings
from boggle_tui.game.round import Verdict
from boggle_tui.storage.history import History

# Seed 42 on the new dice:  T I N R / E O N R / H W L D / A S E S


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_app(
    enable1, popular, start_now: bool = True, history: History | None = None, folder: Path | None = None, **settings
) -> tuple[BoggleApp, FakeTime]:
    time_ = FakeTime()
    app = BoggleApp(
        GameSettings(**{"seed": 42, **settings}),
        start_now=start_now,
        now=time_,
        history=history,
        settings_folder=folder,
    )
    app.dictionaries[enable1.name] = enable1  # loaded once for the whole session
    app.common = popular
    return app, time_


async def until(pilot, condition, what: str = "the app") -> None:
    """Let the app run until `condition()` holds: screens mount in their own time on a busy machine."""
    for _ in range(250):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {what}")


async def shown(pilot, screen_type: type):
    """The screen of `screen_type`, once it is current and mounted."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, screen_type) and app.screen.is_mounted, screen_type.__name__)
    await pilot.pause()
    return app.screen


async def type_word(pilot, word: str) -> None:
    await pilot.press(*word, "enter")


def entries(app: BoggleApp) -> list[tuple[str, Verdict]]:
    return [(e.word, e.verdict) for e in app.screen.round.entries]


async def test_a_round_judges_every_entry_and_keeps_score(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        assert isinstance(app.screen, RoundScreen)
        for word in ("hot", "howl", "hot", "ho", "rat", "wol"):
            await type_word(pilot, word)
        assert entries(app) == [
            ("hot", Verdict.ACCEPTED),
            ("howl", Verdict.ACCEPTED),
            ("hot", Verdict.ALREADY_FOUND),
            ("ho", Verdict.TOO_SHORT),
            ("rat", Verdict.NOT_ON_BOARD),
            ("wol", Verdict.NOT_A_WORD),
        ]
        assert str(app.screen.query_one("#score", Label).content) == "Score 2 · 2 words"
        assert "WOL: not a word" in str(app.screen.query_one("#verdict", Label).content)
        assert app.screen.query_one("#verdict").has_class("-bad")


async def test_typing_lights_the_path_and_marks_what_cannot_be_traced(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        board = app.screen.query_one(BoardView)
        await pilot.press("h", "o", "w")
        assert board.board.spell(board.lit) == "how"
        lit = [die.cell for die in board.query(Die) if die.has_class("-lit")]
        assert sorted(lit) == sorted(board.lit)
        assert board.dice()[board.lit[0]].has_class("-start")
        await pilot.press("x")
        entry = app.screen.query_one("#entry", Input)
        assert entry.value == "howx" and entry.has_class("-untraceable") and board.lit == ()
        await pilot.press("escape")
        assert entry.value == "" and not entry.has_class("-untraceable")


async def test_a_q_on_its_way_to_qu_is_not_marked_wrong(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, board="quitabcdefghijklm")
    async with app.run_test() as pilot:
        board = app.screen.query_one(BoardView)
        await pilot.press("q")
        assert not app.screen.query_one("#entry", Input).has_class("-untraceable")
        assert board.lit == (0,)


async def test_clicking_dice_builds_a_word_and_clicking_the_last_submits(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        board = app.screen.query_one(BoardView)
        dice = board.dice()
        cell = board.board.cell
        for r, c in [(2, 0), (1, 1), (2, 1)]:  # H O W
            await pilot.click(dice[cell(r, c)])
        assert app.screen.query_one("#entry", Input).value == "how"
        await pilot.click(dice[cell(0, 3)])  # not a neighbour of the last die: ignored
        assert app.screen.query_one("#entry", Input).value == "how"
        await pilot.click(dice[cell(2, 1)])
        assert entries(app) == [("how", Verdict.ACCEPTED)]


async def test_time_up_shows_the_results_with_paths(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular, seconds=60)
    async with app.run_test() as pilot:
        await type_word(pilot, "howl")
        time_.now += 30
        app.screen.tick()
        assert app.screen.query_one("#clock").has_class("-warning")
        time_.now += 25
        app.screen.tick()
        assert app.screen.query_one("#clock").has_class("-danger")
        time_.now += 5
        app.screen.tick()
        results = await shown(pilot, ResultsScreen)
        assert isinstance(results, ResultsScreen)
        assert "time is up" in str(results.query_one("#outcome", Label).content)
        total = results.results.solution
        totals = str(results.query_one("#totals", Label).content)
        assert f"Score 1 of {total.total_score}" in totals and f"1 of {len(total)} words" in totals
        missed = results.query_one("#missed-list", OptionList)
        assert missed.option_count == len(total) - 1
        assert missed.get_option_at_index(0).id == results.results.missed[0]
        board = results.query_one("#solution", BoardView)
        first, second = (total.paths[w] for w in results.results.missed[:2])
        await until(pilot, lambda: board.lit == first, "the first missed word's path")
        await pilot.press("down")
        await until(pilot, lambda: board.lit == second, "the next word's path")
        assert [die.border_title for die in board.dice().values() if die.border_title]  # steps numbered


async def test_clicking_a_die_on_the_results_narrows_the_lists(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("ctrl+e")
        await shown(pilot, ResultsScreen)
        screen = app.screen
        assert isinstance(screen, ResultsScreen)
        everything = screen.query_one("#missed-list", OptionList).option_count
        board = screen.query_one("#solution", BoardView)
        corner = board.board.cell(3, 0)  # the A in the corner
        await pilot.click(board.dice()[corner])
        narrowed = screen.query_one("#missed-list", OptionList)
        words = [narrowed.get_option_at_index(i).id for i in range(narrowed.option_count)]
        assert 0 < len(words) < everything
        solution_board = screen.results.solution.board
        assert all(any(corner in p for p in paths_spelling(solution_board, w)) for w in words)
        assert board.dice()[corner].has_class("-chosen")
        await pilot.click(board.dice()[corner])
        assert screen.query_one("#missed-list", OptionList).option_count == everything


async def test_new_game_and_replay_from_results(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        first = app.screen.round.board
        await pilot.press("ctrl+e")
        await shown(pilot, ResultsScreen)
        await pilot.press("r")
        await shown(pilot, RoundScreen)
        assert isinstance(app.screen, RoundScreen) and app.screen.round.board == first
        await pilot.press("ctrl+e")
        await shown(pilot, ResultsScreen)
        await pilot.press("n")
        await shown(pilot, RoundScreen)
        assert isinstance(app.screen, RoundScreen) and app.screen.round.board != first
        assert app.screen.dealt.dice == "new" and app.screen.round.clock.duration == 180


async def test_pause_hides_the_board_and_stops_the_clock(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p")
        screen = app.screen
        assert screen.has_class("-paused") and not screen.query_one(BoardView).display
        time_.now += 100
        await pilot.press("ctrl+p")
        assert screen.round.clock.remaining == 180 and screen.query_one(BoardView).display
        assert screen.query_one("#entry", Input).has_focus


async def test_help_stops_the_clock_until_closed(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        round_ = app.screen.round
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen) and round_.clock.paused
        time_.now += 50
        await pilot.press("escape")
        assert isinstance(app.screen, RoundScreen) and round_.clock.remaining == 180 and round_.clock.running


async def test_quitting_a_running_round_asks_first(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, RoundScreen) and app.screen.round.clock.running
        await pilot.press("ctrl+q")
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_the_start_screen_plays_its_choices(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, start_now=False, seed=None)
    async with app.run_test() as pilot:
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#seconds", Select).value = 60
        await pilot.press("enter")
        await shown(pilot, RoundScreen)
        assert isinstance(app.screen, RoundScreen)
        assert app.screen.round.clock.duration == 60 and app.screen.dealt.dice == "new"


async def test_enter_on_the_start_screen_defaults_starts_a_three_minute_round(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, start_now=False, seed=None)
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await shown(pilot, RoundScreen)
        assert isinstance(app.screen, RoundScreen)
        assert app.screen.round.clock.duration == 180 and not app.screen.round.practice
        assert app.screen.round.board.shape == (4, 4)


async def test_practice_hints_and_reveal(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular, practice=True)
    async with app.run_test() as pilot:
        screen = app.screen
        assert screen.round.clock.duration is None
        time_.now += 10_000
        screen.tick()
        assert not screen.round.over
        await pilot.press("f5")
        hints = str(screen.query_one("#hints", Static).content)
        assert "3\u00a0letters:" in hints
        await pilot.press("f6")
        heat = screen.query_one(BoardView).heat
        assert sum(heat) > 0 and len(heat) == 16
        await pilot.press("f7")
        assert "Words left by first letters" in str(screen.query_one("#hints", Static).content)
        await pilot.press("f8")
        assert len(screen.round.revealed) == 1 and screen.round.score == 0
        await pilot.press("ctrl+e")
        await shown(pilot, ResultsScreen)
        assert isinstance(app.screen, ResultsScreen) and "1 revealed" in str(app.screen.query_one("#totals").content)


async def test_hints_are_only_for_practice(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        await pilot.press("f8")
        assert app.screen.round.revealed == []


async def test_a_too_small_terminal_says_so_and_holds_the_clock(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(40, 12)
        await shown(pilot, TooSmallScreen)
        time_.now += 30
        await pilot.resize_terminal(80, 24)
        await shown(pilot, RoundScreen)
        assert app.screen.round.clock.remaining == 180


async def test_rotation_turns_the_drawing_not_the_words(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        board = app.screen.query_one(BoardView)
        first_drawn = next(iter(board.query(Die))).cell
        await pilot.press("ctrl+r")
        await until(pilot, lambda: board.query(Die) and next(iter(board.query(Die))).cell != first_drawn, "rotation")
        await type_word(pilot, "howl")
        assert entries(app) == [("howl", Verdict.ACCEPTED)]


async def test_a_finished_round_is_in_the_history_and_the_statistics(enable1, popular, tmp_path: Path) -> None:
    history = History.open(tmp_path)
    app, _ = make_app(enable1, popular, history=history)
    async with app.run_test() as pilot:
        await type_word(pilot, "howl")
        await pilot.press("ctrl+e")
        await shown(pilot, ResultsScreen)
        (stored,) = history.rounds()
        assert stored.found == {"howl": 1} and stored.code == "N-TINREONRHWLDASES" and stored.seed == 42
        assert stored.mode == "timed" and stored.ended == "round ended" and stored.max_score == 231
        assert "Board code N-TINREONRHWLDASES" in str(app.screen.query_one("#code", Label).content)
        await pilot.press("s")
        await shown(pilot, StatsScreen)
        assert "Games played        1" in str(app.screen.query_one("#figures", Static).content)
        await pilot.press("escape")
        await shown(pilot, ResultsScreen)


async def test_the_start_screen_remembers_choices_and_deals_the_daily_board(enable1, popular, tmp_path) -> None:
    app, _ = make_app(enable1, popular, start_now=False, seed=None, folder=tmp_path)
    async with app.run_test() as pilot:
        app.screen.query_one("#mode", Select).value = "daily"
        app.screen.query_one("#seconds", Select).value = 120
        app.screen.query_one("#theme", Select).value = "nord"
        await pilot.pause()
        assert app.theme == "nord"
        await pilot.press("enter")
        await shown(pilot, RoundScreen)
        assert app.screen.dealt.daily == dt.datetime.now(dt.UTC).date().isoformat()
        assert app.screen.round.clock.duration == 120
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["seconds"] == 120 and saved["theme"] == "nord" and saved["practice"] is False


async def test_a_rich_deal_has_the_most_words_of_its_rolls(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, rich=True, seed=3)
    async with app.run_test() as pilot:
        await shown(pilot, RoundScreen)  # the rich deal is worked out in a thread
        rolls = [len(solve(load_dice_set("new").roll(3000 + i), enable1.trie, 3)) for i in range(40)]
        assert len(app.screen.round.solution) == max(rolls) and 3000 <= app.screen.dealt.seed < 3040


def play_args(*flags: str) -> argparse.Namespace:
    return build_parser().parse_args(["play", *flags])


def test_flags_that_say_what_to_play_skip_the_start_screen() -> None:
    assert settings_from(play_args())[1] is False
    assert settings_from(play_args("--dictionary", "popular"))[1] is False
    for flags in (
        ["--seed", "3"], ["--board", "abcd"], ["--time", "60"], ["--dice", "big"], ["--practice"],
        ["--code", "N-ABCDEFGHIJKLMNOP"], ["--daily"], ["--best"],
    ):  # fmt: skip
        assert settings_from(play_args(*flags))[1] is True
    settings, _ = settings_from(play_args("--dice", "big", "--time", "0", "--seed", "5"))
    assert (settings.dice, settings.seconds, settings.seed) == ("big", 0, 5)


def test_flags_override_remembered_choices_for_one_run() -> None:
    remembered = GameSettings(dice="big", seconds=60, dictionary="popular", rich=True)
    settings, _ = settings_from(play_args("--time", "90"), remembered)
    assert (settings.dice, settings.seconds, settings.dictionary, settings.rich) == ("big", 90, "popular", True)
    settings, _ = settings_from(play_args("--practice"), remembered)
    assert settings.practice and not settings.rich


@pytest.mark.parametrize("flags", [["--dice", "huge"], ["--board", "ab1"], ["--dictionary", "/no/such/list"]])
def test_bad_play_flags_are_errors_before_the_app_starts(flags: list[str]) -> None:
    with pytest.raises(BoggleError):
        settings_from(play_args(*flags))


async def test_a_six_by_six_board_needs_a_full_size_terminal(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, dice="superbig")
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, RoundScreen)
        await pilot.resize_terminal(70, 22)
        await shown(pilot, TooSmallScreen)
        assert "77x24" in str(app.screen.query_one("#too-small", Label).content)


async def test_an_unusable_word_list_is_a_calm_message_not_a_crash(enable1, popular, tmp_path: Path) -> None:
    binary = tmp_path / "words.bin"
    binary.write_bytes(b"\x00\x01\x02binary")
    app, _ = make_app(enable1, popular, dictionary=str(binary))
    messages: list[str] = []
    app.notify = lambda message, **_: messages.append(message)  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        assert any("binary" in message for message in messages)


async def test_a_board_without_words_goes_straight_to_the_results(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, board="#/")
    async with app.run_test() as pilot:
        results = await shown(pilot, ResultsScreen)
        assert "this board has no words" in str(results.query_one("#outcome", Label).content)
