"""Common words (★): the popular list's, less the words it holds mainly as names or abbreviations."""

from __future__ import annotations

from support import make_app

from boggle_tui.engine.common import NOT_COMMON, common_test, is_common


def test_names_and_abbreviations_of_the_popular_list_are_not_common(enable1, popular) -> None:
    for word in ("kent", "gen", "eth", "del", "ted", "joe"):
        assert word in popular and not is_common(word, popular), word
    for word in ("cat", "owl", "howl", "general", "delete", "john"):  # ordinary words stay common
        assert is_common(word, popular), word
    assert not is_common("cat", None) and not common_test(None)("cat")
    assert [w for w in NOT_COMMON if w in popular and w in enable1] == list(NOT_COMMON)  # no entry is stale
    assert set(NOT_COMMON.values()) == {"mainly a name", "mainly an abbreviation"}


def test_the_game_stars_no_name_or_abbreviation(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)  # its common words are the popular list, as the game loads them
    assert app.is_common("cat") and not app.is_common("kent") and not app.is_common("gen")
