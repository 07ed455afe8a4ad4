"""How the online screens look at 80x24: the lobby and the results of a round, and a crowded round's results at
larger sizes too (no network: the screens are given the messages a server would send)."""

from __future__ import annotations

import json

import pytest
from contest_support import a_room_round
from snapshot_support import SIZE, settled, still_app

from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.engine.board import parse_board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.solver import solve
from boggle_tui.net.messages import decode_server
from boggle_tui.net.session import OnlineSession

LOBBY = decode_server(json.dumps({
    "type": "lobby", "room": "friends", "state": "lobby",
    "settings": {"dice": "new", "seconds": 120, "dictionary": "enable1", "min_length": None, "scoring": "unique"},
    "description": "Boggle (1987+) · 2 min · enable1 · 3+ letters · shared words score 0",
    "players": [
        {"id": 1, "name": "alice", "host": True, "ready": True, "connected": True},
        {"id": 2, "name": "[bold]bob[/bold]", "host": False, "ready": False, "connected": True},
    ],
}))  # fmt: skip


@pytest.fixture(autouse=True)
def _same_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def test_the_lobby_shows_names_literally(snap_compare, enable1, popular) -> None:
    async def open_lobby(pilot) -> None:
        await pilot.app.push_screen(LobbyScreen("friends", 2, "192.168.1.5:8765/friends", LOBBY))
        await pilot.pause()

    assert snap_compare(still_app(enable1, popular, None), run_before=open_lobby, terminal_size=SIZE)


def test_the_results_of_an_online_round(snap_compare, enable1, popular) -> None:
    board = parse_board("tinreonrhwldases")
    start = {"round": 1, "board": [list(row) for row in board.rows], "dice": "new", "code": "N-TINREONRHWLDASES",
             "min_length": 3, "seconds": 120, "remaining": 120, "dictionary": "enable1"}  # fmt: skip
    solution = solve(board, enable1.trie, 3)
    session = OnlineSession(decode_server(json.dumps({"type": "start", **start})), "friends", 1, lambda *_: None,
                            now=lambda: 0.0)  # fmt: skip
    session.apply(decode_server(json.dumps({
        "type": "end", "reason": "time_up", "round": 1, "scoring": "unique", "shared": ["howl"],
        "players": [
            {"id": 1, "name": "alice", "score": 3, "words": {"howl": 0, "shawl": 2, "hot": 1}},
            {"id": 2, "name": "bob", "score": 1, "words": {"howl": 0, "slow": 1}},
        ],
        "solution": {word: list(path) for word, path in solution.paths.items()},
    })))  # fmt: skip

    async def open_results(pilot) -> None:
        await pilot.app.push_screen(OnlineResultsScreen(session, None))
        await settled(pilot)

    assert snap_compare(still_app(enable1, popular, None), run_before=open_results, terminal_size=SIZE)


CONTEST_SIZES = [(80, 24), (100, 32), (160, 45)]


@pytest.mark.parametrize("size", CONTEST_SIZES, ids=[f"{w}x{h}" for w, h in CONTEST_SIZES])
def test_a_crowded_round_keeps_the_board_and_the_evening_whole(snap_compare, enable1, popular, size) -> None:
    """A 5x5 board, three players of 24 words and more, the evening's target reached: the evening's line on top,
    the table scrolling under it, the board and the selected word's path whole."""

    async def open_results(pilot) -> None:
        await pilot.app.push_screen(OnlineResultsScreen(a_room_round(enable1), None))
        await pilot.pause()
        await pilot.press("down", "down", "down")  # the fourth missed word's path
        await settled(pilot)

    assert snap_compare(still_app(enable1, popular, None), run_before=open_results, terminal_size=size)


def test_at_80x24_a_room_of_three_shows_the_player_s_own_words(snap_compare, enable1, popular) -> None:
    """A 4x4 board, the player's 3 words, one too late and a definition under the lists (#29: `Found 3` had no
    row at 80x24): the found list shows all 3 beside the board; the table keeps its header and first row of words
    (the lists' hint line gives its second row)."""
    session = a_room_round(enable1, load_dice_set("new").roll(42), "new", mine=3)
    session.late("zzzzzz")

    async def open_results(pilot) -> None:
        defined = "a word's meaning, long enough to wrap to three rows beside the board at 80 columns"
        await pilot.app.push_screen(OnlineResultsScreen(session, None, lambda _word: defined))
        await settled(pilot)

    assert snap_compare(still_app(enable1, popular, None), run_before=open_results, terminal_size=(80, 24))
