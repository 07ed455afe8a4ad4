"""How the start and statistics screens look at 80x24 (`--snapshot-update` accepts changes)."""

from __future__ import annotations

import pytest
from snapshot_support import SIZE, still_app
from support import record

from boggle_tui.storage.history import History


@pytest.fixture(autouse=True)
def _same_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def test_start_screen(snap_compare, enable1, popular) -> None:
    assert snap_compare(still_app(enable1, popular, None), terminal_size=SIZE)


def test_statistics_per_kind_of_round(snap_compare, enable1, popular, tmp_path) -> None:
    history = History.open(tmp_path)
    for n, score in enumerate([3, 8, 5, 12, 9]):
        history.record(record(n, score, daily=f"2026-11-{n + 1:02d}"))
    history.record(record(7, 2, mode="practice"))
    history.record(record(8, 40, dice="big", code="B-" + "E" * 25, board="e" * 25, max_score=80))
    app = still_app(enable1, popular, None, history=history)  # today is 2026-11-23, injected
    assert snap_compare(app, press=["f2"], terminal_size=SIZE)


def _dailies(history: History, days: range, scores: list[int], **fields: object) -> None:
    """Today's board of each day of November in `days`, played at 10:00 with the scores given."""
    for day, score in zip(days, scores, strict=True):
        history.record(
            record(day - 1, score, uid=f"daily-{fields.get('dice', 'new')}-{day}", daily=f"2026-11-{day:02d}", **fields)
        )


GERMAN = dict(code="DE-N-TINREONRHWLDASES", board="tinreonrhwldasex", dice="de")


def test_start_screen_with_a_daily_streak(snap_compare, enable1, popular, tmp_path) -> None:
    history = History.open(tmp_path)
    _dailies(history, range(20, 24), [3, 8, 9, 12])  # to today, 2026-11-23: 4 in a row, the last 3 beating
    assert snap_compare(still_app(enable1, popular, None, history=history), terminal_size=SIZE)


def test_statistics_with_daily_streaks_in_two_languages(snap_compare, enable1, popular, tmp_path) -> None:
    history = History.open(tmp_path)
    _dailies(history, range(20, 24), [3, 8, 9, 12])
    _dailies(history, range(21, 23), [5, 2], **GERMAN)  # to yesterday: today's German board still to come
    app = still_app(enable1, popular, None, history=history)
    assert snap_compare(app, press=["f2"], terminal_size=SIZE)
