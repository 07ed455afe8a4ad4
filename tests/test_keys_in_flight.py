"""Keys typed in a burst behind a key or a click that opens a screen reach the new screen's entry.

Textual routes each key when it reaches the app, to the widget focused at that moment; the key that opens a
screen is acted on later, when it has bubbled back up through its widget and screen. So keys that arrive
together with it (a browser's keys come in bursts, over the network) were handed to the old screen's
widget, which had no use for them, and were lost: "eve" typed as "Play with friends" opened became "ve".
"""

from __future__ import annotations

from support import make_app, shown, until
from textual import events

from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.friends import FriendsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen


def burst(app, *keys: str) -> None:
    """Post keys to the app all at once, as a burst from the network arrives: none is handled before the next."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def test_letters_typed_as_a_key_opens_a_dialog_reach_its_entry(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        burst(app, "f4", "e", "v", "e")  # F4: Play with friends, its name field focused
        dialog = await shown(pilot, FriendsScreen)
        name = dialog.query_one("#friends-name")
        await until(pilot, lambda: name.value == "eve", lambda: f"the name typed, not {name.value!r}")


async def test_letters_typed_as_a_click_opens_a_dialog_reach_its_entry(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        x, y = start.query_one("#friends-button").region.center  # Play with friends
        for kind in (events.MouseDown, events.MouseUp):  # the click, and the letters behind it, in one burst
            app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
        burst(app, "a", "b")
        dialog = await shown(pilot, FriendsScreen)
        name = dialog.query_one("#friends-name")
        await until(pilot, lambda: name.value == "ab", lambda: f"the name typed, not {name.value!r}")


async def test_a_letter_nothing_wants_is_still_dropped(enable1, popular) -> None:
    """Only a key handed to a widget that has since lost the focus is handed on: a letter on the start screen,
    where nothing takes letters, stays ignored."""
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        burst(app, "x", "y")
        await pilot.pause()
        assert app.screen is start and app.focused is start.query_one("#go")


async def test_a_letter_that_is_a_binding_is_not_typed_again_where_it_leads(enable1, popular) -> None:
    """The question's "n" (keep playing) closes it: it was the question's key, not a letter for the round's entry."""
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        round_ = await shown(pilot, RoundScreen)
        await pilot.press("ctrl+g")  # end the round? it asks
        await shown(pilot, ConfirmScreen)
        burst(app, "n")
        await until(pilot, lambda: app.screen is round_ and app.focused is round_.entry, "the round again")
        await pilot.pause()
        assert round_.entry.value == ""
