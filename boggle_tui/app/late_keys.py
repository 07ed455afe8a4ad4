"""Keys typed in a burst behind a key or a click that opens a screen: handed to the widget that has the focus.

Textual routes a key when it reaches the app, to the widget focused at that moment. The key (or click) that
opens a screen is acted on later, once it has bubbled back up through its widget and its screen; keys that
came with it in one burst were by then handed to the old screen's widget, which had no use for them, or to the
new screen before anything in it had the focus. In a terminal a player seldom types that fast; in a browser keys
travel over the network and arrive in bursts, and "eve" typed as "Play with friends" opened became "ve".

So a typing key that comes back to the app from a widget that has lost the focus since is handed on to the widget
focused now, before the app's bindings see it (they would act on it where the focus was, out of its turn); typing
keys that arrive while a screen is still being built (nothing focused in it yet), or while such a key is still on
its way back, wait; and all go to the focused widget in the order typed.

Each key is also stamped as it comes (`Came`: when, and the run of keys it came in), before it may wait, and the
app's bindings judge it by its stamp (`typed_through`), not by when they get to it: the results take no action on
a key typed through the buzzer, however late a busy game hands it on or reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from textual import events
from textual.app import ScreenStackError

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

EDITING = ("enter", "backspace")  # with the letters: the keys of typing a word
# Keys that come closer together than this were read from the terminal in one go: typed while the game was too busy
# to read them (a loaded machine: a 1.6 s stall as a room's results were drawn). A player's own keys seldom come
# that close; two that do after a pause are typing, not a command (the next single key is one).
CLUMP = 0.05
# The longest stall a busy game is taken to cause (measured: 1.1-2.4 s as a room's results were drawn). Keys read
# together after a longer pause are the player's own burst (a paste, a browser's keys, F2 and a line to say), begun
# after the pause: never the typing of a round that ended before it.
STALL = 3.0
# How soon to look again whether a screen being built is up, for keys that wait for it (its focus event hands them
# on sooner, where it has something to focus).
LOOK_AGAIN = 0.05


def typing(key: events.Key) -> bool:
    return key.is_printable or key.key in EDITING


class LateKeys:
    def __init__(self, app: App[Any], now: Callable[[], float], gap: float) -> None:
        """`now` is the app's clock; a key more than `gap` seconds after the one before it starts a new run."""
        self.app = app
        self.now = now
        self.burst = Burst(gap)
        self.came: WeakKeyDictionary[events.Key, Came] = WeakKeyDictionary()  # each key's stamp, while it lives
        self.numbers = count()  # the order keys arrived in
        self.forgotten = 0  # keys numbered below this are handed on to no one (`forget`)
        self.last = -1  # the number of the last key come
        self.on_their_way: dict[int, tuple[events.Key, DOMNode]] = {}  # typing keys routed, not yet through
        self.waiting: list[tuple[int, events.Key]] = []  # keys for the widget the focus is about to land on

    def arrived(self, key: events.Key) -> bool:
        """A key from the terminal, before the app routes it: False when it waits its turn. Stamped either way."""
        self.came[key] = self.burst.key(self.now())
        number = self.last = next(self.numbers)
        building = self._building()
        held = building or self._stale()
        # Any key behind keys that wait waits too, in the order typed; but not one the app takes before any widget
        # (Ctrl+Q, the palette: a priority binding, which Textual checks only for a key that has not been handed on).
        if held and (typing(key) or (self.waiting and not self._first_for_the_app(key))):
            self.waiting.append((number, key))
            if building:  # a screen with nothing to focus never calls on_descendant_focus: look again soon
                self.app.set_timer(LOOK_AGAIN, self._built)
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

    def _first_for_the_app(self, key: events.Key) -> bool:
        """Whether an app-wide priority binding takes `key` (it acts wherever the focus is)."""
        try:
            active = self.app.active_bindings.get(key.key)
        except ScreenStackError:
            return False
        return active is not None and active.binding.priority

    def _built(self) -> None:
        """A while after keys began to wait for a screen being built: theirs, now it is (or another look later)."""
        if not self.waiting:
            return
        if self._building():
            self.app.set_timer(LOOK_AGAIN, self._built)
        elif not self._stale():
            self.hand_on()

    def _follow(self, number: int, node: DOMNode) -> None:
        """Each node's queue in turn, from the key's widget up to the app: once the app has had its turn, the key
        has been used, or it has come back (it was ahead of this in every queue)."""
        self._chain(number, self.on_their_way[number][0] if number in self.on_their_way else None, node)

    def _chain(self, number: int, key: events.Key | None, node: DOMNode) -> None:
        if not node.call_later(self._passed, number, key, node):
            self._through(number, key)  # the node is gone, and its queue with it

    def _passed(self, number: int, key: events.Key | None, node: DOMNode) -> None:
        if node.parent is None:
            self._through(number, key)
        else:
            self._chain(number, key, node.parent)

    def _through(self, number: int, key: events.Key | None) -> None:
        # Only the key this chain followed: a key come back and handed on again under its number has a chain of its
        # own, which its old one must not end.
        if number in self.on_their_way and self.on_their_way[number][0] is key:
            del self.on_their_way[number]
        if not self._stale() and not self._building():
            self.hand_on()

    def forget(self) -> None:
        """The keys come so far were for a screen that has gone against the player's will (a room lost from its
        lobby): those still on their way or waiting are handed on to no one, never to the screen put in its place
        (an Enter for the lobby would start a game on the start screen)."""
        self.forgotten = self.last + 1
        self.waiting = []

    def strayed(self, key: events.Key) -> bool:
        """A typing key back at the app from a widget that lost the focus after the key was handed to it (a key
        before it in the burst moved the focus: F2 to the chat line): it waits for the widget focused now, and the
        app's bindings never see it, or Enter typed after "gg" would act where the focus was, before "gg" is in."""
        found = [(n, target) for n, (routed, target) in self.on_their_way.items() if routed is key]
        if not found or found[0][1] is (self.app.focused or self.app.screen):
            return False
        number = found[0][0]
        if number >= self.forgotten:
            self.waiting.append((number, self._again(key)))
        return True

    def _again(self, key: events.Key) -> events.Key:
        """`key` to be handed on once more (an event is dispatched once), with the stamp it came with."""
        again = events.Key(key.key, key.character)
        if key in self.came:
            self.came[again] = self.came[key]
        return again

    @contextmanager
    def judging(self, key: events.Key) -> Iterator[None]:
        """While the app's bindings see `key`: the key `typed_through` judges."""
        reset = HANDLING.set(self.came.get(key))
        try:
            yield
        finally:
            HANDLING.reset(reset)

    def typed_through(self, moment: float, guard: float) -> bool:
        """Whether the key the bindings see now was typed through `moment` (when a screen replaced the round):
        it came within `guard` seconds of it, or in a run of keys begun before it. With no key (the footer asks
        which keys to show, a click on it), whether a key coming now would be."""
        came = HANDLING.get()
        if came is None:
            now = self.now()
            return now - moment < guard or self.burst.began_before(moment, now)
        return came.at - moment < guard or came.run.began < moment

    def typed_on(self, key: events.Key, moment: float) -> bool:
        """Whether `key` is typing that went on through `moment` (when a screen replaced the round): it came in a
        run of keys begun by then. Such a key belongs to the word being typed, never to the screen now up."""
        came = self.came.get(key)
        return typing(key) and came is not None and came.run.began <= moment

    def hand_on(self) -> None:
        """The keys waiting, in the order typed, to the widget focused now (with none focused, to the screen, as
        the app routes any key then); typing keys followed on their way as when they came: should the focus move
        before they are used (a key ahead of them, F2, gives the chat line the focus; an Enter among them takes it
        away), they come back and go to the widget focused then (`strayed`)."""
        waiting, self.waiting = sorted(self.waiting, key=lambda pair: pair[0]), []
        try:
            target = self.app.focused or self.app.screen
        except ScreenStackError:  # the app is closing: its last screen gone, a focus event may still come
            return
        for number, key in waiting:
            if typing(key):
                self.on_their_way[number] = (key, target)
            target._forward_event(key)  # the widget's own queue: before any key routed after them
            if typing(key):
                self._follow(number, target)

    def _stale(self) -> bool:
        """A typing key is on its way through a widget that has lost the focus: it may come back for the new one."""
        now = self.app.focused or self.app.screen
        return any(target is not now for _key, target in self.on_their_way.values())

    def _building(self) -> bool:
        """The screen is not mounted yet: its focus is still to come."""
        return self.app.focused is None and not self.app.screen.is_mounted


