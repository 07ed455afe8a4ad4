"""`boggle play --plain`: a solo round line by line, through a real pipe and in-process on a clock the test moves.

Seed 42 on the new dice:  T I N R / E O N R / H W L D / A S E S  (160 words, 231 points with enable1)
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import TODAY, FakeTime, FakeWall, round_request

from boggle_tui.cli.main import main
from boggle_tui.cli.plain import (
    GRACE,
    MAX_LINE,
    PlainRound,
    Read,
    Signal,
    StreamLines,
    play_plain,
    play_round,
)
from boggle_tui.engine.common import common_words
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.solver import solve
from boggle_tui.game.codes import parse_code
from boggle_tui.game.deal import deal
from boggle_tui.game.hints import count_by_length, hintable
from boggle_tui.game.request import Given, Roll, RoundRequest
from boggle_tui.game.round import Verdict
from boggle_tui.game.rules import Rules
from boggle_tui.game.session import SoloSession
from boggle_tui.storage import study
from boggle_tui.storage.history import History

BOARD_42 = ["row 1: T I N R", "row 2: E O N R", "row 3: H W L D", "row 4: A S E S"]
BOGGLE = [sys.executable, "-m", "boggle_tui"]
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]|[\u2500-\u259f]")  # escapes (colour, redraws) and box drawing


class ScriptedLines:
    """Input as a script: a str is a line typed, a float is seconds passing on the fake clock before the next.

    A wait with a timeout shorter than the script's pause moves the clock by the timeout and says so, as
    select would; the end of the script is the end of input.
    """

    def __init__(self, clock: FakeTime, *script: str | float) -> None:
        self.clock = clock
        self.script = list(script)

    def read(self, timeout: float | None) -> Read:
        while self.script and isinstance(self.script[0], float):
            pause = self.script[0]
            if timeout is not None and pause > timeout:
                self.script[0] = pause - timeout
                self.clock.now += timeout
                return Signal.WAITED
            self.clock.now += pause
            self.script.pop(0)
            timeout = None if timeout is None else timeout - pause
        return self.script.pop(0) if self.script else Signal.ENDED


def round_on(dictionary: Dictionary, clock: FakeTime, board=None, **rules) -> PlainRound:
    request = round_request(board or Roll(seed=42), **rules)
    return PlainRound(SoloSession(request, dictionary.trie, now=clock), lambda word: word in {"tin", "towel"})


def played(front: PlainRound, clock: FakeTime, *script: str | float) -> list[str]:
    said: list[str] = []
    play_round(front, ScriptedLines(clock, *script), said.append, clock)
    return said


def after_opening(said: list[str]) -> list[str]:
    return said[said.index("Type a word and press Enter; help lists the commands. The clock is running: 1:00.") + 1 :]


# Through a pipe, as a screen reader's terminal, an ssh session or a script gives it


def boggle(*args: str, data: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "BOGGLE_DATA_DIR": str(data)}
    return subprocess.Popen(
        [*BOGGLE, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def read_until(process: subprocess.Popen[str], wanted: str, seconds: float = 60) -> list[str]:
    """The lines of stdout up to and including `wanted`; fails after `seconds` rather than hanging."""
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.rstrip("\n") == wanted:
            return lines
    process.kill()
    raise AssertionError(f"{wanted!r} never came; stdout so far: {lines}")


def test_a_scripted_round_through_a_pipe_to_its_results(enable1, tmp_path, capsys) -> None:
    script = "tin\nLends\nxyzzy\ntime\nhelp\ntin\nno\n=time\nowl\n"
    result = subprocess.run(
        [*BOGGLE, "play", "--plain", "--seed", "42", "--time", "60"],
        input=script, capture_output=True, text=True, timeout=120, env={**os.environ, "BOGGLE_DATA_DIR": str(tmp_path)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    # stdout is the game alone: what saving the round did is a notice, on stderr. The pipe ended the round in its
    # first seconds: its misses were never looked for, and make no study card (23 did, #37)
    assert result.stderr == "Saved in your history.\n"
    out = result.stdout.splitlines()
    assert out[:2] == [
        "Boggle (1987+) · seed 42 · board N-TINREONRHWLDASES",
        "1 min round · words of 3 letters or more · word list enable1",
    ]
    assert out[2:6] == BOARD_42
    said = after_opening(out)
    assert said[:3] == ["TIN: accepted, 1 point", "LENDS: not on the board", "XYZZY: not on the board"]
    assert re.fullmatch(r"[01]:\d\d left · score 1 · 1 word", said[3])
    assert said[4] == "Type a word and press Enter: each entry gets a verdict. Commands:"
    commands = said[5:9]
    assert [line.split()[0] for line in commands] == ["time", "board", "help", "quit"]  # no practice hints
    assert said[9] == "A word that is also a command: type = before it, as =time."
    assert said[10:15] == [
        "TIN: already found",
        "NO: too short",
        "TIME: not on the board",
        "OWL: accepted, 1 point",
        "You ended the round.",  # the end of input ends it
    ]
    results = said[15:]
    assert results[0] == "Score 2 of 231 (1%) · 2 of 160 words"
    required = sum(map(common_words("en").is_common, solve(parse_code("N-TINREONRHWLDASES").board, enable1.trie).words))
    # TIN and OWL: common (game/tiers.py), 2 of the 100 required points: 2%, a good start
    assert results.pop(1) == f"Required 2 of {required} · bonus 0 · Good start"
    assert results[1] == (
        "By length: 3 letters 2 of 52, 4 letters 0 of 57, 5 letters 0 of 35, 6 letters 0 of 14, 7 letters 0 of 2"
    )
    assert results[2:4] == ["Found 2 words:", "  1 point: OWL*, TIN*"]
    assert results[4] == "Missed 158 words:"
    assert results[5] == "  5 points: HONDLES, SHAWLED"
    assert results[6].startswith("  3 points: AHOLDS, HAWSES, HONDLE, HOWLED,")
    missed = [w.rstrip("*") for line in results[5:9] for w in line.split(": ")[1].split(", ")]
    assert len(missed) == 158 and "TIN" not in missed and "OWL" not in missed
    assert results[9] == "* marks a required word: the common ones, worth learning."
    assert results[10] == "boggle solve --code N-TINREONRHWLDASES says: 160 words, 231 points (min. length 3)"
    assert results[11] == "Against the bots: below Beginner (8)"  # a timed round, placed against the bot levels
    assert results[12].startswith("To challenge a friend: boggle play --challenge 'Boggle N-TINREONRHWLDASES · enable1")
    assert len(results) == 13
    assert not any(CONTROL.search(line) for line in out)  # no colour, no redraw, no box drawing

    # What `boggle solve` would say, it does say
    assert main(["solve", "--code", "N-TINREONRHWLDASES"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "160 words, 231 points (min. length 3)"

    # The round is in the history as the app saves one; ended at once, its misses made no study card
    history = History.open(tmp_path)
    (saved,) = history.rounds()
    assert (saved.score, saved.code, saved.seconds, saved.ended) == (2, "N-TINREONRHWLDASES", 60, "ended")
    assert set(saved.found) == {"tin", "owl"} and len(saved.missed) == 158
    assert not study.cards(history, "enable1")


def test_the_clock_speaks_with_no_input_and_ends_the_round(enable1, tmp_path) -> None:
    """On the real clock, end to end. The grace after 0:00 (a word typed as time ran out is too late) is tested on a
    clock the test moves, below: 1.5 s of real time is too short a window for a loaded machine."""
    process = boggle("play", "--plain", "--seed", "42", "--time", "1", data=tmp_path)
    assert process.stdin is not None
    process.stdin.write("tin\n")
    process.stdin.flush()
    said = read_until(process, "Time is up.")  # nothing more was typed: the clock said it on its own
    assert said[-2:] == ["TIN: accepted, 1 point", "Time is up."]
    process.stdin.close()
    rest = process.stdout.read().splitlines()  # type: ignore[union-attr]
    assert process.wait(timeout=60) == 0
    assert rest[0] == "Score 1 of 231 (0%) · 1 of 160 words" and "  1 point: TIN*" in rest
    assert History.open(tmp_path).rounds()[0].ended == "time_up"


def test_plain_play_needs_no_terminal_and_never_loads_textual_or_rich(enable1, tmp_path) -> None:
    check = (
        "import sys; from boggle_tui.cli.main import main; code = main(['play', '--plain', '--seed', '42']);"
        " print(code, sorted(m for m in ('textual', 'rich') if m in sys.modules), file=sys.stderr)"
    )
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", check], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=120
    )
    *notices, check_line = result.stderr.strip().splitlines()
    assert check_line == "0 []" and notices[0].startswith("Saved in your history.")  # the save notice: on stderr
    assert "You ended the round." in result.stdout.splitlines()
    game = subprocess.run([*BOGGLE, "play", "--seed", "42"], stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert game.returncode == 2 and "needs a terminal" in game.stderr  # without --plain, a pipe is refused


# Every other `play` flag works with --plain


@pytest.mark.parametrize(
    ("flags", "first_lines"),
    [
        (["--seed", "3"], ["Boggle (1987+) · seed 3 · board N-"]),
        (["--board", "plsteaiertnrsges"], ["Your board · board X-PLSTEAIERTNRSGES", "3 min round"]),
        (["--code", "C-PLSTEAIERTNRSGES"], ["Classic Boggle (1976) · board C-PLSTEAIERTNRSGES"]),
        (
            ["--dice", "big", "--seed", "1"],
            ["Big Boggle (1979) · seed 1 · board B-", "3 min round · words of 4 letters or more"],
        ),
        (["--seed", "1", "--time", "30", "--min-length", "4"], ["", "0:30 round · words of 4 letters or more"]),
        (["--seed", "1", "--time", "0"], ["", "no clock · words of 3"]),
        (
            ["--seed", "1", "--dictionary", "popular"],
            ["", "3 min round · words of 3 letters or more · word list popular"],
        ),
        (["--daily"], ["Boggle (1987+) · practice daily "]),
        (["--practice", "--seed", "1"], ["Boggle (1987+) · seed 1 · practice", "practice, no clock"]),
        (["--best", "--seed", "2"], ["Boggle (1987+) · seed ", "3 min round"]),  # the richest roll's seed
        (
            ["--challenge", "Boggle N-PLSTEAIERTNRSGES · popular · 2 min · 3+ letters · 42 of 300 points · 17 words"],
            ["Boggle (1987+) · board N-PLSTEAIERTNRSGES", "2 min round", "Challenge: the score to beat is 42."],
        ),
    ],
)
def test_every_play_flag_works_with_plain(capsys, monkeypatch, tmp_path, enable1, flags, first_lines) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    assert main(["play", "--plain", *flags]) == 0  # pytest's stdin has no descriptor: the input has ended
    out = capsys.readouterr().out.splitlines()
    for line, start in zip(out, first_lines, strict=False):
        assert line.startswith(start), (line, start)
    assert any(line.startswith("You ended the round.") for line in out)


def test_plain_takes_the_remembered_choices_when_no_flag_names_the_round(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"dice": "big", "seconds": 120, "theme": "nope"}))
    assert main(["play", "--plain"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Big Boggle (1979) · seed ")
    assert out.splitlines()[1].startswith("2 min round · words of 4 letters or more")
    # the theme is the app's business: nothing here uses it, nor names it; what saving did is a notice
    notices = err.splitlines()
    assert notices[-1].startswith("Saved in your history.") and not any("nope" in line for line in notices)


def test_contradicting_flags_are_still_refused_with_plain(capsys) -> None:
    assert main(["play", "--plain", "--daily", "--seed", "3"]) == 2
    assert capsys.readouterr().err == "boggle: error: --daily is rolled from the date: it takes no --seed\n"


# The clock's edges, on a clock the test moves


def test_a_word_just_before_0_00_counts_and_one_at_0_00_is_too_late(enable1) -> None:
    clock = FakeTime()
    said = played(round_on(enable1, clock, seconds=60), clock, 59.999, "tin", 0.001, "owl", 1.0, "towel")
    # No "1:00 left.": a 60-second round never crosses the minute mark
    assert after_opening(said) == [
        "0:10 left.",
        "TIN: accepted, 1 point",
        "Time is up.",
        "OWL: too late",
        "TOWEL: too late",
    ]


def test_the_clock_speaks_at_a_minute_and_ten_seconds_left_and_at_0_00_with_no_input(enable1) -> None:
    clock = FakeTime()
    start = clock.now
    front = round_on(enable1, clock, seconds=120)
    said = after_opening_any(played(front, clock, 30.0, "tin", 1000.0))
    assert said == ["TIN: accepted, 1 point", "1:00 left.", "0:10 left.", "Time is up."]
    assert clock.now == pytest.approx(start + 120 + GRACE)  # then the grace for a word typed as time ran out
    assert front.session.entries[-1].verdict is Verdict.ACCEPTED


def test_lines_in_the_grace_are_too_late_and_later_ones_are_not_taken(enable1) -> None:
    clock = FakeTime()
    front = round_on(enable1, clock, seconds=60)
    said = played(front, clock, 60.0, 0.5, "owl", "=time", "help", 0.9, "towel", 0.2, "lends")
    assert after_opening(said) == ["0:10 left.", "Time is up.", "OWL: too late", "TIME: too late", "TOWEL: too late"]
    assert [e.word for e in front.session.entries] == ["owl", "time", "towel"]  # help is no word; LENDS came after
    assert "Too late: OWL, TIME, TOWEL" in front.results()


def test_quit_ends_the_round_at_once_and_what_follows_is_not_read(enable1) -> None:
    clock = FakeTime()
    front = round_on(enable1, clock, seconds=60)
    lines = ScriptedLines(clock, "tin", " QUIT ", "owl")
    said: list[str] = []
    play_round(front, lines, said.append, clock)
    assert after_opening(said) == ["TIN: accepted, 1 point", "You ended the round."]
    assert lines.script == ["owl"]


def test_a_jump_past_both_warnings_is_said_once(enable1) -> None:
    clock = FakeTime()
    front = round_on(enable1, clock, seconds=180)
    front.session.start()
    clock.now += 175
    assert front.clock_warnings() == ["0:05 left."]
    assert front.clock_warnings() == []
    assert front.wait() == pytest.approx(5)


def test_an_untimed_round_waits_as_long_as_it_takes_and_practice_has_its_hints(enable1) -> None:
    clock = FakeTime()
    front = round_on(enable1, clock, practice=True)
    said = played(front, clock, 75.0, "time", "lengths", "starts", "letters", "reveal", "help")
    assert front.wait() is None
    body = said[said.index("Type a word and press Enter; help lists the commands. No clock.") + 1 :]
    assert body[0] == "1:15 played · score 0 · 0 words"
    # The words left (52, 57, 35, 14 and 2 by length), less those no hint speaks of: never common or offensive
    assert body[1] == ("Words left: 49 of 3 letters, 55 of 4 letters, 34 of 5 letters, 14 of 6 letters, 2 of 7 letters")
    board_words = list(front.session.solution.words)
    assert list(count_by_length(board_words).values()) == [52, 57, 35, 14, 2]
    assert list(count_by_length(hintable(board_words, "en")).values()) == [49, 55, 34, 14, 2]  # HOWE, DEL, NOH…
    assert body[2] == "Words left starting on each die:"
    assert re.fullmatch(r"row 1: \d+ \d+ \d+ \d+", body[3]) and len(body[3:7]) == 4
    assert body[7].startswith("Words left by first letters: AH ")
    assert re.fullmatch(r"Revealed: [A-Z]{3} \(it scores nothing\)", body[8])
    assert [line.split()[0] for line in body[10:18]] == [
        "time", "board", "help", "quit", "lengths", "starts", "letters", "reveal",
    ]  # fmt: skip
    assert body[-1] == "You ended the round."


def after_opening_any(said: list[str]) -> list[str]:
    return said[next(i for i, line in enumerate(said) if line.startswith("Type a word")) + 1 :]


def test_a_board_with_no_words_ends_at_once_and_is_not_saved(enable1, tmp_path) -> None:
    clock, said, noted = FakeTime(), [], []
    history = History.open(tmp_path)
    request = RoundRequest(Given(deal("qqqqqqqqqqqqqqqq", None).board), Rules(seconds=60))
    code = play_plain(
        request, lines=ScriptedLines(clock, "tin"), write=said.append, note=noted.append, now=clock, wall=FakeWall(),
        history=history,
    )  # fmt: skip
    assert code == 0
    assert "This board has no words." in said
    assert noted == ["A board with no words is not a game: nothing is saved."]  # a notice, not the game's output
    assert History.open(tmp_path).rounds() == []


def test_a_challenge_says_whether_it_was_beaten_and_the_round_is_saved_on_the_wall_clock(enable1, tmp_path) -> None:
    clock, said = FakeTime(), []
    request = RoundRequest(Roll(seed=42), Rules(seconds=60), to_beat=1)
    history = History.open(tmp_path)
    play_plain(
        request, lines=ScriptedLines(clock, "tin", "towel"), write=said.append, now=clock, wall=FakeWall(),
        history=history,
    )  # fmt: skip
    assert "Challenge: the score to beat is 1." in said
    assert "You ended the round. Challenge beaten: 3 to 1." in said
    (saved,) = History.open(tmp_path).rounds()
    assert saved.played_at == TODAY.isoformat(timespec="seconds") and saved.score == 3


# Reading lines from a descriptor


def test_lines_from_a_pipe_come_whole_whatever_the_chunks(tmp_path) -> None:
    read_end, write_end = os.pipe()
    lines = StreamLines(read_end)
    assert lines.read(0) is Signal.WAITED  # nothing yet: the wait runs out
    os.write(write_end, b"ti")
    assert lines.read(0) is Signal.WAITED  # half a line is no line
    os.write(write_end, b"n\r\nowl\n" + b"x" * (MAX_LINE * 3) + b"\nl\xffends\nhens")
    os.close(write_end)
    got = [lines.read(5) for _ in range(6)]
    assert got == ["tin", "owl", Signal.TOO_LONG, "l\ufffdends", "hens", Signal.ENDED]
    os.close(read_end)


def test_keys_that_are_not_text_are_left_out_of_a_line() -> None:
    """At a terminal with no line editing, End, an arrow or Ctrl+A come as escape sequences and control characters:
    a room's server refused them ("word.word has a character that is not printable"), solo judged them."""
    read_end, write_end = os.pipe()
    lines = StreamLines(read_end)
    os.write(write_end, b"\x1b[4~\nt\x1b[Dea\x01\n\x1bOPowl\x1b\n\x1b[1;5Chens\tden\r\n\xc2\x9bfin\n")
    os.close(write_end)
    assert [lines.read(5) for _ in range(6)] == ["", "tea", "owl", "hens\tden", "fin", Signal.ENDED]
    os.close(read_end)


