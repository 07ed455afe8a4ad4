"""The one-line result a player copies from the results screen."""

from __future__ import annotations

import pytest
from support import TODAY, make_app, shown, type_word, until
from test_results_screen import end_round

from boggle_tui.app.launch import Round
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.engine.board import parse_board
from boggle_tui.engine.definitions import describe
from boggle_tui.engine.solver import solve
from boggle_tui.game.round import Results
from boggle_tui.game.share import parse_challenge, result_line


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


def test_a_result_line_reads_back_as_the_same_board_and_rules(enable1) -> None:
    solution = solve(parse_board("plsteaiertnrsges"), enable1.trie, 4)
    line = result_line("N-PLSTEAIERTNRSGES", "popular", 90, Results(solution, {"plaster": 5}, [], None))
    challenge = parse_challenge(line)
    assert (challenge.code, challenge.dictionary, challenge.seconds, challenge.min_length, challenge.score) == (
        "N-PLSTEAIERTNRSGES", "popular", 90, 4, 5,
    )  # fmt: skip
    request = challenge.request()
    assert request.board.board.text() == "plsteaiertnrsges" and request.to_beat == 5 and request.rules.min_length == 4
    assert request.again().to_beat is None  # a new board is no longer the challenge
    untimed = parse_challenge(result_line("N-PLSTEAIERTNRSGES", "enable1", None, Results(solution, {}, [], None)))
    assert untimed.seconds is None and untimed.request().practice


def test_a_challenge_from_the_command_line_is_checked(monkeypatch) -> None:
    import argparse

    from boggle_tui.cli.parser import build_parser
    from boggle_tui.cli.play import round_request
    from boggle_tui.engine.errors import BoggleError
    from boggle_tui.game.preferences import Preferences

    line = "Boggle N-PLSTEAIERTNRSGES · enable1 · 3 min · 3+ letters · 1,234 of 3,623 points · 17 words"
    args = build_parser().parse_args(["play", "--challenge", line])
    request = round_request(args, Preferences(), TODAY.date())
    assert request is not None and request.to_beat == 1234 and request.rules.seconds == 180
    for extra in (["--seed", "3"], ["--time", "60"], ["--dictionary", "popular"]):
        args = build_parser().parse_args(["play", "--challenge", line, *extra])
        with pytest.raises(BoggleError, match="--challenge names the board"):
            round_request(args, Preferences(), TODAY.date())
    args = build_parser().parse_args(["play", "--challenge", "Boggle \x1b[2J nonsense"])
    with pytest.raises(BoggleError, match="is not a result line"):
        round_request(args, Preferences(), TODAY.date())
    assert isinstance(args, argparse.Namespace)


def test_a_challenge_names_a_shipped_word_list_never_a_file(word_file) -> None:
    from boggle_tui.engine.errors import BoggleError

    local = word_file("plaster\nstale\n")
    for dictionary in (str(local), "/etc/passwd", "~/words.txt", "../dictionaries/enable1.txt", "ENABLE1"):
        line = f"Boggle N-PLSTEAIERTNRSGES · {dictionary} · 3 min · 3+ letters · 7 of 3,623 points · 2 words"
        with pytest.raises(BoggleError, match="a challenge is played on a shipped word list: ") as refused:
            parse_challenge(line)
        assert "enable1" in str(refused.value) and "popular" in str(refused.value)


async def test_the_score_to_beat_is_shown_and_compared_at_the_end(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    line = "Boggle N-TINREONRHWLDASES · enable1 · 3 min · 3+ letters · 2 of 231 points · 2 words"
    app.launch = Round(parse_challenge(line).request())
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        assert "to beat 2" in str(screen.score.render())
        await type_word(pilot, "howl")
        results = await end_round(pilot)
        assert "Challenge not beaten: 1 to 2" in str(results.query_one("#outcome").render())


def test_one_word_is_one_word_and_the_line_reads_back() -> None:
    from boggle_tui.engine.board import parse_board
    from boggle_tui.engine.solver import Solution
    from boggle_tui.game.round import EndReason, Results
    from boggle_tui.game.share import parse_challenge, result_line

    board = parse_board("tinreonrhwldases")
    results = Results(Solution(board, 3, {"hot": (0, 1, 2)}), {"hot": 1}, [], EndReason.TIME_UP)
    line = result_line("N-TINREONRHWLDASES", "enable1", 180, results)
    assert line.endswith("· 1 word") and parse_challenge(line).words == 1


def test_the_daily_share_line_says_the_result_and_no_word_of_the_board() -> None:
    from boggle_tui.game.share import DailyShare, daily_share_line, length_picture

    words = ("tea", "eat", "ate", "teas", "east", "seat", "stone", "tones", "notes", "onset", "stoner", "tenors")
    found = ("tea", "teas", "stone", "tones", "notes", "onset")
    # 3 letters: 1 of 3; 4: 1 of 3; 5: 4 of 4; 6: none of 2; 7 and 8+: no words there.
    assert length_picture(found, words, 3) == "3→8+ ▃▃█_··"
    share = DailyShare("2026-12-06", "English", 37, 75, found, words, 3, (3, 7, 66), True, 4)
    line = daily_share_line(share)
    assert line == (
        "Boggle daily 2026-12-06 · English · 37/75 points · 6 words · 3rd of 7 · better than 66% · 4 days in a row"
        " · 3→8+ ▃▃█_··"
    )
    assert not set(line.lower().split()) & set(words)
    alone = daily_share_line(DailyShare("2026-12-06", "Deutsch", 5, 75, ("tea",), ("tea",), 3, (1, 1, 0), True, 1))
    assert "1st of 1 · the first to play it" in alone and "day in a row" not in alone  # a streak of one is no streak
    flagged = daily_share_line(DailyShare("2026-12-06", "English", 75, 75, words, words, 4, (1, 3, 100), False))
    assert "not verified" in flagged and "better than" not in flagged and "4→8+ " in flagged
