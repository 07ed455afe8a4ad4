"""Keys typed in a burst behind a key or a click that opens a screen: handed to the widget that has the focus.

Textual routes a key when it reaches the app, to the widget focused at that moment. The key (or click) that
opens a screen is acted on later, once it has bubbled back up through its widget and its screen; keys that
came with it in one burst were by then handed to the old screen's widget, which had no use for them, or to the
new screen before anything in it had the focus. In a terminal a player seldom types that fast; in a browser keys
travel over the network and arrive in bursts, and "eve" typed as "Play with friends" opened became "ve".

So a typing key that comes back to the app unused from a widget that has lost the focus since is handed on to
the widget focused now; typing keys that arrive while a screen is still being built (nothing focused in it yet),
or while such a key is still on its way back, wait; and all go to the focused widget in the order typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ScreenStackError

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

EDITING = ("enter", "backspace")  # with the letters: the keys of typing a word


def typing(key: events.Key) -> bool:
    return key.is_printable or key.key in EDITING


class LateKeys:
    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.numbers = count()  # the order keys arrived in
        self.on_their_way: dict[int, tuple[events.Key, DOMNode]] = {}  # typing keys routed, not yet through
        self.waiting: list[tuple[int, events.Key]] = []  # keys for the widget the focus is about to land on
        self.before: tuple[object, object] = (None, None)  # the screen and focus as a key came back to the app

    def arrived(self, key: events.Key) -> bool:
        """A key from the terminal, before the app routes it: False when it waits its turn."""
        number = next(self.numbers)
        held = self._stale() or self._building()
        if typing(key) and held:
            self.waiting.append((number, key))
            return False
        if not held:
            self.hand_on()  # keys that waited go first
        if typing(key):
            self.on_their_way[number] = (key, self.app.focused or self.app.screen)
        return True

    def routed(self, key: events.Key) -> None:
        """The app has handed `key` to its widget: follow it up to the app, where it is through."""
        for number, (routed, target) in self.on_their_way.items():
            if routed is key:
                self._follow(number, target)
                return

    def _follow(self, number: int, node: DOMNode) -> None:
        """Each node's queue in turn, from the key's widget up to the app: once the app has had its turn, the key
        has been used, or it has come back (it was ahead of this in every queue)."""
        if not node.call_later(self._passed, number, node):
            self._through(number)  # the node is gone, and its queue with it

    def _passed(self, number: int, node: DOMNode) -> None:
        if node.parent is None:
            self._through(number)
        else:
            self._follow(number, node.parent)

    def _through(self, number: int) -> None:
        self.on_their_way.pop(number, None)
        if not self._stale() and not self._building():
            self.hand_on()

    def back(self) -> None:
        """A key bubbled back to the app: the screen and focus before the app's bindings see it."""
        self.before = (self.app.screen, self.app.focused)

    def unused(self, key: events.Key) -> None:
        """A key that bubbled back to the app and went through its bindings."""
        found = [(n, target) for n, (routed, target) in self.on_their_way.items() if routed is key]
        if not found:
            return  # not one of the terminal's typing keys
        number, target = found[0]
        if target is (self.app.focused or self.app.screen):
            return  # its widget still has the focus and did not want it
        if self.before != (self.app.screen, self.app.focused):
            return  # the key itself was a binding that moved the focus: it was used
        self.waiting.append((number, events.Key(key.key, key.character)))

    def hand_on(self) -> None:
        """The keys waiting, in the order typed, to the widget focused now (none: they go, nothing takes them)."""
        waiting, self.waiting = sorted(self.waiting, key=lambda pair: pair[0]), []
        try:
            focused = self.app.focused
        except ScreenStackError:  # the app is closing: its last screen gone, a focus event may still come
            return
        if focused is None:
            return
        for _number, key in waiting:
            focused._forward_event(key)  # the widget's own queue: before any key routed after them

    def _stale(self) -> bool:
        """A typing key is on its way through a widget that has lost the focus: it may come back for the new one."""
        now = self.app.focused or self.app.screen
        return any(target is not now for _key, target in self.on_their_way.values())

    def _building(self) -> bool:
        """The screen is not mounted yet: its focus is still to come."""
        return self.app.focused is None and not self.app.screen.is_mounted


@dataclass
class Burst:
    """When the keys being typed now began to come: a key more than `gap` seconds after the one before it starts
    a new burst. The results take none of their one-key actions while a burst that began in the round goes on:
    a player typing through the buzzer never deals a new board or opens the statistics by it."""

    gap: float
    began: float | None = None
    last: float | None = None

    def key(self, now: float) -> None:
        if self.last is None or now - self.last >= self.gap:
            self.began = now
        self.last = now

    def began_before(self, moment: float, now: float) -> bool:
        """Whether the keys coming now are a burst that began before `moment` and has not paused since."""
        return self.began is not None and self.last is not None and self.began < moment and now - self.last < self.gap
