"""The one-line result a player copies from the results screen."""

from __future__ import annotations

from support import make_app, shown, type_word, until
from test_results_screen import end_round

from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.engine.board import parse_board
from boggle_tui.engine.definitions import describe
from boggle_tui.engine.solver import solve
from boggle_tui.game.round import Results
from boggle_tui.game.share import result_line


def test_the_line_names_the_board_the_rules_and_the_score(enable1) -> None:
    solution = solve(parse_board("plsteaiertnrsges"), enable1.trie, 3)
    results = Results(solution, {"plaster": 5, "stale": 2}, [], None)
    line = result_line("N-PLSTEAIERTNRSGES", "enable1", 180, results)
    assert line == "Boggle N-PLSTEAIERTNRSGES · enable1 · 3 min · 3+ letters · 7 of 3,623 points · 2 words"
    assert "90 s" in result_line("N-PLSTEAIERTNRSGES", "enable1", 90, results)
    assert "no clock" in result_line("N-PLSTEAIERTNRSGES", "enable1", None, results)


async def test_y_on_the_results_copies_the_line_with_a_notice(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await shown(pilot, RoundScreen)
        await type_word(pilot, "howl")
        results = await end_round(pilot)
        await pilot.press("y")
        await until(pilot, lambda: copied, "the copy")
        assert copied[0].startswith(f"Boggle {results.session.code} · enable1 · 3 min · 3+ letters · 1 of ")
        assert any(n.message == copied[0] for n in app._notifications)


async def test_a_word_revealed_in_practice_comes_with_its_definition(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, practice=True)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: screen.session.revealed, "a revealed word")
        (word,) = screen.session.revealed
        news = str(screen.verdict.render())
        assert news.startswith(f"Revealed: {word.upper()} (scores nothing)")
        assert news.endswith(f" · {describe(word)}")
