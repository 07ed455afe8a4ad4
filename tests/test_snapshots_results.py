"""How the results look at 80x24 (pytest-textual-snapshot; `--snapshot-update` accepts changes)."""

from __future__ import annotations

import pytest
from snapshot_support import SIZE, settled, still_app


@pytest.fixture(autouse=True)
def _same_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def test_results_with_a_selected_word(snap_compare, enable1, popular) -> None:
    keys = [*"howl", "enter", "ctrl+g", "y", "_", "down", "down"]
    assert snap_compare(still_app(enable1, popular), press=keys, terminal_size=SIZE, run_before=settled)
