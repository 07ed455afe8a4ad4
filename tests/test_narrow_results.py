"""The results on a phone held upright (#39 item 1): at 43 columns they stack, the summary's lines across the
screen and the word lists under them, never a letter a line nor a word broken; back at 100 columns, side by side."""

from __future__ import annotations

import pytest
from contest_support import a_room_round, a_table_round
from support import drawn, make_app, shown
from textual.widgets import Label, OptionList

from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.table_results import TableResultsScreen
from boggle_tui.game.round import EndReason


def whole(screen: ResultsScreen) -> None:
    """The summary's lines each one row at most two, the lists as wide as the screen less their margins, and no word
    of a list broken across its rows."""
    for line in screen.query("#summary > Label"):
        text = str(line.render())
        if text:  # a line as wide as its text, or as the screen: never a column of letters
            assert line.region.width >= min(len(text), screen.size.width - 2) and line.region.height <= 2, line.id
    for words in screen.query(OptionList):
        assert words.region.width >= screen.size.width - 4, (words.id, words.region)
        if words.option_count:
            assert words.get_option_at_index(0).prompt and words.region.height >= 3


@pytest.mark.parametrize("kind", ["solo", "table", "room"])
async def test_results_stack_at_43_columns_and_stand_side_by_side_at_100(enable1, popular, kind: str) -> None:
    app, _ = make_app(enable1, popular, None)
    async with app.run_test(size=(43, 42)) as pilot:
        if kind == "solo":
            from boggle_tui.game.request import Roll, RoundRequest
            from boggle_tui.game.session import SoloSession

            session = SoloSession(RoundRequest(Roll(seed=42)), enable1.trie)
            session.start()
            session.submit("howl")
            session.end(EndReason.ENDED)
            screen: ResultsScreen = ResultsScreen(session, None)
        elif kind == "table":
            screen = TableResultsScreen(a_table_round(enable1), None)
        else:
            screen = OnlineResultsScreen(a_room_round(enable1), None)
        await pilot.app.push_screen(screen)
        await shown(pilot, type(screen))
        await pilot.pause()
        assert screen.has_class("-narrow") and screen.query_one("#solution").styles.display == "none"
        whole(screen)
        if kind != "solo":  # the players' table over the lists, its names shown
            table = screen.query_one("#players-results")
            name = "alice" if kind == "room" else "Ada"
            assert table.region.height >= 3 and name in drawn(screen.query_one("#players-table"))
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert not screen.has_class("-narrow")
        outcome = screen.query_one("#outcome", Label)
        assert outcome.region.width >= len(str(outcome.render())) and screen.query_one("#solution").region.width > 10
