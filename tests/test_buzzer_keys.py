"""Keys typed through the buzzer never act on the results, however late a slow game gets to them.

Played in a room of four games on a busy 2-core machine, a player typing through 0:00 was sent back to the lobby
(n or Enter) and two others' games opened the statistics (s), about 1.5 s after the results appeared, from keys
typed as they appeared. A game's log showed why: drawing the results kept its event loop busy for 1.6 s, the keys
typed meanwhile waited in the terminal and came in together, and the results judged them by when the game got to
them (a key 1.6 s after the one before: a pause, then a command). Keys LateKeys holds while the results are built
were judged the same way, when it handed them on. Each key is judged by when it came and the keys around it: a
key typed as the results appeared, or in a run of keys begun in the round, never acts; a single key after a pause
the game has watched does.

Time here is the app's clock (FakeTime): a slow game is the clock moving while the keys wait.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Callable
from typing import Any

import pytest
from support import make_app, settle, shown, until, until_true
from textual import events

from boggle_tui.app.late_keys import Burst
from boggle_tui.app.screens.daily_results import DailyResultsScreen
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.results import GUARD_SECONDS, ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.engine.board import parse_board
from boggle_tui.engine.solver import solve
from boggle_tui.game.round import EndReason
from boggle_tui.net import messages as m
from boggle_tui.net.daily_session import DailySession
from boggle_tui.net.messages import decode_server
from boggle_tui.net.session import OnlineSession

BOARD = "tinreonrhwldases"  # seed 42's board: T I N R / E O N R / H W L D / A S E S
SLOW = 1.6  # seconds a busy game's loop took to draw the results: longer than the guard and the pause that ends a run
START = {"round": 2, "board": [list(BOARD[i : i + 4]) for i in range(0, 16, 4)], "dice": "new", "code": "",
         "min_length": 3, "seconds": 60, "remaining": 60.0, "dictionary": "enable1"}  # fmt: skip
# Keys each kind of results acts on: the statistics, and what leaves them (a room's lobby: n, Enter, Escape).
COMMANDS = {"solo": ("s", "n", "r", "escape"), "room": ("s", "n", "enter", "escape"), "daily": ("s", "escape")}


def screens_opened(app: Any) -> list[str]:
    """The screens the app shows from now on, by name, as it changes to each (one opened and closed is there)."""
    opened: list[str] = []
    app.screen_change_signal.subscribe(app, lambda screen: opened.append(type(screen).__name__))
    return opened


def together(app: Any, *keys: str) -> None:
    """Keys that come to the app at once, none handled before the next: read from the terminal in one go, typed
    while the game was too busy to read them."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


def a_solo_round(app: Any, time_: Any, screen: RoundScreen) -> Callable[[], None]:
    time_.now += 178  # the app dealt a 3-minute round at once: 0:02 left

    def buzzer() -> None:
        screen.tick()  # the clock reads 0:00: the round ends

    return buzzer


def a_room_round(app: Any, time_: Any, enable1: Any) -> Callable[[], None]:
    session = OnlineSession(decode_server(json.dumps({"type": "start", **START})), "r", 1, lambda *_: None, time_)
    app.solo.play(session)
    time_.now += 58
    solution = solve(parse_board(BOARD), enable1.trie, 3)
    end = {"type": "end", "reason": "time_up", "round": 2, "scoring": "unique", "shared": [],
           "players": [{"id": 1, "name": "ann", "score": 0, "words": {}}, {"id": 2, "name": "bob", "score": 0}],
           "solution": {word: list(path) for word, path in solution.paths.items()}}  # fmt: skip
    return lambda: session.apply(decode_server(json.dumps(end)))  # the room's end, after its grace


def a_daily_round(app: Any, time_: Any, enable1: Any) -> Callable[[], None]:
    start = decode_server(json.dumps({"type": "start", **START}))
    assert isinstance(start, m.Start)
    sent: list[m.ClientMessage] = []
    session = DailySession(start, sent.append, day=dt.date(2026, 11, 23), server="example.org",
                           dictionary="enable1", now=time_)  # fmt: skip
    app.solo.play(session)
    time_.now += 58
    solution = solve(parse_board(BOARD), enable1.trie, 3)
    return lambda: session.finish(None, solution, lost="a test")


async def type_to_the_buzzer(pilot: Any, kind: str, enable1: Any) -> tuple[Callable[[], None], Any]:
    """A round of `kind` 2 s from its end, the player typing a key every 0.2 s; the end, for the test to call."""
    app = pilot.app
    time_ = app.now
    if kind == "solo":
        end = a_solo_round(app, time_, await shown(pilot, RoundScreen))
    else:
        await shown(pilot, StartScreen)
        end = (a_room_round if kind == "room" else a_daily_round)(app, time_, enable1)
        await shown(pilot, RoundScreen)
    for key in "snow" * 2 + "sno":  # 0:02 to 0:00, typing on
        await pilot.press(key)
        time_.now += 0.2
    return end, time_


