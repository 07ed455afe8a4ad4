"""The results: words and paths, narrowing to a die, new game and replay, and what is saved."""

from __future__ import annotations

from pathlib import Path

from support import drawn, make_app, past_the_guard, shown, type_word, until
from textual.widgets import Label, OptionList

from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.storage.history import History


async def end_round(pilot) -> ResultsScreen:
    await shown(pilot, RoundScreen)
    await pilot.press("ctrl+g")
    await shown(pilot, ConfirmScreen)
    await pilot.press("y")
    results = await shown(pilot, ResultsScreen)
    past_the_guard(pilot)
    return results


async def test_moving_through_a_list_draws_each_word_s_path(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        await shown(pilot, RoundScreen)
        await type_word(pilot, "howl")
        results = await end_round(pilot)
        total = results.results.solution
        totals = str(results.query_one("#totals", Label).render())
        assert f"Score 1 of {total.total_score}" in totals and f"1 of {len(total)} words" in totals
        missed = results.query_one("#missed-list", OptionList)
        assert missed.option_count == len(total) - 1
        assert missed.get_option_at_index(0).id == results.results.missed[0]
        board = results.board_view
        first, second = (total.paths[w] for w in results.results.missed[:2])
        await until(pilot, lambda: board.lit == first, "the first missed word's path")
        await pilot.press("down")
        await until(pilot, lambda: board.lit == second, "the next word's path")
        assert [die.border_title for die in board.dice().values() if die.border_title]  # steps numbered


async def test_clicking_a_die_narrows_the_lists_and_draws_only_paths_through_it(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await end_round(pilot)
        everything = screen.query_one("#missed-list", OptionList).option_count
        board = screen.board_view
        await until(pilot, lambda: board.lit, "a path drawn")
        corner = board.board.cell(3, 0)  # the A in the corner
        await pilot.click(board.dice()[corner])
        narrowed = screen.query_one("#missed-list", OptionList)
        words = [narrowed.get_option_at_index(i).id for i in range(narrowed.option_count)]
        assert 0 < len(words) < everything
        assert all(corner in screen.results.path_through(w, corner) for w in words)
        await until(pilot, lambda: not board.lit or corner in board.lit, "a path through the die, or none")
        assert board.dice()[corner].has_class("-chosen")
        await pilot.press("down")
        await until(pilot, lambda: corner in board.lit, "the next word's path, through the die")
        await pilot.click(board.dice()[corner])
        assert screen.query_one("#missed-list", OptionList).option_count == everything


async def test_new_game_and_replay_from_results(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        first = (await shown(pilot, RoundScreen)).session.board
        await end_round(pilot)
        await pilot.press("r")
        replay = await shown(pilot, RoundScreen)
        assert replay.session.board == first and replay.session.request.replay
        assert "replay" in replay.session.title
        await end_round(pilot)
        await pilot.press("n")
        fresh = await shown(pilot, RoundScreen)
        assert fresh.session.board != first and not fresh.session.request.replay
        assert fresh.session.deal.dice == "new" and fresh.session.duration == 180


async def test_a_finished_round_is_in_the_history_and_the_statistics(enable1, popular, tmp_path: Path) -> None:
    history = History.open(tmp_path)
    app, _ = make_app(enable1, popular, history=history)
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, RoundScreen)
        await type_word(pilot, "howl")
        results = await end_round(pilot)
        (stored,) = history.rounds()
        assert stored.found == {"howl": 1} and stored.code == "N-TINREONRHWLDASES" and stored.seed == 42
        assert stored.mode == "timed" and stored.ended == "ended" and stored.max_score == 231
        assert stored.played_at == "2026-11-23T12:00:00+00:00"  # the injected wall clock
        assert str(results.query_one("#code").render()) == "Board code N-TINREONRHWLDASES"
        await pilot.press("s")
        stats = await shown(pilot, StatsScreen)
        assert [(s.kind, s.games, s.best_score) for s in stats.summary.standings] == [("Boggle (1987+) · timed", 1, 1)]
        await pilot.press("escape")
        await shown(pilot, ResultsScreen)


async def test_common_words_are_not_starred_when_the_round_was_on_the_common_list(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, dictionary="popular")
    async with app.run_test() as pilot:
        results = await end_round(pilot)
        missed = results.query_one("#missed-list", OptionList)
        assert missed.option_count and not any(
            "★" in str(missed.get_option_at_index(i).prompt) for i in range(missed.option_count)
        )
        assert "click a die" in drawn(results.query_one("#filter")) and "★" not in drawn(results.query_one("#filter"))
