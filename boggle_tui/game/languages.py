"""What a language brings to a round: its word list, its dice and its shortest word, and which language
a command plays when its flags name some of these.

Each language's defaults are one table; a flag that names a list or dice of another language is refused
with a one-line reason, never played on a board whose letters the list cannot judge.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from boggle_tui.engine.alphabets import ALPHABETS, DEFAULT_LANGUAGE, alphabet_for
from boggle_tui.engine.dice import default_dice, load_dice_set
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, language_of, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import N_, _

if TYPE_CHECKING:  # only named: the commands that ask for a language need not import the start screen's choices
    from boggle_tui.game.preferences import Preferences


@dataclass(frozen=True)
class LanguageDefaults:
    dictionary: str
    dice: str
    min_length: int  # on a 4x4 board; larger boards follow the size rule (scoring.min_length_for)


def defaults_for(language: str) -> LanguageDefaults:
    """A language's word list, standard dice and shortest word: English's, or those named after it."""
    alphabet = alphabet_for(language)
    if alphabet.code == DEFAULT_LANGUAGE:
        return LanguageDefaults(DEFAULT_DICTIONARY, default_dice(DEFAULT_LANGUAGE), alphabet.min_length)
    return LanguageDefaults(alphabet.code, default_dice(alphabet.code), alphabet.min_length)


def languages() -> list[tuple[str, str]]:
    """(code, the language's own name) of every language with a shipped list, English first."""
    shipped = set(shipped_dictionaries())
    return [(code, a.name) for code, a in ALPHABETS.items() if code == DEFAULT_LANGUAGE or code in shipped]


def shipped_languages() -> list[str]:
    """The codes of the languages that can be played: English and each with a shipped list."""
    return [code for code, _name in languages()]


def of_one_language(preferences: Preferences) -> Preferences:
    """Remembered choices whose dice and shipped list are of their language: any that is not is the language's own."""
    defaults = defaults_for(preferences.language)
    if load_dice_set(preferences.dice).language != preferences.language:
        preferences = replace(preferences, dice=defaults.dice)
    shipped = preferences.dictionary in shipped_dictionaries()
    if shipped and language_of(preferences.dictionary).code != preferences.language:
        preferences = replace(preferences, dictionary=defaults.dictionary)
    return preferences


def in_language(preferences: Preferences, language: str) -> Preferences:
    """The choices with another language: its own dice and word list come with it."""
    defaults = defaults_for(language)
    return replace(preferences, language=language, dice=defaults.dice, dictionary=defaults.dictionary)


def shipped_lists(language: str) -> list[str]:
    """The shipped word lists of a language: English's enable1 and popular, another's own."""
    return [name for name in shipped_dictionaries() if language_of(name).code == language]


def choose_language(language: str | None, dice: str | None = None, dictionary: str | None = None) -> str:
    """The language a command plays: `--lang`, else its dice's, else its shipped list's, else English.

    Dice or a shipped list of another language than the one asked for are refused."""
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
            raise BoggleError(_(refusal).format(name=name, its=ALPHABETS[its].name, chosen=ALPHABETS[chosen].name))
    return chosen or DEFAULT_LANGUAGE
