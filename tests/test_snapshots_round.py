"""How a round looks at 80x24 (pytest-textual-snapshot; `--snapshot-update` accepts changes)."""

from __future__ import annotations

import pytest
from snapshot_support import SIZE, steady, still_app

from boggle_tui.game.preferences import Preferences
from boggle_tui.game.request import Roll


@pytest.fixture(autouse=True)
def _same_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def test_a_round_in_progress_with_a_lit_path(snap_compare, enable1, popular) -> None:
    keys = [*"howl", "enter", *"wol", "enter", *"hot"]
    assert snap_compare(still_app(enable1, popular), press=keys, terminal_size=SIZE, run_before=steady)


def test_practice_with_hints(snap_compare, enable1, popular) -> None:
    app = still_app(enable1, popular, practice=True)
    assert snap_compare(app, press=["ctrl+l", "ctrl+t"], terminal_size=SIZE, run_before=steady)


def test_super_big_boggle_board_with_its_code_left_to_copy(snap_compare, enable1, popular) -> None:
    app = still_app(enable1, popular, Roll("superbig", 4))  # a blank, Qu and An
    assert snap_compare(app, press=[*"aline"], terminal_size=SIZE, run_before=steady)


def test_help_hides_the_board(snap_compare, enable1, popular) -> None:
    assert snap_compare(still_app(enable1, popular), press=["f1"], terminal_size=SIZE, run_before=steady)


def test_pause_hides_the_board(snap_compare, enable1, popular) -> None:
    keys = [*"rou", "ctrl+p"]
    assert snap_compare(still_app(enable1, popular), press=keys, terminal_size=SIZE, run_before=steady)


def test_too_small_says_so_in_full(snap_compare, enable1, popular) -> None:
    assert snap_compare(still_app(enable1, popular, Roll("superbig", 4)), terminal_size=(60, 10))


def test_the_colour_blind_theme(snap_compare, enable1, popular) -> None:
    app = still_app(enable1, popular, preferences=Preferences(theme="okabe-ito"))
    keys = [*"howl", "enter", *"wol", "enter", *"hot"]
    assert snap_compare(app, press=keys, terminal_size=SIZE, run_before=steady)


@pytest.mark.parametrize("size", [(60, 20), (100, 32), (200, 60)], ids=["60x20", "100x32", "200x60"])
def test_the_round_fills_the_terminal_at_every_size(snap_compare, enable1, popular, size) -> None:
    keys = [*"howl", "enter", *"wol", "enter", *"hot"]
    assert snap_compare(still_app(enable1, popular), press=keys, terminal_size=size, run_before=steady)
