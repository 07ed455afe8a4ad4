"""What many tests share: time the test moves, an app on a known board, waiting for screens, records.

Seed 42 on the new dice:  T I N R / E O N R / H W L D / A S E S
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from boggle_tui.app.app import BoggleApp
from boggle_tui.app.launch import AT_START, Round
from boggle_tui.engine.board import BLANK, DIE_FACES, Board
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import BoardRequest, Roll, RoundRequest
from boggle_tui.game.rules import Rules
from boggle_tui.net.room import Send
from boggle_tui.storage.history import History

SEED_42 = Roll(seed=42)
TODAY = dt.datetime(2026, 11, 23, 12, 0, tzinfo=dt.UTC)  # the date every test lives on


class FakeTime:
    """A monotonic clock that only moves when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FakeWall:
    """The date and time of day, fixed unless the test moves it."""

    def __init__(self, when: dt.datetime = TODAY) -> None:
        self.when = when

    def __call__(self) -> dt.datetime:
        return self.when


def round_request(board: BoardRequest, **values: Any) -> RoundRequest:
    """A request from keyword values as tests write them: the request's own (practice, replay, to_beat) and the
    rest its `Rules` (seconds, dictionary, min_length, scoring)."""
    own = {key: values.pop(key) for key in ("practice", "replay", "to_beat") if key in values}
    return RoundRequest(board, Rules(**values), **own)


def make_app(
    enable1: Dictionary,
    popular: Dictionary,
    board: BoardRequest | None = SEED_42,
    *,
    preferences: Preferences | None = None,
    history: History | None = None,
    folder: Path | None = None,
    now: Callable[[], float] | None = None,
    wall: Callable[[], dt.datetime] | None = None,
    **rules: Any,
) -> tuple[BoggleApp, FakeTime]:
    """An app with the word lists loaded; it deals `board` at once, or opens the start screen for None."""
    time_ = FakeTime()
    request = None if board is None else round_request(board, **rules)
    app = BoggleApp(
        preferences or Preferences(),
        launch=AT_START if request is None else Round(request),
        now=now or time_,
        wall=wall or FakeWall(),
        history=history,
        settings_folder=folder,
    )
    app.dictionaries[enable1.name] = enable1  # loaded once for the whole session
    app.dictionaries[popular.name] = popular
    return app, time_


def a_host(
    enable1: Dictionary, popular: Dictionary, folder: Path, room: str = "set", settings: Any = None
) -> tuple[BoggleApp, FakeTime]:
    """An app hosting `room` on a room server of its own, in this process (the lobby comes first), on a clock the
    test moves; `settings`: the room's (net/messages.py Settings)."""
    from boggle_tui.app.online import OnlinePlay, OnlineTarget

    time_ = FakeTime()
    target = OnlineTarget(url="", room=room, name="host", settings=settings, serve=("127.0.0.1", 0), detached=False)
    app, _ = make_app(enable1, popular, None, now=time_)
    app.online = OnlinePlay(app, target, app.show, time_, folder, app.online_round)
    return app, time_


async def until(pilot: Any, condition: Callable[[], object], what: str | Callable[[], str] = "the app") -> None:
    """Let the app run until `condition()` holds: screens mount in their own time on a busy machine.
    `what` names the wait, or says what was seen instead when it is a function."""
    for _ in range(250):
        if condition():
            return
        await asyncio.sleep(0.02)  # the app runs meanwhile; a pilot's pause would redraw it all (3.4 ms of CPU)
    raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")


async def settle(pilot: Any) -> None:
    """Let the app handle every message and key already queued, and what those queued in turn: before asserting
    that something did not happen. No wall-clock wait."""
    for _ in range(3):
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()


async def until_true(condition: Callable[[], object], what: str, seconds: float = 5.0) -> None:
    """Outside an app: poll `condition` on the event loop every 20 ms, at most `seconds` (a bound, not a wait)."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


async def shown(pilot: Any, screen_type: type) -> Any:
    """The screen of `screen_type`, once it is current and mounted."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, screen_type) and app.screen.is_mounted, screen_type.__name__)
    await pilot.pause()
    return app.screen


