from __future__ import annotations

import argparse
import gettext
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boggle_tui.cli.main import main
from boggle_tui.cli.solve import MAX_LINE
from boggle_tui.engine.common import common_words
from boggle_tui.i18n import DOMAIN, LOCALE_DIR


def run(capsys: pytest.CaptureFixture[str], *args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode() if isinstance(stdin, str) else stdin))
    try:
        code = main(list(args))
    except SystemExit as exit_:  # argparse's own errors
        code = int(exit_.code or 0)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err


def _batch_input() -> bytes:
    """Lines of every kind `boggle solve -` meets: the ones the compiled core answers and all it leaves to Python."""
    from boggle_tui.engine.dice import load_dice_set

    rolled = [load_dice_set(dice).roll(seed).text() for dice in ("new", "big", "superbig") for seed in range(4)]
    lines = [
        *rolled,
        "plsteaiertnrsges",
        "PLSTeaiertnrsges",  # capitals are folded
        "plsteaiertnrsges\r",  # a CRLF line
        "####",
        "ab#d",
        "e",
        "",
        "   ",
        " plsteaiertnrsges",
        "abcd/efgh",
        "q i / t e",
        "quitqsea#",
        "ab1",
        "abc",
        "a" * 1024,
        "a" * 1025,
        "a" * (MAX_LINE + 10),
    ]
    return "\n".join(lines).encode() + b"\n\xff\xfe\nplsteaiertnrsges"  # non-UTF-8, then a last line without its end


@pytest.mark.parametrize(
    "flags", [["--json"], [], ["--json", "--min-length", "4"], ["--dice", "new"], ["--json", "--dice", "big"]]
)
def test_the_core_answers_a_batch_byte_for_byte_as_python_does(capsys, monkeypatch, enable1, flags) -> None:
    from boggle_tui import i18n
    from boggle_tui.cli import main as main_module
    from boggle_tui.cli import solve as solve_module

    batch = _batch_input()
    answers = {}
    for ui in ("en", "pl", "fr"):  # English's plural rule, Polish's three forms and grouping, French's 0 and 1
        monkeypatch.setattr(main_module, "use_language", lambda _code, ui=ui: i18n.use_language(ui))
        for pure, chunk in [("1", 1 << 16), ("", 1 << 16), ("", 7)]:
            monkeypatch.setenv("BOGGLE_PURE_PYTHON", pure)
            monkeypatch.setattr(solve_module, "CHUNK", chunk)  # lines cut across reads, too long ones too
            answers[ui, pure, chunk] = run(capsys, "solve", "-", *flags, stdin=batch)
        assert answers[ui, "", 1 << 16] == answers[ui, "1", 1 << 16] == answers[ui, "", 7]
        code, out, _ = answers[ui, "1", 1 << 16]
        assert code == 2 and len(out.splitlines()) == batch.count(b"\n") + 1


def test_solve_json_is_one_object_with_every_field(capsys, enable1) -> None:
    code, out, _ = run(capsys, "solve", "plsteaiertnrsges", "--json")
    assert code == 0
    result = json.loads(out)
    assert set(result) == {
        "board",
        "code",
        "dice",
        "seed",
        "dictionary",
        "min_length",
        "words",
        "total_words",
        "total_score",
        "required_words",
        "required_score",
    }
    assert result["code"] == "X-PLSTEAIERTNRSGES"
    assert result["board"][0] == ["p", "l", "s", "t"]
    assert (result["dice"], result["seed"], result["dictionary"]) == (None, None, "enable1")
    assert (result["total_words"], result["total_score"], result["min_length"]) == (1044, 3623, 3)
    words = [entry["word"] for entry in result["words"]]
    assert words == sorted(words) and len(words) == 1044
    first = result["words"][0]
    assert set(first) == {"word", "score", "tier", "path"} and all(len(step) == 2 for step in first["path"])
    required = [entry for entry in result["words"] if entry["tier"] == "required"]
    assert {entry["tier"] for entry in result["words"]} == {"required", "bonus"}
    assert result["required_words"] == len(required) and result["required_score"] == sum(e["score"] for e in required)
    common = common_words("en")
    assert all(common.is_common(entry["word"]) == (entry["tier"] == "required") for entry in result["words"])


