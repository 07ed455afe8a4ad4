from __future__ import annotations

import lzma
import os
import zlib
from pathlib import Path

import pytest
from support import without_waiting

from boggle_tui.engine import core, trie, wordlist
from boggle_tui.engine.board import FACE_INDEX, parse_board
from boggle_tui.engine.dictionary import (
    CACHE_KEEPS,
    cache_dir,
    is_cached,
    list_digest,
    load_dictionary,
    trim_cache,
)
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.solver import solve


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(folder))
    monkeypatch.delenv("BOGGLE_CACHE_KEEPS")  # a player's cache: the tests' shared one keeps every list
    return folder


def test_shipped_lists_load_by_name(enable1, popular) -> None:
    assert len(enable1) == 172_794  # ENABLE's 172,823 words less 29 with a q and no u
    assert "zebra" in enable1 and "qat" not in enable1
    assert 20_000 < len(popular) < 30_000


def test_the_first_load_builds_and_caches_and_the_next_reads_the_cache(own_cache: Path, word_file) -> None:
    path = word_file("apple\nbanana\n")
    first = load_dictionary(str(path))
    assert not first.from_cache
    assert len(list(cache_dir().glob("*.trie"))) == 1
    second = load_dictionary(str(path))
    assert second.from_cache and "banana" in second


def test_an_edited_list_is_rebuilt(own_cache: Path, word_file) -> None:
    path = word_file("apple\nbanana\n")
    load_dictionary(str(path))
    path.write_text("apple\ncherry\n")
    edited = load_dictionary(str(path))
    assert not edited.from_cache
    assert "cherry" in edited and "banana" not in edited


def test_a_damaged_cache_is_rebuilt_silently(own_cache: Path, word_file) -> None:
    path = word_file("apple\nbanana\n# note\n")
    load_dictionary(str(path))
    (cached,) = cache_dir().glob("*.trie")
    cached.write_bytes(cached.read_bytes()[:-7] + b"garbage")
    again = load_dictionary(str(path))
    assert not again.from_cache and "apple" in again and again.skipped == 1
    assert load_dictionary(str(path)).from_cache  # and written back whole


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_cache_only_costs_speed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, word_file) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(folder / "cache"))
    assert "apple" in load_dictionary(str(word_file("apple\n")))


def test_a_cache_path_that_is_a_file_only_costs_speed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, word_file
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(blocker / "cache"))
    assert "apple" in load_dictionary(str(word_file("apple\n")))


def test_unknown_names_and_bad_files_are_clear_errors(own_cache: Path, tmp_path: Path, word_file) -> None:
    with pytest.raises(BoggleError, match=r"not found.*enable1"):
        load_dictionary("no-such-list")
    with pytest.raises(BoggleError, match="folder"):
        load_dictionary(str(tmp_path))
    with pytest.raises(BoggleError, match="binary"):
        load_dictionary(str(word_file(b"\x00\x01\x02")))
    with pytest.raises(BoggleError, match="no usable words"):
        load_dictionary(str(word_file("")))


