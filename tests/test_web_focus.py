"""A game in a browser keeps the keys the page says it has (#39): Textual's web driver says "blur" as the game starts,
which often came after the page's own "focus" on opening, and every later screen's footer was drawn empty."""

from __future__ import annotations

import pytest
from support import make_app, settle, shown
from textual import events

from boggle_tui.app.screens.start import StartScreen


@pytest.mark.parametrize("web", [True, False], ids=["web driver", "terminal"])
async def test_the_driver_s_blur_as_the_game_starts_is_not_the_page_s(enable1, popular, monkeypatch, web) -> None:
    app, _ = make_app(enable1, popular, None)
    monkeypatch.setattr(type(app), "_under_web_driver", lambda self: web)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        app.post_message(events.AppFocus())  # the page's, on opening
        app.post_message(events.AppBlur())  # the driver's, as the game starts
        await settle(pilot)
        assert app.app_focus is web  # in a terminal, a blur is the terminal's own
        if web:
            assert start.query("FooterKey"), "the footer drew no keys"
            app.post_message(events.AppBlur())  # the page's: its tab hidden, say
            await settle(pilot)
            assert app.app_focus is False
            app.post_message(events.AppFocus())
            await settle(pilot)
            assert app.app_focus is True