@pytest.mark.parametrize(("code", "word"), [("de", "glück"), ("es", "niña")])
def test_solve_json_gives_the_tiers_of_each_language(capsys, code: str, word: str) -> None:
    from boggle_tui.engine.dice import load_dice_set
    from boggle_tui.game.languages import language_for

    seed = {"de": 6, "es": 2}[code]  # rolls where the seam matrix finds the word (tests/test_seams.py)
    board = load_dice_set(language_for(code).dice).roll(seed)
    status, out, _ = run(capsys, "solve", "--lang", code, "--seed", str(seed), "--json")
    words = {entry["word"]: entry["tier"] for entry in json.loads(out)["words"]}
    assert status == 0 and json.loads(out)["board"] == [list(row) for row in board.rows]
    assert words[word] == "required" and "bonus" in words.values()


def test_solve_rolls_from_seed_and_dice_like_the_game(capsys, enable1) -> None:
    from boggle_tui.engine.dice import load_dice_set

    code, out, _ = run(capsys, "solve", "--dice", "big", "--seed", "9", "--json")
    result = json.loads(out)
    assert code == 0 and result["dice"] == "big" and result["seed"] == 9 and result["min_length"] == 4
    assert result["board"] == [list(row) for row in load_dice_set("big").roll(9).rows]


def test_solve_for_people_draws_the_board_and_groups_by_length(capsys, enable1) -> None:
    code, out, _ = run(capsys, "solve", "plsteaiertnrsges")
    assert code == 0
    assert "│ P " in out and "3 letters · 1 point each" in out and "1,044 words, 3,623 points" in out


def test_min_length_and_qu_faces_as_tokens(capsys, enable1) -> None:
    code, out, _ = run(capsys, "solve", "q i / t e", "--min-length", "4", "--json")
    words = {entry["word"]: entry for entry in json.loads(out)["words"]}
    assert code == 0 and "quit" in words and "quite" in words
    assert words["quite"]["score"] == 2 and len(words["quite"]["path"]) == 4


def test_solve_dash_reads_one_board_per_line(capsys, enable1) -> None:
    code, out, _ = run(capsys, "solve", "-", "--json", stdin="plsteaiertnrsges\n\nabcd/efgh\n")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3 and lines[1] == ""  # a blank line in, a blank line out
    assert json.loads(lines[0])["total_score"] == 3623
    assert json.loads(lines[2])["board"] == [list("abcd"), list("efgh")]
    code, out, _ = run(capsys, "solve", "-", stdin="plsteaiertnrsges\n")
    assert code == 0 and out.startswith("plsteaiertnrsges  1,044 words, 3,623 points")


def test_a_messy_word_list_is_used_and_what_was_skipped_is_said(capsys, word_file) -> None:
    path = word_file("# my list\nQuit\r\nqat\nit's\nsuit\n")
    code, out, _ = run(capsys, "solve", "q i / t e", "--dictionary", str(path), "--min-length", "4")
    out = " ".join(out.split())  # rich wraps at the terminal width
    assert code == 0 and "2 lines skipped" in out and "1 word dropped" in out
    assert "1 word, 1 point" in out


def test_empty_standard_input_prints_nothing(capsys) -> None:
    assert run(capsys, "solve", "-", stdin="") == (0, "", "")


