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


def lobby_lines(lobby, width: int) -> list[str]:
    from rich.console import Console

    from boggle_tui.app.screens.lobby.players import players_table

    console = Console(width=width, record=True, color_system=None)
    console.print(players_table(lobby, 1))
    return console.export_text().splitlines()


def test_the_lobby_names_every_player_at_a_phone_s_width() -> None:
    """#39 item 2: at 41 columns the empty evening's columns left the names none; names come first."""
    from boggle_tui.net import messages as m

    seats = (m.Seat(id=1, name="alexandra", host=True), m.Seat(id=2, name="bo", ready=True),
             m.Seat(id=3, name="christopher-the-long"))  # fmt: skip
    before = lobby_lines(m.Lobby(room="r", players=seats), 41)
    assert before[0].split() == ["player", "ready"]  # no evening yet: no tonight, no wins
    assert [line.split()[0] for line in before[1:]] == ["alexandra", "bo", "christopher-the-long"]
    assert "host, you" in before[1]
    scores = (m.Standing(name="bo", total=12, wins=1, rounds=2), m.Standing(name="dee", total=3, rounds=2))
    evening = m.Lobby(room="r", players=seats, scoreboard=scores)
    lines = lobby_lines(evening, 41)
    assert lines[0].split()[:4] == ["player", "ready", "tonight", "wins"]
    assert [line.split()[0] for line in lines[1:]] == ["alexandra", "bo", "christopher-…", "dee"]  # cut, never gone
    assert lines[2].split()[-2:] == ["12", "1"] and "left" in lines[4] and "· not yet" in lines[1]


async def test_the_end_round_question_fits_a_phone_held_upright(enable1, popular) -> None:
    """#39 item 4: at 43 columns the dialog ran off the edge, 'Keep playing (n' cut."""
    from boggle_tui.app.screens.confirm import ConfirmScreen
    from boggle_tui.app.screens.round import RoundScreen

    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(43, 30)) as pilot:
        await shown(pilot, RoundScreen)
        await pilot.press("ctrl+g")
        dialog = await shown(pilot, ConfirmScreen)
        await pilot.pause()
        box = dialog.query_one("#confirm").region
        assert box.x >= 0 and box.right <= 43
        for button in dialog.query("Button"):
            assert button.region.right <= box.right and box.x <= button.region.x, button.id


def test_three_players_columns_each_keep_their_name_at_a_phone_s_width() -> None:
    """A German table round of three at 43 columns cut its middle player's column to a letter, the name gone."""
    from dataclasses import dataclass

    from rich.console import Console

    from boggle_tui.app.widgets.players import players_table
    from boggle_tui.game.contest import Scoring

    @dataclass
    class Seat:
        name: str
        score: int
        words: dict[str, int]
        me: bool = False

    seats = [Seat("Annemarie", 6, {"maserei": 5, "mauer": 0, "neuen": 2}),
             Seat("Basil", 5, {"mauer": 0, "neues": 2, "verunreinigten": 11}),
             Seat("root", 4, {"drama": 2, "mauer": 0, "erde": 1}, me=True)]  # fmt: skip
    console = Console(width=41, record=True, color_system=None)
    others = {"mauer": ["Annemarie", "Basil", "root"]}
    table = players_table(seats, ["mauer"], Scoring.UNIQUE, lambda word, name: [n for n in others[word] if n != name])
    console.print(table)
    heads = console.export_text().splitlines()[0]
    assert all(name in heads for name in ("root", "Annemarie", "Basil")), heads
