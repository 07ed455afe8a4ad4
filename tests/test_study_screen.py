"""Study in the app, end to end: missed words become cards and come back on schedule in both drills."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

from support import TODAY, FakeWall, make_app, shown, type_word, until
from test_history import make_odd_history
from test_results_screen import end_round
from textual.widgets import Button, Label, Static

from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.app.screens.study import StudyScreen
from boggle_tui.engine.board import parse_board
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.request import Given
from boggle_tui.game.study import NEW_CARDS_A_ROUND, AnagramDrill, BoardDrill, Review, Source
from boggle_tui.storage import study
from boggle_tui.storage.history import History

BOARD = Given(parse_board("tinreonrhwldases"))
TRANSPOSED = Given(parse_board("tehaiowsnnlarrds"))  # the same words on a board dealt another way
TWO_A_DAY = Preferences(new_cards_per_day=2)


def day(n: int) -> FakeWall:
    return FakeWall(TODAY + dt.timedelta(days=n))


async def play_and_miss(enable1, popular, history: History, wall: FakeWall, board: Given = BOARD) -> list[str]:
    """A round on `board` with one word found; the notices its results show. They are a line of the results,
    never a toast: a toast would lie over the results' definition line, bottom right."""
    app, time_ = make_app(enable1, popular, board, history=history, wall=wall, preferences=TWO_A_DAY)
    async with app.run_test() as pilot:
        await type_word(pilot, "howl")
        time_.now += 61  # a third of the round played: its misses are worth cards (one ended at once makes none)
        await end_round(pilot)
        results = await shown(pilot, ResultsScreen)
        await pilot.pause()
        assert not app._notifications
        line = results.query_one("#results-notice", Label)
        definition = results.query_one("#definition", Static)
        assert line.region.bottom <= definition.region.y  # above the definition line, in the lists' column
        return [results.notice]


def study_app(enable1, popular, history: History, wall: FakeWall):
    app, time_ = make_app(enable1, popular, None, history=history, wall=wall, preferences=TWO_A_DAY)
    app.rng = random.Random(7)
    return app, time_


async def open_study(pilot) -> StudyScreen:
    start = await shown(pilot, StartScreen)
    assert str(start.query_one("#study-button", Button).label) == f"Study ({start.cards_due} due)"
    await pilot.press("f3")
    return await shown(pilot, StudyScreen)


async def solve_anagram(pilot, screen: StudyScreen) -> None:
    drill = screen.drill
    assert isinstance(drill, AnagramDrill)
    await pilot.press(*[key for word in drill.group for key in (*word, "enter")])  # a burst, no pause
    await until(pilot, lambda: drill.done, "every word of the group")


async def test_missed_words_come_back_on_schedule_in_both_drills(enable1, popular, tmp_path: Path) -> None:
    history = History.open(tmp_path)
    # Day 0: two rounds with the same words on two boards. Common words of five letters or more
    # missed once become cards; every other word missed twice does.
    notices = await play_and_miss(enable1, popular, history, day(0))
    once = study.cards(history, "enable1")
    assert once and all(c.word in popular and len(c.word) >= 5 for c in once)
    assert any(f"{len(once)} new study cards" in n for n in notices)
    notices = await play_and_miss(enable1, popular, history, day(0), TRANSPOSED)
    cards = study.cards(history, "enable1")
    # At most NEW_CARDS_A_ROUND new cards a round, each round's worth most (#37): five, then five more.
    assert len(once) == len(cards) - len(once) == NEW_CARDS_A_ROUND and "howl" not in {c.word for c in cards}
    assert any(f"{len(cards) - len(once)} new study cards" in n for n in notices)
    first, second = sorted(c.word for c in cards)[:2]  # new cards come oldest first, then by word

    # Day 0, studying: two new cards (the day's cap). The first is right; the second is
    # revealed (wrong), comes back in the same sitting and is right the second time.
    app, _ = study_app(enable1, popular, history, day(0))
    async with app.run_test() as pilot:
        screen = await open_study(pilot)
        assert screen.session.left == 2
        assert screen.drill is not None and screen.drill.card.word == first
        await solve_anagram(pilot, screen)
        assert "Right" in str(screen.answer.render())
        await pilot.press("enter")
        await until(pilot, lambda: screen.drill is not None and screen.drill.card.word == second)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: screen.has_class("-done"), "the reveal")
        assert "Not this time" in str(screen.answer.render())
        await pilot.press("enter")
        await until(pilot, lambda: screen.drill is not None and screen.drill.card.reviews == 1, "the card again")
        assert screen.drill.card.word == second and screen.drill.card.box == 0
        assert isinstance(screen.drill, BoardDrill)  # its second review: on the board it was missed on
        await type_word(pilot, second)
        await until(pilot, lambda: screen.has_class("-done"), "the board drill's answer")
        await pilot.press("enter")
        await until(pilot, lambda: screen.drill is None, "the end of the sitting")
        assert "2 reviews" not in str(screen.clue.render()) and "3 reviews, 2 right" in str(screen.clue.render())
    boxes = {c.word: (c.box, c.due) for c in study.cards(history, "enable1")}
    tomorrow = TODAY.date() + dt.timedelta(days=1)
    assert boxes[first] == (1, tomorrow) and boxes[second] == (1, tomorrow)

    # Day 1: both come back before any new card: the first (one review) on the board it was
    # missed on, the second (two reviews) as anagrams again.
    app, _ = study_app(enable1, popular, history, day(1))
    async with app.run_test() as pilot:
        screen = await open_study(pilot)
        assert screen.session.left == 4  # two due, two new
        drill = screen.drill
        assert isinstance(drill, BoardDrill) and drill.card.word == first
        assert drill.clue.startswith(f"{len(first)} letters")
        await type_word(pilot, first)
        await until(pilot, lambda: screen.has_class("-done"), "the board drill's answer")
        assert drill.right and screen.dice is not None and screen.dice.lit == drill.path
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(screen.drill, AnagramDrill) and screen.drill.card.word == second)
    assert {c.word: c.box for c in study.cards(history, "enable1")}[first] == 2