def test_no_standard_input_is_the_end_of_input() -> None:
    assert StreamLines(None).read(None) is Signal.ENDED


def test_a_word_half_typed_at_a_terminal_when_the_game_ends_is_dropped_not_left_for_the_shell() -> None:
    controller, terminal = os.openpty()  # a terminal in its usual line mode
    lines = StreamLines(terminal)
    os.write(controller, b"len")  # typed as the results were printed, Enter not yet pressed
    lines.drop_typed_ahead()
    os.write(controller, b"owl\n")
    assert lines.read(5) == "owl"
    os.close(controller)
    os.close(terminal)


def test_a_round_on_a_word_list_of_ones_own_says_how_to_solve_it_and_offers_no_challenge(tmp_path, word_file) -> None:
    words = word_file("tin\nton\nnote\n")
    clock, said = FakeTime(), []
    request = RoundRequest(Roll(seed=42), Rules(dictionary=str(words), seconds=60))
    lines = ScriptedLines(clock, "tin")
    play_plain(request, lines=lines, write=said.append, now=clock, wall=FakeWall(), history=History.open(tmp_path))
    solve = f"boggle solve --code N-TINREONRHWLDASES --dictionary {words}"
    assert f"{solve} says: 3 words, 3 points (min. length 3)" in said
    assert not any(line.startswith("To challenge a friend") for line in said)  # a challenge names a shipped list


def test_words_by_value_put_a_shared_word_s_zero_last() -> None:
    """A play-tester's Polish table: `2 punkty`, then `0 punktów: ZAJĘĆ`, then `1 punkt`: the found words came by
    length, and a shared word scores 0 whatever its length."""
    from boggle_tui.cli.plain import words_by_value

    points = {"pasza": 2, "sizal": 2, "zajęć": 0, "ćmę": 1, "jęć": 1}
    lines = words_by_value(["pasza", "sizal", "zajęć", "ćmę", "jęć"], points.get)
    assert lines == ["  2 points: PASZA, SIZAL", "  1 point: ĆMĘ, JĘĆ", "  0 points: ZAJĘĆ"]
