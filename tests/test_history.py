from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support import record

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.game.codes import board_code, code_glob
from boggle_tui.game.study import Source
from boggle_tui.storage import study
from boggle_tui.storage.history import DATABASE, MIGRATIONS, SCHEMA_VERSION, History
from boggle_tui.storage.stats import Streak, daily_streaks, missed_line, summarize


def test_a_round_is_stored_whole_and_once(tmp_path: Path) -> None:
    history = History.open(tmp_path)
    assert history.enabled and history.notice is None
    assert history.record(record(1))
    assert history.record(record(1))  # the same uid again: still one round
    (stored,) = history.rounds()
    assert stored == record(1)
    assert stored.rows[0] == ["t", "i", "n", "r"]
    history.close()
    assert History.open(tmp_path).rounds() == [record(1)]  # and it is on disk


def test_rounds_come_newest_first_and_stats_add_up_per_kind(tmp_path: Path) -> None:
    history = History.open(tmp_path)
    boards = ["tinreonrhwldases", "tehaiowsnnlarrds", "sesadlwhrnoernit", "sdrralnnswoiahet"]  # the same words
    for n, score in enumerate([4, 10, 6]):
        found = {"hot": 1, "howled": 3} if n == 1 else {"hot": 1}
        history.record(record(n, score, found=found, board=boards[n]))
    history.record(record(9, 0, mode="practice", found={}, missed=("awe", "howl"), board=boards[3]))
    assert [r.uid for r in history.rounds()] == ["round-9", "round-2", "round-1", "round-0"]
    summary = summarize(history, lambda _code: lambda w: w in {"awe", "howl"}, dt.date(2026, 11, 22))
    timed, practice = summary.standings
    assert summary.games == 4 and (timed.kind, timed.games) == ("Boggle (1987+) · timed", 3)
    assert timed.best_score == 10 and timed.average_score == pytest.approx(20 / 3)
    assert timed.average_share == pytest.approx((4 + 10 + 6) / 20 / 3)
    assert (practice.kind, practice.games, practice.best_score, practice.average_score) == (
        "Boggle (1987+) · practice", 1, None, None,
    )  # fmt: skip
    assert summary.trend == [0.2, 0.5, 0.3, 0.0]
    assert summary.longest_word == "howled"
    assert [(m.word, m.times) for m in summary.most_missed_common] == [("awe", 4), ("howl", 1)]


def test_sizes_replays_and_empty_boards_never_share_a_best(tmp_path: Path) -> None:
    history = History.open(tmp_path)
    history.record(record(0, 5))
    history.record(record(1, 50, replay=True))  # the board was known: no best, no average
    history.record(record(2, 30, dice="big", code="B-" + "E" * 25, board="e" * 25))
    history.record(record(3, 9, dice=None, code="X-ABCD", board="abcd"))
    history.record(record(4, 0, words_total=0, max_score=0, found={}, missed=()))  # no words: not a game
    standings = {s.kind: s for s in summarize(history, lambda _code: lambda w: False, dt.date(2026, 11, 22)).standings}
    assert set(standings) == {"Boggle (1987+) · timed", "Big Boggle (1979) · timed", "2x2 board · timed"}
    new = standings["Boggle (1987+) · timed"]
    assert (new.games, new.replays, new.best_score, new.average_score) == (2, 1, 5, 5.0)
    assert standings["Big Boggle (1979) · timed"].best_score == 30


def a_first_schema_history(folder: Path) -> None:
    """A history as the first release wrote it: the first schema, one round."""
    db = sqlite3.connect(folder / DATABASE)
    db.executescript(MIGRATIONS[0])
    db.execute(
        "INSERT INTO rounds (uid, played_at, mode, board, code, dictionary, min_length, score, max_score,"
        " words_total) VALUES ('old', '2026-01-01T00:00:00+00:00', 'timed', 'abcd', 'X-ABCD', 'enable1', 3, 1, 2, 2)"
    )
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


def test_a_database_of_the_first_schema_is_migrated_and_keeps_its_rounds(tmp_path: Path) -> None:
    a_first_schema_history(tmp_path)
    history = History.open(tmp_path)
    (old,) = history.rounds()
    assert old.uid == "old" and not old.replay
    assert study.add_card(history, "abcd", "enable1", Source.HAND, dt.date(2026, 1, 2))  # the cards came too
    assert [c.word for c in study.cards(history)] == ["abcd"]


