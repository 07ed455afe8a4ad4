"""The results of a round against others, at the table or in a room, in one layout: the board, the selected
word's path, the winner's line and the evening's are whole at every size; the players' table scrolls in what
they leave (issue #25: the table pushed the board down, and cut the evening's line at 13 words a player)."""

from __future__ import annotations

import pytest
from contest_support import EVENING_LINE, a_room_round, a_table_round, screen_lines
from support import drawn, make_app, shown, until
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import OptionList

from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.table_results import TableResultsScreen
from boggle_tui.app.widgets.board import Die
from boggle_tui.engine.dice import load_dice_set

# The smallest the results draw whole, the size the play-tests use, and the largest: 110x34 proved nothing 100x32
# did not (the same layout, a row or two more), and cost two app runs (#41).
SIZES = [(80, 24), (100, 32), (160, 45)]
IDS = [f"{w}x{h}" for w, h in SIZES]


def flat(text: str) -> str:
    return " ".join(text.split())


async def open_results(pilot, session, screen_type):
    await shown(pilot, StartScreen)
    await pilot.app.push_screen(screen_type(session, None))
    screen = await shown(pilot, screen_type)
    missed = screen.query_one("#missed-list", OptionList)
    await pilot.press("down", "down", "down")  # the fourth missed word: its path drawn on the board
    await until(pilot, lambda: missed.highlighted == 3 and screen.board_view.lit, "a word's path")
    await pilot.pause()
    return screen


def assert_whole(screen, size: tuple[int, int]) -> None:
    """The board and the selected word's path inside the screen above the footer and inside their column; the
    winner's line whole; the players' table above the results, scrolling if it does not fit."""
    width, height = size
    above_footer = Region(0, 0, width, height - 1)
    board = screen.board_view
    column = screen.query_one("#summary").region
    assert above_footer.contains_region(board.region) and column.contains_region(board.region), (
        board.region,
        column,
    )
    lit = [die for die in board.query(Die) if die.cell in board.lit]
    assert len(lit) == len(board.lit) >= 4
    assert all(column.contains_region(die.region) for die in lit)
    outcome = screen.query_one("#outcome")
    assert column.contains_region(outcome.region)
    assert flat(drawn(outcome)) == flat(screen._outcome())  # whole, however it wraps
    players = screen.query_one("#players-results", VerticalScroll)
    assert players.region.bottom <= column.y  # above the results, never over them
    table = screen.query_one("#players-table")
    assert players.region.height >= 2  # the table's header at least, and the note's border under it
    assert players.scrollable_content_region.height + players.max_scroll_y == table.outer_size.height  # every row


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_against_the_table_the_board_its_path_and_the_winner_are_whole(enable1, popular, size) -> None:
    session = a_table_round(enable1)
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=size) as pilot:
        screen = await open_results(pilot, session, TableResultsScreen)
        assert_whole(screen, size)
        assert f"winner: {session.winners[0]}" in drawn(screen.query_one("#outcome"))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_in_a_room_the_board_its_path_and_the_evening_are_whole(enable1, popular, size) -> None:
    session = a_room_round(enable1)
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=size) as pilot:
        screen = await open_results(pilot, session, OnlineResultsScreen)
        lines = screen_lines(app)
        shown_text = flat(" ".join(lines).replace(" · ", " "))
        assert flat(EVENING_LINE.replace(" · ", " ")) in shown_text  # the evening's line whole, however it wraps
        assert any("alice reached the target first" in line for line in lines)  # broken between phrases only
        assert_whole(screen, size)
        assert "winner: alice" in drawn(screen.query_one("#outcome"))


async def test_a_short_table_is_shown_whole_and_the_board_grows_into_the_rest(enable1, popular) -> None:
    """Where every word fits, the table does not scroll, and the board takes the dice the screen allows."""
    session = a_room_round(enable1)
    for p in session.players:
        p.words = dict(list(p.words.items())[:3])
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await open_results(pilot, session, OnlineResultsScreen)
        players = screen.query_one("#players-results", VerticalScroll)
        assert players.max_scroll_y == 0 and players.region.height == 5  # header, 3 words, the note's border
        assert screen.board_view.dice_size.height >= 7  # larger than the table's third of the screen allows
        assert_board_inside(screen, (160, 45))


def assert_board_inside(screen, size: tuple[int, int]) -> None:
    width, height = size
    assert Region(0, 0, width, height - 1).contains_region(screen.board_view.region)


@pytest.mark.parametrize("size", [(100, 32), (160, 45)], ids=["100x32", "160x45"])
@pytest.mark.parametrize("kind", ["table", "room", "room-4x4"])
async def test_the_word_lists_keep_rows_of_their_own_beside_the_board(enable1, popular, size, kind) -> None:
    """A play-tester's room of three on a 4x4 board at 100x32: the players' table took 15 rows and the found list
    none (its borders alone)."""
    four = load_dice_set("new").roll(42)
    session = {"table": lambda: a_table_round(enable1), "room": lambda: a_room_round(enable1),
               "room-4x4": lambda: a_room_round(enable1, four, "new")}[kind]()  # fmt: skip
    screen_type = TableResultsScreen if kind == "table" else OnlineResultsScreen
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=size) as pilot:
        screen = await open_results(pilot, session, screen_type)
        for name in ("#found-list", "#missed-list"):
            lists = screen.query_one(name, OptionList)
            wanted = min(2, lists.option_count)  # never collapsed to its borders
            assert lists.scrollable_content_region.height >= wanted, (name, lists.region, lists.option_count)


