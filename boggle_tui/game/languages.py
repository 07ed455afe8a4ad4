"""What a language brings to a round: its word list, its dice and its shortest word, and which language
a command plays when its flags name some of these.

Each language's defaults are one table; a flag that names a list or dice of another language is refused
with a one-line reason, never played on a board whose letters the list cannot judge.
"""

from __future__ import annotations

from dataclasses import dataclass

from boggle_tui.engine.alphabets import ALPHABETS, DEFAULT_LANGUAGE, alphabet_for
from boggle_tui.engine.dice import default_dice, load_dice_set
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, language_of, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError


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


def choose_language(language: str | None, dice: str | None = None, dictionary: str | None = None) -> str:
    """The language a command plays: `--lang`, else its dice's, else its shipped list's, else English.

    Dice or a shipped list of another language than the one asked for are refused."""
    chosen = alphabet_for(language).code if language else None
    named: list[tuple[str, str]] = []
    if dice:
        named.append((f"the {dice} dice", load_dice_set(dice).language))
    if dictionary and dictionary in shipped_dictionaries():
        named.append((f"the word list {dictionary}", language_of(dictionary).code))
    for what, its in named:
        if chosen is None:
            chosen = its
        elif its != chosen:
            raise BoggleError(
                f"{what} {'is' if 'list' in what else 'are'} {ALPHABETS[its].name}, not {ALPHABETS[chosen].name}"
            )
    return chosen or DEFAULT_LANGUAGE