def test_daily_streaks_count_days_in_a_row_each_language_on_its_own(tmp_path: Path) -> None:
    history = History.open(tmp_path)
    for n, score in [(16, 9), (18, 3), (19, 7), (20, 8)]:  # English on the 17th to the 21st, the 18th missed
        history.record(record(n, score, daily=f"2026-11-{n + 1:02d}"))
    history.record(record(19, 1, uid="again", played_at="2026-11-20T11:00:00+00:00", daily="2026-11-20"))  # 2nd
    german = dict(code="DE-N-TINREONRHWLDASES", board="tinreonrhwldasex", dice="de")
    history.record(record(21, 4, uid="de", daily="2026-11-22", **german))  # German on the 22nd only
    history.record(record(9, 30, uid="replay", daily="2026-11-22", replay=True))  # a replay is no day played

    streaks = daily_streaks(history, dt.date(2026, 11, 22))
    assert set(streaks) == {"en", "de"}
    # 3 did not beat 9; 7 beat 6, 8 beat 6.3: the 20th's later round (1) is not its result
    assert streaks["en"] == Streak("en", days=3, beating=2, played_today=False)  # the 22nd is still to come
    assert streaks["de"] == Streak("de", days=1, beating=0, played_today=True)  # the English days not counted
    later = daily_streaks(history, dt.date(2026, 11, 23))
    assert (later["en"].days, later["en"].beating, later["de"].days) == (0, 0, 1)  # the 22nd missed in English
    assert daily_streaks(history, dt.date(2026, 11, 24))["de"].days == 0


