"""The start screen: its choices, what it remembers, and what each mode deals."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from support import TODAY, FakeWall, make_app, past_the_guard, record, shown, until
from textual.events import Paste
from textual.widgets import Label, Select

from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.solver import solve
from boggle_tui.game.preferences import DEFAULT_THEME, Preferences
from boggle_tui.game.request import Mode, Richest
from boggle_tui.storage.history import History
from boggle_tui.storage.settings import load_preferences


async def test_enter_on_the_defaults_starts_a_three_minute_round(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        await pilot.press("enter")
        screen = await shown(pilot, RoundScreen)
        assert screen.session.duration == 180 and not screen.session.practice
        assert screen.session.board.shape == (4, 4)


async def test_the_start_screen_plays_and_remembers_its_choices(enable1, popular, tmp_path) -> None:
    app, _ = make_app(enable1, popular, None, folder=tmp_path)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        start.query_one("#seconds", Select).value = 60
        start.query_one("#dice", Select).value = "big"
        start.query_one("#theme", Select).value = "nord"
        await pilot.pause()
        assert app.theme == "nord"
        await pilot.press("enter")
        screen = await shown(pilot, RoundScreen)
        assert screen.session.duration == 60 and screen.session.deal.dice == "big"
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved == {
        "dice": "big", "seconds": 60, "dictionary": "enable1", "mode": "timed", "scoring": "unique",
        "theme": "nord",
        "new_cards_per_day": 10, "new_cards_a_round": 5, "bonus_missed": True, "live_count": None,
        "share_rating": False, "keys": {},
        "bell": True, "pause_on_focus_loss": True,
    }  # fmt: skip  # no language: it was not chosen, so the next run's locale decides it


async def test_the_daily_board_is_today_s_and_fixes_its_own_dice_and_length(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None, preferences=Preferences(dice="superbig", seconds=60))
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        start.query_one("#mode", Select).value = Mode.DAILY
        await pilot.pause()
        assert start.query_one("#dice", Select).disabled and start.query_one("#seconds", Select).disabled
        await pilot.press("enter")
        screen = await shown(pilot, RoundScreen)
        assert screen.session.deal.daily == "2026-11-23"  # the injected date
        assert screen.session.duration == 180 and screen.session.deal.dice == "new"


async def test_practice_has_no_round_length_to_choose(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        start.query_one("#mode", Select).value = Mode.PRACTICE
        await pilot.pause()
        assert start.query_one("#seconds", Select).disabled and not start.query_one("#dice", Select).disabled
        assert "No clock" in str(start.query_one("#tagline").render())


async def test_the_dice_are_listed_by_size_then_year_the_standard_set_first(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        options = [value for _, value in start._choices()[2][2]]
        assert options == ["new", "classic", "big", "master", "superbig"]


async def test_a_rich_deal_has_the_most_words_of_its_rolls(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, Richest("new", 3))
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)  # the rich deal is worked out in a thread
        rolls = [len(solve(load_dice_set("new").roll(3000 + i), enable1.trie, 3)) for i in range(40)]
        assert len(screen.session.solution) == max(rolls) and 3000 <= screen.session.deal.seed < 3040


async def test_an_unusable_word_list_is_a_calm_message_not_a_crash(enable1, popular, tmp_path) -> None:
    binary = tmp_path / "words.bin"
    binary.write_bytes(b"\x00\x01\x02binary")
    app, _ = make_app(enable1, popular, dictionary=str(binary))
    messages: list[str] = []
    app.notify = lambda message, **_: messages.append(message)  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        assert any("binary" in message for message in messages)


async def test_an_unknown_theme_in_the_settings_falls_back_to_the_default_with_a_notice(
    enable1, popular, tmp_path
) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"theme": "nope", "dice": "big"}))
    preferences, notices = load_preferences(tmp_path)
    assert notices == []  # the theme can only be judged where Textual's themes are known
    app, _ = make_app(enable1, popular, None, preferences=preferences, folder=tmp_path)
    messages: list[str] = []
    app.notify = lambda message, **_: messages.append(message)  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        assert app.theme == DEFAULT_THEME and start.query_one("#theme", Select).value == DEFAULT_THEME
        assert start.query_one("#dice", Select).value == "big"  # the other settings are kept
        assert any("nope" in message and "default" in message for message in messages)


async def test_the_start_screen_offers_the_language_first_and_its_dice_and_list_come_with_it(
    enable1, popular, tmp_path
) -> None:
    app, _ = make_app(enable1, popular, None, folder=tmp_path)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        assert start._choices()[0][1] == "language" and ("Español", "es") in start._choices()[0][2]
        start.query_one("#language", Select).value = "es"
        await pilot.pause()
        assert start.query_one("#dice", Select).value == "es"
        assert start.query_one("#dictionary", Select).value == "es"
        assert [value for _, value in start._dice_options()] == ["es", "es-big"]
        start.query_one("#dice", Select).value = "es-big"  # and can still be changed
        await pilot.pause()
        assert start.preferences.dice == "es-big" and start.preferences.language == "es"
        await pilot.press("enter")
        await shown(pilot, RoundScreen)
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "es"  # chosen: remembered
    assert load_preferences(tmp_path, language="de")[0].language == "es"


def _streak_shown(start: StartScreen) -> str:
    label = start.query_one("#streak", Label)
    return str(label.render()) if label.display else ""


async def test_the_daily_streak_of_the_language_chosen_shows_until_a_day_is_missed(
    enable1, popular, tmp_path: Path
) -> None:
    """Today's board played on three days in a row, the date injected: the start screen says so, in the language
    chosen (a German streak counts German days), and a day missed ends it."""
    history = History.open(tmp_path)
    german = dict(code="DE-N-TINREONRHWLDASES", board="tinreonrhwldasex", dice="de")
    history.record(record(24, 4, uid="de", daily="2026-11-25", **german))  # German, on the third day only
    wall = FakeWall(TODAY)
    app, time_ = make_app(enable1, popular, None, history=history, wall=wall, preferences=Preferences(mode=Mode.DAILY))
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        assert _streak_shown(start) == ""
        for n in range(3):  # 2, 5 and 8 points: the second and third days beat the average before them
            wall.when = TODAY + dt.timedelta(days=n)
            await pilot.press("enter")
            round_screen = await shown(pilot, RoundScreen)
            board = round_screen.session.board
            found = sorted(solve(board, enable1.trie, 3).paths, key=lambda w: (len(w), w))[: 2 + 3 * n]
            round_screen.entry.post_message(Paste("\n".join(found) + "\n"))  # pasted: the words, not the typing
            await until(pilot, lambda: len(round_screen.session.entries) == len(found), "the pasted words")  # noqa: B023
            time_.now += 180
            round_screen.tick()
            await shown(pilot, ResultsScreen)
            past_the_guard(pilot)
            await pilot.press("escape")
            start = await shown(pilot, StartScreen)
            if n == 0:
                assert _streak_shown(start) == "Daily streak: 1 day in a row"
        assert _streak_shown(start) == "Daily streak: 3 days in a row · 2 beating your average"
        assert [r.daily for r in history.rounds()] == ["2026-11-25", "2026-11-25", "2026-11-24", "2026-11-23"]

        start.query_one("#language", Select).value = "de"
        await pilot.pause()
        assert _streak_shown(start) == "Tagesserie: 1 Tag in Folge"  # German's own, in German
        start.query_one("#language", Select).value = "en"
        await pilot.pause()
        assert _streak_shown(start) == "Daily streak: 3 days in a row · 2 beating your average"

        wall.when = TODAY + dt.timedelta(days=4)  # the fourth day missed
        app.show(app.start_screen())
        start = await shown(pilot, StartScreen)
        assert _streak_shown(start) == "" and not start.has_class("-streak")


async def test_the_statistics_read_the_common_words_themselves(enable1, popular, tmp_path) -> None:
    """F2 before any round: the common words are read only as a round starts, and the statistics said "None
    yet." where `boggle stats` listed ATE (3) (#29)."""
    from textual.widgets import Static

    from boggle_tui.app.screens.stats import StatsScreen

    history = History.open(tmp_path)
    for n, board in enumerate(["tinreonrhwldases", "tehaiowsnnlarrds", "sesadlwhrnoernit"]):  # a board counts once
        history.record(record(n, missed=("ate", "eta", "zzz"), board=board))
    app, _ = make_app(enable1, popular, None, history=history)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        await pilot.press("f2")
        stats = await shown(pilot, StatsScreen)
        missed = str(stats.query_one("#missed-common", Static).render())
        assert "ATE (3)" in missed and "ETA (3)" in missed and "ZZZ" not in missed