def past_the_guard(pilot: Any) -> None:
    """Move the app's clock past the moment in which the results take no keys (typed as the round ended)."""
    from boggle_tui.app.screens.results import GUARD_SECONDS

    pilot.app.now.now += GUARD_SECONDS


def drawn(widget: Any) -> str:
    """The text a widget puts on the screen, line by line, as cut to its size (borders included)."""
    from textual.geometry import Region

    width, height = widget.outer_size
    strips = widget.render_lines(Region(0, 0, width, height))
    return "\n".join("".join(segment.text for segment in strip).rstrip() for strip in strips).strip("\n")


async def type_word(pilot: Any, word: str) -> None:
    await pilot.press(*word, "enter")


def record(n: int, score: int = 5, **fields: Any) -> RoundRecord:
    """A finished round as the history stores it, the nth of November 2026."""
    values: dict[str, Any] = dict(
        uid=f"round-{n}",
        played_at=f"2026-11-{n + 1:02d}T10:00:00+00:00",
        mode="timed",
        board="tinreonrhwldases",
        code="N-TINREONRHWLDASES",
        dictionary="enable1",
        min_length=3,
        score=score,
        max_score=20,
        words_total=10,
        found={"howl": 1, "hot": 1},
        missed=("awe", "hold"),
        dice="new",
        seed=42,
        seconds=180,
        ended="time_up",
    )
    return RoundRecord(**{**values, **fields})


def every_path(board: Board, text: str) -> Iterator[tuple[int, ...]]:
    """Every path that spells `text`, by brute force: the reference the fast search is checked against."""
    faces = board.faces

    def extend(path: tuple[int, ...], rest: str) -> Iterator[tuple[int, ...]]:
        if not rest:
            yield path
            return
        for cell in board.neighbours(path[-1]):
            if cell not in path and faces[cell] != BLANK and rest.startswith(faces[cell]):
                yield from extend((*path, cell), rest[len(faces[cell]) :])

    for cell, face in enumerate(faces):
        if text and face != BLANK and text.startswith(face):
            yield from extend((cell,), text[len(face) :])


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Boards of every shape up to 6x6, with every face a die can show, blanks and two-letter faces included."""
    faces = st.sampled_from(sorted(DIE_FACES))
    height = draw(st.integers(1, 6))
    width = draw(st.integers(1, 6))
    return Board(tuple(tuple(draw(faces) for _ in range(width)) for _ in range(height)))


def without_waiting(call: Callable[[], Any], fifos: list[Path], seconds: float = 10.0) -> Any:
    """`call()`'s result, failing the test if it is still waiting after `seconds`: a read that blocks on one
    of `fifos` is then let go (each is opened for writing and closed: an end of file), so the run goes on."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as error:  # handed to the test below
            outcome["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    stuck = worker.is_alive()
    for fifo in fifos if stuck else []:
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    worker.join(seconds)
    assert not stuck, f"still waiting after {seconds} s, on a FIFO"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


# Faces for boards where words have many paths: common letters, Qu, the two-letter faces and the blank.
_CROWD = [*"aeeinorst", "qu", "an", "er", "he", "in", "th", BLANK]


@st.composite
def crowded_boards(draw: st.DrawFn, most: int = 11) -> Board:
    """Boards up to `most` a side (4x4, 5x5 and 6x6 often) drawn from a few faces, so that many
    words can be spelt along several paths: where the engines must agree on which path is a word's."""
    shape = st.sampled_from([(4, 4), (5, 5), (6, 6)]) | st.tuples(st.integers(1, most), st.integers(1, most))
    height, width = draw(shape)
    faces = st.sampled_from(draw(st.lists(st.sampled_from(_CROWD), min_size=1, max_size=6, unique=True)))
    return Board(tuple(tuple(draw(faces) for _ in range(width)) for _ in range(height)))


def messages(sends: list[Send], kind: str) -> list[dict[str, Any]]:
    """The messages of one type among what a room sent, decoded."""
    return [m for m in (json.loads(s.text) for s in sends) if m["type"] == kind]


DEAL_SECRET = "a test server's secret"  # a daily server in a test deals from it, so the test knows its boards
