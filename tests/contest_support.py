"""Rounds against others whose results crowd the screen: a 5x5 board, three players of 20 words or more each,
against the table's bots or in a room whose evening's target has been reached (tests of the results' layout)."""

from __future__ import annotations

import json
import random
from typing import Any

from support import FakeTime

from boggle_tui.engine import frequency
from boggle_tui.engine.board import Board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.solver import solve
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.rules import Rules
from boggle_tui.game.table import TableRules, TableSession
from boggle_tui.net.messages import decode_server
from boggle_tui.net.session import OnlineSession

BIG = load_dice_set("big").roll(7)  # C N O O H / R E S P A / D I M R M / M A C V S / E E L N X: 340 words of 4+
WORDS = 24  # the player's words (the table's two expert bots find over 90 each)
EVENING = {
    "scoreboard": [
        {"name": "alice", "total": 260, "wins": 2, "rounds": 3},
        {"name": "bob", "total": 190, "wins": 1, "rounds": 3},
        {"name": "carol", "total": 150, "wins": 0, "rounds": 3},
    ],
    "champion": "alice",  # first to the room's target (--target 250)
}
EVENING_LINE = "Tonight: alice 260 (2 wins) · bob 190 (1 win) · carol 150 · alice reached the target first"


def longest_first(enable1: Dictionary) -> list[str]:
    return sorted(solve(BIG, enable1.trie, 4).paths, key=lambda w: (-len(w), w))


def a_table_round(enable1: Dictionary) -> TableSession:
    """A 3-minute round against two expert bots, over: the player found 24 long words, each bot over 90."""
    time_ = FakeTime()
    request, rules = RoundRequest(Given(BIG, "big"), Rules(seconds=180)), TableRules(2, "expert")
    session = TableSession(request, enable1.trie, rules, frequency.rank, now=time_, rng=random.Random(1))
    session.start()
    for word in longest_first(enable1)[10 : 10 + WORDS]:
        session.submit(word)
    time_.now += 200
    session.tick()
    assert session.over and all(len(p.words) >= 20 for p in session.players)
    return session


def a_room_round(enable1: Dictionary, board: Board = BIG, dice: str = "big", mine: int | None = None) -> OnlineSession:
    """A room's third round on the 5x5 board (or `board`), as the server's messages tell it: alice (this player),
    bob and carol found 24 to 26 words each (22, 19 and 5 on a 4x4 board; alice `mine` if given), some shared;
    alice has reached the evening's target."""
    min_length = 4 if len(board) > 16 else 3
    solution = solve(board, enable1.trie, min_length)
    words = sorted(solution.paths, key=lambda w: (-len(w), w))
    counts_by_name = (24, 20, 44, 40, 66) if board is BIG else (22, 20, 39, 37, 42)
    a, b_from, b_to, c_from, c_to = counts_by_name
    found = {"alice": words[0 : a if mine is None else mine], "bob": words[b_from:b_to], "carol": words[c_from:c_to]}
    counts: dict[str, int] = {}
    for ws in found.values():
        for w in ws:
            counts[w] = counts.get(w, 0) + 1
    shared = sorted(w for w, n in counts.items() if n > 1)

    def player(id_: int, name: str) -> dict[str, Any]:
        points = {w: 0 if w in shared else len(w) for w in found[name]}
        return {"id": id_, "name": name, "score": sum(points.values()), "words": points}

    start = {"round": 3, "board": [list(row) for row in board.rows], "dice": dice, "code": "", "min_length": min_length,
             "seconds": 180, "remaining": 180, "dictionary": "enable1"}  # fmt: skip
    session = OnlineSession(decode_server(json.dumps({"type": "start", **start})), "friends", 1, lambda *_: None,
                            now=lambda: 0.0)  # fmt: skip
    session.apply(decode_server(json.dumps({
        "type": "end", "reason": "time_up", "round": 3, "scoring": "unique", "shared": shared,
        "players": [player(1, "alice"), player(2, "bob"), player(3, "carol")],
        "solution": {word: list(path) for word, path in solution.paths.items()}, **EVENING,
    })))  # fmt: skip
    assert session.champion == "alice" and all(len(p.words) >= min(5, mine or 5) for p in session.players)
    return session


def screen_lines(app: Any) -> list[str]:
    """The screen's text, row by row, as the terminal shows it."""
    return ["".join(segment.text for segment in strip).rstrip() for strip in app.screen._compositor.render_strips()]
