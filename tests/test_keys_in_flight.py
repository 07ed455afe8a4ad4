"""Keys typed in a burst behind a key or a click that opens a screen reach the new screen's entry.

Textual routes each key when it reaches the app, to the widget focused at that moment; the key that opens a
screen is acted on later, when it has bubbled back up through its widget and screen. So keys that arrive
together with it (a browser's keys come in bursts, over the network) were handed to the old screen's
widget, which had no use for them, and were lost: "eve" typed as "Play with friends" opened became "ve".
"""

from __future__ import annotations

from support import make_app, shown, until
from textual import events
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from boggle_tui.app.late_keys import LateKeys
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


async def test_ctrl_q_never_waits_behind_keys_that_wait(enable1, popular, monkeypatch) -> None:
    """Ctrl+Q typed behind letters waiting their turn waited with them and was handed to a widget, where Textual
    never checks a priority binding: the quit was lost. A key the app takes before any widget goes at once."""
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        keys = app.late_keys
        monkeypatch.setattr(keys, "_stale", lambda: True)  # a letter on its way through a widget left behind
        assert not keys.arrived(events.Key("e", "e"))  # the letter waits
        assert not keys.arrived(events.Key("escape", None))  # a key behind it waits its turn too
        assert keys.arrived(events.Key("ctrl+q", None))  # but not the app's own priority key
        assert [key.key for _, key in keys.waiting] == ["e", "escape"]


class Bare(Screen[None]):
    """A screen with nothing to focus: the focus never lands, so no focus event hands waiting keys on."""

    BINDINGS = [("escape", "leave", "Leave")]

    def compose(self) -> ComposeResult:
        yield Static("nothing to focus")

    def action_leave(self) -> None:
        self.app.pop_screen()


class Keys(App[None]):
    """The app's routing of keys through LateKeys, as BoggleApp does it."""

    def __init__(self) -> None:
        super().__init__()
        self.late_keys = LateKeys(self, lambda: 0.0, 1.0)

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key):
            await super().on_event(event)
        elif event.is_forwarded:
            if not self.late_keys.strayed(event):
                await super().on_event(event)
        elif self.late_keys.arrived(event):
            await super().on_event(event)
            self.late_keys.routed(event)

    def on_descendant_focus(self) -> None:
        self.late_keys.hand_on()


async def test_keys_that_waited_for_a_screen_with_nothing_to_focus_reach_it(monkeypatch) -> None:
    """Keys that waited for a screen being built were handed on only when something in it took the focus: on a
    screen with nothing to focus they waited for the next key, and Escape there did nothing until then."""
    app = Keys()
    async with app.run_test() as pilot:
        await app.push_screen(Bare())
        keys = app.late_keys
        with monkeypatch.context() as building:
            building.setattr(keys, "_building", lambda: True)  # as they come, the screen is still being built
            assert not keys.arrived(events.Key("a", "a"))
            assert not keys.arrived(events.Key("escape", None))  # behind the letter
        await until(pilot, lambda: not isinstance(app.screen, Bare), "Escape, with no other key after it")
        assert not keys.waiting


def test_a_key_s_old_way_through_does_not_end_its_new_one() -> None:
    """A key come back and handed on again keeps its number: its first way's end must not drop its second's."""
    keys = LateKeys.__new__(LateKeys)
    keys.on_their_way, keys.waiting = {}, []
    keys._stale = keys._building = lambda: True  # type: ignore[method-assign]
    first, again = events.Key("a", "a"), events.Key("a", "a")
    keys.on_their_way[7] = (again, None)
    keys._through(7, first)
    assert keys.on_their_way[7][0] is again
    keys._through(7, again)
    assert 7 not in keys.on_their_way