def test_a_week_in_a_row_earns_a_shield_that_keeps_the_streak_over_a_missed_day(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 1st to the 7th of November played, the 8th missed, the 9th played: 8 days in a row, the shield used."""
    from boggle_tui.cli.history import run_stats
    from boggle_tui.cli.parser import build_parser

    history = History.open(tmp_path)
    for n in [*range(7), 8]:
        history.record(record(n, 5, daily=f"2026-11-{n + 1:02d}"))
    week = daily_streaks(history, dt.date(2026, 11, 8))  # the 8th still to be played
    assert (week["en"].days, week["en"].shields) == (7, 1)
    after = daily_streaks(history, dt.date(2026, 11, 9))
    assert (after["en"].days, after["en"].shields, after["en"].played_today) == (8, 0, True)
    assert daily_streaks(history, dt.date(2026, 11, 11))["en"].days == 0  # the 10th missed, no shield left
    history.close()
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    assert run_stats(build_parser().parse_args(["stats"]), today=lambda: dt.date(2026, 11, 8)) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "English: 7 days in a row · 1 shield (today's board is waiting)" in shown, shown


def test_a_corrupt_database_is_moved_aside_and_a_fresh_one_started(tmp_path: Path) -> None:
    (tmp_path / DATABASE).write_bytes(b"this is not sqlite" * 100)
    history = History.open(tmp_path)
    assert history.enabled and "damaged" in history.notice
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not sqlite")
    assert history.record(record(1)) and len(history.rounds()) == 1


def test_repairs_never_land_on_each_other(tmp_path: Path) -> None:
    for n in range(3):
        (tmp_path / DATABASE).unlink(missing_ok=True)
        (tmp_path / DATABASE).write_bytes(b"damaged %d " % n * 100)
        History.open(tmp_path).close()
    aside = sorted(p.read_bytes()[:9] for p in tmp_path.iterdir() if ".corrupt-" in p.name and "-wal" not in p.name)
    assert aside == [b"damaged 0", b"damaged 1", b"damaged 2"]


def make_history(folder: Path, *statements: str) -> None:
    history = History.open(folder)
    history.record(record(1))
    history.close()
    db = sqlite3.connect(folder / DATABASE)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


def test_a_missing_table_is_damage_and_an_extra_column_is_harmless(tmp_path: Path) -> None:
    make_history(tmp_path / "extra", "ALTER TABLE rounds ADD COLUMN colour TEXT")
    for history in (History.open_to_read(tmp_path / "extra"), History.open(tmp_path / "extra")):
        assert len(history.rounds()) == 1 and history.notice is None
    make_history(tmp_path / "missing", "DROP TABLE words")
    reader = History.open_to_read(tmp_path / "missing")
    assert not reader.enabled and "cannot be read" in reader.notice and "words" in reader.notice
    player = History.open(tmp_path / "missing")
    assert player.enabled and "damaged" in player.notice and player.rounds() == []


def test_reading_the_history_creates_and_locks_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "never-made"
    history = History.open_to_read(folder)
    assert not history.enabled and history.notice is None and not folder.exists()
    make_history(tmp_path)
    before = {p.name for p in tmp_path.iterdir()}
    reader = History.open_to_read(tmp_path)
    writer = History.open(tmp_path)  # a game may write while `boggle history` reads
    assert writer.record(record(2)) and len(reader.rounds()) == 2
    assert {p.name for p in tmp_path.iterdir()} - before <= {f"{DATABASE}-wal", f"{DATABASE}-shm"}


def test_the_commands_say_when_the_history_cannot_be_read(tmp_path: Path, monkeypatch, capsys) -> None:
    from boggle_tui.cli.main import main

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    make_history(tmp_path, "DROP TABLE words")
    assert main(["history"]) == 2
    assert "History cannot be read" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["history", "--limit", str(2**63)])
    assert exit_.value.code == 2 and "not between" in capsys.readouterr().err


def test_a_file_where_the_folder_should_be_turns_history_off(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file")
    history = History.open(blocker)
    assert not history.enabled and "History is off" in history.notice
    assert not history.record(record(1)) and history.rounds() == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_a_read_only_folder_turns_history_off(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        history = History.open(tmp_path / "data")
        assert not history.enabled and "History is off" in history.notice
    finally:
        tmp_path.chmod(0o700)


def test_a_database_from_a_newer_release_is_left_alone(tmp_path: Path) -> None:
    History.open(tmp_path).close()
    with sqlite3.connect(tmp_path / DATABASE) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    history = History.open(tmp_path)
    assert not history.enabled and "newer" in history.notice
    assert (tmp_path / DATABASE).exists()


def test_an_empty_database_file_is_migrated_to_the_current_schema(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / DATABASE).close()  # version 0: what an interrupted first start leaves
    history = History.open(tmp_path)
    assert history.enabled and history.record(record(1))
    with sqlite3.connect(tmp_path / DATABASE) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_two_instances_write_side_by_side(tmp_path: Path) -> None:
    first, second = History.open(tmp_path), History.open(tmp_path)
    for n in range(20):
        (first if n % 2 else second).record(record(n))
    assert len(first.rounds()) == len(second.rounds()) == 20


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from test_history import record
    from boggle_tui.storage.history import History

    history = History.open(Path({folder!r}))
    print("ready", flush=True)
    n = 0
    while True:
        history.record(record(n, found={{f"w{{i}}": 1 for i in range(200)}}))
        n += 1
        if n == 20:
            print("twenty", flush=True)  # the test kills it from here on, mid-write
    """
)


def test_a_kill_mid_write_leaves_whole_rounds_only(tmp_path: Path) -> None:
    script = WRITER.format(tests=str(Path(__file__).parent), folder=str(tmp_path))
    writer = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
    assert writer.stdout.readline().strip() == "twenty"
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    history = History.open(tmp_path)
    assert history.enabled and history.notice is None
    rounds = history.rounds()
    assert rounds, "the writer should have stored some rounds in a second"
    assert all(len(r.found) == 200 and r.missed == ("awe", "hold") for r in rounds)
    with sqlite3.connect(tmp_path / DATABASE) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        orphans = db.execute("SELECT COUNT(*) FROM words WHERE round_id NOT IN (SELECT id FROM rounds)")
        assert orphans.fetchone()[0] == 0


