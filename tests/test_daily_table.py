"""The day's table's figures and the bot levels' place, as plain functions (dates given, never read)."""

from __future__ import annotations

import datetime as dt

from boggle_tui.engine import frequency
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.solver import solve
from boggle_tui.game.bots import LEVELS, between_levels, cues, expected_score, level_scores
from boggle_tui.game.daily import daily_deal
from boggle_tui.game.daily_table import (
    Run,
    beating_streak,
    levels_line,
    ordinal,
    percentile,
    shielded_streak,
    standing_line,
    streak,
    streak_line,
)

DAY = dt.date(2026, 3, 1)


def days(*offsets: int) -> set[dt.date]:
    return {DAY - dt.timedelta(days=n) for n in offsets}


def test_the_standing_line_of_the_issue() -> None:
    assert standing_line(102, 614, percentile(614 - 102, 613)) == "102nd of 614 · better than 83%"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 111, 122)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "111th", "122nd"
    ]  # fmt: skip
    assert percentile(0, 0) == 0 and percentile(5, 5) == 100 and percentile(1, 2) == 50
    assert standing_line(1, 1, 0) == "1st of 1 · the first to play it"  # alone: nobody to be better than


def test_streaks_count_days_in_a_row_up_to_today_or_yesterday() -> None:
    assert streak(days(0, 1, 2, 4), DAY) == 3
    assert streak(days(1, 2), DAY) == 2  # today's board still to come
    assert streak(days(2, 3), DAY) == 0


def march(first: int, last: int) -> set[dt.date]:
    """Days `first` to `last` of March 2026, both played."""
    return {dt.date(2026, 3, n) for n in range(first, last + 1)}


def test_a_shield_is_earned_each_seven_days_in_a_row_and_covers_one_missed_day() -> None:
    on = dt.date(2026, 3, 1)
    assert shielded_streak(march(1, 6), dt.date(2026, 3, 6)) == Run(6, 0)
    assert shielded_streak(march(1, 7), dt.date(2026, 3, 7)) == Run(7, 1)  # the seventh day earns one
    assert shielded_streak(march(1, 7), dt.date(2026, 3, 8)) == Run(7, 1)  # the 8th is still to be played
    assert shielded_streak(march(1, 7), dt.date(2026, 3, 9)) == Run(7, 0, 1)  # the 8th missed: the shield covers it
    assert shielded_streak(march(1, 7) | march(9, 10), dt.date(2026, 3, 10)) == Run(9, 0, 1)  # and the streak goes on
    assert shielded_streak(march(1, 7), dt.date(2026, 3, 10)) == Run(0)  # two missed, one shield: it ends
    assert shielded_streak(march(1, 21), dt.date(2026, 3, 21)) == Run(21, 2)  # two kept at most
    two_gaps = march(1, 14) | {dt.date(2026, 3, 16)} | march(18, 20)
    assert shielded_streak(two_gaps, dt.date(2026, 3, 20)) == Run(18, 0, 2)  # both used
    assert shielded_streak(two_gaps | march(21, 23), dt.date(2026, 3, 23)) == Run(21, 1, 2)  # the 21st earns one
    assert shielded_streak(set(), on) == Run(0)
    assert streak_line(9, 0, 1) == "Daily streak: 9 days in a row · 1 shield"
    assert streak_line(14, 2, 2) == "Daily streak: 14 days in a row · 2 beating your average · 2 shields"


def test_a_beating_streak_counts_days_above_the_average_before_them() -> None:
    scores = {DAY - dt.timedelta(days=n): s for n, s in ((4, 10), (3, 5), (2, 20), (1, 30), (0, 40))}
    assert beating_streak(scores, DAY) == 3  # 20 > 7.5, 30 > 11.7, 40 > 16.3; 5 < 10 broke it before
    scores[DAY] = 1
    assert beating_streak(scores, DAY) == 0  # played today, below the average: no streak


def test_the_levels_expected_scores_rise_with_skill_and_a_score_is_placed_between_them(enable1: Dictionary) -> None:
    solution = solve(daily_deal(DAY).board, enable1.trie, 3)
    board_cues = cues(solution.board, solution.paths, frequency.rank)
    scores = level_scores(board_cues)
    assert list(scores) == list(LEVELS) and list(scores.values()) == sorted(scores.values())
    assert 0 < scores["expert"] <= solution.total_score
    assert expected_score(board_cues, LEVELS["regular"][0], 60) < expected_score(board_cues, LEVELS["regular"][0])
    levels = {"beginner": 3, "casual": 5, "regular": 31, "strong": 47, "expert": 60}
    assert levels_line(40, levels) == "above Regular (31), below Strong (47)"
    assert levels_line(1, levels) == "below Beginner (3)"
    assert levels_line(61, levels) == "above Expert (60): every level beaten"
    assert levels_line(60, levels) == "level with Expert (60): every level reached"  # equal is reached, not passed
    assert levels_line(31, levels) == "level with Regular (31), below Strong (47)"
    assert between_levels(31, levels) == (("regular", 31), ("strong", 47))


def test_the_next_board_is_at_midnight_utc_and_the_wait_is_rounded_up_to_the_minute() -> None:
    from boggle_tui.game.daily import played_line, until_next, wait_text

    evening = dt.datetime(2026, 3, 1, 18, 52, 30, tzinfo=dt.UTC)
    assert until_next(evening) == dt.timedelta(hours=5, minutes=7, seconds=30)
    assert wait_text(until_next(evening)) == "5 h 08 min"
    assert wait_text(dt.timedelta(minutes=12)) == "12 min" and wait_text(dt.timedelta(seconds=3)) == "1 min"
    paris = dt.datetime(2026, 3, 1, 23, 30, tzinfo=dt.timezone(dt.timedelta(hours=1)))  # 22:30 UTC
    assert played_line(paris).endswith("comes in 1 h 30 min (at midnight UTC).")
