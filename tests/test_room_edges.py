"""What a room's players see at its edges: a word typed through the buzzer, in the results at 80x24."""

from __future__ import annotations

import pytest
from contest_support import a_room_round
from support import drawn, make_app
from test_contest_results import assert_whole, open_results

from boggle_tui.app.screens.online_results import OnlineResultsScreen

LONG = "abcdefghijklmnopqrstuvwxyzabcdefghijkl"  # 38 letters (the entry takes 40), typed and never sent as it ended


@pytest.mark.parametrize("size", [(80, 24), (100, 32)], ids=["80x24", "100x32"])
async def test_a_long_word_typed_at_the_buzzer_leaves_the_results_header_whole(enable1, popular, size) -> None:
    """Its verdict is a line of its own beside the board, cut with an ellipsis; the outcome over the board keeps
    its one line and the players' table its rows (at 80x24 the outcome wrapped to two and the table had none)."""
    session = a_room_round(enable1)
    session.late(LONG)
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=size) as pilot:
        screen = await open_results(pilot, session, OnlineResultsScreen)
        assert_whole(screen, size)
        assert screen.query_one("#outcome").region.height == 1
        late = screen.query_one("#too-late")
        assert late.region.height == 1 and screen.query_one("#lists").region.contains_region(late.region)
        assert drawn(late).startswith("Too late: ABCDEFGHIJ")
        if size[0] == 80:
            assert drawn(late).rstrip().endswith("…")
