"""Other languages (issue 19): each one's letters, its shipped list, and both engines on its alphabet."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boggle_tui.engine import core
from boggle_tui.engine.alphabets import ALPHABETS, ENGLISH, MAX_FACES, alphabet_for
from boggle_tui.engine.board import BLANK, Board, die_faces, display_face, parse_board
from boggle_tui.engine.dictionary import load_dictionary, resolve, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.solver import solve, solve_json
from boggle_tui.engine.trie import Trie
from boggle_tui.engine.wordlist import parse_word_list, read_list_bytes

OTHERS = [code for code in ALPHABETS if code != "en"]


@pytest.mark.parametrize(
    ("code", "written", "spelt"),
    [
        ("es", "Año ÁRBOL pingüino", "año arbol pinguino"),
        ("de", "Straße Äpfel GRÜN Café", "strasse äpfel grün cafe"),
        ("fr", "Garçon cœur Été naïf", "garcon coeur ete naif"),
        ("nl", "IJs tijd café", "ĳs tĳd cafe"),
        ("pl", "Łódź źródło ŻÓŁW éclair", "łódź źródło żółw eclair"),
        ("pt", "Coração AÇÃO pêssego", "coraçao açao pessego"),
        ("en", "Café NAÏVE", "cafe naive"),
    ],
)
def test_each_language_spells_words_by_its_own_convention(code: str, written: str, spelt: str) -> None:
    assert alphabet_for(code).fold(written) == spelt


@pytest.mark.parametrize(
    ("code", "word", "capitals", "face", "printed"),
    [("es", "año", "AÑO", "ñ", "Ñ"), ("nl", "ĳzer", "IJZER", "ĳ", "IJ"), ("pl", "łódź", "ŁÓDŹ", "ł", "Ł"),
     ("de", "über", "ÜBER", "qu", "Qu"), ("pt", "caça", "CAÇA", "ç", "Ç")],
)  # fmt: skip
def test_words_and_faces_are_upper_cased_as_the_language_writes_them(code, word, capitals, face, printed) -> None:
    alphabet = alphabet_for(code)
    assert alphabet.upper(word) == capitals
    assert display_face(face, alphabet=alphabet) == printed


def test_every_alphabet_fits_the_tries_columns_and_sorts_as_the_trie_does() -> None:
    for alphabet in ALPHABETS.values():
        assert len(alphabet.faces) <= MAX_FACES
        assert list(alphabet.letters) == sorted(alphabet.letters)  # code-point order: words sort as the trie ranks
        assert all(len(letter) == 1 for letter in alphabet.letters)
        assert all(len(face) == 2 and set(face) <= set(alphabet.letters) for face in alphabet.digraphs)
    assert len(alphabet_for("pl").faces) == MAX_FACES and "q" not in alphabet_for("pl").letters


def test_an_unknown_language_is_refused_with_the_ones_there_are() -> None:
    with pytest.raises(BoggleError, match=r"choose from en \(English\), es \(Spanish\), de \(German\)"):
        alphabet_for("it")


def test_boards_read_the_languages_letters_and_refuse_others() -> None:
    assert parse_board("ñand/úqxy", "es").faces == ("ñ", "a", "n", "d", "u", "qu", "x", "y")
    assert parse_board("ijsab/cdef/ghkl/mnop", "nl").faces[0] == "ĳ"
    assert parse_board("łódź", "pl").faces == ("ł", "ó", "d", "ź")
    with pytest.raises(BoggleError, match="not a letter of Polish"):
        parse_board("quiz", "pl")
    with pytest.raises(BoggleError, match="not a letter of English"):
        parse_board("łaaa")
    with pytest.raises(BoggleError, match="in Spanish"):
        Board((("th",),), "es")


@cache
def shipped_sample(code: str, every: int) -> tuple[Trie, frozenset[str]]:
    """A trie of every `every`-th line of the shipped list, read as the list is: the real alphabet, built in a moment
    (the whole of Polish's 3.5 million lines takes seconds to read)."""
    lines = read_list_bytes(resolve(code)).split(b"\n")[::every]
    words = parse_word_list(b"\n".join(lines), code, alphabet_for(code)).words
    return Trie.build(words, alphabet_for(code)), frozenset(words)


@pytest.mark.parametrize("code", OTHERS)
def test_each_language_ships_its_list_with_its_licence(code: str) -> None:
    assert code in shipped_dictionaries()
    assert (resolve(code).parent / f"LICENSE-{code}.md").is_file()
    words = load_dictionary(code)  # read whole once, into the tests' shared cache (its counts kept with it)
    assert words.skipped == 0 and words.unplayable == 0 and len(words) > 80_000
    _trie, sample = shipped_sample(code, 20)
    assert all(3 <= len(word) <= 16 for word in sample)


@pytest.mark.skipif(not core.is_built(), reason="compares the compiled core with the Python engine")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), code=st.sampled_from(OTHERS), min_length=st.integers(1, 4))
def test_both_engines_agree_on_every_alphabet(data, code: str, min_length: int) -> None:
    """The same words, the same canonical paths, the same JSON, byte for byte, on boards of any shape."""
    trie, words = shipped_sample(code, 20)
    faces = st.sampled_from(sorted(die_faces(alphabet_for(code))))
    height, width = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5))
    board = Board(tuple(tuple(data.draw(faces) for _ in range(width)) for _ in range(height)), code)
    required = frozenset(sorted(words)[::2])  # half the sample's words, as a language's required words
    with core.forced(False):
        reference = solve(board, trie, min_length).paths, solve_json(board, trie, min_length, required)
    with core.forced(True):
        compiled = solve(board, trie, min_length).paths, solve_json(board, trie, min_length, required)
    assert compiled == reference
    assert list(compiled[0]) == sorted(compiled[0])
    for word, path in compiled[0].items():
        assert word in words and board.spell(path) == word and BLANK not in word
        assert all(b in board.neighbours(a) for a, b in itertools.pairwise(path))


