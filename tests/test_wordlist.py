from __future__ import annotations

import pytest

from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.wordlist import parse_word_list, read_word_list


def test_a_clean_list_is_read_as_it_is() -> None:
    words = parse_word_list(b"apple\nbanana\ncherry\n", "x")
    assert words.words == ["apple", "banana", "cherry"]
    assert (words.skipped, words.unplayable) == (0, 0)


def test_real_lists_are_cleaned_not_rejected() -> None:
    text = "\ufeff# a comment\r\nZebra\r\n\r\n  apple  \r\nDON'T\r\ncafé\r\ntwo words\r\napple\r\n; note\r\n"
    words = parse_word_list(text.encode(), "x")
    assert words.words == ["apple", "zebra"]
    assert words.skipped == 5  # the comment, don't, café, two words, ; note


def test_words_whose_q_has_no_u_cannot_be_played() -> None:
    words = parse_word_list(b"qat\nquiz\nqaid\nqueen\nsuq\n", "x")
    assert words.words == ["queen", "quiz"]
    assert words.unplayable == 3


def test_unsorted_input_is_sorted_and_deduplicated() -> None:
    assert parse_word_list(b"pear\napple\npear\nfig\n", "x").words == ["apple", "fig", "pear"]


@pytest.mark.parametrize(
    ("data", "message"),
    [(b"", "no usable words"), (b"\n# only\n123\n", "no usable words"), (b"\x7fELF\x02\x00\x00", "binary")],
)
def test_unusable_lists_are_clear_errors(data: bytes, message: str) -> None:
    with pytest.raises(BoggleError, match=message):
        parse_word_list(data, "x")


def test_missing_file_and_folder_are_clear_errors(tmp_path) -> None:
    with pytest.raises(BoggleError, match="does not exist"):
        read_word_list(tmp_path / "nope.txt")
    with pytest.raises(BoggleError, match="folder"):
        read_word_list(tmp_path)


def test_upper_case_list_from_elsewhere(tmp_path) -> None:
    path = tmp_path / "algs.txt"
    path.write_text("AA\nAB\nQUA\nQI\n")
    assert read_word_list(path).words == ["aa", "ab", "qua"]