def test_solve_by_code_is_the_same_board(capsys, enable1) -> None:
    code, out, _ = run(capsys, "solve", "--code", "n-plsteaiertnrsges", "--json")
    result = json.loads(out)
    assert code == 0 and result["total_score"] == 3623 and result["dice"] == "new"
    assert result["code"] == "N-PLSTEAIERTNRSGES"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--code", "N-ABC"], "board code 'N-ABC' is malformed"),
        (["solve", "abcd", "--code", "N-ABCD"], "not both"),
        (["solve", "abc"], "not a square"),
        (["solve", "--dice", "huge"], "unknown dice set 'huge'"),
        (["solve", "abcd", "--dictionary", "/no/such/file"], "not found"),
        (["solve", "--seed", "x"], "'x' is not a whole number"),
        (["solve", "--min-length", "0"], "not between 1 and"),
        (["bench", "--boards", "0"], "not between 1 and"),
        (["bench", "--boards", str(10**9)], "1000000000 is not between 1 and 100,000"),
        (["bench", "--boards", "100001"], "not between 1 and 100,000"),
        (["server", "--host", "a" * 5000], "not a host name or an address"),
        (["server", "--host", "a" * 64 + ".example"], "a part of a host name is at most 63 characters"),
        (["server", "--host", "two words"], "not a host name or an address"),
        (["server", "--host", "999.1.1.1"], "does not end in a number"),
        (["join", "1.2.3:8765"], "does not end in a number"),
        (["join", "a" * 5000 + ":8765"], "not a host name or an address"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(capsys, args: list[str], message: str) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_a_bad_line_on_standard_input_names_its_line(capsys, enable1) -> None:
    code, _, err = run(capsys, "solve", "-", stdin="plsteaiertnrsges\nab1\n")
    assert code == 2 and "line 2" in err


def test_bad_lines_do_not_stop_the_batch_and_output_stays_aligned(capsys, enable1) -> None:
    too_long = "a" * (MAX_LINE + 10)
    lines = [b"plsteaiertnrsges", b"ab1", too_long.encode(), b"\xff\xfe", b"abcd/efgh", b"q" * 5000]
    code, out, err = run(capsys, "solve", "-", "--json", stdin=b"\n".join(lines) + b"\n")
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(results) == len(lines)
    assert results[0]["total_score"] == 3623 and results[4]["board"] == [list("abcd"), list("efgh")]
    for number in (2, 3, 4, 6):
        assert results[number - 1]["line"] == number and f"line {number}:" in err
    assert "longer than" in results[2]["error"] and "UTF-8" in results[3]["error"]
    assert "at most 1,024 dice" in results[5]["error"] and "Traceback" not in err
    # for people too: a marked error line takes the bad line's place, and the error is on stderr
    code, out, err = run(capsys, "solve", "-", stdin=b"ab1\nplsteaiertnrsges\n\xff\n\nabcd/efgh\n")
    said = out.splitlines()
    assert code == 2 and len(said) == 5
    assert said[0].startswith("boggle: error: line 1: ") and said[0] in err
    assert said[1].startswith("plsteaiertnrsges  1,044 words")
    assert said[2] == "boggle: error: line 3: not UTF-8 text" and said[2] in err
    assert said[3] == "" and said[4].startswith("abcd/efgh  ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "abcd", "--dice", "big"], "dice make a 5x5 board, not a 2x2 one"),
        (["solve", "plsteaiertnrsges", "--dice", "superbig"], "make a 6x6 board"),
        (["solve", "--code", "N-PLSTEAIERTNRSGES", "--dice", "new"], "a code names its own dice"),
        (["solve", "--code", "N-PLSTEAIERTNRSGES", "--seed", "3"], "takes no --seed"),
        (["solve", "plsteaiertnrsges", "--seed", "3"], "takes no --seed"),
        (["solve", "x" * 9000], "at most 1,024 dice"),
        (["solve", "--code", "X-" + "A" * 100_000 + "-1X100000"], "at most 1,024 faces"),
    ],
)
def test_flags_that_contradict_or_overflow_are_refused(capsys, args: list[str], message: str) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2 and message in err and len(err) < 300


def test_a_board_given_with_its_own_dice_keeps_their_rules(capsys, enable1) -> None:
    code, out, _ = run(capsys, "solve", "plsteaiertnrsges", "--dice", "classic", "--json")
    result = json.loads(out)
    assert code == 0 and result["code"] == "C-PLSTEAIERTNRSGES" and result["min_length"] == 3