def make_odd_history(folder: Path) -> None:
    """Tables of the right shape with values boggle-tui never writes: text where numbers and dates go."""
    history = History.open(folder)
    for n in range(1, 5):
        history.record(record(n, score=n))
    history.record(record(5, dice=None, code="garbage"))  # readable, but its board is not
    for word in ("howl", "hold", "awe", "hot", "when"):
        study.add_card(history, word, "enable1", Source.HAND, dt.date(2026, 11, 20))
    history.close()
    with sqlite3.connect(folder / DATABASE) as db:
        db.execute("UPDATE rounds SET score = 'lots' WHERE uid = 'round-2'")
        db.execute("UPDATE rounds SET board = X'00ff' WHERE uid = 'round-3'")
        db.execute("UPDATE words SET score = 'high' WHERE word = 'howl' AND round_id = 1")
        db.execute("UPDATE cards SET due = 'not a date' WHERE word = 'howl'")
        db.execute("UPDATE cards SET box = 'top' WHERE word = 'hold'")
        db.execute("UPDATE cards SET source = 'FOUND' WHERE word = 'awe'")
        db.execute("UPDATE cards SET box = 99 WHERE word = 'hot'")
        db.execute("UPDATE words SET word = X'00ff' WHERE word = 'awe' AND round_id = 4")  # missed: never common


def test_rows_with_values_boggle_never_writes_are_left_out_and_counted(tmp_path: Path) -> None:
    make_odd_history(tmp_path)
    history = History.open_to_read(tmp_path)
    summary = summarize(history, lambda _code: lambda w: True, dt.date(2026, 11, 22))
    standings = {s.kind: (s.games, s.best_score) for s in summary.standings}
    assert all(isinstance(missed.word, str) for missed in summary.most_missed_common)
    assert standings == {"Boggle (1987+) · timed": (2, 4), "unknown board · timed": (1, 5)}  # rounds 1, 4 and 5
    rounds = history.rounds()
    assert [r.uid for r in rounds] == ["round-5", "round-4", "round-1"]
    assert rounds[2].found == {"hot": 1}  # its unreadable word is left out, the round stands
    assert [c.word for c in study.cards(history)] == ["when"]
    assert history.left_out() == (
        "2 rounds, 2 words of rounds and 4 study cards in the history cannot be read (values boggle-tui never"
        " writes) and are left out."
    )
    assert History.open_to_read(tmp_path).left_out() is None  # nothing read yet, nothing left out


