"""What the app's flows (app/solo.py, app/study_flow.py) need of the app that runs them.

A protocol rather than the app's own class, so that a flow never imports the app that imports it: the game's
state the app keeps between flows, and the few Textual services a flow calls (screens, workers, timers, notices).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from typing import Any, Protocol

from textual.screen import Screen
from textual.worker_manager import WorkerManager

from boggle_tui.app.screens.start import StartScreen
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.request import RoundRequest
from boggle_tui.game.table import TableRules
from boggle_tui.storage.history import History


class Host(Protocol):
    # The state kept between flows
    preferences: Preferences
    history: History
    request: RoundRequest | None  # the round asked last
    table: TableRules | None  # rounds against the table while set
    dictionaries: dict[str, Dictionary]  # the word lists loaded, by name
    now: TimeSource
    wall: Callable[[], dt.datetime]
    rng: random.Random

    def show(self, screen: Screen[Any]) -> None: ...
    def start_screen(self) -> StartScreen: ...
    def today(self) -> dt.date: ...

    # Textual's services, as the app has them
    @property
    def screen(self) -> Screen[Any]: ...
    @property
    def workers(self) -> WorkerManager: ...
    @property
    def notify(self) -> Callable[..., None]: ...
    @property
    def run_worker(self) -> Callable[..., Any]: ...
    @property
    def call_from_thread(self) -> Callable[..., Any]: ...
    @property
    def set_timer(self) -> Callable[..., Any]: ...
    @property
    def post_message(self) -> Callable[..., bool]: ...
    @property
    def push_screen(self) -> Callable[..., Any]: ...
