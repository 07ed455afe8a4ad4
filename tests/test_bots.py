"""Opponents with a human vocabulary: the model, the fit, and a round against the table through the app."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.table_results import TableResultsScreen
from boggle_tui.engine import frequency
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game import bots
from boggle_tui.game.codes import board_code
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.round import EndReason
from boggle_tui.game.rules import Rules, Scoring
from boggle_tui.game.table import TableRules, TableSession
from boggle_tui.storage.history import History
from boggle_tui.storage.settings import load_preferences
from tests.support import FakeTime, make_app, record, shown, until


def rolled(enable1: Dictionary, seeds: range) -> list[Solution]:
    dice = load_dice_set("new")
    return [s for s in (solve(dice.roll(seed), enable1.trie, 3) for seed in seeds) if s.paths]


def play_as(theta: float, solution: Solution, rng: random.Random) -> set[str]:
    """A synthetic player of skill θ: each word found with the model's chance, stems decided first."""
    found: set[str] = set()
    for cue in bots.cues(solution.board, solution.paths, frequency.rank):
        if rng.random() < cue.chance(theta, cue.stem in found if cue.stem else False):
            found.add(cue.word)
    return found


# The model


def test_the_cues_say_what_makes_a_word_easy(enable1: Dictionary) -> None:
    common, rare = bots.Cue("cat", 3.2, 3, 1, 0.0, None), bots.Cue("qat", 4.8, 3, 1, 0.0, None)
    assert common.chance(2.0, False) > rare.chance(2.0, False)
    assert common.chance(2.0, True) > common.chance(2.0, False)  # its stem found
    assert common.chance(3.0, False) > common.chance(2.0, False)  # a stronger player
    assert common.chance(2.0, False, seconds=60) < common.chance(2.0, False) < common.chance(2.0, False, 300)
    assert bots.stem_of("cats", {"cat", "cats"}) == "cat"
    assert bots.stem_of("making", {"make", "making"}) == "make"
    assert bots.stem_of("cat", {"ca", "cat"}) is None


def test_count_paths_counts_every_way_the_dice_spell_a_word(enable1: Dictionary) -> None:
    from tests.support import every_path

    for solution in rolled(enable1, range(3)):
        for word in list(solution.paths)[:40]:
            assert bots.count_paths(solution.board, word) == min(len(list(every_path(solution.board, word))), 64)


def test_a_bot_finds_only_words_of_the_board_and_tries_only_non_words(enable1: Dictionary) -> None:
    rng = random.Random(7)
    for solution in rolled(enable1, range(30)):
        for level in bots.LEVELS:
            (bot,) = bots.seat_bots(solution, frequency.rank, [level], 180, rng)
            assert all(t.word in solution for t in bot.plan if t.found)
            assert all(t.word not in solution for t in bot.plan if not t.found)
            assert len({t.word for t in bot.plan if t.found}) == sum(1 for t in bot.plan if t.found)


def test_a_bot_is_never_faster_than_its_model(enable1: Dictionary) -> None:
    """Nothing before the board is read and the word typed; no word typed while another is; none after the end;
    and what has been found at a moment is exactly what the plan reached by then."""
    rng = random.Random(11)
    for solution in rolled(enable1, range(30)):
        (bot,) = bots.seat_bots(solution, frequency.rank, ["expert"], 120, rng)
        ready = bots.READING_SECONDS
        for t in bot.plan:
            assert t.at >= ready + bots.typing_seconds(t.word) - 1e-9
            assert t.at < 120
            ready = t.at
        for moment in (0.0, bots.READING_SECONDS, 30.0, 60.0, 119.9):
            assert bot.found_by(moment) == [t.word for t in bot.plan if t.found and t.at <= moment]
        assert bot.found_by(bots.READING_SECONDS) == []


def test_the_levels_are_ordered(enable1: Dictionary) -> None:
    rng = random.Random(3)
    solutions = rolled(enable1, range(40))
    shares = []
    for level in bots.LEVELS:
        points = 0
        for solution in solutions:
            (bot,) = bots.seat_bots(solution, frequency.rank, [level], 180, rng)
            points += sum(bots.score(w) for w in bot.found_by(180))
        shares.append(points / sum(s.total_score for s in solutions))
    assert shares == sorted(shares) and shares[0] < 0.2 < shares[-1]


# The fit


@pytest.mark.parametrize("theta", [1.0, 2.5, 4.0])
def test_the_fit_recovers_a_known_theta(enable1: Dictionary, theta: float) -> None:
    rng = random.Random(int(theta * 10))
    seen = []
    for solution in rolled(enable1, range(60)):
        found = play_as(theta, solution, rng)
        seen += bots.observations(solution.board, solution.paths, found, 180, frequency.rank)
    assert bots.fit_theta(seen) == pytest.approx(theta, abs=0.25)


