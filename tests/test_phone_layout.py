"""A phone's terminal (boggle web on a phone, #26): a round upright at 40 columns, and buttons for its keys."""

from __future__ import annotations

from support import make_app, shown, until

from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.waiting import TooSmallScreen
from boggle_tui.app.widgets.board import FLAT
from boggle_tui.game.round import Verdict


async def test_a_round_upright_at_40_columns_has_the_board_on_top_and_buttons_for_its_keys(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(40, 40)) as pilot:
        screen = await shown(pilot, RoundScreen)  # not the notice that the terminal is too small
        await until(pilot, lambda: screen.has_class("-portrait"), "the upright layout")
        await pilot.pause()
        board, entry, clock = screen.board_view.region, screen.entry.region, screen.clock_view.region
        assert board.right <= 40 and entry.y >= board.bottom and clock.y > entry.y  # board, entry, then the rest
        assert screen.clock_view.region.y == screen.score.region.y  # the clock and the score on one line
        submit = screen.touch_bar.query_one("#touch-0")
        assert submit.display and submit.region.right <= 40 and submit.region.height == 3
        await pilot.press(*"howl")
        await pilot.click(submit)  # Enter, by touch
        await until(pilot, lambda: screen.session.entries, "the verdict")
        assert [(e.word, e.verdict) for e in screen.session.entries] == [("howl", Verdict.ACCEPTED)]
        assert app.focused is screen.entry  # the entry keeps the focus (and a phone its keyboard)


async def test_upright_the_guard_asks_for_what_the_upright_round_needs(enable1, popular) -> None:
    """Too narrow for the side panel, the notice asks for what the upright round over flat dice needs: it asked for
    60x18, which a phone can never be, then 30x18, which a phone with its keyboard up is not (#39)."""
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(40, 9)) as pilot:
        notice = await shown(pilot, TooSmallScreen)
        screen = app.screen_stack[-2]
        need = screen.flat_size
        assert f"{need[0]}x{need[1]}" in str(notice.query_one("#too-small").render()) and need == (22, 10)
        await pilot.resize_terminal(40, 16)  # a phone's page above its keyboard: flat dice, a row each
        await shown(pilot, RoundScreen)
        await until(pilot, lambda: screen.board_view.dice_size == FLAT, "the flat dice")
        await pilot.resize_terminal(40, 20)
        await until(pilot, lambda: screen.has_class("-compact") and screen.board_view.dice_size != FLAT, "the dice")
        await pilot.resize_terminal(40, 25)
        await until(pilot, lambda: not screen.has_class("-compact"), "the whole upright layout")


async def test_side_by_side_in_a_terminal_the_touch_buttons_stay_hidden(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.pause()
        assert not screen.has_class("-portrait") and not screen.touch_bar.region.height


async def test_the_start_screen_at_40_columns_shows_every_button_whole(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    async with app.run_test(size=(40, 40)) as pilot:
        start = await shown(pilot, StartScreen)
        await pilot.pause()
        for button in ("#go", "#study-button", "#friends-button", "#table-button"):
            region = start.query_one(button).region
            assert region.x >= 0 and region.right <= 40 and region.bottom <= 39, (button, region)


async def test_a_window_one_or_two_columns_wide_settles_with_no_scrollbar_beneath_the_notice(enable1, popular) -> None:
    """The start screen beneath the notice, in a window 2 columns wide, showed a scrollbar and hid it again on every
    layout, for ever (a third of a core): covered, it shows none; uncovered, it scrolls as before."""
    app, _ = make_app(enable1, popular, None)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await shown(pilot, StartScreen)
        for width in (2, 1):
            await pilot.resize_terminal(width, 24)
            await shown(pilot, TooSmallScreen)
            await pilot.pause()
            assert start.has_class("-covered") and not start.show_vertical_scrollbar
            assert start.styles.overflow_y == "hidden"
        await pilot.resize_terminal(80, 24)
        await shown(pilot, StartScreen)
        assert not start.has_class("-covered") and start.styles.overflow_y != "hidden"


async def test_a_phone_with_its_keyboard_up_plays_the_round_compact(enable1, popular) -> None:
    """43x23, a phone held upright with its keyboard up: the round said "too small, make it at least 60x18" (#39).
    The board, the clock, the entry and its verdict now draw whole; the words found wait for more rows."""
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(43, 23)) as pilot:
        screen = await shown(pilot, RoundScreen)
        assert screen.has_class("-portrait") and screen.has_class("-compact")
        assert not screen.query_one("#found-box").display or not screen.query_one("#found-box").region
        for widget in (screen.board_view, screen.entry, screen.clock_view):
            region = widget.region
            assert region.area and region.right <= 43 and region.bottom <= 22, (widget, region)  # above the footer
        await pilot.press(*"howl", "enter")
        await until(pilot, lambda: screen.session.entries, "the verdict")
        assert screen.verdict.region.area and screen.verdict.region.bottom <= 22
        await pilot.resize_terminal(43, screen.compact_size[1] - 1)  # the keyboard up: flat dice, and still playing
        await until(pilot, lambda: screen.board_view.dice_size == FLAT, "the flat dice")
        await pilot.press(*"hot", "enter")
        await until(pilot, lambda: len(screen.session.entries) == 2, "the second verdict")
        for widget in (screen.board_view, screen.entry, screen.verdict):
            assert widget.region.area and widget.region.bottom < screen.compact_size[1] - 2, widget
        need = screen.flat_size
        await pilot.resize_terminal(43, need[1] - 1)
        small = await shown(pilot, TooSmallScreen)
        said = " ".join(str(small.query_one("#too-small").render()).split())
        assert f"at least {need[0]}x{need[1]}" in said  # what a phone's width can reach, never 60x18
        await pilot.resize_terminal(43, 42)
        await shown(pilot, RoundScreen)
        assert not screen.has_class("-compact") and screen.query_one("#found-box").region.area  # all of it again


async def test_on_a_phone_s_page_a_question_s_buttons_name_no_keys(enable1, popular) -> None:
    """On touch, "(y)" and "(n)" were keyboard hints crowding the buttons (#39 item 4): a browser page narrower than
    the side-by-side round asks with plain buttons, tapped; in a terminal the keys are named as ever."""
    from textual.widgets import Button

    from boggle_tui.app.screens.confirm import ConfirmScreen

    for web_url, named in (("http://192.168.1.5:8000", False), (None, True)):
        app, _ = make_app(enable1, popular)
        app.web_url = web_url
        async with app.run_test(size=(43, 42)) as pilot:
            screen = await shown(pilot, RoundScreen)
            await pilot.press("ctrl+g")  # end the round: it asks first
            dialog = await shown(pilot, ConfirmScreen)
            labels = [str(button.label) for button in dialog.query(Button)]
            assert all(("(" in label) is named for label in labels), labels
            assert all(button.region.right <= 43 for button in dialog.query(Button))
            await pilot.click(dialog.query_one("#no", Button))  # keep playing, by touch
            await until(pilot, lambda app=app, screen=screen: app.screen is screen, "the round again")
            assert not screen.session.over
