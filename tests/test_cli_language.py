"""The command line speaks through the catalogue: its help, argparse's own texts and errors, its lines.

A pseudo-catalogue marks every text it is asked for with « », so a test sees which texts went through it
(and that the fields were filled after translation); in English (no catalogue) argparse's texts are kept
byte for byte.
"""

from __future__ import annotations

import argparse
import gettext

import pytest

from boggle_tui import i18n
from boggle_tui.cli import main as main_module
from boggle_tui.cli.parser import build_parser
from boggle_tui.cli.plain import board_rows, verdict_line
from boggle_tui.cli.translated_parser import TranslatedParser, translated_error
from boggle_tui.engine.board import BLANK, Board
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.round import Entry, Verdict
from boggle_tui.game.rules import Rules


class Marked(gettext.NullTranslations):
    """Every message «marked», its fields left to be filled."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_catalogue", Marked())


def _exit(parser: argparse.ArgumentParser, args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(args)
    out, err = capsys.readouterr()
    return int(exit_.value.code or 0), out + err


def test_help_says_argparse_texts_and_ours_through_the_catalogue(marked, capsys) -> None:
    code, text = _exit(build_parser(), ["solve", "--help"], capsys)
    assert code == 0
    assert text.startswith("«usage: »boggle solve ")
    for shown in ("«positional arguments»:", "«options»:", "«show this help message and exit»", "«print JSON»"):
        assert shown in text
    assert "--dice «SET»" in text  # a placeholder, in the usage and beside its flag
    assert "\noptions:" not in text and "usage: boggle" not in text


def test_argparse_errors_are_said_whole_in_the_language(marked, capsys) -> None:
    parser = build_parser()
    cases = {
        ("solve", "--seed", "x"): "«boggle solve: error: «argument --seed: «'x' is not a whole number»»»",
        ("solve", "--seed"): "«boggle solve: error: «argument --seed: «expected one argument»»»",
        ("define",): "«boggle define: error: «the following arguments are required: «WORD»»»",
        ("solve", "a", "b"): "«boggle: error: «unrecognized arguments: b»»",
        ("play", "--scoring", "x"): "«boggle play: error: «argument --scoring: «invalid choice: 'x' (choose from",
    }
    for args, start in cases.items():
        code, text = _exit(parser, list(args), capsys)
        assert code == 2
        assert text.startswith("«usage: »")
        assert text.rstrip("\n").split("\n")[-1].startswith(start)


def test_a_message_argparse_words_anew_is_shown_as_argparse_wrote_it(marked) -> None:
    assert translated_error("a message of a future Python") == "a message of a future Python"
    assert translated_error("argument --x: something new") == "«argument --x: something new»"


def _pair(parser_class: type[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = parser_class(prog="demo", description="A demo.")
    parser.add_argument("--count", type=int, metavar="N", help="how many")
    parser.add_argument("--kind", choices=("a", "b"))
    parser.add_argument("name")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("run", help="run it").add_argument("--fast", action="store_true")
    return parser


@pytest.mark.parametrize(
    "args", [["--help"], ["x", "run", "--help"], ["--count", "z", "x"], [], ["--kind", "c", "x"], ["x", "y"]]
)
def test_in_english_argparse_texts_are_argparse_own(args: list[str], capsys) -> None:
    i18n.use_language("en")
    ours = _exit(_pair(TranslatedParser), args, capsys)
    theirs = _exit(_pair(argparse.ArgumentParser), args, capsys)
    assert ours == theirs


def test_the_plain_front_end_speaks_through_the_catalogue(marked) -> None:
    board = Board((("a", "b"), ("c", BLANK)))
    assert board_rows(board) == ["«row 1: A B»", "«row 2: C «blank»»"]
    request = RoundRequest(Given(board), Rules(dictionary="enable1", seconds=90))
    assert request.describe(3).startswith("««") and request.describe(3).endswith(
        " round» · words of 3 letters or more · word list enable1»"
    )
    assert verdict_line(Entry("xq", Verdict.NOT_A_WORD)) == "«XQ: «not a word»»"
    assert verdict_line(Entry("lends", Verdict.ACCEPTED, 2)) == "«LENDS: accepted, 2 points»"


def test_a_command_says_its_lines_through_the_catalogue(marked, monkeypatch, capsys, enable1) -> None:
    monkeypatch.setattr(main_module, "use_language", lambda code: code)  # keep the pseudo-catalogue
    assert main_module.main(["solve", "plsteaiertnrsges"]) == 0
    out = capsys.readouterr().out
    assert "«code X-PLSTEAIERTNRSGES»" in out and "«board plsteaiertnrsges»" in out
    assert "«3 letters · «1 point» each · «93 words»»" in out
    assert out.rstrip().endswith("««1,044 words», «3,623 points» (min. length 3)»")


@pytest.mark.parametrize("code", i18n.INTERFACE_LANGUAGES)
def test_a_count_of_200_or_more_takes_the_form_of_100_plus_its_last_two_digits(code) -> None:
    """`boggle solve -`'s compiled batch is given the forms of 0-199 only (cli/solve.py `_forms`)."""
    i18n.use_language(code)
    for singular, plural in [("{count} word", "{count} words"), ("{count} point", "{count} points")]:
        for count in [*range(200, 2000), *range(2000, 200_000, 37)]:
            expected = i18n.plural_form(100 + count % 100, singular, plural)
            assert i18n.plural_form(count, singular, plural) == expected, (code, count)