def test_the_module_runs_as_the_command_does(enable1) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "boggle_tui", "solve", "abc#/", "--json"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["board"] == [["a", "b", "c", "#"]]
    bad = subprocess.run(
        [sys.executable, "-m", "boggle_tui", "solve", "a1"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and bad.stderr.startswith("boggle: error:") and "Traceback" not in bad.stderr


def test_solve_json_imports_the_engine_and_not_what_other_commands_use(enable1) -> None:
    """Start-up is paid on every board a script solves: the parser and `solve --json` import neither Rich, nor the
    bots, nor the network's addresses, nor the start screen's settings, nor the research tools."""
    imported = subprocess.run(
        [sys.executable, "-c", "import sys; from boggle_tui.cli.main import main; main(['solve', 'abc#/', '--json']); "
         "print(' '.join(sys.modules), file=sys.stderr)"],
        capture_output=True, text=True, check=True,
    ).stderr.split()  # fmt: skip
    assert "boggle_tui.engine.solver" in imported
    unwanted = ("rich", "textual", "boggle_tui.game.bots", "boggle_tui.game.study", "boggle_tui.net.address",
                "boggle_tui.research", "boggle_tui.app", "asyncio", "boggle_tui.net.ssh_game")  # fmt: skip
    assert [name for name in imported if name.startswith(unwanted) or name == "boggle_tui.storage.settings"] == []


SOLO_ROUND = """
import asyncio, sys
import boggle_tui.cli.play
from boggle_tui.app.app import BoggleApp
from boggle_tui.app.launch import Round
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.game.request import Roll, RoundRequest
async def main():
    app = BoggleApp(launch=Round(RoundRequest(Roll(seed=1))))
    async with app.run_test() as pilot:
        while not isinstance(app.screen, RoundScreen) or not app.screen.query("Die"):
            await pilot.pause(0.01)
        app.apply_keymap({"rotate": "f5"})  # a solo screen's binding: known without the rooms' screens
        app.get_system_commands(app.screen)  # the palette's commands
asyncio.run(main())
print(" ".join(sys.modules), file=sys.stderr)
"""


def test_a_solo_game_imports_no_network(enable1, popular) -> None:
    """A solo round pays neither for the network (websockets, http.client, email; issue 41: +46 ms and +4.3 MiB) nor
    for the screens of rooms and today's board: they are imported when one is played."""
    imported = subprocess.run(
        [sys.executable, "-c", SOLO_ROUND], capture_output=True, text=True, check=True
    ).stderr.split()
    assert "boggle_tui.app.app" in imported and "boggle_tui.app.screens.round" in imported
    unwanted = ("websockets", "http.client", "email", "boggle_tui.net.client", "boggle_tui.net.messages",
                "boggle_tui.net.session", "boggle_tui.net.daily_session", "boggle_tui.app.online",
                "boggle_tui.app.daily", "boggle_tui.app.screens.lobby", "boggle_tui.app.screens.daily_results",
                "boggle_tui.app.screens.online_results", "boggle_tui.app.screens.lost_round")  # fmt: skip
    assert [name for name in imported if name.startswith(unwanted)] == []


def test_history_in_a_pipe_shows_every_code_whole(capsys, tmp_path, monkeypatch) -> None:
    from support import record

    from boggle_tui.storage.history import History

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("COLUMNS", raising=False)  # a pipe with no width given
    code = "S-TWMSGNMPBILALS" + "E" * 20
    History.open(tmp_path).record(record(1, dice="superbig", code=code, board="twmsgnmpbilals" + "e" * 22))
    assert main(["history"]) == 0
    assert code in capsys.readouterr().out


def test_a_crash_in_the_game_is_a_failing_exit_status(monkeypatch, tmp_path) -> None:
    from boggle_tui.app.app import BoggleApp

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO()), raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)

    def crashed(self: BoggleApp) -> None:
        self._return_code = 1  # what Textual leaves after an unhandled exception

    monkeypatch.setattr(BoggleApp, "run", crashed)
    assert main(["play", "--seed", "1"]) == 1


@pytest.mark.parametrize(("pure", "engine"), [("1", "engine: Python"), ("", "engine: ")])
def test_version_says_which_engine_solves(capsys, monkeypatch, pure: str, engine: str) -> None:
    monkeypatch.setenv("BOGGLE_PURE_PYTHON", pure)
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("boggle-tui ") and engine in out


def test_closed_pipes_full_disks_and_plain_ascii_end_in_one_line_at_most(enable1) -> None:
    boards = "plsteaiertnrsges\n" * 2000
    command = [sys.executable, "-m", "boggle_tui", "solve", "-", "--json"]
    reader = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdin.write(boards.encode())
    reader.stdin.close()
    reader.stdout.readline()
    reader.stdout.close()  # `| head -1`
    assert reader.wait(timeout=60) == 1 and reader.stderr.read() == b""
    if Path("/dev/full").exists():
        with open("/dev/full", "w") as full:
            result = subprocess.run(
                [*command[:-2], "plsteaiertnrsges"], stdout=full, stderr=subprocess.PIPE, text=True, check=False
            )
        assert result.returncode == 2 and result.stderr.count("\n") == 1 and "No space" in result.stderr
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run([*command[:-2], "plsteaiertnrsges"], capture_output=True, env=env, check=False)
    assert result.returncode == 0 and b"Traceback" not in result.stderr