def test_a_cache_cut_anywhere_or_with_a_false_row_count_is_rebuilt(own_cache: Path, word_file) -> None:
    path = word_file("apple\nbanana\ncherry\n")
    load_dictionary(str(path))
    (cached,) = own_cache.glob("*.trie")
    whole = cached.read_bytes()
    lying = bytearray(whole)
    lying[12:16] = (2**31 - 1).to_bytes(4, "little")  # rows: a count that would need gigabytes
    for damaged in [whole[:n] for n in range(0, len(whole), max(1, len(whole) // 20))] + [bytes(lying)]:
        cached.write_bytes(damaged)
        rebuilt = load_dictionary(str(path))
        assert not rebuilt.from_cache and rebuilt.trie.words() == ["apple", "banana", "cherry"]
        assert load_dictionary(str(path)).from_cache  # and written whole again


def test_the_cache_keeps_the_lists_used_last_and_drops_leftovers_of_killed_writes(own_cache: Path, word_file) -> None:
    own_cache.mkdir(parents=True)
    leftover, fresh = own_cache / ".x.trie.1.tmp", own_cache / ".y.trie.2.tmp"
    leftover.write_bytes(b"half")
    fresh.write_bytes(b"being written now")
    os.utime(leftover, (0, 0))
    lists = [word_file(f"word{chr(97 + n)}\n", name=f"list{n}.txt") for n in range(CACHE_KEEPS + 3)]
    for path in lists:
        load_dictionary(str(path))
    assert len(list(own_cache.glob("*.trie"))) == CACHE_KEEPS
    assert not leftover.exists() and fresh.exists()
    assert load_dictionary(str(lists[-1])).from_cache


@pytest.mark.parametrize(("given", "kept"), [("3", 3), ("0", CACHE_KEEPS), ("x", CACHE_KEEPS), ("", CACHE_KEEPS)])
def test_boggle_cache_keeps_says_how_many_lists_the_cache_keeps(
    own_cache: Path, word_file, monkeypatch: pytest.MonkeyPatch, given: str, kept: int
) -> None:
    monkeypatch.setenv("BOGGLE_CACHE_KEEPS", given)
    for n in range(CACHE_KEEPS + 2):
        load_dictionary(str(word_file(f"word{chr(97 + n)}\n", name=f"list{n}.txt")))
    assert len(list(own_cache.glob("*.trie"))) == kept


def test_word_lists_that_are_not_files_or_too_big_are_refused(
    own_cache: Path, tmp_path: Path, word_file, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for special in (fifo, Path("/dev/zero"), Path("/dev/urandom")):
        with pytest.raises(BoggleError, match="not a regular file"):
            load_dictionary(str(special))
    monkeypatch.setattr(wordlist, "MAX_LIST_BYTES", 100)
    with pytest.raises(BoggleError, match="larger than"):
        load_dictionary(str(word_file("word\n" * 30)))


def test_a_line_far_longer_than_any_word_is_skipped(own_cache: Path, word_file) -> None:
    dictionary = load_dictionary(str(word_file("cat\n" + "a" * 1000 + "\ndog\n" + "b" * 100_000 + "\n")))
    assert dictionary.trie.words() == ["cat", "dog"] and dictionary.skipped == 2


def test_a_cache_file_that_is_a_fifo_is_rebuilt_not_waited_on(own_cache: Path, word_file) -> None:
    path = word_file("apple\nbanana\n")
    load_dictionary(str(path))
    (cached,) = own_cache.glob("*.trie")
    cached.unlink()
    os.mkfifo(cached)
    again = without_waiting(lambda: load_dictionary(str(path)), [cached])
    assert not again.from_cache and again.trie.words() == ["apple", "banana"]
    assert cached.is_file() and load_dictionary(str(path)).from_cache  # the FIFO's place holds the trie now


def with_entry(cached: Path, index: int, entry: int) -> None:
    """Rewrite one table entry of a cache file and its checksum to match: a crafted file, not a damaged one."""
    data = bytearray(cached.read_bytes())
    start = trie._HEADER.size + 4 * index
    data[start : start + 4] = entry.to_bytes(4, "little")
    body = bytes(data[: -trie._CRC.size])
    cached.write_bytes(body + trie._CRC.pack(zlib.crc32(body)))


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled core", "Python engine"])
def test_a_cache_with_a_valid_checksum_the_engine_refuses_is_rebuilt(own_cache: Path, word_file, compiled) -> None:
    if compiled and not core.is_built():
        pytest.skip("the compiled core is not built")
    path = word_file("apple\nbanana\ncherry\n")
    load_dictionary(str(path))
    (cached,) = own_cache.glob("*.trie")
    a = FACE_INDEX["a"]
    for index, entry in (
        (a, 5 << 1 | 1),  # a child between rows
        (a, 0 << 1 | 1),  # a child that is the root again (a word going on forever; no word found, on any board)
        (trie.MASK_COLUMN, 0),  # a root whose bitmask names none of its entries
    ):
        with_entry(cached, index, entry)
        with core.forced(compiled=compiled):
            rebuilt = load_dictionary(str(path))
            assert not rebuilt.from_cache and rebuilt.trie.words() == ["apple", "banana", "cherry"]
            assert solve(parse_board("appl/xxxe/xxxx/xxxx"), rebuilt.trie, 3).words == ["apple"]
            assert load_dictionary(str(path)).from_cache  # and written whole again


def test_the_python_engine_checks_a_cache_file_s_table_once(
    own_cache: Path, word_file, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checks cost English 0.2 s a launch (issue 41): a table is checked once, and marked with its hash beside
    its file; a file whose table is another (rewritten, crafted) is checked again, and refused."""
    checked: list[int] = []
    real = trie.Trie.check
    monkeypatch.setattr(trie.Trie, "check", lambda self: checked.append(1) or real(self))
    path = word_file("apple\nbanana\ncherry\n")
    with core.forced(compiled=False):
        assert not load_dictionary(str(path)).from_cache  # built: the builder's own table, marked without a check
        (cached,) = own_cache.glob("*.trie")
        (mark,) = own_cache.glob("*.trie.checked")
        assert load_dictionary(str(path)).from_cache and load_dictionary(str(path)).from_cache and checked == []
        mark.unlink()
        assert load_dictionary(str(path)).from_cache and checked == [1]  # no mark: checked, and marked
        assert load_dictionary(str(path)).from_cache and checked == [1]
        with_entry(cached, FACE_INDEX["a"], 0 << 1 | 1)  # a crafted table, its checksum valid, under the old mark
        rebuilt = load_dictionary(str(path))
        assert not rebuilt.from_cache and rebuilt.trie.words() == ["apple", "banana", "cherry"] and checked == [1, 1]
        assert load_dictionary(str(path)).from_cache and checked == [1, 1]
        mark.write_text("0" * 32)  # a mark of some other table
        assert load_dictionary(str(path)).from_cache and checked == [1, 1, 1]
    cached.unlink()
    trim_cache(own_cache)
    assert not mark.exists()  # a mark goes with its file


def test_a_compressed_list_loads_from_its_cache_without_being_decompressed(
    own_cache: Path, word_file, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache is named by the .xz file's own bytes: a warm load (and the question whether it will be one) never
    decompresses the list, which for Polish is 3.5 million words. The list's content hash, which rooms and proofs
    compare, is worked out only when asked for, and is the one a build gives."""
    path = word_file(lzma.compress(b"apple\nbanana\ncherry\n", format=lzma.FORMAT_XZ), "words.txt.xz")
    built = load_dictionary(str(path))
    assert not built.from_cache and is_cached(str(path))
    decompressed: list[bytes] = []
    real = wordlist._decompressed
    monkeypatch.setattr(wordlist, "_decompressed", lambda data, shown: decompressed.append(data) or real(data, shown))
    warm = load_dictionary(str(path))
    assert warm.from_cache and warm.trie.words() == ["apple", "banana", "cherry"] and is_cached(str(path))
    assert decompressed == []
    assert warm.digest == built.digest == list_digest(str(path)) and len(decompressed) == 1  # the file's, once
    assert warm.digest == list_digest(str(path)) and len(decompressed) == 1  # remembered while the file is the same
    path.write_bytes(lzma.compress(b"apple\ncherry\n", format=lzma.FORMAT_XZ))  # edited: a new file, a new build
    edited = load_dictionary(str(path))
    assert not edited.from_cache and edited.trie.words() == ["apple", "cherry"] and edited.digest != built.digest
    assert list_digest(str(path)) == edited.digest and len(decompressed) == 3  # the build, then the new file hashed
