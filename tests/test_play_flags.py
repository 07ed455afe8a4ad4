"""`boggle play` flags: a flag that names a board gets exactly that board; contradictions are refused."""

from __future__ import annotations

import argparse
import datetime as dt

import pytest

from boggle_tui.cli.main import main
from boggle_tui.cli.parser import build_parser
from boggle_tui.cli.play import round_request
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.request import Daily, Given, Mode, Richest, Roll, RoundRequest, deal_request
from boggle_tui.game.rules import Rules

TODAY = dt.date(2026, 11, 23)
REMEMBERED = Preferences(dice="superbig", seconds=60, dictionary="popular", mode=Mode.RICH)


def request(*flags: str, preferences: Preferences = REMEMBERED) -> RoundRequest | None:
    args: argparse.Namespace = build_parser().parse_args(["play", *flags])
    return round_request(args, preferences, TODAY)


def test_no_flag_opens_the_start_screen() -> None:
    assert request() is None
    assert request("--dictionary", "popular") is None


def test_a_seed_is_exactly_the_board_solve_solves_whatever_is_remembered(enable1) -> None:
    asked = request("--seed", "42")
    assert asked is not None and asked.board == Roll("new", 42) and not asked.practice
    assert deal_request(asked, enable1.trie).board.text() == "tinreonrhwldases"  # boggle solve --seed 42
    assert request("--seed", "42", "--dice", "big").board == Roll("big", 42)


def test_remembered_choices_fill_in_what_no_flag_says() -> None:
    asked = request("--time", "90")
    assert asked == RoundRequest(Richest("superbig"), Rules(dictionary="popular", seconds=90))
    practice = request("--dice", "big", preferences=Preferences(mode=Mode.PRACTICE))
    assert practice.practice and practice.rules.seconds is None and practice.board == Roll("big")
    timed = request("--time", "15", preferences=Preferences(mode=Mode.PRACTICE))  # a length asked: a clock
    assert not timed.practice and timed.rules.seconds == 15
    assert request("--time", "0").rules.seconds is None  # no clock


def test_named_boards_and_the_daily_board() -> None:
    assert request("--code", "B-ABCDEFGHIJKLMNOPQRSTUVWXY").board.dice == "big"
    assert isinstance(request("--board", "abcd").board, Given)
    daily = request("--daily")
    assert daily.board == Daily(TODAY) and daily.rules.seconds == 180
    assert request("--best", "--seed", "3").board == Richest("new", 3)


@pytest.mark.parametrize(
    "flags",
    [
        ["--daily", "--seed", "3"], ["--daily", "--dice", "big"], ["--best", "--board", "abcd"],
        ["--code", "N-ABCDEFGHIJKLMNOP", "--dice", "big"], ["--board", "abcd", "--seed", "3"],
        ["--practice", "--time", "60"], ["--board", "abcd", "--code", "N-ABCDEFGHIJKLMNOP"],
        ["--board", "abcd", "--dice", "big"], ["--dice", "huge"], ["--board", "ab1"],
        ["--dictionary", "/no/such/list"], ["--dictionary", "x" * 5000],
    ],
)  # fmt: skip
def test_contradicting_or_bad_flags_are_refused(flags: list[str]) -> None:
    with pytest.raises(BoggleError):
        request(*flags)


@pytest.mark.parametrize(
    "flags", [["--seed", str(2**63)], ["--time", "1" + "0" * 20], ["--min-length", str(10**20)], ["--seed", "-1"]]
)
def test_values_beyond_what_a_round_can_hold_are_refused_at_the_door(flags, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", *flags])
    assert stop.value.code == 2 and "Traceback" not in capsys.readouterr().err


def test_the_game_needs_a_terminal(capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    assert main(["play", "--time", "3"]) == 2
    assert "needs a terminal" in capsys.readouterr().err
    assert main(["play", "--scoring", "all"]) == 2  # what is wrong with the flags is said first, in a pipe too
    assert "give --bots N too" in capsys.readouterr().err


def test_after_a_round_in_another_language_the_start_screen_offers_that_language() -> None:
    from boggle_tui.cli.parser import build_parser
    from boggle_tui.cli.play import offered

    german = offered(build_parser().parse_args(["play", "--lang", "de"]), REMEMBERED)
    assert (german.language, german.dice, german.dictionary) == ("de", "de", "de")
    kept = offered(build_parser().parse_args(["play", "--seed", "4"]), REMEMBERED)
    assert kept == REMEMBERED


def test_every_command_that_opens_the_game_offers_the_language_it_speaks(monkeypatch, tmp_path) -> None:
    """`boggle join ... --lang es` with English remembered: the start screen, when reached, offers Spanish."""
    from boggle_tui.cli.play import app_preferences
    from boggle_tui.i18n import use_language

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text('{"language": "en", "dice": "big"}')
    assert app_preferences()[0].language == "en"
    use_language("es")
    spanish = app_preferences()[0]
    assert (spanish.language, spanish.dice, spanish.dictionary) == ("es", "es", "es")