@pytest.mark.parametrize(
    ("code", "board", "word"),
    [("es", "añoz/bcde/fghi/jklm", "año"), ("de", "grün/bcde/fghi/jklm", "grün"),
     ("nl", "ĳzer/bcdf/ghkl/mnop", "ĳzer"), ("pl", "żółw/bcde/fghi/jklm", "żółw"),
     ("pt", "caça/bdef/ghij/klmn", "caça"), ("fr", "quoia/bcde/fghj/klmn", "quoi")],
)  # fmt: skip
def test_a_languages_own_letters_are_found_on_its_boards(code: str, board: str, word: str) -> None:
    trie = Trie.build([word], alphabet_for(code))
    for compiled in (False, True):
        with core.forced(compiled):
            assert word in solve(parse_board(board, code), trie).paths


def test_a_board_is_solved_only_with_a_list_of_its_language() -> None:
    with pytest.raises(BoggleError, match="cannot be solved with a word list in English"):
        solve(parse_board("añoz/bcde/fghi/jklm", "es"), Trie.build(["cat"]))


@pytest.mark.parametrize("code", OTHERS)
def test_each_language_has_16_and_25_dice_of_its_letters(code: str) -> None:
    from boggle_tui.engine.dice import dice_set_names, load_dice_set

    sets = [load_dice_set(key) for key in dice_set_names(code)]
    assert [(s.key, len(s.dice)) for s in sets] == [(code, 16), (f"{code}-big", 25)]
    assert sets[1].generated and sets[0].generated == (code != "fr")  # the French 16 are the game's own
    own = set(alphabet_for(code).extra)
    for dice_set in sets:
        faces = {face for die in dice_set.dice for face in die}
        assert faces <= die_faces(alphabet_for(code)) and own <= faces  # Ñ, Ä Ö Ü, Ł...: at least one face each
        assert dice_set.roll(7).language == code
    assert "new" not in dice_set_names(code) and code not in dice_set_names()


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("dice", ["new", "superbig", *OTHERS, *(f"{code}-big" for code in OTHERS)])
def test_board_codes_carry_the_language_and_read_back_the_same_board(dice: str, seed: int) -> None:
    from boggle_tui.engine.dice import load_dice_set
    from boggle_tui.game.codes import board_code, parse_code

    board = load_dice_set(dice).roll(seed)
    code = board_code(board, dice)
    assert code.startswith(f"{board.language.upper()}-") == (board.language != "en")
    assert parse_code(code).board == board and parse_code(code).dice == dice
    assert parse_code(code.lower()).board == board  # codes are read in any case: ñ, ł and ĳ too


@pytest.mark.parametrize(
    ("code", "message"),
    [("IT-N-ABCDABCDABCDABCD", "'IT' is not a language"), ("ES-C-ABCDABCDABCDABCD", "expected a dice letter"),
     ("PL-N-QAAAAAAAAAAAAAAA", "'Q' is not a face"), ("N-ÑAAAAAAAAAAAAAAA", "'Ñ' is not a face")],
)  # fmt: skip
def test_a_code_in_no_language_or_with_letters_not_its_own_is_malformed(code: str, message: str) -> None:
    from boggle_tui.game.codes import parse_code

    with pytest.raises(BoggleError, match=message):
        parse_code(code)


def test_the_language_comes_from_the_flag_the_dice_or_the_list_and_a_mix_is_refused() -> None:
    from boggle_tui.game.languages import choose_language, language_for

    assert choose_language(None) == "en" and choose_language("ES") == "es"
    assert choose_language(None, "pl-big") == "pl" and choose_language(None, None, "nl") == "nl"
    assert choose_language("de", None, "/some/file.txt") == "de"  # a file is read in the language asked for
    with pytest.raises(BoggleError, match="the new dice are English, not Spanish"):
        choose_language("es", "new")
    with pytest.raises(BoggleError, match="the word list fr is French, not German"):
        choose_language(None, "de", "fr")
    spanish = language_for("ES")
    assert (spanish.code, spanish.dice, spanish.dictionary, spanish.min_length) == ("es", "es", "es", 3)
    assert language_for("en").dictionary == "enable1" and language_for("en").dice == "new"


