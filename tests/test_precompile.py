"""A word list's first build runs in a child process (engine/precompile.py): the game's own peak never holds it."""

from __future__ import annotations

import resource
import sys

from boggle_tui.engine.dictionary import is_cached, load_dictionary
from boggle_tui.engine.precompile import compile_apart


def test_a_list_not_yet_compiled_is_compiled_by_a_child_and_loaded_from_the_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "cache"))
    words = tmp_path / "mine.txt"
    words.write_text("\n".join(["tin", "tine", "tines", "stone", "notes", "onset"]) + "\n", encoding="utf-8")
    assert not is_cached(str(words))
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    assert compile_apart(str(words)) and is_cached(str(words))
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime > children  # a child did the work
    loaded = load_dictionary(str(words))
    assert loaded.from_cache and "tines" in loaded.trie
    assert compile_apart(str(words))  # compiled already: nothing to do


def test_where_no_child_can_run_the_game_compiles_the_list_itself(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(sys, "executable", str(tmp_path / "no-python-here"))
    words = tmp_path / "mine.txt"
    words.write_text("tin\ntine\n", encoding="utf-8")
    assert not compile_apart(str(words))  # said, never raised
    assert "tine" in load_dictionary(str(words)).trie
