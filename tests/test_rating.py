"""The rating (#38 item 5): fitted to rounds played by simulated players of known skill, it ranks them in order and
finds each within its stated error; it moves round by round; the statistics show it."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache

import pytest
from support import record

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.solver import solve
from boggle_tui.game.bots import cues, plan_round
from boggle_tui.game.codes import board_code
from boggle_tui.game.languages import language_for
from boggle_tui.game.levels import LEVELS
from boggle_tui.game.rating import HISTORY, Rating, rating_of, ratings
from boggle_tui.game.record import RoundRecord

SKILLS = (1.5, 3.0, 4.5)  # a beginner's, a regular's, past strong


@cache
def boards(count: int) -> list[tuple[str, str, list]]:
    """Rolled boards of the new dice: each one's code, text and cues (the model's view of its words)."""
    enable1 = load_dictionary("enable1")
    dice, rank = load_dice_set("new"), language_for("en").rank
    out = []
    for seed in range(1, count + 1):
        board = dice.roll(seed)
        out.append((board_code(board, "new"), board.text(), cues(board, solve(board, enable1.trie).words, rank)))
    return out


def played(theta: float, rounds: int, rng: random.Random) -> list[RoundRecord]:
    """`rounds` timed rounds of 3 minutes a player of skill θ played, newest first, as the history keeps them."""
    out = []
    for n, (code, text, board_cues) in enumerate(boards(rounds)):
        words = {c.word for c in board_cues}
        found = {t.word for t in plan_round(board_cues, load_dice_set("new").roll(n + 1), theta, 0.0, 180, rng)}
        found &= words
        out.append(record(n, code=code, board=text, found=dict.fromkeys(found, 1), missed=tuple(words - found)))
    return out[::-1]


def test_the_fit_ranks_simulated_players_in_order_and_finds_each_within_its_error() -> None:
    rng = random.Random(37)
    fitted = [rating_of(played(theta, 20, rng), "en") for theta in SKILLS]
    assert all(isinstance(r, Rating) for r in fitted)
    ratings_ = [r for r in fitted if r is not None]
    assert [r.points for r in ratings_] == sorted(r.points for r in ratings_)  # in order of skill
    for theta, rating in zip(SKILLS, ratings_, strict=True):
        assert abs(rating.theta - theta) <= 3 * rating.error, (theta, rating)  # within three standard errors
        assert 0 < rating.error < 0.5 and rating.rounds == 20


def test_the_line_names_the_level_the_rating_reaches() -> None:
    regular = Rating(LEVELS["regular"][0], 0.2, 20)
    assert regular.points == 1600 and regular.line() == "1,600 ± 40 · Regular"
    assert Rating(0.0, 0.3, 5).level == "Beginner" and Rating(9.0, 0.3, 5).level == "Expert"


def test_no_rating_before_three_rounds_and_the_history_moves_round_by_round() -> None:
    rng = random.Random(7)
    rounds = played(3.0, 12, rng)
    assert rating_of(rounds[-2:], "en") is None  # the two oldest alone
    history = ratings(rounds, "en")
    assert len(history) == HISTORY and [r.rounds for r in history] == list(range(5, 13))
    assert history[-1] == rating_of(rounds, "en")
    assert rating_of(rounds, "de") is None  # no German round


@pytest.mark.parametrize("ended", ["ended", "gave_up"])
def test_a_round_ended_early_practice_and_replays_do_not_count(ended: str) -> None:
    rounds = played(3.0, 4, random.Random(1))
    left_out = [
        record(90, code=rounds[0].code, ended=ended),
        record(91, code=rounds[0].code, mode="practice"),
        record(92, code=rounds[0].code, replay=True),
    ]
    assert rating_of(left_out + rounds, "en") == rating_of(rounds, "en")


def test_boggle_stats_and_the_statistics_screen_show_the_rating(capsys, tmp_path, monkeypatch) -> None:
    from test_cli import run

    from boggle_tui.storage.history import History

    history = History.open(tmp_path)
    rounds = played(3.0, 6, random.Random(5))
    for r in rounds:
        history.record(r)
    history.close()
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    code, out, _ = run(capsys, "stats", "--json")
    english = json.loads(out)["ratings"]["en"]
    expected = rating_of(rounds, "en")
    assert code == 0 and expected is not None
    assert (english["rating"], english["error"], english["rounds"]) == (expected.points, expected.spread, 6)
    assert english["history"][-1] == expected.points and len(english["history"]) == 4  # after rounds 3 to 6
    code, out, _ = run(capsys, "stats")
    assert code == 0 and f"English: {expected.line()} (6 rounds)" in out


async def test_the_statistics_screen_shows_each_language_s_rating(enable1, popular, tmp_path) -> None:
    from support import make_app, shown
    from textual.widgets import Static

    from boggle_tui.app.screens.stats import StatsScreen
    from boggle_tui.storage.history import History

    history = History.open(tmp_path)
    rounds = played(4.5, 5, random.Random(9))
    for r in rounds:
        history.record(r)
    app, _ = make_app(enable1, popular, None, history=history)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        stats = await shown(pilot, StatsScreen)
        text = str(stats.query_one("#ratings", Static).render())
        expected = rating_of(rounds, "en")
        assert expected is not None and text.startswith(f"English: {expected.line()} (5 rounds)")


def test_the_share_line_carries_the_rating_only_where_the_player_wants_it(tmp_path, monkeypatch) -> None:
    """#38 item 5: "on the daily's share line if the player wants" (settings.json "share_rating")."""
    from boggle_tui.cli.daily import shared_rating
    from boggle_tui.game.preferences import Preferences
    from boggle_tui.game.share import DailyShare, daily_share_line
    from boggle_tui.storage.history import History
    from boggle_tui.storage.settings import save_preferences

    share = DailyShare("2026-12-07", "English", 12, 200, ("cat",), ("cat", "act"), 3)
    assert "rating" not in daily_share_line(share)
    assert "· 1 word · rating 1,540 · 3→8+" in daily_share_line(replace(share, rating=1540))
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    history = History.open(tmp_path)
    rounds = played(3.0, 4, random.Random(3))
    for r in rounds:
        history.record(r)
    assert shared_rating(history, "en") is None  # not wanted: the default
    save_preferences(Preferences(share_rating=True), tmp_path)
    expected = rating_of(rounds, "en")
    assert expected is not None and shared_rating(history, "en") == expected.points
    assert shared_rating(history, "de") is None  # no German rounds: no rating to share
