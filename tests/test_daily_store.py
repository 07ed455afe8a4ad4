"""The daily store's interface, one suite run against both stores: SQLite, and PostgreSQL where one is reachable
(BOGGLE_TEST_POSTGRES names it; .ci/run starts one). Dates are given, never read from the wall."""

from __future__ import annotations

import datetime as dt
import os
import re
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from boggle_tui.game.daily_table import DailyStore, Row, Summary
from boggle_tui.storage.daily_sql import Histogram
from boggle_tui.storage.daily_store import SqliteStore, open_store

DAY = dt.date(2026, 3, 1)
POSTGRES = os.environ.get("BOGGLE_TEST_POSTGRES", "")


def _postgres() -> DailyStore:
    return open_store(_fresh_postgres())


def _fresh_postgres() -> str:
    """The URL of a schema of the test's own, with no tables yet."""
    if not POSTGRES:
        pytest.skip("no PostgreSQL: set BOGGLE_TEST_POSTGRES to a postgresql:// URL")
    psycopg = pytest.importorskip("psycopg")
    schema = "t" + uuid.uuid4().hex[:12]  # each test its own schema: runs never see each other's rows
    try:
        with psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3) as db:
            db.execute(f"CREATE SCHEMA {schema}")
    except psycopg.OperationalError as error:
        pytest.skip(f"PostgreSQL not reachable: {error}")
    sep = "&" if "?" in POSTGRES else "?"
    return f"{POSTGRES}{sep}options=-csearch_path%3D{schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[DailyStore]:
    made = SqliteStore(tmp_path / "daily.sqlite3") if request.param == "sqlite" else _postgres()
    yield made
    made.close()


def play(store: DailyStore, name: str, score: int, words: list[str], day: dt.date = DAY, language: str = "en") -> None:
    assert store.claim(name, f"secret-of-{name}", day)
    assert store.begin(day, language, name)
    store.finish(day, language, name, score, words)


def test_a_name_is_its_first_secrets(store: DailyStore) -> None:
    assert store.claim("ada", "s1", DAY)
    assert store.claim("ada", "s1", DAY + dt.timedelta(days=3))
    assert not store.claim("ada", "someone else", DAY)


def test_one_attempt_a_day_per_language(store: DailyStore) -> None:
    assert store.begin(DAY, "en", "ada")
    assert not store.begin(DAY, "en", "ada")
    assert store.begin(DAY, "de", "ada")
    assert store.begin(DAY + dt.timedelta(days=1), "en", "ada")


def test_rank_percentile_neighbours_top_and_average(store: DailyStore) -> None:
    for name, score in (("ada", 50), ("bo", 40), ("cy", 40), ("di", 30), ("ed", 20), ("fay", 10)):
        play(store, name, score, [f"w{score}"])
    placed = store.place(DAY, "en", "cy")
    assert placed is not None
    assert placed.you == Row(2, "cy", 40, 1, 60)  # shares 2nd with bo; 3 of the 5 others scored less
    assert [r.name for r in placed.above] == ["ada", "bo"]
    assert [r.name for r in placed.below] == ["di", "ed"]
    assert placed.above[1].rank == 2 and placed.below[0].rank == 4
    assert (placed.summary.players, placed.summary.top) == (6, 50)
    assert placed.summary.average == pytest.approx(190 / 6)
    tied = store.place(DAY, "en", "bo")  # the player tied with, below: same score, later name
    assert tied is not None and [r.name for r in tied.above] == ["ada"] and [r.name for r in tied.below] == ["cy", "di"]
    top = store.place(DAY, "en", "ada")
    assert top is not None and top.above == () and top.you.rank == 1 and top.you.percentile == 100


def test_an_unfinished_attempt_is_not_in_the_table(store: DailyStore) -> None:
    play(store, "ada", 12, ["cat"])
    store.begin(DAY, "en", "bo")
    assert store.place(DAY, "en", "bo") is None
    assert store.summary(DAY, "en").players == 1