async def test_the_board_drill_hides_its_board_while_its_clock_is_stopped(enable1, popular, tmp_path: Path) -> None:
    history = History.open(tmp_path)
    await play_and_miss(enable1, popular, history, day(0))
    await play_and_miss(enable1, popular, history, day(0), TRANSPOSED)
    word = sorted(c.word for c in study.cards(history, "enable1"))[0]
    (card,) = [c for c in study.cards(history, "enable1") if c.word == word]
    study.save_review(
        history,
        card.answered(True, TODAY.date(), random.Random(0)),
        Review(word, "enable1", "anagram", True, 0, 1, TODAY),
    )
    app, time_ = study_app(enable1, popular, history, day(1))
    async with app.run_test() as pilot:
        screen = await open_study(pilot)
        drill = screen.drill
        assert isinstance(drill, BoardDrill)
        time_.now += 10
        await pilot.press("f1")  # anything over the drill
        await shown(pilot, HelpScreen)
        assert drill.held and not drill.round.clock.running
        time_.now += 100
        await pilot.press("escape")
        await shown(pilot, StudyScreen)
        await until(pilot, lambda: not screen.has_class("-hidden"), "the board again")
        assert drill.round.clock.remaining == 20
        time_.now += 20
        await until(pilot, lambda: screen.has_class("-done"), "time up")
        assert not drill.right and "Not this time" in str(screen.answer.render())


async def test_a_word_from_the_results_becomes_a_card_and_shows_its_definition(
    enable1, popular, tmp_path: Path
) -> None:
    history = History.open(tmp_path)
    app, time_ = make_app(enable1, popular, BOARD, history=history)
    async with app.run_test() as pilot:
        await type_word(pilot, "howl")
        time_.now += 61  # played a third of the round: its misses are worth cards
        results = await end_round(pilot)
        definition = results.query_one("#definition", Static)
        missed = results.results.missed[0]
        await until(pilot, lambda: missed.upper() in str(definition.render()), "the first missed word defined")
        await pilot.press("shift+tab")  # to the found words
        await until(pilot, lambda: "HOWL" in str(definition.render()), "HOWL defined")
        assert "a long loud emotional utterance" in str(definition.render())
        time_.now += 0.2  # the player's next key, not one read together with the last (late_keys.CLUMP)
        await pilot.press("a")
        await until(pilot, lambda: "howl" in {c.word for c in study.cards(history)}, "the card")
        cards = {c.word: c for c in study.cards(history)}
        assert cards["howl"].source is Source.HAND
        assert all(c.source is Source.COMMON for word, c in cards.items() if word != "howl")  # missed once
        await pilot.press("s")
        stats = await shown(pilot, StatsScreen)
        assert len(cards) == 6  # the five a round makes at most, and HOWL by hand
        assert f"{len(cards)} cards · by box 0:{len(cards)}" in str(stats.query_one("#study-cards", Static).render())
    assert isinstance(results, ResultsScreen)


async def test_the_statistics_open_over_odd_rows_and_say_what_was_left_out(enable1, popular, tmp_path: Path) -> None:
    make_odd_history(tmp_path)
    app, _ = make_app(enable1, popular, None, history=History.open(tmp_path))
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        await pilot.press("f2")
        stats = await shown(pilot, StatsScreen)
        assert "left out" in str(stats.query_one("#stats-notice", Label).render())
        assert "by box 0:1" in str(stats.query_one("#study-cards", Static).render())  # the one readable card
