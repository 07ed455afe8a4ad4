"""Common words (★, required): each language's, less the words that are never common (names, abbreviations) and
the offensive ones."""

from __future__ import annotations

import pytest

from boggle_tui.engine import common
from boggle_tui.engine.common import COMMON_RANKS, NOT_COMMON, Common, common_words, denied
from boggle_tui.engine.frequency import ranks
from boggle_tui.game.languages import LANGUAGES


def test_names_and_abbreviations_of_the_popular_list_are_not_common(enable1, popular) -> None:
    english = common_words("en")
    for word in ("kent", "gen", "eth", "del", "ted", "joe"):
        assert word in popular and not english.is_common(word), word
    for word in ("cat", "owl", "howl", "general", "delete", "john"):  # ordinary words stay common
        assert english.is_common(word), word
    assert [w for w in NOT_COMMON if w in popular and w in enable1] == list(NOT_COMMON)  # no entry is stale
    assert set(NOT_COMMON.values()) == {"mainly a name", "mainly an abbreviation"}


def test_every_language_knows_its_common_words_by_its_own_ranks() -> None:
    """A language with no list of common words counts its COMMON_RANKS most frequent words, and no other."""
    assert set(COMMON_RANKS) | set(common.COMMON_LISTS) == set(LANGUAGES)
    for code, most in COMMON_RANKS.items():
        table, known = ranks(code), common_words(code)
        first = min(table, key=table.__getitem__)
        last_in = next(w for w, r in table.items() if r == most)
        first_out = next(w for w, r in table.items() if r == most + 1)
        assert known.is_common(first) or first in denied(code), code
        assert (last_in in known.common) and (first_out not in known.common), code


def test_a_never_common_or_offensive_word_is_never_common_and_an_offensive_one_never_suggested() -> None:
    shown = Common("xx", frozenset({"cat", "newton", "slur"}), frozenset({"newton"}), frozenset({"slur"}))
    assert shown.is_common("cat") and not shown.is_common("newton") and not shown.is_common("slur")
    assert shown.suggestible("newton") and not shown.suggestible("slur")
    assert not shown.is_common("dog")  # not among the common words at all


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_each_shipped_list_of_never_common_words_holds_words_of_its_language(code: str) -> None:
    """The lists are read as they ship: lower case, one word a line, no blank entry."""
    words = denied(code)
    assert all(w and w == w.lower() and w.strip() == w for w in words), code
