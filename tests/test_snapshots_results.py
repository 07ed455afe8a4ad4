"""How the results look at 80x24, and against the table at larger sizes too (pytest-textual-snapshot;
`--snapshot-update` accepts changes)."""

from __future__ import annotations

import pytest
from contest_support import a_table_round
from snapshot_support import SIZE, settled, still_app

from boggle_tui.app.screens.table_results import TableResultsScreen

CONTEST_SIZES = [(80, 24), (100, 32), (160, 45)]


@pytest.fixture(autouse=True)
def _same_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def test_results_with_a_selected_word(snap_compare, enable1, popular) -> None:
    keys = [*"howl", "enter", "ctrl+g", "y", "_", "down", "down"]
    assert snap_compare(still_app(enable1, popular), press=keys, terminal_size=SIZE, run_before=settled)


@pytest.mark.parametrize("size", CONTEST_SIZES, ids=[f"{w}x{h}" for w, h in CONTEST_SIZES])
def test_results_against_the_table_keep_the_board_and_its_path_whole(snap_compare, enable1, popular, size) -> None:
    """A 5x5 board, two expert bots of 90 words and more: the table scrolls above, the board is whole."""

    async def open_results(pilot) -> None:
        await pilot.app.push_screen(TableResultsScreen(a_table_round(enable1), None))
        await pilot.pause()
        await pilot.press("down", "down", "down")  # the fourth missed word's path
        await settled(pilot)

    assert snap_compare(still_app(enable1, popular, None), run_before=open_results, terminal_size=size)
