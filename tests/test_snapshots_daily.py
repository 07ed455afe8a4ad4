"""How the results of today's board on a server look, with the day's table, at 80x24 and 100x32
(pytest-textual-snapshot; `--snapshot-update` accepts changes). The session is fed as the server would feed it."""

from __future__ import annotations

import datetime as dt

import pytest
from snapshot_support import settled, still_app

from boggle_tui.app.screens.daily_results import DailyResultsScreen
from boggle_tui.engine.solver import solve
from boggle_tui.game.codes import board_code
from boggle_tui.game.daily import daily_deal, daily_dice
from boggle_tui.net import messages as m
from boggle_tui.net.daily_session import DailySession

DAY = dt.date(2026, 11, 23)
SIZES = [(80, 24), (100, 32)]


@pytest.fixture(autouse=True)
def _same_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def a_daily_round(enable1) -> DailySession:
    board = daily_deal(DAY).board
    solution = solve(board, enable1.trie, 3)
    start = m.Start(round=1, board=tuple(tuple(r) for r in board.rows), dice=daily_dice("en"),
                    code=board_code(board, daily_dice("en")), min_length=3, seconds=180, remaining=180.0,
                    dictionary="enable1", next_id=1)  # fmt: skip
    session = DailySession(start, lambda _: None, day=DAY, server="example.org", dictionary="enable1",
                           now=lambda: 0.0, ask=None)  # fmt: skip
    words = sorted(solution.paths, key=lambda w: (len(w), w))[:6]
    for at, word in enumerate(words, 1):
        session.submit(word)
        session.apply(m.Judgement(id=at, word=word, verdict="accepted", points=1))

    def row(rank: int, name: str, score: int, friend: bool = False) -> m.TableRow:
        return m.TableRow(rank=rank, name=name, score=score, words=score, percentile=max(0, 100 - rank * 7),
                          friend=friend)  # fmt: skip

    table = m.DailyTable(
        date=DAY.isoformat(), language="en", board=start.code, players=14, average=7.4, top=23,
        you=row(5, "ada", 6), above=(row(3, "cy", 9, friend=True), row(4, "zoë", 7)), below=(row(6, "bo", 5),
        row(7, "di", 4)), finds={words[0]: 12, words[1]: 3, words[2]: 1},
    )  # fmt: skip
    session.finish(table, solution)
    return session


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_daily_results_with_the_day_s_table(snap_compare, enable1, popular, size) -> None:
    async def open_results(pilot) -> None:
        await pilot.app.push_screen(DailyResultsScreen(a_daily_round(enable1), None, lambda _: ""))
        await pilot.pause()
        await settled(pilot)

    assert snap_compare(still_app(enable1, popular, None), run_before=open_results, terminal_size=size)


async def test_at_80x24_the_found_list_keeps_3_rows_as_a_room_s_results_do(enable1, popular) -> None:
    """The daily results' found list had 2 rows at 80x24 (its share of the column, 1 to the missed list's 2), where
    a room's results keep 3 of the player's own words (contest_results.py): now it keeps 3 too, the missed list 2,
    and the definition under them stays whole."""
    from support import make_app, shown
    from textual.geometry import Region
    from textual.widgets import OptionList

    from boggle_tui.app.screens.start import StartScreen

    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, StartScreen)
        long = "a word's meaning, long enough to wrap to the definition's three rows beside the board at 80 columns"
        await pilot.app.push_screen(DailyResultsScreen(a_daily_round(enable1), None, lambda _: long))
        screen = await shown(pilot, DailyResultsScreen)
        await pilot.pause()
        found = screen.query_one("#found-list", OptionList)
        missed = screen.query_one("#missed-list", OptionList)
        assert found.option_count == 6 and found.scrollable_content_region.height >= 3, found.region
        assert missed.scrollable_content_region.height >= 2, missed.region
        above_footer = Region(0, 0, 80, 23)
        for widget in (found, missed, screen.query_one("#definition"), screen.board_view):
            assert above_footer.contains_region(widget.region), (widget, widget.region)