def test_every_kind_of_host_people_give_is_taken() -> None:
    from boggle_tui.net.address import check_host, parse_address

    for host in ("127.0.0.1", "0.0.0.0", "::", "[::1]", "localhost", "my.server", "bücher.example", "a" * 63 + ".x"):
        assert check_host(host) == host
    assert parse_address("[::1]:9000/friends") == ("[::1]", 9000, "friends")


@pytest.mark.parametrize("columns", [80, 120])
def test_history_fits_the_terminal_with_every_column_it_shows_whole(capsys, tmp_path, monkeypatch, columns) -> None:
    from support import record

    from boggle_tui.storage.history import History

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", str(columns))
    superbig = "S-TWMSGNMPBILALS" + "E" * 20
    history = History.open(tmp_path)
    history.record(record(1, mode="practice", replay=True))
    history.record(record(2, dice="superbig", code=superbig, board="twmsgnmpbilals" + "e" * 22))
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= columns and "…" not in out
    assert "2026-11-03 10:00" in out and "practice (replay)" in out and "superbig" in out and "5/20" in out
    if columns == 120:
        assert superbig in out and "N-TINREONRHWLDASES" in out
    else:  # a code is shown whole or not at all: the column gives way, and the line under the table says so
        assert "N-TINREONRHWLDASES" not in out and "code" in lines[-1] and "--json" in lines[-1]