DEFINED = "a word's meaning, long enough to wrap to the definition's three rows beside the board at 80 columns"


@pytest.mark.parametrize("how", ["80x24", "resized-on-the-results", "resized-before"])
@pytest.mark.parametrize("evening", [True, False], ids=["evening", "first-round"])
async def test_at_80x24_the_player_s_own_words_are_shown_beside_the_board(enable1, popular, how, evening) -> None:
    """A play-tester's room of three at 80x24 (and after 100x32 → 80x24): the `Found 3` list had no row, the table
    showed one word a player, and the player's own words were nowhere (#29). With a word too late and a long
    definition under the lists (their tallest), the found list shows all 3, the missed list some, the definition
    whole, and the board and the winner's line stay whole; the table keeps its header and first row of words."""
    four = load_dice_set("new").roll(42)
    session = a_room_round(enable1, four, "new", mine=3)
    if not evening:
        session.evening, session.champion = (), ""
    session.late("zzzzzz")
    app, _time = make_app(enable1, popular, None)
    size = (80, 24)
    async with app.run_test(size=size if how == "80x24" else (100, 32)) as pilot:
        await shown(pilot, StartScreen)
        if how == "resized-before":
            await pilot.resize_terminal(*size)
        await pilot.app.push_screen(OnlineResultsScreen(session, None, lambda _word: DEFINED))
        screen = await shown(pilot, OnlineResultsScreen)
        if how == "resized-on-the-results":
            await pilot.resize_terminal(*size)
        await until(pilot, lambda: screen.size == size, "80x24")
        await pilot.pause()
        above_footer = Region(0, 0, 80, 23)
        found = screen.query_one("#found-list", OptionList)
        missed = screen.query_one("#missed-list", OptionList)
        definition = screen.query_one("#definition")
        assert found.option_count == 3 and found.scrollable_content_region.height >= 3, found.region
        assert missed.scrollable_content_region.height >= 2, missed.region
        assert drawn(definition).count("\n") == 2 and DEFINED.split()[-1] in drawn(definition)  # whole, 3 rows
        for widget in (found, missed, definition, screen.board_view, screen.query_one("#outcome")):
            assert above_footer.contains_region(widget.region), (widget, widget.region)
        assert found.region.bottom <= missed.region.y and missed.region.bottom <= definition.region.y
        lines = screen_lines(app)
        mine = [w.upper() for w in session.found]
        assert all(any(f"  {word} " in line for line in lines) for word in mine), lines  # on the screen, all 3
        players = screen.query_one("#players-results", VerticalScroll)
        assert players.region.bottom <= screen.query_one("#summary").region.y
        # The table keeps its top rows: the header (each player's name and score, yours too) and the first row of
        # words under it (it was the header alone with an evening line and a word too late).
        assert players.scrollable_content_region.height >= 2, players.region
        best = min(session.found, key=lambda w: (-len(w), w)).upper()  # the player's first word in the table
        assert any("alice" in line and "(you)" in line for line in lines), lines
        table_rows = lines[: lines.index(next(line for line in lines if "for all" in line))]
        assert any(best in line for line in table_rows), "\n".join(lines)  # under her name, in her column


async def test_at_80x24_a_5x5_board_gives_way_to_the_players_table(enable1, popular) -> None:
    """A 5x5 board of bordered dice left a room's players' table its header alone at 80x24: its dice go flat
    there, the table shows its first row of words, and a larger terminal has bordered dice again."""
    session = a_room_round(enable1)
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_results(pilot, session, OnlineResultsScreen)
        board = screen.board_view
        assert board.dice_size.flat and all(die.has_class("-flat") for die in board.query(Die))
        assert_whole(screen, (80, 24))
        players = screen.query_one("#players-results", VerticalScroll)
        assert players.region.height >= 3  # the header, the first row of words and the note's border
        await pilot.resize_terminal(100, 32)
        await until(pilot, lambda: not board.dice_size.flat, "bordered dice at 100x32")
        assert not any(die.has_class("-flat") for die in board.query(Die))
        assert_whole(screen, (100, 32))


async def test_a_table_cut_short_says_how_many_rows_more_and_tab_and_down_reach_them(enable1, popular) -> None:
    """At 80x24 a room's table showed one row of each player's words and nothing said there were more (#39 item 5)."""
    session = a_room_round(enable1)
    app, _ = make_app(enable1, popular, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(OnlineResultsScreen(session, None, lambda _word: DEFINED))
        await pilot.pause()
        players = app.screen.query_one("#players-results", VerticalScroll)
        note = str(players.border_subtitle)
        hidden = int(note.split("Tab ↓: ")[1].split()[0])
        assert hidden > 0 and players.max_scroll_y == hidden
        for _ in range(8):  # Tab, as the note says, until the table has the keys
            if app.focused is players:
                break
            await pilot.press("tab")
        assert app.focused is players
        await pilot.press("down")
        await until(pilot, lambda: players.scroll_y > 0, "the table scrolled")
    wide, _ = make_app(enable1, popular, None)
    async with wide.run_test(size=(160, 45)) as pilot:
        await pilot.app.push_screen(OnlineResultsScreen(session, None, lambda _word: DEFINED))
        await pilot.pause()
        assert "more" not in str(pilot.app.screen.query_one("#players-results").border_subtitle)  # all of it shows