def test_each_language_has_its_own_daily_board() -> None:
    import datetime as dt

    from boggle_tui.game.daily import daily_deal

    day = dt.date(2026, 11, 24)
    boards = {code: daily_deal(day, code) for code in ALPHABETS}
    assert {code: deal.board.language for code, deal in boards.items()} == {code: code for code in ALPHABETS}
    assert boards["es"].dice == "es" and boards["en"].dice == "new"
    assert daily_deal(day, "es") == boards["es"]  # the same for everyone that day


def test_a_room_plays_one_language_its_dice_and_its_list() -> None:
    from boggle_tui.net.messages import Settings
    from boggle_tui.net.protocol import ProtocolError

    rules = Settings(dice="es", dictionary="es").rules()
    assert (rules.dice, rules.dictionary, rules.language) == ("es", "es", "es") and "Español" in rules.describe()
    assert Settings(dice="pl-big").rules().dice == "pl-big"
    with pytest.raises(ProtocolError, match="of two languages"):
        Settings(dice="es", dictionary="enable1").rules()


def test_host_and_join_flags_with_lang_make_a_room_of_that_language() -> None:
    import argparse

    from boggle_tui.cli.online import room_settings

    flags = {"dice": None, "time": None, "dictionary": None, "min_length": None, "scoring": None, "seed": None,
             "target": None, "goal": None, "teams": None, "between": None, "name": None}  # fmt: skip
    lists = set(shipped_dictionaries())
    german = room_settings(argparse.Namespace(**flags, lang="de"), lists)
    assert german is not None and (german.dice, german.dictionary) == ("de", "de")
    dutch = room_settings(argparse.Namespace(**flags | {"dice": "nl-big"}, lang=None), lists)
    assert dutch is not None and dutch.dictionary == "nl"
    with pytest.raises(BoggleError, match="English, not Polish"):
        room_settings(argparse.Namespace(**flags | {"dice": "big"}, lang="pl"), lists)


def test_definitions_and_study_clues_stay_english_only() -> None:
    from boggle_tui.engine.definitions import ENGLISH_ONLY, describe
    from boggle_tui.game.languages import language_for
    from boggle_tui.game.study import board_clue, faces_of

    assert language_for("en").describe is describe
    assert language_for("es").describe("pan") == ENGLISH_ONLY  # never the gloss of English "pan"
    assert language_for("es").define("pan") is None and language_for("en").define("pan") is not None
    assert board_clue("pan", "es") == "3 letters, the first P"
    assert faces_of("año") == ["a", "ñ", "o"] and faces_of("ĳzer") == ["ĳ", "z", "e", "r"]


@settings(max_examples=200, deadline=None)
@given(data=st.data(), code=st.sampled_from(list(ALPHABETS)))
def test_a_boards_text_reads_back_to_the_same_board_in_every_language(data, code: str) -> None:
    """Even a Dutch I die before a J die, which a run would read as the IJ die."""
    faces = st.sampled_from(sorted(die_faces(alphabet_for(code))))
    height, width = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4))
    board = Board(tuple(tuple(data.draw(faces) for _ in range(width)) for _ in range(height)), code)
    assert parse_board(board.text(), code) == board


def test_a_dutch_i_die_before_a_j_die_is_not_the_ij_die() -> None:
    board = Board((("i", "j"), ("ĳ", "a")), "nl")
    assert parse_board(board.text(), "nl") == board and parse_board("ijĳa/", "nl").faces == ("ĳ", "ĳ", "a")


def test_every_face_of_every_languages_dice_can_be_drawn_in_large_letters() -> None:
    """The board draws its dice from a dot font in a large terminal: a face it lacked would end the game."""
    from boggle_tui.app.widgets.letters import big_text
    from boggle_tui.engine.dice import dice_set_names, load_dice_set

    for key in dice_set_names(None):
        dice = load_dice_set(key)
        for face in {face for die in dice.dice for face in die}:
            shown = display_face(face, alphabet=alphabet_for(dice.language))
            assert big_text(shown, 1).count("\n") == 2, (key, face)


@pytest.mark.parametrize(
    ("code", "words"),
    [("de", ["bar", "bär", "bas", "boe", "böe", "bun"]), ("es", ["nana", "nudo", "ñandu", "oca"]),
     ("pl", ["lzy", "łza", "mak", "zebra", "źle", "żaba"]), ("nl", ["ĳs", "ik", "in", "ja"]),
     ("pt", ["cabo", "caça", "cada"])],
)  # fmt: skip
def test_lists_shown_to_people_follow_the_languages_alphabetical_order(code: str, words: list[str]) -> None:
    alphabet = alphabet_for(code)
    assert sorted(reversed(words), key=alphabet.sort_key) == words


def test_english_lists_keep_the_engines_order(enable1) -> None:
    words = enable1.trie.words()[::97]
    assert sorted(reversed(words), key=ENGLISH.sort_key) == sorted(words)