def test_solve_in_another_language_and_its_code_reads_back(capsys) -> None:
    """`--lang` brings the language's list and dice; the code carries the language."""
    assert main(["solve", "--lang", "es", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["code"].startswith("ES-N-") and first["dice"] == "es" and first["dictionary"] == "es"
    assert any("ñ" in row for row in first["board"]) and first["total_words"] > 0
    assert main(["solve", "--code", first["code"].lower(), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["board"] == first["board"] and again["words"] == first["words"]


@pytest.mark.parametrize(
    ("flags", "language", "message", "fields"),
    [(["--lang", "es", "--dice", "new"], "es", "the {name} dice are {its}, not {chosen}",
      {"name": "new", "its": "inglés", "chosen": "español"}),
     (["--lang", "xx"], "en", "unknown language 'xx'", {}),
     (["--code", "ES-N-ABCDABCDABCDABCD", "--lang", "de"], "de",
      "a code names its board's language: it takes no --lang", {}),
     (["--dictionary", "de", "--dice", "fr"], "en", "is German, not French", {})],
)  # fmt: skip
def test_solve_refuses_a_mix_of_languages_in_one_line(
    capsys, monkeypatch, tmp_path, flags: list[str], language: str, message: str, fields: dict[str, str]
) -> None:
    """Refused in one line, in the language --lang asks for (English where it names none that exists)."""
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))  # no language remembered by another test
    assert main(["solve", *flags]) == 2
    err = capsys.readouterr().err
    catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    message = catalogue.gettext(message).format(**fields)
    assert message in err and "Traceback" not in err and err.count("\n") == 1


LANGUAGE_COMMANDS = [
    ["stats"], ["history"], ["define", "cat"], ["prove"], ["solve", "abcd"], ["best"], ["bench"], ["study"],
    ["play"], ["host"], ["join", "localhost:8765/room"], ["server"], ["web"],
]  # fmt: skip


@pytest.mark.parametrize("command", LANGUAGE_COMMANDS, ids=lambda command: command[0])
def test_every_command_refuses_an_unknown_or_empty_language_in_one_line(
    capsys, tmp_path, monkeypatch, command: list[str]
) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    for language, shown in (("xx", "'xx'"), ("", "''"), ("\x1b[31m", "'\\x1b[31m'")):
        for args in ([*command, "--lang", language], [*command, f"--lang={language}"]):
            code, out, err = run(capsys, *args)
            assert code == 2, args
            assert f"unknown language {shown} (choose from en (English), es (Spanish), de (German), " in err, args
            assert "\x1b" not in err and "Traceback" not in err and out == "", args
            assert err.startswith("boggle: error:") and err.count("\n") == 1, args
    code, _, err = run(capsys, "--lang", "xx", *command)  # the language before the command
    assert code == 2 and "unknown language 'xx'" in err and err.count("\n") == 1
    code, _, err = run(capsys, *command, "--lang", "x" * 5000)
    assert code == 2 and "unknown language 'xxxxxxxxxxxxxxxxxxxx…'" in err and len(err) < 200


@pytest.mark.parametrize("command", [[], *(command[:1] for command in LANGUAGE_COMMANDS)], ids=str)
def test_help_into_a_full_disk_fails_with_one_line(capsys, monkeypatch, command: list[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        code, _, err = run(capsys, *command, "--help")
    assert code == 2 and err == "boggle: error: No space left on device\n"


def test_help_into_a_full_disk_fails_as_a_command_too() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "boggle_tui", "stats", "--help"], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert result.returncode == 2 and result.stderr == "boggle: error: No space left on device\n"


class DirectoryInput(io.RawIOBase):
    """Standard input read from a directory's descriptor, as `< /` gives a program.

    (As a command, `boggle solve - < /` cannot get this far: CPython itself stops before any of the game's
    code runs, with "Fatal Python error: init_sys_streams: <stdin> is a directory". In process, reading it
    is what the command meets.)"""

    def __init__(self) -> None:
        self.fd = os.open("/", os.O_RDONLY)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = os.read(self.fd, len(buffer))  # EISDIR
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        os.close(self.fd)
        super().close()


def test_standard_input_that_is_a_directory_is_one_clear_line(capsys, monkeypatch) -> None:
    stdin = io.TextIOWrapper(io.BufferedReader(DirectoryInput()))
    monkeypatch.setattr(sys, "stdin", stdin)
    try:
        code = main(["solve", "-"])
    finally:
        stdin.close()
    err = capsys.readouterr().err
    assert code == 2 and err == "boggle: error: standard input cannot be read: Is a directory\n"


def test_web_checks_its_address_before_it_says_anything(capsys) -> None:
    import socket

    code, out, err = run(capsys, "web", "--host", "999.1.1.1")
    assert code == 2 and "'999.1.1.1' is not a host name or an address" in err and "Boggle in a browser" not in err
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        code, out, err = run(capsys, "web", "--port", str(port))
    assert code == 2 and err.count("\n") == 1 and f"cannot listen on '127.0.0.1' port {port}" in err
    assert "Boggle in a browser" not in err and out == ""


def test_every_command_has_a_runner_and_each_imports() -> None:
    """The one command table (cli/parser.py COMMANDS) makes the parser's commands, and each one's runner exists."""
    from boggle_tui.cli.main import _runner
    from boggle_tui.cli.parser import COMMANDS, build_parser

    choices = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert list(choices) == list(COMMANDS)
    assert all(callable(_runner(command)) for command in COMMANDS)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["server", "--state", ""], "an empty value"),
        (["server", "--store", " "], "an empty value"),
        (["prove", "--size", "3", "--out", ""], "an empty value"),
        (["prove", "--size", "3", "--resume", ""], "an empty value"),
        (["prove", "--size", "3", "--cluster", ""], "an empty value"),
        (["ssh-server", "--idle-minutes", "\u0663"], "is not a whole number"),  # an Arabic-Indic three
        (["server", "--max-rooms", "\uff13"], "is not a whole number"),  # a full-width three
        (["prove", "--size", "\u0663"], "is not a size"),
        (["best", "--seconds", "\u0663"], "is not a number of seconds"),
        (["ssh-server", "--rooms", "rooms.example.org:8765/friends"], "a server is HOST:PORT, with no room"),
    ],
)
def test_empty_values_and_digits_of_other_scripts_are_refused(capsys, args: list[str], message: str) -> None:
    code, _, err = run(capsys, *args)
    last = err.strip().splitlines()[-1]  # after argparse's usage: the one line that says what is wrong
    assert code == 2 and message in last and ": error: " in last and "Traceback" not in err, err


def test_history_with_a_data_folder_that_is_no_folder_says_so_and_fails(capsys, tmp_path, monkeypatch) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(fifo))
    code, out, err = run(capsys, "history")
    assert code == 2 and "is not a folder" in out + err and "No rounds played yet" not in out
