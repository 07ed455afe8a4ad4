"""A round in the app, played through Textual's pilot with a fixed board and a clock the test moves."""

from __future__ import annotations

from pathlib import Path

from support import SEED_42, drawn, make_app, settle, shown, type_word, until
from textual.events import Paste
from textual.widgets import Input, Label

from boggle_tui.app.app import BoggleApp
from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.waiting import TooSmallScreen
from boggle_tui.app.widgets.board import Die
from boggle_tui.engine.board import parse_board
from boggle_tui.game import tracing
from boggle_tui.game.request import Given, Roll
from boggle_tui.game.round import Verdict
from boggle_tui.game.session import Hold
from boggle_tui.storage.history import History


def entries(app: BoggleApp) -> list[tuple[str, Verdict]]:
    return [(e.word, e.verdict) for e in app.screen.session.entries]


def board_readable(screen: RoundScreen) -> bool:
    return bool(screen.board_view.display) and not screen.has_class("-hidden")


async def test_a_round_judges_every_entry_and_keeps_score(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        await shown(pilot, RoundScreen)
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
        assert app.screen.score.render().text(80).plain == "Score 2 · 2 words"
        assert "WOL: not a word" in str(app.screen.query_one("#verdict", Label).render())
        assert app.screen.query_one("#verdict").has_class("-bad")


async def test_a_burst_of_words_typed_with_no_pause_gets_one_verdict_each(enable1, popular) -> None:
    words = ["shawl", "ho", "rat", "wol", "howl"] * 2  # a word, too short, not on the board, not a word; found again
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        await shown(pilot, RoundScreen)
        keys = [key for word in words for key in (*word, "enter")]
        await pilot.press(*keys)  # every key queued before any is handled
        await until(pilot, lambda: len(app.screen.session.entries) == len(words), "10 verdicts")
        assert [word for word, _ in entries(app)] == words
        assert app.screen.query_one("#entry", Input).value == ""


async def test_a_paste_of_many_lines_submits_each_word(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        screen.entry.post_message(Paste("shawl\nshown\r\nhowl\nho"))
        await until(pilot, lambda: len(screen.session.entries) == 3, "three verdicts")
        assert [word for word, _ in entries(app)] == ["shawl", "shown", "howl"]
        assert screen.entry.value == "ho"  # the unfinished line stays to be typed on


async def test_typing_lights_the_path_and_marks_what_cannot_be_traced(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        board = screen.board_view
        await pilot.press("h", "o", "w")
        await until(pilot, lambda: board.board.spell(board.lit) == "how", "the lit path")
        lit = [die.cell for die in board.query(Die) if die.has_class("-lit")]
        assert sorted(lit) == sorted(board.lit)
        assert board.dice()[board.lit[0]].has_class("-start")
        await pilot.press("x")
        entry = screen.query_one("#entry", Input)
        await until(pilot, lambda: entry.has_class("-untraceable"), "the untraceable mark")
        assert entry.value == "howx" and board.lit == ()
        await pilot.press("escape")
        assert entry.value == "" and not entry.has_class("-untraceable")


async def test_a_q_on_its_way_to_qu_is_not_marked_wrong(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, Given(parse_board("quitabcdefghijklm")))
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press("q")
        await until(pilot, lambda: screen.board_view.lit == (0,), "the Qu die lit")
        assert not screen.query_one("#entry", Input).has_class("-untraceable")


async def test_typing_on_a_board_of_repeated_letters_traces_each_keystroke_in_few_steps(
    enable1, popular, monkeypatch
) -> None:
    """Eleven E's and a B froze the screen for 42 s when every path was tried; each keystroke's trace now takes a
    few steps (counted here; the time it takes is benchmarks/tracing.py's figure)."""
    steps: list[int] = []
    real = tracing._Search.run

    def counted(self, start):  # type: ignore[no-untyped-def]
        try:
            return real(self, start)
        finally:
            steps.append(self.steps)

    monkeypatch.setattr(tracing._Search, "run", counted)
    board = Given(parse_board("treeseeeeeeeeeeeeeeeeeeee"))
    app, _ = make_app(enable1, popular, board, seconds=600)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press(*"eeeeeeeeeee")
        await until(pilot, lambda: len(screen.board_view.lit) == 11, "eleven E's lit")
        await pilot.press("b")
        await until(pilot, lambda: screen.entry.has_class("-untraceable"), "the verdict on the text")
        await pilot.press("enter")
        assert entries(app) == [("eeeeeeeeeeeb", Verdict.NOT_ON_BOARD)]
    assert len(steps) >= 11 and max(steps) <= 100  # the B: no search at all (no die shows B)


async def test_clicking_dice_builds_a_word_and_clicking_the_last_submits(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        dice = screen.board_view.dice()
        cell = screen.session.board.cell
        for r, c in [(2, 0), (1, 1), (2, 1)]:  # H O W
            await pilot.click(dice[cell(r, c)])
        assert screen.entry.value == "how"
        await pilot.click(dice[cell(0, 3)])  # not a neighbour of the last die: refused
        assert screen.entry.value == "how"
        await pilot.click(dice[cell(2, 1)])
        assert entries(app) == [("how", Verdict.ACCEPTED)]


async def test_a_click_extends_a_typed_word(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press("h", "o")
        await until(pilot, lambda: len(screen.board_view.lit) == 2, "the typed path")
        await pilot.click(screen.board_view.dice()[screen.session.board.cell(2, 1)])  # W, beside the O
        assert screen.entry.value == "how"


async def test_clicking_the_found_words_never_takes_the_keyboard(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await type_word(pilot, "howl")
        await pilot.click("#found-box")
        await pilot.click("#history")
        await type_word(pilot, "hot")
        assert entries(app) == [("howl", Verdict.ACCEPTED), ("hot", Verdict.ACCEPTED)]
        assert screen.entry.has_focus


async def test_time_up_ends_the_round_once_and_shows_the_results(enable1, popular, tmp_path: Path) -> None:
    history = History.open(tmp_path)
    app, time_ = make_app(enable1, popular, seconds=60, history=history)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await type_word(pilot, "howl")
        time_.now += 30
        screen.tick()
        assert screen.query_one("#clock").has_class("-warning")
        time_.now += 25
        screen.tick()
        assert screen.query_one("#clock").has_class("-danger")
        time_.now += 5
        screen.tick()
        screen.tick()
        await pilot.press(*"hot", "enter")  # the entry is closed at 0:00: a word typed on is too late, never scored
        results = await shown(pilot, ResultsScreen)
        assert "Time is up" in str(results.query_one("#outcome", Label).render())
        await settle(pilot)
        entries = screen.session.entries
        assert [(e.word, e.verdict) for e in entries] == [("howl", Verdict.ACCEPTED), ("hot", Verdict.TOO_LATE)]
        await settle(pilot)
        assert len(history.rounds()) == 1 and isinstance(app.screen, ResultsScreen)


async def test_ending_a_timed_round_asks_first_and_ends_it_once(enable1, popular, tmp_path: Path) -> None:
    history = History.open(tmp_path)
    app, _ = make_app(enable1, popular, history=history)
    over: list[object] = []
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        screen.session.on_end(over.append)
        await pilot.press("ctrl+e")  # the entry's end of line, nothing more
        assert isinstance(app.screen, RoundScreen) and not screen.session.over
        await pilot.press("ctrl+g")
        await shown(pilot, ConfirmScreen)
        assert not board_readable(screen) and screen.session.hidden
        await pilot.press("n")
        await shown(pilot, RoundScreen)
        assert board_readable(screen)
        await pilot.press("ctrl+g")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y", "enter", "enter")
        results = await shown(pilot, ResultsScreen)
        await settle(pilot)
        assert "You ended the round" in str(results.query_one("#outcome", Label).render())
        assert len(over) == 1 and len(history.rounds()) == 1 and app.screen is results


async def test_pause_hides_the_board_stops_the_clock_and_takes_no_entry(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press("r", "o", "u", "ctrl+p")
        assert not board_readable(screen)
        code = screen.query_one("#code")
        assert not code.visible  # the board's code spells it, die by die: hidden with it
        time_.now += 100
        await pilot.press("enter")
        assert entries(app) == [] and screen.entry.value == "rou"  # kept, not judged, not lost
        await pilot.press("ctrl+p")
        assert screen.session.remaining == 180 and board_readable(screen) and code.visible
        assert screen.entry.has_focus


async def test_help_hides_the_board_while_the_clock_is_stopped(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press("f1")
        await shown(pilot, HelpScreen)
        await until(pilot, lambda: screen.session.hidden, "the hold")
        assert not board_readable(screen) and screen.session.holds == {Hold.HELP}
        time_.now += 50
        await pilot.press("escape")
        await shown(pilot, RoundScreen)
        assert screen.session.remaining == 180 and board_readable(screen)


async def test_quitting_a_running_round_asks_first_and_hides_the_board(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press("ctrl+q")
        await shown(pilot, ConfirmScreen)
        await until(pilot, lambda: screen.session.hidden, "the hold")
        assert not board_readable(screen)
        time_.now += 20
        await pilot.press("n")
        await shown(pilot, RoundScreen)
        assert screen.session.remaining == 180
        await pilot.press("ctrl+q")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_practice_hints_reveal_and_a_revealed_word_is_already_shown(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular, practice=True)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        assert screen.session.duration is None
        time_.now += 10_000
        screen.tick()
        assert not screen.session.over
        await pilot.press("ctrl+l")
        assert "3 letters:" in drawn(screen.query_one("#hints"))
        await pilot.press("ctrl+t")
        heat = screen.board_view.heat
        assert sum(heat) > 0 and len(heat) == 16
        await pilot.press("ctrl+b")
        assert "Words left by first letters" in drawn(screen.query_one("#hints"))
        await pilot.press("ctrl+o")
        (word,) = screen.session.revealed
        assert screen.session.score == 0
        await type_word(pilot, word)
        assert entries(app)[-1] == (word, Verdict.ALREADY_SHOWN)
        await pilot.press("ctrl+g")  # giving up in practice needs no question
        results = await shown(pilot, ResultsScreen)
        assert "You gave up" in str(results.query_one("#outcome").render())
        assert "1 revealed" in str(results.query_one("#totals").render())


async def test_revealing_every_word_says_so(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, Given(parse_board("cat/")), practice=True)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        words = len(screen.session.solution)
        for _ in range(words):
            await pilot.press("ctrl+o")
        results = await shown(pilot, ResultsScreen)
        assert str(results.query_one("#outcome").render()) == f"No words left: {words} revealed"


async def test_hints_are_only_for_practice(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        await shown(pilot, RoundScreen)
        await pilot.press("f8", "ctrl+o")
        assert app.screen.session.revealed == []


async def test_a_too_small_terminal_hides_the_board_and_holds_the_clock(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.resize_terminal(40, 8)  # under even the flat dice's 10 rows
        await shown(pilot, TooSmallScreen)
        await until(pilot, lambda: screen.session.hidden, "the hold")
        time_.now += 30
        await pilot.resize_terminal(80, 24)
        await shown(pilot, RoundScreen)
        assert screen.session.remaining == 180 and board_readable(screen)


async def test_a_terminal_too_small_at_launch_holds_the_round_from_the_start(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular, Roll("superbig", 4))
    async with app.run_test(size=(70, 10)) as pilot:
        notice = await shown(pilot, TooSmallScreen)
        # Too narrow for the side panel (six dice of 7 columns, the panel's 30, the margins): the upright round over
        # flat dice, six of 5 columns and the margins, six rows of them and the compact part's 6 rows.
        assert "32x12" in str(notice.query_one("#too-small", Label).render())
        time_.now += 30
        await pilot.resize_terminal(80, 24)
        screen = await shown(pilot, RoundScreen)
        assert screen.session.remaining == 180


async def test_rotation_turns_the_drawing_not_the_words(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        board = screen.board_view
        first_drawn = next(iter(board.query(Die))).cell
        await pilot.press("ctrl+r")
        await until(pilot, lambda: board.query(Die) and next(iter(board.query(Die))).cell != first_drawn, "rotation")
        await type_word(pilot, "howl")
        assert entries(app) == [("howl", Verdict.ACCEPTED)]


async def test_the_code_is_shown_whole_or_not_at_all(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, Roll("superbig", 4))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, RoundScreen)
        shown_code = str(screen.query_one("#code").render())
        assert screen.session.code not in shown_code and "Ctrl+Y copies it" in shown_code
        await pilot.resize_terminal(120, 30)
        await until(pilot, lambda: screen.session.code in str(screen.query_one("#code").render()), "the whole code")
    small, _ = make_app(enable1, popular, SEED_42)
    async with small.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, RoundScreen)
        assert str(screen.query_one("#code").render()) == "Code N-TINREONRHWLDASES"


async def test_a_board_without_words_goes_straight_to_the_results(enable1, popular, tmp_path: Path) -> None:
    history = History.open(tmp_path)
    app, _ = make_app(enable1, popular, Given(parse_board("#/")), history=history)
    async with app.run_test() as pilot:
        results = await shown(pilot, ResultsScreen)
        assert "This board has no words" in str(results.query_one("#outcome", Label).render())
    assert history.rounds() == []  # not a game


async def test_a_burst_typed_through_the_buzzer_keeps_the_results_asleep_until_it_pauses(
    enable1, popular, tmp_path: Path
) -> None:
    """A play-tester typed on for two seconds past an online round's end: `s` opened the statistics, `c` copied
    the code, `a` made a card. Keys coming in a burst begun in the round never act, however long it lasts; the
    first key after a pause does."""
    app, time_ = make_app(enable1, popular, history=History.open(tmp_path))
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        time_.now += 179
        screen.tick()
        for key in "santassantascans":  # a key every 0.2 s, from 0:01 to three seconds past the end
            await pilot.press(key)
            time_.now += 0.2
            screen.tick()
        results = await shown(pilot, ResultsScreen)
        await settle(pilot)
        assert app.screen is results and time_.now - results._shown_at > 1.5  # past the first guard, still typing
        time_.now += 1.5  # the player stops, reads, then presses s
        await pilot.press("s")
        await until(pilot, lambda: app.screen is not results, "the statistics")


async def test_keys_typed_across_0_00_never_reach_the_results(enable1, popular, tmp_path: Path) -> None:
    """`hens⏎lends⏎` typed through the end of a round once dealt a new board through `n` and opened the
    statistics through `s`; the word being typed vanished without a verdict."""
    history = History.open(tmp_path)
    app, time_ = make_app(enable1, popular, history=history)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press(*"lends")
        time_.now += 180  # 0:00 while the player types
        screen.tick()
        await pilot.press("enter", *"hens", "enter")
        results = await shown(pilot, ResultsScreen)
        await pilot.press(*"news", "enter", "r", "escape")
        await settle(pilot)
        assert app.screen is results  # nothing typed in the moment the round ended acted on the results
        assert len(history.rounds()) == 1
        late = [e.word for e in results.session.entries if e.verdict is Verdict.TOO_LATE]
        assert late == ["lends", "hens", "news", "r"]  # each word typed on through 0:00: too late, none lost
        assert "Too late: …, HENS, NEWS, R" in str(results.query_one("#too-late", Label).render())  # "…": LENDS
        time_.now += 1.5  # a moment later the results are the player's
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, RoundScreen), lambda: f"a new round, not {app.screen}")


async def test_words_typed_while_the_terminal_is_too_small_are_judged_when_the_board_shows_again(
    enable1, popular
) -> None:
    """A word typed while the notice covered the board went nowhere, with no verdict (#39)."""
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.resize_terminal(20, 10)  # narrower than even the flat dice
        await shown(pilot, TooSmallScreen)
        await pilot.press(*"howl", "enter", *"hoz", "backspace", "t", "enter", *"sha")
        assert screen.session.entries == []  # nothing judged while the board is hidden
        await pilot.resize_terminal(100, 32)
        await shown(pilot, RoundScreen)
        await until(pilot, lambda: len(screen.session.entries) == 2, "the words typed meanwhile")
        assert [e.word for e in screen.session.entries] == ["howl", "hot"] and screen.entry.value == "sha"


async def test_words_typed_while_paused_or_in_the_help_are_judged_when_the_board_shows_again(enable1, popular) -> None:
    """The board never hides a typed word (#39): paused, the entry was shut and the keys went nowhere; over the
    help, they went to the help."""
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press("ctrl+p", *"howl", "enter", *"ho")
        assert screen.session.hidden and screen.session.entries == []
        await pilot.press("ctrl+p")
        await until(pilot, lambda: len(screen.session.entries) == 1, "the word typed while paused")
        await pilot.press("f1")
        await shown(pilot, HelpScreen)
        await pilot.press("t", "enter")
        assert len(screen.session.entries) == 1  # nothing judged behind the help
        await pilot.press("escape")
        await until(pilot, lambda: len(screen.session.entries) == 2, "the word typed over the help")
        assert [e.word for e in screen.session.entries] == ["howl", "hot"]
