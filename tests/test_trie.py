from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle_tui.engine.trie import CorruptTrie, Trie

WORDS = sorted(["a", "an", "and", "ant", "anti", "quit", "quite", "then", "than", "inert", "inn"])


def test_membership_and_prefixes() -> None:
    trie = Trie.build(WORDS)
    assert len(trie) == len(WORDS)
    for word in WORDS:
        assert word in trie
    assert "qui" not in trie
    assert trie.has_prefix("qui")
    assert not trie.has_prefix("qx")
    assert "ANT" not in trie and "an t" not in trie and 5 not in trie


def test_shared_endings_are_stored_once() -> None:
    words = sorted(f"{stem}{end}" for stem in ("walk", "talk", "jump", "pump") for end in ("", "ed", "ing", "s"))
    trie = Trie.build(words)
    assert trie.words() == words
    # The endings -ed, -ing, -s are one set of nodes; the stems share their tails as well.
    assert trie.node_count < 20


def test_two_letter_faces_step_over_both_letters() -> None:
    trie = Trie.build(WORDS)
    q = trie.table[(0 >> 1) + ord("q") - 97]
    u = trie.table[(q >> 1) + ord("u") - 97]
    from boggle_tui.engine.board import FACE_INDEX

    assert trie.table[FACE_INDEX["qu"]] == u
    th = trie.table[FACE_INDEX["th"]]
    assert th == trie.walk("th")
    assert trie.table[FACE_INDEX["er"]] == 0  # no word starts with er


words_strategy = st.lists(st.text(alphabet="abcqu", min_size=1, max_size=7), max_size=60).map(
    lambda ws: sorted(set(ws))
)


@settings(max_examples=200)
@given(words_strategy)
def test_a_trie_holds_exactly_its_words(words: list[str]) -> None:
    trie = Trie.build(words)
    assert trie.words() == words
    trie.check()  # what the builder writes, the Python loader's checks take (as the compiled core's do)
    for word in words:
        assert word in trie
        for i in range(len(word) + 1):
            assert trie.has_prefix(word[:i])


def test_bytes_round_trip_and_damage_is_detected() -> None:
    trie = Trie.build(WORDS)
    data = trie.to_bytes(skipped=3, unplayable=1)
    again, skipped, unplayable = Trie.from_bytes(data)
    assert again.words() == WORDS and (skipped, unplayable) == (3, 1)
    damaged = bytearray(data)
    damaged[len(data) // 2] ^= 0xFF
    for bad in (bytes(damaged), data[:-1], data[:10], b"", b"X" + data[1:]):
        with pytest.raises(CorruptTrie):
            Trie.from_bytes(bad)