RESULTS = {"solo": ResultsScreen, "room": OnlineResultsScreen, "daily": DailyResultsScreen}


def app_for(kind: str, enable1: Any, popular: Any) -> Any:
    app, _time = make_app(enable1, popular) if kind == "solo" else make_app(enable1, popular, None)
    return app


@pytest.mark.parametrize("kind", ["solo", "room", "daily"])
async def test_keys_typed_while_a_busy_game_drew_the_results_never_act_on_them(enable1, popular, kind) -> None:
    """The results are up; the game's loop is busy drawing them for 1.6 s while the player types on; the keys come
    in together after the guard's 1.5 s. None acts; a single key after a pause does."""
    app = app_for(kind, enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        end, time_ = await type_to_the_buzzer(pilot, kind, enable1)
        end()
        results = await shown(pilot, RESULTS[kind])
        assert type(results) is RESULTS[kind]
        opened = screens_opened(app)
        time_.now += SLOW  # the player typed on while the game drew the results
        together(app, *COMMANDS[kind], "o", "w", "enter", *COMMANDS[kind])
        await settle(pilot)
        assert opened == [] and app.screen is results, f"{opened} opened by keys typed through the buzzer"
        time_.now += GUARD_SECONDS  # the player stops and reads, then asks for the statistics
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen), lambda: f"the statistics, not {app.screen}")


@pytest.mark.parametrize("kind", ["solo", "room", "daily"])
async def test_keys_that_wait_while_the_results_are_busy_are_judged_as_they_came(enable1, popular, kind) -> None:
    """Keys typed as the results appear come to the app at once, and wait on their way back to it (LateKeys may
    hold them for the results' focus; each bubbles through the results' queue), and the results are busy for 1.6 s:
    the bindings see them past the guard. They came as the results appeared: none acts."""
    app = app_for(kind, enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        end, time_ = await type_to_the_buzzer(pilot, kind, enable1)
        end()
        results = await shown(pilot, RESULTS[kind])
        opened = screens_opened(app)
        busy = asyncio.Event()
        results.call_later(busy.wait)  # drawing them on a busy machine: nothing else in their queue meanwhile
        try:
            stamped: list[float] = []
            stamp = app.late_keys.burst.key
            app.late_keys.burst.key = lambda now: (stamped.append(now), stamp(now))[1]
            for n, key in enumerate(COMMANDS[kind], 1):  # one at a time, each stamped by the app before the clock moves
                together(app, key)
                await until_true(lambda n=n: len(stamped) == n, f"key {key!r} stamped")
            time_.now += SLOW
        finally:
            busy.set()
        await settle(pilot)
        assert opened == [] and app.screen is results, f"{opened} opened by keys typed through the buzzer"
        time_.now += GUARD_SECONDS
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen), lambda: f"the statistics, not {app.screen}")


def test_a_run_of_keys_is_broken_by_a_pause_the_game_saw_and_not_by_one_it_caused() -> None:
    """A key 1.5 s after the one before begins a run; keys read together after a stall (the game could not read
    them while the player typed) go on the run before, the first of them too; a quick key after a pause does not."""
    burst = Burst(GUARD_SECONDS)
    typing = [burst.key(100 + 0.2 * i) for i in range(5)]  # 100.0 to 100.8
    assert {came.run.began for came in typing} == {100.0}
    alone = burst.key(103.0)  # a pause, then one key: a command
    assert alone.run.began == 103.0
    read_together = [burst.key(105.0), burst.key(105.0), burst.key(105.001)]  # a stall of 2 s, then what it held
    assert {came.run.began for came in read_together} == {103.0} and read_together[0].at == 105.0
    quick = [burst.key(107.0), burst.key(107.1)]  # a pause, then two keys as fast as a player types
    assert {came.run.began for came in quick} == {107.0}
    later = [burst.key(117.0), burst.key(117.0), burst.key(117.001)]  # 10 s on, F2 and a line in one burst
    assert {came.run.began for came in later} == {117.0}  # the player's own, longer than any stall


@pytest.mark.parametrize("practice", [False, True])
async def test_after_an_end_the_player_asked_for_the_next_key_is_a_command_at_once(enable1, popular, practice) -> None:
    """Ctrl+G (and Y, where a timed round asks) ends the round at the player's word: no buzzer came as they typed,
    so the key right after is a command of the results (here: a new board), never a too-late word."""
    app, time_ = make_app(enable1, popular, practice=practice)
    async with app.run_test(size=(100, 32)) as pilot:
        round_screen = await shown(pilot, RoundScreen)
        await pilot.press(*"tin", "enter", "ctrl+g", *(() if practice else ("y",)))
        results = await shown(pilot, ResultsScreen)
        assert round_screen.session.end_reason is (EndReason.GAVE_UP if practice else EndReason.ENDED)
        opened = screens_opened(app)
        time_.now += 0.2  # at once: within the guard, and in the run the Ctrl+G began
        await pilot.press("n")
        await until(pilot, lambda: opened, "the next round")
        assert not results.query("#too-late")
