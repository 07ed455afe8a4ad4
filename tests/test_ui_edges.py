"""The edges of the round's screen (issue 18): what is drawn is whole, names the keys in force, and fits."""

from __future__ import annotations

from support import drawn, make_app, shown, until
from textual.events import AppBlur, AppFocus
from textual.widgets import Markdown

from boggle_tui.app.app import BoggleApp
from boggle_tui.app.commands import commands
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import SIDE_WIDTH, RoundScreen
from boggle_tui.app.widgets.board import DICE_SIZES, Die
from boggle_tui.app.widgets.letters import big_text, glyph_size
from boggle_tui.engine.board import DIE_FACES, display_face
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.request import Roll
from boggle_tui.game.round import EndReason


async def test_the_score_line_grows_with_the_score_and_keeps_the_score_to_beat(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, to_beat=1234)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.pause()
        screen.score.score, screen.score.words = 11, 6
        await pilot.pause()
        assert drawn(screen.score) == "Score 11 · 6 words · to beat 1,234"


def palette(app: BoggleApp) -> dict[str, str]:
    """The command palette's commands on the current screen: title -> what it says of itself."""
    return {command.title: command.help for command in commands(app, app.screen)}


async def test_a_remapped_pause_key_is_named_by_the_notice_and_the_palette(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, preferences=Preferences(keys={"pause": "f9", "copy-code": "f11"}))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        assert palette(app)["Pause"].endswith("(F9)") and palette(app)["Copy the board code"].endswith("(F11)")
        await pilot.press("f9")
        await until(pilot, lambda: screen.session.hidden, "the pause")
        await pilot.pause()
        assert "Press F9 to play on." in drawn(screen.hidden_notice)
        assert "Ctrl+P" not in drawn(screen.hidden_notice)


async def test_remapped_hint_keys_are_named_by_the_hints_panel_and_the_palette(enable1, popular) -> None:
    keys = {"hint-lengths": "f10", "reveal": "ctrl+u"}
    app, _ = make_app(enable1, popular, practice=True, preferences=Preferences(keys=keys))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.pause()
        hints = drawn(screen.hints)
        assert "F10 lengths" in hints and "^U reveal" in hints and "^L" not in hints and "^O" not in hints
        assert palette(app)["Hint: words left by length"].endswith("(F10)")
        assert palette(app)["Reveal a word"].endswith("(Ctrl+U)")


async def test_the_code_line_names_the_copy_key_in_force(enable1, popular) -> None:
    keys = {"copy-code": "f11"}
    app, _ = make_app(enable1, popular, Roll("superbig", 4), preferences=Preferences(keys=keys))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.pause()
        assert drawn(screen.query_one("#code")) == "Code: F11 copies it"


async def help_keys(pilot) -> str:
    await pilot.press("f1")
    help_screen = await shown(pilot, HelpScreen)
    text = help_screen.query_one(Markdown).source
    return text[text.index("# Keys") :]


async def test_help_in_a_timed_round_lists_only_the_keys_that_work_there(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, RoundScreen)
        keys = await help_keys(pilot)
    assert "practice" not in keys and "Ctrl+O" not in keys and "Ctrl+L" not in keys
    assert "| Ctrl+P | pause" in keys and "| Ctrl+G | end the round (it asks first) |" in keys
    assert "Press Escape or F1 or q to go back." in keys
    practice, _ = make_app(enable1, popular, practice=True)
    async with practice.run_test(size=(100, 32)) as pilot:
        await shown(pilot, RoundScreen)
        keys = await help_keys(pilot)
    assert "| Ctrl+O or F8 | practice: reveal a word (it scores nothing) |" in keys
    assert "| Ctrl+G | practice: give up |" in keys and "end the round" not in keys


async def test_a_timed_round_pauses_while_the_terminal_has_lost_focus(enable1, popular) -> None:
    app, time_ = make_app(enable1, popular, seconds=60)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        app.post_message(AppBlur())
        await until(pilot, lambda: screen.session.hidden, "the round held")
        await pilot.pause()
        assert "the board is hidden" in drawn(screen.hidden_notice) and not screen.board_view.display
        time_.now += 30
        screen.tick()
        assert screen.session.remaining == 60  # the clock stood still while the player was away
        app.post_message(AppFocus())
        await until(pilot, lambda: not screen.session.hidden, "the round back")
        time_.now += 5
        screen.tick()
        assert screen.session.remaining == 55


async def test_focus_loss_leaves_the_round_alone_when_turned_off_or_without_a_clock(enable1, popular) -> None:
    for preferences, rules in ((Preferences(pause_on_focus_loss=False), {"seconds": 60}), (Preferences(), {})):
        app, _ = make_app(enable1, popular, preferences=preferences, practice=not rules, **rules)
        async with app.run_test(size=(100, 32)) as pilot:
            screen = await shown(pilot, RoundScreen)
            app.post_message(AppBlur())
            await until(pilot, lambda: not pilot.app.app_focus, "the blur")
            await pilot.pause()
            assert not screen.session.hidden and screen.board_view.display


def test_every_face_fits_inside_every_die_that_draws_it_large() -> None:
    for size in DICE_SIZES:
        for face in DIE_FACES:
            shown = display_face(face)
            columns, rows = glyph_size(shown, size.scale) if size.scale else (len(shown), 1)
            assert columns <= size.width - 2 and rows <= size.height - 2, (size, face)
            if size.scale:
                lines = big_text(shown, size.scale).split("\n")
                assert len(lines) == rows and {len(line) for line in lines} == {columns}
    assert len({big_text(display_face(face), 1) for face in DIE_FACES}) == len(DIE_FACES)  # no two alike


async def test_the_board_grows_with_the_terminal_and_a_4x4_round_fits_60x20(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await shown(pilot, RoundScreen)  # not the notice that the terminal is too small
        assert screen.board_view.dice_size == DICE_SIZES[-1]
        sizes = {}
        for width, height in ((100, 32), (160, 45), (200, 60)):
            await pilot.resize_terminal(width, height)
            await until(pilot, lambda w=width: screen.size.width == w, "the resize")
            await pilot.pause()
            board = screen.board_view
            sizes[width] = board.dice_size
            # The board takes the room the side panel leaves, and the side panel keeps its minimum.
            assert board.outer_size.width <= width - SIDE_WIDTH - 2 and board.outer_size.height <= height - 6
        assert sizes[100].scale == 0 and sizes[160].scale == 1 and sizes[200].scale == 2
        assert sizes[100].width < sizes[160].width < sizes[200].width
        assert "██" in drawn(screen.board_view.query(Die).first())  # the letters grew too


async def test_a_6x6_results_header_at_100x32_shows_the_code(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, Roll("superbig", 4))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        screen.session.end(EndReason.ENDED)
        results = await shown(pilot, ResultsScreen)
        await pilot.pause()
        assert screen.session.code in drawn(results.query_one("#code"))
