"""The live count: the words found of the board's as a round runs (#38 item 7), in practice and on the day's board
by default, anywhere the player asks for it, never where the board's words are unknown until the end."""

from __future__ import annotations

import datetime as dt

import pytest
from support import FakeTime, make_app, shown, type_word, until
from test_plain import played, round_on

from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.game.preferences import Preferences, counts_live
from boggle_tui.game.request import Daily, Roll, RoundRequest
from boggle_tui.game.wording import words_line
from boggle_tui.storage.settings import load_preferences, save_preferences


def test_the_count_shows_by_default_in_practice_and_on_the_day_s_board_only() -> None:
    timed, practice = RoundRequest(Roll(seed=1)), RoundRequest(Roll(seed=1), practice=True)
    daily = RoundRequest(Daily(dt.date(2026, 12, 7)))
    assert [counts_live(None, r) for r in (timed, practice, daily)] == [False, True, True]
    assert counts_live(True, timed) and not counts_live(False, practice)
    assert (
        words_line(4, None) == "4 words" and words_line(4, 160) == "4 / 160 words" and words_line(1, 1) == "1 / 1 word"
    )


@pytest.mark.parametrize(("preference", "shown_count"), [(None, False), (True, True)])
async def test_a_timed_round_counts_live_when_the_player_asks(enable1, popular, preference, shown_count) -> None:
    app, _ = make_app(enable1, popular, preferences=Preferences(live_count=preference))
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await type_word(pilot, "howl")
        await until(pilot, lambda: screen.session.found, "HOWL")
        line = str(screen.score.render())
        assert ("1 / 160 words" in line) is shown_count and ("1 word" in line) is not shown_count


def test_plain_practice_says_the_count_in_its_time_line(enable1) -> None:
    clock = FakeTime()
    front = round_on(enable1, clock, practice=True)
    front.live_count = counts_live(None, front.session.request)
    said = played(front, clock, "tin", "time")
    assert any(line.endswith("score 1 · 1 / 160 words") for line in said), said


def test_the_setting_is_kept_and_a_bad_one_falls_back_alone(tmp_path) -> None:
    assert save_preferences(Preferences(live_count=True), tmp_path)
    assert load_preferences(tmp_path)[0].live_count is True
    (tmp_path / "settings.json").write_text('{"live_count": "yes", "bell": false}')
    preferences, notices = load_preferences(tmp_path)
    assert preferences.live_count is None and preferences.bell is False and len(notices) == 1
