"""SVG snapshots of the screens at 80x24 (pytest-textual-snapshot; `--snapshot-update` accepts changes)."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from boggle_tui.app.app import BoggleApp
from boggle_tui.game.preferences import GameSettings

SIZE = (80, 24)


class StillTime:
    def __call__(self) -> float:
        return 0.0


def make_app(enable1, popular, start_now: bool = True, **settings) -> BoggleApp:
    app = BoggleApp(GameSettings(**{"seed": 42, **settings}), start_now=start_now, now=StillTime())
    app.dictionaries[enable1.name] = enable1
    app.common = popular
    return app


async def steady(pilot) -> None:
    """Stop the entry's cursor from blinking, so every screenshot is the same."""
    for entry in pilot.app.screen.query(Input):
        entry.cursor_blink = False
    await pilot.pause()


@pytest.fixture(autouse=True)
def _same_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def test_start_screen(snap_compare, enable1, popular) -> None:
    assert snap_compare(make_app(enable1, popular, start_now=False, seed=None), terminal_size=SIZE)


def test_round_in_progress_with_a_lit_path(snap_compare, enable1, popular) -> None:
    app = make_app(enable1, popular)
    keys = [*"howl", "enter", *"wol", "enter", *"hot"]
    assert snap_compare(app, press=keys, terminal_size=SIZE, run_before=steady)


def test_results_with_a_selected_word(snap_compare, enable1, popular) -> None:
    app = make_app(enable1, popular)
    keys = [*"howl", "enter", "ctrl+e", "_", "down", "down"]
    assert snap_compare(app, press=keys, terminal_size=SIZE, run_before=steady)


def test_practice_with_hints(snap_compare, enable1, popular) -> None:
    app = make_app(enable1, popular, practice=True)
    assert snap_compare(app, press=["f5", "f6"], terminal_size=SIZE, run_before=steady)


def test_super_big_boggle_board(snap_compare, enable1, popular) -> None:
    app = make_app(enable1, popular, dice="superbig", seed=4)  # a blank, Qu and An
    assert snap_compare(app, press=[*"aline"], terminal_size=SIZE, run_before=steady)


def test_statistics(snap_compare, enable1, popular, tmp_path) -> None:
    from test_history import record

    from boggle_tui.storage.history import History

    history = History.open(tmp_path)
    for n, score in enumerate([3, 8, 5, 12, 9]):
        history.record(record(n, score, daily=f"2026-11-{n + 1:02d}"))
    app = make_app(enable1, popular, start_now=False, seed=None)
    app.history = history
    assert snap_compare(app, press=["f2"], terminal_size=SIZE)