def test_a_result_is_finished_once(store: DailyStore) -> None:
    play(store, "ada", 12, ["cat", "cats"])
    store.finish(DAY, "en", "ada", 99, ["cat", "dog"])
    assert store.rows(DAY, "en") == [Row(1, "ada", 12, 2, 0)]
    assert store.finds(DAY, "en", ["cat", "dog"]) == {"cat": 1}


def test_how_many_found_each_word(store: DailyStore) -> None:
    play(store, "ada", 3, ["cat", "hushaby"])
    play(store, "bo", 2, ["cat"])
    play(store, "cy", 1, ["cat"], language="de")
    assert store.finds(DAY, "en", ["cat", "hushaby", "zzz"]) == {"cat": 2, "hushaby": 1}


def test_rows_bounded_and_of_friends(store: DailyStore) -> None:
    for at, name in enumerate(["ada", "bo", "cy", "di"]):
        play(store, name, 10 * at, [])
    assert [r.name for r in store.rows(DAY, "en", limit=2)] == ["di", "cy"]
    store.befriend(["ada", "cy"])
    assert store.friends("ada") == {"cy"} and store.friends("cy") == {"ada"} and store.friends("bo") == set()
    shown = store.rows(DAY, "en", names={"ada", "cy"})
    assert [(r.rank, r.name) for r in shown] == [(2, "cy"), (4, "ada")]  # ranks among everyone


def test_old_days_pruned(store: DailyStore) -> None:
    play(store, "ada", 5, ["cat"], day=DAY - dt.timedelta(days=401))
    play(store, "bo", 5, ["cat"])
    assert store.prune(DAY - dt.timedelta(days=400)) == 1
    assert store.rows(DAY - dt.timedelta(days=401), "en") == []
    assert store.finds(DAY - dt.timedelta(days=401), "en", ["cat"]) == {}
    assert store.summary(DAY - dt.timedelta(days=401), "en").players == 0
    assert store.finds(DAY, "en", ["cat"]) == {"cat": 1}


def test_a_sqlite_table_survives_reopening(tmp_path: Path) -> None:
    first = SqliteStore(tmp_path / "d.sqlite3")
    play(first, "ada", 7, ["cat"])
    first.close()
    again = open_store(str(tmp_path / "d.sqlite3"))
    assert again.rows(DAY, "en") == [Row(1, "ada", 7, 1, 0)]
    assert not again.begin(DAY, "en", "ada")
    again.close()


def test_a_players_words_are_kept_with_the_result(store: DailyStore) -> None:
    play(store, "ada", 3, ["tea", "eat", "ate"])
    assert store.words_of(DAY, "en", "ada") == ["tea", "eat", "ate"]
    assert store.words_of(DAY, "en", "bo") == []


def test_owning_a_name_takes_nothing(store: DailyStore) -> None:
    assert not store.owns("ada", "s1")
    assert store.claim("ada", "s1", DAY)
    assert store.owns("ada", "s1") and not store.owns("ada", "s2") and not store.owns("bo", "s1")


def _trap_the_word(store: DailyStore, word: str) -> None:
    """Make counting `word` fail inside the store, as a full disk or a dropped connection would."""
    if isinstance(store, SqliteStore):
        trap = "SELECT RAISE(ABORT, 'trap')"
        store.db.execute(f"CREATE TRIGGER trap BEFORE INSERT ON finds WHEN NEW.word = '{word}' BEGIN {trap}; END")
    else:
        store.db.execute(f"ALTER TABLE finds ADD CONSTRAINT trap CHECK (word <> '{word}')")  # type: ignore[attr-defined]


def test_a_result_is_finished_with_its_counts_or_not_at_all(store: DailyStore) -> None:
    play(store, "ada", 5, ["cat"])
    assert store.claim("bo", "secret-of-bo", DAY) and store.begin(DAY, "en", "bo")
    _trap_the_word(store, "dog")
    with pytest.raises(Exception, match="trap"):
        store.finish(DAY, "en", "bo", 9, ["cat", "dog"])
    assert store.place(DAY, "en", "bo") is None  # not finished: no score, and its words not counted
    assert store.summary(DAY, "en").players == 1 and store.finds(DAY, "en", ["cat"]) == {"cat": 1}
    store.finish(DAY, "en", "bo", 4, ["cat"])  # the attempt is still open, and nothing half-done comes with it
    assert [(r.name, r.score) for r in store.rows(DAY, "en")] == [("ada", 5), ("bo", 4)]
    assert store.finds(DAY, "en", ["cat"]) == {"cat": 2} and store.summary(DAY, "en").top == 5


