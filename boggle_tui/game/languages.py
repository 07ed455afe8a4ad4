"""One object per language, and the table of them: what a language brings to a round (its letters, dice, word
list and shortest word), what the game knows of its words (which are common, which are defined), and what it
is called; and which language a command plays when its flags name some of these.

Everything that differs between languages is a column here or in its alphabet (engine/alphabets.py), never a
test of a language's code elsewhere: a module asks what it needs to know (`knows_common`, `definitions`),
not whether the language is English (tests/test_languages.py scans the package for such tests).

A flag that names a list or dice of another language is refused with a one-line reason, never played on a
board whose letters the list cannot judge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from boggle_tui.engine import frequency
from boggle_tui.engine.alphabets import ALPHABETS, DEFAULT_LANGUAGE, ENGLISH, Alphabet, alphabet_for
from boggle_tui.engine.dice import DEFAULT_DICE, load_dice_set
from boggle_tui.engine.dictionary import COMMON_WORDS, DEFAULT_DICTIONARY, language_of, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import N_, _

if TYPE_CHECKING:  # only named: the commands that ask for a language need not import the start screen's choices
    from boggle_tui.engine.definitions import Definition


@dataclass(frozen=True)
class Language:
    alphabet: Alphabet  # its letters, how its words are folded and how its lists are sorted
    dice: str  # its standard dice set: the start screen's first, and the daily board's
    dictionary: str  # its standard word list
    common_words: str | None = None  # the shipped list of its common words (★, study cards, common misses)
    definitions: bool = False  # WordNet defines its words
    marked: bool = True  # board codes and the statistics name it (`ES-N-…`); English's came first, unmarked

    @property
    def code(self) -> str:
        return self.alphabet.code

    @property
    def own_name(self) -> str:
        """What it calls itself: Español."""
        return self.alphabet.name

    @property
    def name(self) -> str:
        """Its name in the player's language: Spanish, Spanisch, espagnol."""
        return self.alphabet.titled

    @property
    def min_length(self) -> int:
        """The shortest word on a 4x4 board; larger boards follow the size rule (scoring.min_length_for)."""
        return self.alphabet.min_length

    @property
    def knows_common(self) -> bool:
        """Whether the game knows which of its words are common: the list of them, and every word's rank by
        frequency (the table's bots find common words first). English only today: a word of another language
        spelt as an English one is not common for that."""
        return self.common_words is not None

    @property
    def rank(self) -> Callable[[str], int]:
        """How common a word is in this language, for the table's players (and the day's place against them): its
        rank by frequency among the language's words."""
        return frequency.ranker(self.code)

    @property
    def describe(self) -> Callable[[str], str]:
        """The line beside a word: its definition, or that definitions are in another language."""
        from boggle_tui.engine import definitions  # not for the commands that define nothing (solve)

        return definitions.describe if self.definitions else definitions.english_only

    def define(self, word: str) -> Definition | None:
        """The word's definition, if its language has any (WordNet's English)."""
        from boggle_tui.engine import definitions

        return definitions.define(word) if self.definitions else None

    def fold(self, text: str) -> str:
        return self.alphabet.fold(text)

    def sort_key(self, word: str) -> tuple[tuple[tuple[str, int], ...], tuple[int, ...]]:
        return self.alphabet.sort_key(word)


# One row per language: English has its sold dice, its two lists and what is known of its words; every other
# language has the dice and the list named after it.
LANGUAGES: dict[str, Language] = {
    code: (
        Language(ENGLISH, DEFAULT_DICE, DEFAULT_DICTIONARY, common_words=COMMON_WORDS, definitions=True, marked=False)
        if alphabet is ENGLISH
        else Language(alphabet, dice=code, dictionary=code)
    )
    for code, alphabet in ALPHABETS.items()
}


def language_for(code: str) -> Language:
    """A language by its code (any case); a BoggleError names the languages there are."""
    return LANGUAGES[alphabet_for(code).code]


def languages() -> list[Language]:
    """Every language with a shipped list, English first."""
    shipped = set(shipped_dictionaries())
    return [language for language in LANGUAGES.values() if language.dictionary in shipped]


def shipped_languages() -> list[str]:
    """The codes of the languages that can be played: each with a shipped list."""
    return [language.code for language in languages()]


def shipped_lists(language: str) -> list[str]:
    """The shipped word lists of a language: English's enable1 and popular, another's own."""
    return [name for name in shipped_dictionaries() if language_of(name).code == language]


def choose_language(language: str | None, dice: str | None = None, dictionary: str | None = None) -> str:
    """The language a command plays: `--lang`, else its dice's, else its shipped list's, else English.

    Dice or a shipped list of another language than the one asked for are refused, naming both languages in
    the player's language."""
    chosen = alphabet_for(language).code if language else None
    named: list[tuple[str, str, str]] = []  # (the refusal, N_-marked; the name given; its language)
    if dice:
        named.append((N_("the {name} dice are {its}, not {chosen}"), dice, load_dice_set(dice).language))
    if dictionary and dictionary in shipped_dictionaries():
        named.append((N_("the word list {name} is {its}, not {chosen}"), dictionary, language_of(dictionary).code))
    for refusal, name, its in named:
        if chosen is None:
            chosen = its
        elif its != chosen:
            names = {"its": LANGUAGES[its].name, "chosen": LANGUAGES[chosen].name}
            raise BoggleError(_(refusal).format(name=name, **names))
    return chosen or DEFAULT_LANGUAGE