def test_the_commands_read_what_they_can_of_odd_rows_and_say_what_they_left_out(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    from boggle_tui.cli.main import main

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    make_odd_history(tmp_path)
    for command in (["stats"], ["study", "--list"], ["study", "--list", "--json"], ["history"], ["history", "--json"]):
        assert main(command) == 0, command
        out, err = capsys.readouterr()
        assert "cannot be read" in err and "left out" in err and "Traceback" not in err, command
        assert out.strip(), command
        if command == ["history", "--json"]:
            assert [r["board"] is None for r in json.loads(out)] == [True, False, False]


def test_a_damaged_history_says_what_the_next_game_does_and_repair_does_it_now(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    from boggle_tui.cli.main import main

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    (tmp_path / DATABASE).write_bytes(b"this is not sqlite" * 100)
    for command in (["stats"], ["history"], ["history", "--json"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "cannot be read" in err and f"moves it aside in {tmp_path}" in err and "boggle history --repair" in err
    assert main(["history", "--repair"]) == 0
    out = capsys.readouterr().out
    (aside,) = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert f"moved to {aside.name}" in out and aside.read_bytes().startswith(b"this is not sqlite")
    assert main(["history"]) == 0 and "No rounds played yet" in capsys.readouterr().out
    assert main(["history", "--repair"]) == 0 and "nothing to repair" in capsys.readouterr().out


def test_a_history_that_cannot_be_read_for_another_reason_promises_no_repair(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    from boggle_tui.cli.main import main

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    History.open(tmp_path).close()
    with sqlite3.connect(tmp_path / DATABASE) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    assert main(["history"]) == 2
    assert "newer" in (err := capsys.readouterr().err) and "--repair" not in err
    assert main(["history", "--repair"]) == 2 and "newer" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name] == []  # left alone


def test_the_statistics_speak_of_study_cards_in_sentences(tmp_path: Path, monkeypatch, capsys) -> None:
    from boggle_tui.cli.main import main

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    make_history(tmp_path)
    assert main(["stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "No study cards yet: words you miss become cards." in lines and not any("Study: No" in x for x in lines)
    history = History.open(tmp_path)
    study.add_card(history, "howl", "enable1", Source.HAND, dt.date(2026, 11, 20))
    history.close()
    assert main(["stats"]) == 0
    assert "Study: 1 card · by box 0:1 · 0 learned" in capsys.readouterr().out.splitlines()


def test_common_words_missed_are_judged_by_each_boards_own_language(tmp_path: Path) -> None:
    """A German round's missed words are judged as German ones, even where one is spelt like a common English word;
    the common misses of every language played are listed, the most often missed first."""
    history = History.open(tmp_path)
    history.record(record(1, missed=("awe", "bacon")))
    history.record(record(2, missed=("bacon",), code="DE-N-TINREONRHWLDASES", board="tinreonrhwldasex", dice="de"))
    history.record(record(3, missed=("haus",), code="DE-N-TINREONRHWLDASES", board="tinreonrhwldasey", dice="de"))
    common = {"en": {"awe", "bacon"}, "de": {"haus"}}
    summary = summarize(history, lambda code: common[code].__contains__, dt.date(2026, 11, 22))
    assert summary.most_missed_common == [("awe", 1, "en"), ("bacon", 1, "en"), ("haus", 1, "de")]  # bacon: English
    assert missed_line(summary.most_missed_common) == ["AWE · EN (1)", "BACON · EN (1)", "HAUS · DE (1)"]
    asked: list[str] = []
    summarize(history, lambda code: asked.append(code) or (lambda _w: False), dt.date(2026, 11, 22))
    assert asked == ["en", "de"]  # the languages played, each asked once
    assert dict(history.most_missed())["bacon"] == 2  # both boards, where language does not matter
    assert history.most_missed([code_glob("de")]) == [("bacon", 1), ("haus", 1)]  # the German boards' alone
    assert history.most_missed([code_glob("en"), code_glob("de")]) == [("bacon", 2), ("awe", 1), ("haus", 1)]
    assert history.most_missed([]) == []


@pytest.mark.parametrize(
    ("code", "common"), [("en", "the"), ("es", "que"), ("de", "und"), ("fr", "les"), ("nl", "het"), ("pt", "que"),
                         ("pl", "się")],
)  # fmt: skip
def test_the_table_judges_how_common_a_word_is_by_its_own_language_s_ranks(code: str, common: str) -> None:
    """Each language's words by its own frequency table (the other six saw one middling rank for every word)."""
    from boggle_tui.engine import frequency
    from boggle_tui.game.languages import language_for

    rank = language_for(code).rank
    rare = next(word for word, at in frequency.ranks(code).items() if at == 20_000)
    assert rank(common) < 100 < rank(rare) == 20_000 < rank("zzzzzz") == frequency.unranked(code)
    if code != "en":
        assert rank("the") != frequency.rank("the")  # its own table, not English's


def test_rounds_of_each_language_are_their_own_kind_and_say_their_language(tmp_path: Path) -> None:
    """A German round on its own dice, a Spanish one on a board of no set and an English one: three rows,
    none called a mere "4x4 board", none pooled with another language's."""
    history = History.open(tmp_path)
    german = load_dice_set("de").roll(1)
    spanish = load_dice_set("es").roll(1)
    history.record(record(0, 4))
    history.record(record(1, 7, dice="de", code=board_code(german, "de"), board=german.text()))
    history.record(record(2, 9, dice="de", code=board_code(german, "de"), board=german.text()))
    history.record(record(3, 3, dice=None, code=board_code(spanish), board=spanish.text()))
    standings = {s.kind: s for s in summarize(history, lambda _code: lambda w: False, dt.date(2026, 11, 22)).standings}
    assert set(standings) == {"Boggle (1987+) · timed", "Deutsch 4x4 · timed", "4x4 board · Spanish · timed"}
    assert (standings["Deutsch 4x4 · timed"].games, standings["Deutsch 4x4 · timed"].best_score) == (2, 9)
    assert standings["4x4 board · Spanish · timed"].language == "es"


def history_of_three_rounds_and_six_cards(folder: Path) -> None:
    history = History.open(folder)
    for n in range(3):
        history.record(record(n))
    for word in ("awe", "hold", "howl", "hot", "tin", "rod"):
        study.add_card(history, word, "enable1", Source.HAND, dt.date(2026, 11, 20))
    history.close()


def counts_in(path: Path, copy: Path) -> tuple[int, int]:
    """Rounds and cards in a database file as it is on disk, read from a copy of it alone (no -wal beside it)."""
    copy.write_bytes(path.read_bytes())
    with contextlib.closing(sqlite3.connect(copy)) as db:
        return tuple(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in ("rounds", "cards"))


@pytest.mark.parametrize("other", ["a table of its own", "no table left"])
def test_a_stray_wal_from_another_copy_is_damage_moved_aside_never_migrated_in_place(
    tmp_path: Path, monkeypatch, capsys, other: str
) -> None:
    from boggle_tui.cli.main import main

    folder, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    history_of_three_rounds_and_six_cards(folder)
    # Another database's real WAL, taken while its connection is open (as a crashed game leaves it): its
    # first page is marked user_version 0, which read through it looks like the first schema.
    copy = sqlite3.connect(elsewhere / DATABASE, isolation_level=None)
    copy.execute("PRAGMA journal_mode = WAL")
    copy.execute("PRAGMA wal_autocheckpoint = 0")
    copy.execute("CREATE TABLE notes (text TEXT)")
    if other == "no table left":
        copy.execute("DROP TABLE notes")
    wal = folder / f"{DATABASE}-wal"
    wal.write_bytes((elsewhere / f"{DATABASE}-wal").read_bytes())
    copy.close()
    with sqlite3.connect(f"{(folder / DATABASE).as_uri()}?mode=ro", uri=True) as through:
        assert through.execute("PRAGMA user_version").fetchone()[0] == 0  # the reading
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.name in (DATABASE, wal.name)}
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(folder))
    for command in (["history"], ["stats"], ["study", "--list"]):
        assert main(command) == 2, command
        err = capsys.readouterr().err
        assert "cannot be read" in err and "boggle history --repair" in err, command
        assert {p.name: p.read_bytes() for p in folder.iterdir() if p.name in before} == before  # nothing written
    assert main(["history", "--repair"]) == 0
    out = capsys.readouterr().out
    (aside,) = [p for p in folder.iterdir() if p.name.startswith(f"{DATABASE}.corrupt-") and "-" not in p.name[-5:]]
    assert f"moved to {aside.name}" in out
    assert aside.with_name(aside.name + "-wal").read_bytes() == before[wal.name]  # its -wal went with it
    assert counts_in(aside, tmp_path / "alone.sqlite3") == (3, 6)  # every round and card is in the file moved aside
    assert main(["history"]) == 0 and "No rounds played yet" in capsys.readouterr().out


def test_a_history_of_an_older_schema_is_read_without_being_written(tmp_path: Path, monkeypatch, capsys) -> None:
    from boggle_tui.cli.main import main

    a_first_schema_history(tmp_path)
    before = (tmp_path / DATABASE).read_bytes()
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    assert main(["history", "--json"]) == 0
    assert [r["code"] for r in json.loads(capsys.readouterr().out)] == ["X-ABCD"]
    assert main(["stats"]) == 0 and main(["study", "--list"]) == 0
    assert (tmp_path / DATABASE).read_bytes() == before  # migrated in memory only: the game migrates the file
    history = History.open(tmp_path)
    assert history.notice is None and [r.uid for r in history.rounds()] == ["old"]
    history.close()
    with sqlite3.connect(tmp_path / DATABASE) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_repair_marks_again_a_history_whose_user_version_was_set_back(tmp_path: Path, monkeypatch, capsys) -> None:
    from boggle_tui.cli.main import main

    history_of_three_rounds_and_six_cards(tmp_path)
    with sqlite3.connect(tmp_path / DATABASE) as db:
        db.execute("PRAGMA user_version = 0")
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    assert main(["history"]) == 2
    err = capsys.readouterr().err
    assert f"marked as schema version 0 but holds the tables of version {SCHEMA_VERSION}" in err
    assert "boggle history --repair" in err
    assert main(["history", "--repair"]) == 0
    assert f"marked {SCHEMA_VERSION} again, every round kept" in capsys.readouterr().out
    assert main(["history", "--json"]) == 0 and len(json.loads(capsys.readouterr().out)) == 3
    assert main(["stats"]) == 0 and "Study: 6 cards" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name] == []
    assert main(["history", "--repair"]) == 0 and "nothing to repair" in capsys.readouterr().out