def test_a_store_kept_before_the_score_histogram_is_counted_when_opened(store: DailyStore) -> None:
    for name, score in (("ada", 5), ("bo", 5), ("cy", 2)):
        play(store, name, score, [])
    sql = store  # the store as an older release left it: results, no histogram
    sql._execute("DELETE FROM scores")  # type: ignore[attr-defined]
    sql._commit()  # type: ignore[attr-defined]
    assert store.summary(DAY, "en").players == 0
    sql.create()  # type: ignore[attr-defined]
    assert store.summary(DAY, "en") == Summary(3, 5, 4.0)
    sql.create()  # once: opening again counts nothing twice
    assert store.summary(DAY, "en").players == 3


def test_a_histogram_ranks_a_score_it_was_read_without() -> None:
    """A result finished between reading the rows and reading the histogram is still ranked among the rest."""
    table = Histogram([(50, 1), (40, 2), (10, 1)])
    assert table.row("bo", 40, 3) == Row(2, "bo", 40, 3, 33)  # 1 above; of the 3 others, 1 below
    assert table.row("new", 45, 3) == Row(2, "new", 45, 3, 75)  # not in it: 1 above, 3 below


def test_server_processes_starting_together_share_one_postgresql_table() -> None:
    """Processes opening a fresh store at once: PostgreSQL's `CREATE TABLE IF NOT EXISTS` lets two of them both
    find a table missing, and the second failed on the catalogue (6 tries in 10 before the tables were made under
    a lock); four fresh schemas, six at once."""
    for _attempt in range(4):
        url, start, failed = _fresh_postgres(), threading.Barrier(6), []

        def open_one(url: str = url, start: threading.Barrier = start, failed: list[str] = failed) -> None:
            start.wait()
            try:
                open_store(url).close()
            except Exception as error:  # psycopg's own, not the store's: any failure is the one looked for
                failed.append(repr(error))

        threads = [threading.Thread(target=open_one) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failed == []


def test_the_deal_secret_is_made_once_and_kept(store: DailyStore, tmp_path: Path) -> None:
    secret = store.deal_secret()
    assert len(secret) >= 40 and store.deal_secret() == secret
    if isinstance(store, SqliteStore):  # a restarted server deals the same boards
        again = SqliteStore(tmp_path / "daily.sqlite3")
        assert again.deal_secret() == secret
        again.close()
        other = SqliteStore(tmp_path / "other.sqlite3")
        assert other.deal_secret() != secret  # another server, other boards
        other.close()


def test_processes_sharing_one_postgresql_store_share_its_secret() -> None:
    url = _fresh_postgres()
    stores = [open_store(url) for _ in range(2)]
    try:
        secrets = set()
        threads = [threading.Thread(target=lambda s=s: secrets.add(s.deal_secret())) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(secrets) == 1
    finally:
        for made in stores:
            made.close()


def test_a_store_that_cannot_be_one_is_one_line_and_another_programs_file_is_left_alone(tmp_path: Path) -> None:
    from boggle_tui.engine.errors import BoggleError

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    untouched = other.read_bytes()
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(os.urandom(8192))
    for where, said in [
        (str(tmp_path), "it is not a file"),
        ("/dev/zero", "it is not a file"),
        (str(fifo), "it is not a file"),
        (str(other), "another program's database"),
        (str(damaged), "not a database"),
        (str(tmp_path / ("x" * 5000)), "File name too long"),
        ("mysql://x/y", "takes a SQLite file's path or a postgresql:// URL"),
        ("", "needs a SQLite file's path"),
    ]:
        with pytest.raises(BoggleError, match=re.escape(said)) as refused:
            open_store(where)
        assert "\n" not in str(refused.value) and len(str(refused.value)) < 200
    assert other.read_bytes() == untouched  # not a byte changed: not its journal mode, not its change counter
    assert not (tmp_path / "mysql:").exists()


def test_the_default_store_damaged_is_moved_aside_and_a_fresh_one_begun(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    (tmp_path / "daily-server.sqlite3").write_bytes(os.urandom(8192))
    store = open_store()
    assert isinstance(store, SqliteStore) and "moved to daily-server.sqlite3.damaged-" in (store.notice or "")
    assert store.claim("ada", "s1", DAY)
    secret = store.deal_secret()
    store.close()
    assert len(list(tmp_path.glob("daily-server.sqlite3.damaged-*"))) == 1
    again = open_store()
    assert isinstance(again, SqliteStore) and again.notice is None and again.owns("ada", "s1")  # the fresh one kept
    again.close()
    (tmp_path / "daily-server.sqlite3").write_bytes(os.urandom(8192))  # damaged again, mid-day
    fresh = open_store()
    assert isinstance(fresh, SqliteStore) and fresh.notice and fresh.deal_secret() == secret  # the day's board kept
    assert (tmp_path / "daily-server.sqlite3.secret").stat().st_mode & 0o077 == 0
    assert len(list(tmp_path.glob("daily-server.sqlite3.damaged-*[0-9]"))) == 2  # neither damaged file lost
    fresh.close()


def test_an_unverified_result_is_listed_marked_and_counts_in_nobodys_figures(store: DailyStore) -> None:
    play(store, "ada", 5, ["tea"])
    assert store.claim("bot", "secret-of-bot", DAY) and store.begin(DAY, "en", "bot")
    store.unverify(DAY, "en", "bot")
    kept = store.open_round(DAY, "en", "bot")
    assert kept is not None and not kept.verified  # a round resumed after a restart stays unverified
    store.finish(DAY, "en", "bot", 70, ["tea", "eat"])
    assert store.summary(DAY, "en").players == 1
    assert [(r.name, r.rank, r.verified) for r in store.rows(DAY, "en")] == [("bot", 1, False), ("ada", 1, True)]
    placed = store.place(DAY, "en", "ada")
    assert placed is not None and placed.you.percentile == 0 and [r.name for r in placed.above] == ["bot"]
    assert store.finds(DAY, "en", ["tea", "eat"]) == {"tea": 1}  # the bot's words are counted for nobody


def test_a_store_made_before_results_were_verified_gains_the_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE players (name TEXT PRIMARY KEY, secret TEXT NOT NULL, since TEXT NOT NULL)")
        db.execute("CREATE TABLE results (day TEXT NOT NULL, language TEXT NOT NULL, name TEXT NOT NULL, "
                   "score INTEGER NOT NULL DEFAULT 0, words INTEGER NOT NULL DEFAULT 0, "
                   "finished INTEGER NOT NULL DEFAULT 0, found TEXT NOT NULL DEFAULT '', "
                   "PRIMARY KEY (day, language, name))")  # fmt: skip
        db.execute("INSERT INTO results VALUES ('2026-03-01', 'en', 'ada', 4, 2, 1, 'tea eat')")
    store = SqliteStore(path)
    try:
        assert [(r.name, r.verified) for r in store.rows(DAY, "en")] == [("ada", True)]
        assert store.summary(DAY, "en").players == 1  # its results counted once into the histogram
    finally:
        store.close()


def test_a_default_store_locked_by_another_process_is_said_so_and_never_moved_aside(tmp_path, monkeypatch) -> None:
    from boggle_tui.engine.errors import BoggleError

    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("boggle_tui.storage.daily_store.BUSY_MS", 50)
    open_store().close()
    holder = sqlite3.connect(tmp_path / "daily-server.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process writing, for longer than the store waits
    try:
        with pytest.raises(BoggleError, match="locked"):
            open_store()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not list(tmp_path.glob("*.damaged-*"))  # its table and names are still there