async def test_the_start_screen_shows_the_shields_a_streak_keeps(enable1, popular, tmp_path: Path) -> None:
    """Seven days in a row up to yesterday: the streak, and the shield it earned for a missed day."""
    history = History.open(tmp_path)
    for n in range(15, 22):  # the 16th to the 22nd of November; TODAY is the 23rd, its board still to be played
        history.record(record(n, 5, daily=f"2026-11-{n + 1:02d}"))
    app, _ = make_app(enable1, popular, None, history=history, wall=FakeWall(TODAY))
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        assert _streak_shown(start) == "Daily streak: 7 days in a row · 1 shield"


def daily_start(enable1, popular, history: History):
    """The game on its start screen in daily mode, at TODAY (12:00 UTC on the 23rd)."""
    app, _ = make_app(enable1, popular, None, history=history, wall=FakeWall(TODAY),
                      preferences=Preferences(mode=Mode.DAILY))  # fmt: skip
    return app


async def test_the_start_screen_knows_today_s_board_is_played_and_when_the_next_comes(
    enable1, popular, tmp_path: Path
) -> None:
    """#38 item 9: chosen, today's board said nothing of the round already played on it."""
    history = History.open(tmp_path)
    history.record(record(22, 7, daily="2026-11-23"))  # today (TODAY is 12:00 UTC on the 23rd)
    app = daily_start(enable1, popular, history)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        tagline = str(start.query_one("#tagline", Label).render())
        assert tagline == "Today's board: played, 7 points · the next comes in 12 h 00 min"
        start.query_one("#language", Select).value = "de"  # German's board is still to play today: its tagline
        await pilot.pause()
        german = str(start.query_one("#tagline", Label).render())
        assert german.startswith("Das heutige Brett, mit den Würfeln Deutsch") and "gespielt" not in german, german


async def test_the_start_screen_says_today_s_place_on_the_server_s_table(enable1, popular, tmp_path: Path) -> None:
    """#38 item 9: played on a server, the day's place as the round ended is kept with the round (schema 6) and
    said beside the score."""
    history = History.open(tmp_path)
    history.record(record(22, 7, daily="2026-11-23", place=3, of_players=14))
    (kept,) = History.open(tmp_path).rounds()
    assert (kept.place, kept.of_players) == (3, 14)
    app = daily_start(enable1, popular, history)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        tagline = str(start.query_one("#tagline", Label).render())
        assert tagline == "Today's board: played, 7 points · 3rd of 14 · the next comes in 12 h 00 min"
