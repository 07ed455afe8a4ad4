"""One language object (game/languages.py): what differs between languages is asked of it, never read off a
language's code; the words that name languages, and the key that answers yes, are the player's language's."""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Button

import boggle_tui
from boggle_tui.app.screens.confirm import ConfirmScreen
from boggle_tui.engine import definitions, frequency
from boggle_tui.engine.alphabets import ALPHABETS, alphabet_for
from boggle_tui.engine.board import Board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import language_of, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.codes import parse_code
from boggle_tui.game.languages import LANGUAGES, choose_language, language_for
from boggle_tui.game.request import Daily, Given, Richest, Roll, RoundRequest
from boggle_tui.i18n import INTERFACE_LANGUAGES, YES_KEYS, use_language, yes_keys

PACKAGE = Path(boggle_tui.__file__).parent
# The language table: the only modules that may say which language is which.
TABLE = {PACKAGE / "engine" / "alphabets.py", PACKAGE / "game" / "languages.py"}


def _names_english(node: ast.AST) -> bool:
    """`"en"`, `DEFAULT_LANGUAGE`, `ENGLISH.code`, or a tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value.lower() == "en"
    if isinstance(node, ast.Name):
        return node.id == "DEFAULT_LANGUAGE"
    if isinstance(node, ast.Attribute):
        english = isinstance(node.value, ast.Name | ast.Attribute) and ast.unparse(node.value).endswith("ENGLISH")
        return node.attr == "DEFAULT_LANGUAGE" or (node.attr == "code" and english)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_english(item) for item in node.elts)
    return False


def english_tests(source: str) -> list[str]:
    """Each place where `source` compares something to English's code (`==`, `!=`, `in`, a match's case)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(map(_names_english, [node.left, *node.comparators])):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.MatchValue) and _names_english(node.value):
            found.append(f"{node.lineno}: case {ast.unparse(node.value)}")
    return found


def test_the_scan_finds_each_way_of_asking_whether_a_language_is_english() -> None:
    asked = [
        'language == "en"', "code != ENGLISH.code", "DEFAULT_LANGUAGE == board.language", 'x in ("en", "es")',
        "x == alphabets.DEFAULT_LANGUAGE", "x is not alphabets.ENGLISH.code", 'a == "EN"',
    ]  # fmt: skip
    for text in asked:
        assert english_tests(f"if {text}:\n    pass\n"), text
    assert english_tests('match code:\n    case "en":\n        pass\n')
    assert not english_tests('language = DEFAULT_LANGUAGE\nif language == "es" or x.code == y.code:\n    pass\n')


def test_no_module_outside_the_language_table_asks_whether_a_language_is_english() -> None:
    """What a module needs to know of a language is a column of the table (`knows_common`, `definitions`,
    `marked`, `dice`), asked of the language; not a comparison of its code with English's."""
    found = {
        str(path.relative_to(PACKAGE)): tests
        for path in sorted(PACKAGE.rglob("*.py"))
        if path not in TABLE and (tests := english_tests(path.read_text(encoding="utf-8")))
    }
    assert found == {}


# The table


def test_every_language_has_one_object_with_its_own_dice_and_list() -> None:
    assert list(LANGUAGES) == list(ALPHABETS)
    for code, language in LANGUAGES.items():
        assert language.alphabet is alphabet_for(code) and language_for(code.upper()) is language
        assert load_dice_set(language.dice).language == code
        assert language.dictionary in shipped_dictionaries() and language_of(language.dictionary).code == code
        assert language.fold("ÉTÉ") == alphabet_for(code).fold("ÉTÉ")
        assert language.sort_key("año") == alphabet_for(code).sort_key("año")


def test_what_is_known_of_a_language_s_words_is_asked_of_it() -> None:
    english, spanish = language_for("en"), language_for("es")
    assert english.knows_common and english.common_words == "popular" and english.definitions
    assert english.rank is frequency.ranker("en") and english.describe is definitions.describe
    for language in LANGUAGES.values():
        if language is not english:
            assert not language.knows_common and not language.definitions, language.code
            assert language.rank is frequency.ranker(language.code) and language.describe is definitions.english_only
    assert spanish.define("pan") is None and english.define("pan") is not None
    assert not english.marked and all(language.marked for language in LANGUAGES.values() if language is not english)


def test_a_round_s_language_is_its_board_s_and_a_list_of_the_player_s_own_is_read_in_it() -> None:
    spanish = load_dice_set("es").roll(1)
    assert RoundRequest(Given(spanish)).language == "es"
    assert RoundRequest(Roll("pl-big")).language == "pl" and RoundRequest(Richest("nl")).language == "nl"
    assert RoundRequest(Daily(dt.date(2026, 11, 23), "de")).language == "de" and RoundRequest(Roll()).language == "en"


# Names of languages, in the player's language


@pytest.mark.parametrize(
    ("interface", "names"),
    [("en", ("English", "Spanish", "German")), ("de", ("Englisch", "Spanisch", "Deutsch")),
     ("fr", ("anglais", "espagnol", "allemand")), ("pl", ("angielski", "hiszpański", "niemiecki"))],
)  # fmt: skip
def test_refusals_name_languages_in_the_player_s_language(interface: str, names: tuple[str, str, str]) -> None:
    english, spanish, german = names
    use_language(interface)
    assert (language_for("en").name, language_for("es").name, language_for("de").name) == names
    assert language_for("es").own_name == "Español"  # what it calls itself, in every language
    with pytest.raises(BoggleError) as mixed:
        choose_language("es", "new")
    assert english in str(mixed.value) and spanish in str(mixed.value) and "Español" not in str(mixed.value)
    with pytest.raises(BoggleError) as unknown:
        alphabet_for("it")
    assert f"es ({spanish})" in str(unknown.value) and f"de ({german})" in str(unknown.value)
    with pytest.raises(BoggleError) as code:
        parse_code("IT-N-ABCDABCDABCDABCD")
    assert f"ES ({spanish})" in str(code.value) and "EN" not in str(code.value)  # an English code has no mark
    with pytest.raises(BoggleError) as board:
        Board((("th",),), "es")
    assert spanish in str(board.value)


# The key that answers yes


def test_each_interface_language_has_its_own_yes_key_and_y_too() -> None:
    assert set(YES_KEYS) == set(INTERFACE_LANGUAGES)
    expected = {"en": ("y",), "es": ("s", "y"), "de": ("j", "y"), "fr": ("o", "y"), "nl": ("j", "y"),
                "pt": ("s", "y"), "pl": ("t", "y")}  # fmt: skip
    for interface, keys in expected.items():
        use_language(interface)
        assert yes_keys() == keys
        assert "n" not in keys  # no is n in every language


class Asking(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[bool | None] = []

    def on_mount(self) -> None:
        self.push_screen(ConfirmScreen("?"), self.answers.append)


@pytest.mark.parametrize("interface", INTERFACE_LANGUAGES)
@pytest.mark.parametrize("typed", ["own", "y", "n", "other"])
async def test_the_confirm_dialog_shows_and_takes_the_language_s_yes_key(interface: str, typed: str) -> None:
    use_language(interface)
    own = YES_KEYS[interface]
    other = next(key for key in "jsot" if key != own)  # another language's yes: no answer here
    key = {"own": own, "other": other}.get(typed, typed)
    app = Asking()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert str(app.screen.query_one("#yes", Button).label).endswith(f"({own})")
        await pilot.press(key)
        await pilot.pause()
        assert app.answers == ({"own": [True], "y": [True], "n": [False]}.get(typed, []))