# The stamp of the key the app's bindings see now (LateKeys.judging): a context variable, so that what other
# tasks ask meanwhile (the footer's keys) is asked of no key.
HANDLING: ContextVar[Came | None] = ContextVar("handling", default=None)


@dataclass
class Run:
    """Keys that came with no pause between them: when the first came."""

    began: float


@dataclass(frozen=True)
class Came:
    """When a key came to the app, and the run of keys it came in."""

    at: float
    run: Run


@dataclass
class Burst:
    """The runs of keys as they come: a key more than `gap` seconds after the one before it starts a new run,
    unless the next key comes with it (within `clump`) after a pause no longer than a game's stall: keys read
    together were typed while the game could not read them, and the pause before them was the game's, not the
    player's; they go on the run before."""

    gap: float
    clump: float = CLUMP
    run: Run | None = None
    before: Run | None = None  # the run before this one
    alone: bool = False  # this run is one key so far
    pause: float = 0.0  # the pause before this run
    last: float | None = None

    def key(self, now: float) -> Came:
        if self.run is None or self.last is None or now - self.last >= self.gap:
            self.pause = now - self.last if self.last is not None else STALL
            self.before, self.run, self.alone = self.run, Run(now), True
        elif self.alone and now - self.last < self.clump and self.before is not None and self.pause < STALL:
            self.run.began = self.before.began  # the key that began it, and those of its run, with it
            self.alone = False
        else:
            self.alone = False
        self.last = now
        return Came(now, self.run)

    def began_before(self, moment: float, now: float) -> bool:
        """Whether the keys coming now are a run that began before `moment` and has not paused since."""
        run, last = self.run, self.last
        return run is not None and last is not None and run.began < moment and now - last < self.gap
