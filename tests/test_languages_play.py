"""A round in each language, played through the app as a person would: its letters typed on the keyboard,
its words judged by its list, the results in its capitals with each word's path."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import make_app, past_the_guard, shown, type_word, until
from textual.widgets import OptionList

from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.engine.alphabets import alphabet_for
from boggle_tui.engine.board import parse_board
from boggle_tui.engine.dictionary import Dictionary
from boggle_tui.engine.trie import Trie
from boggle_tui.game.request import Given
from boggle_tui.game.round import Verdict

# Per language: a board, words of a small list (all on the board), what the player types and the verdict
# each gets. Typed words use the language's own letters (ñ, ä, ł, ç) as a keyboard sends them; Dutch IJ is
# typed as two keys, i and j, and read as its one face.
ROUNDS = {
    "es": ("año/ñoz/sol", ["año", "años", "sol", "los"], [("año", Verdict.ACCEPTED), ("ano", Verdict.NOT_ON_BOARD),
           ("sol", Verdict.ACCEPTED), ("zos", Verdict.NOT_A_WORD), ("so", Verdict.TOO_SHORT)]),
    "de": ("grün/ehbe/tüst/ärme", ["grün", "grüne", "hüte", "bär"], [("grün", Verdict.ACCEPTED),
           ("grun", Verdict.NOT_ON_BOARD), ("grüne", Verdict.ACCEPTED), ("hüt", Verdict.NOT_A_WORD)]),
    "fr": ("chat/ouie/rnes/tdla", ["chat", "chou", "huit", "tour"], [("chat", Verdict.ACCEPTED),
           ("chou", Verdict.ACCEPTED), ("hat", Verdict.NOT_A_WORD), ("xyz", Verdict.NOT_ON_BOARD)]),
    "nl": ("ijzerk/bcdfg/hklmn/oprst/uvwaa", ["ijzer", "ijs", "zerk"], [("zerk", Verdict.ACCEPTED),
           ("ijs", Verdict.TOO_SHORT), ("ijzers", Verdict.NOT_ON_BOARD), ("zerg", Verdict.NOT_A_WORD)]),
    "pt": ("caça/ordo/mesa/luzt", ["caça", "caçar", "mesa", "dose"], [("caça", Verdict.ACCEPTED),
           ("caca", Verdict.NOT_ON_BOARD), ("mesa", Verdict.ACCEPTED), ("sem", Verdict.NOT_A_WORD)]),
    "pl": ("żółw/ąęść/łńźy/kota", ["żółw", "kot", "łoś"], [("żółw", Verdict.ACCEPTED),
           ("zolw", Verdict.NOT_ON_BOARD),
           ("żół", Verdict.NOT_A_WORD), ("łza", Verdict.NOT_ON_BOARD)]),
}  # fmt: skip


def small_list(code: str, words: list[str], tmp_path: Path) -> Dictionary:
    """The language's list as the app names it, cut down to a few words: the real ones take seconds to read."""
    alphabet = alphabet_for(code)
    spelt = sorted(alphabet.fold(word) for word in words)
    return Dictionary(code, tmp_path / f"{code}.txt", Trie.build(spelt, alphabet), 0, 0, False)


@pytest.mark.parametrize("code", sorted(ROUNDS))
async def test_a_round_in_each_language_judges_its_words_and_shows_their_paths(
    code: str, enable1, popular, tmp_path: Path
) -> None:
    layout, words, typed = ROUNDS[code]
    board = parse_board(layout, code)
    app, _ = make_app(enable1, popular, Given(board), dictionary=code, seconds=None)
    app.dictionaries[code] = small_list(code, words, tmp_path)
    alphabet = alphabet_for(code)
    async with app.run_test(size=(110, 36)) as pilot:
        round_screen = await shown(pilot, RoundScreen)
        for word, _verdict in typed:
            await type_word(pilot, word)
        entries = round_screen.session.entries
        await until(pilot, lambda: len(entries) == len(typed), lambda: f"{len(typed)} verdicts, not {entries}")
        judged = [(e.word, e.verdict) for e in entries]
        assert judged == [(alphabet.fold(word), verdict) for word, verdict in typed]
        await pilot.press("ctrl+g")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        results = await shown(pilot, ResultsScreen)
        past_the_guard(pilot)
        found = {alphabet.fold(w) for w, verdict in typed if verdict is Verdict.ACCEPTED}
        missed = results.query_one("#missed-list", OptionList)
        listed = {missed.get_option_at_index(i).id for i in range(missed.option_count)}
        assert listed == set(results.results.solution.paths) - found  # every word of the board, found or missed
        shown_words = " ".join(str(missed.get_option_at_index(i).prompt) for i in range(missed.option_count))
        assert all(alphabet.upper(w) in shown_words for w in listed)
        assert "Ĳ" not in shown_words  # Dutch capitals are I and J, not the ligature
        if listed:
            await until(pilot, lambda: results.board_view.lit, "a missed word's path on the board")
            first = missed.get_option_at_index(0).id
            assert results.board_view.lit == results.results.solution.paths[first]