def test_matched_fits_the_recent_rounds_of_the_history(enable1: Dictionary) -> None:
    """Records as the history keeps them (code, found, missed, seconds) are enough to fit θ; rounds on another
    list, replays and practice are left out; fewer than three rounds fit nothing."""
    rng = random.Random(5)
    records = []
    for n, solution in enumerate(rolled(enable1, range(25))):
        found = play_as(3.0, solution, rng)
        missed = tuple(w for w in solution.paths if w not in found)
        code = board_code(solution.board, "new")
        points = {w: bots.score(w) for w in found}
        records.append(record(n, code=code, found=points, missed=missed, seconds=180, mode="timed"))
    others = [record(90 + i, mode=mode, **extra) for i, (mode, extra) in enumerate(
        [("practice", {}), ("timed", {"dictionary": "popular"}), ("timed", {"replay": True})]
    )]  # fmt: skip
    fit = bots.matched_fit(others + records, "enable1", frequency.rank)
    assert fit.rounds == bots.RECENT_ROUNDS
    assert fit.theta == pytest.approx(3.0, abs=0.4)
    # Rounds the player ended at once (every word "missed" in the round's full 3 minutes) say nothing of them
    early = [
        replace(r, uid=f"early-{r.uid}", found={}, missed=(*r.found, *r.missed), score=0, ended=ended)
        for r, ended in zip(records[:6], ["ended", "ended", "voted", "ended", "gave_up", "ended"], strict=True)
    ]
    fit = bots.matched_fit(early + records, "enable1", frequency.rank)
    assert fit.rounds == bots.RECENT_ROUNDS
    assert fit.theta == pytest.approx(3.0, abs=0.4)
    assert bots.matched_fit(records[:2], "enable1", frequency.rank).theta is None


def test_calibration_and_log_loss_are_honest(enable1: Dictionary) -> None:
    rng = random.Random(9)
    seen = []
    for solution in rolled(enable1, range(40)):
        seen += bots.observations(solution.board, solution.paths, play_as(2.5, solution, rng), 180, frequency.rank)
    buckets = bots.calibration(seen, 2.5)
    assert sum(b.words for b in buckets) == len(seen)
    for b in buckets:
        if b.words > 200:
            assert b.found == pytest.approx(b.predicted, abs=0.06)
    assert bots.log_loss(seen, 2.5) < bots.log_loss(seen, 0.0)


# A round at the table


def test_a_table_round_nobody_scored_in_has_no_winner(enable1: Dictionary) -> None:
    time_ = FakeTime()
    request = RoundRequest(Given(load_dice_set("new").roll(42), "new", 42), Rules(seconds=180))
    session = TableSession(request, enable1.trie, TableRules(3, "expert"), frequency.rank, now=time_)
    session.start()
    session.end(EndReason.ENDED)  # at once: nobody has found a word
    assert [p.score for p in session.players] == [0, 0, 0, 0] and session.winners == []  # never a tie of all


def test_the_shared_word_rule_strikes_words_two_players_found(enable1: Dictionary) -> None:
    time_ = FakeTime()
    dice = load_dice_set("new")
    for scoring in (Scoring.UNIQUE, Scoring.ALL):
        request = RoundRequest(Given(dice.roll(42), "new", 42), Rules(seconds=180, scoring=scoring))
        session = TableSession(
            request, enable1.trie, TableRules(3, "expert"), frequency.rank, now=time_, rng=random.Random(1)
        )
        session.start()
        time_.now += 200
        session.tick()
        assert session.over
        found = [set(p.words) for p in session.players]
        shared = {w for i, a in enumerate(found) for b in found[i + 1 :] for w in a & b}
        assert set(session.shared) == shared and shared
        for p in session.players:
            assert all(
                points == (0 if w in shared and scoring is Scoring.UNIQUE else bots.score(w))
                for w, points in p.words.items()
            )
            assert p.score == sum(p.words.values())
        time_.now -= 200


async def test_a_round_against_bots_through_the_app(enable1: Dictionary, popular: Dictionary, tmp_path: Path) -> None:
    """Bots' finds arrive as the fake clock moves, only their counts show; the results compare every player's
    words under the shared-word rule; the round is saved as its own mode with the bots' results."""
    history = History.open(tmp_path)
    app, time_ = make_app(enable1, popular, history=history, seconds=120)
    app.table = TableRules(2, "expert")
    async with app.run_test(size=(130, 40)) as pilot:
        screen = await shown(pilot, RoundScreen)
        session = screen.session
        assert isinstance(session, TableSession)
        assert [s.words for s in session.standings] == [0, 0, 0]
        counts = []
        for _ in range(12):
            time_.now += 10
            screen.tick()  # the screen's tick moves the bots (its timer is the wall's; the test's clock is its own)
            await pilot.pause()
            counts.append(sum(s.words for s in session.standings[1:]))
            if len(counts) == 3:
                await pilot.press(*"tinr", "enter")  # any word: the player's entry is judged as solo
        assert counts == sorted(counts) and counts[0] < counts[-1]
        progress = str(screen.standings.render())
        assert "Ada" in progress and "Basil" in progress
        results = await shown(pilot, TableResultsScreen)
        assert results.table.winners and results.table.shared  # two experts share words on this board
    (saved,) = history.rounds()
    assert saved.mode == "bots"
    assert [p["name"] for p in saved.players][1:] == ["Ada", "Basil"]
    assert all(p.get("level") == "expert" for p in saved.players[1:])
    words = [set(p["words"]) for p in saved.players]
    for p in saved.players:
        for word, points in p["words"].items():
            assert points == (0 if sum(word in w for w in words) > 1 else bots.score(word))
    assert saved.score == sum(saved.players[0]["words"].values())


# Asking for a table


def test_play_flags_for_a_table() -> None:
    from boggle_tui.cli.parser import build_parser
    from boggle_tui.cli.play import round_request, table_rules
    from boggle_tui.engine.errors import BoggleError
    from boggle_tui.game.preferences import Preferences
    from tests.support import TODAY

    def parse(*flags: str):  # type: ignore[no-untyped-def]
        return build_parser().parse_args(["play", *flags])

    args = parse("--bots", "3", "--level", "strong", "--scoring", "all")
    assert table_rules(args) == TableRules(3, "strong")
    asked = round_request(args, Preferences(), TODAY.date())  # the round starts at once, its words scored by all
    assert asked is not None and asked.rules.scoring is Scoring.ALL
    assert table_rules(parse("--bots", "1")) == TableRules(1, "matched")
    asked = round_request(parse("--bots", "1"), Preferences(scoring=Scoring.ALL), TODAY.date())
    assert asked is not None and asked.rules.scoring is Scoring.UNIQUE  # the command line's default, as said
    assert table_rules(parse()) is None
    for flags, why in [
        (("--level", "strong"), "give --bots N too"),
        (("--scoring", "all"), "give --bots N too"),
        (("--bots", "2", "--practice"), "no --practice"),
        (("--bots", "2", "--time", "0"), "no --time 0"),
    ]:
        with pytest.raises(BoggleError, match=why):
            round_request(parse(*flags), Preferences(), TODAY.date())


async def test_play_against_the_table_from_the_start_screen(
    enable1: Dictionary, popular: Dictionary, tmp_path: Path
) -> None:
    from boggle_tui.app.screens.start import StartScreen
    from boggle_tui.app.screens.table import TableScreen

    app, _ = make_app(enable1, popular, board=None, folder=tmp_path)
    async with app.run_test(size=(130, 40)) as pilot:
        start = await shown(pilot, StartScreen)
        start.query_one("#table-button").press()
        table = await shown(pilot, TableScreen)
        table.query_one("#table-level").value = "beginner"
        table.query_one("#table-bots").value = 3
        table.query_one("#table-scoring").value = "all"
        await pilot.pause()
        await pilot.press("enter")  # Play has the focus
        screen = await shown(pilot, RoundScreen)
        await until(pilot, lambda: screen.session.standings, "the standings")
        assert isinstance(screen.session, TableSession)
        assert [b.level for b in screen.session.bots] == ["beginner"] * 3
        assert [s.name for s in screen.session.standings[1:]] == ["Ada", "Basil", "Cleo"]
        assert screen.session.scoring is Scoring.ALL and screen.session.request.rules.scoring is Scoring.ALL
    assert load_preferences(tmp_path)[0].scoring is Scoring.ALL  # the table's scoring, offered first next time


async def test_matched_is_fitted_to_the_history_when_the_round_starts(
    enable1: Dictionary, popular: Dictionary, tmp_path: Path
) -> None:
    """With three rounds or more on the word list, the matched bots play at the θ fitted to them; with fewer,
    at the default level, and the player is told why."""
    history = History.open(tmp_path)
    rng = random.Random(2)
    for n, solution in enumerate(rolled(enable1, range(100, 104))):
        found = play_as(3.5, solution, rng)
        history.record(
            record(
                n,
                code=board_code(solution.board, "new"),
                found={w: bots.score(w) for w in found},
                missed=tuple(w for w in solution.paths if w not in found),
            )
        )
    expected = bots.matched_fit(history.rounds(), "enable1", frequency.rank).theta
    assert expected is not None
    app, _ = make_app(enable1, popular, history=history)
    app.table = TableRules(2, "matched")
    async with app.run_test(size=(130, 40)) as pilot:
        screen = await shown(pilot, RoundScreen)
        assert [b.theta for b in screen.session.bots] == [pytest.approx(expected)] * 2
    app, _ = make_app(enable1, popular, history=History.open(tmp_path / "fresh"))
    app.table = TableRules(1, "matched")
    async with app.run_test(size=(130, 40)) as pilot:
        screen = await shown(pilot, RoundScreen)
        assert screen.session.bots[0].theta == bots.LEVELS[bots.DEFAULT_LEVEL][0]
        await until(pilot, lambda: any("Matched needs 3" in str(n.message) for n in app._notifications), "notice")
