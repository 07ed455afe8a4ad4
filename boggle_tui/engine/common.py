"""Which words of a language are common, which never are, and which are offensive: the ★, the required words of a
board, the study cards' source and the statistics' common misses read them from here.

A word is **common** when its language's players know it: in English, the popular list (`dictionaries/popular.txt`,
ENABLE's words that film and TV subtitles use most); in every other language, one of the `COMMON_RANKS` most
frequent words of its list (wordfreq's ranks, engine/frequency.py). Frequency counts what is said and written,
names and abbreviations too, so each language also has a list of words that are **never common**
(`data/words/never-XX.txt`: words that are names, places, brands or abbreviations first, and ordinary words only
rarely: NEWTON, REEVES) and of **offensive** words (`data/words/offensive-XX.txt`). Both stay playable: they
decide only what is marked, required, carded, hinted or suggested. Each file's source and licence is beside it.
Words that are only a proper noun or an abbreviation are not in the shipped lists at all (tools/build_wordlists.py).

A language's tables are read when its words are first asked about, never at start-up, and only that language's.
"""

from __future__ import annotations

import functools
import lzma
import threading
from collections.abc import Container, Iterable
from dataclasses import dataclass
from pathlib import Path

from boggle_tui.engine import frequency
from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.precompile import compile_apart
from boggle_tui.engine.resources import data_dir

NAME, ABBREVIATION = "mainly a name", "mainly an abbreviation"

# English's own hand list, from reading the popular list: its subtitles counted these mainly as a name (Clark
# KENT, TED) or an abbreviation (GEN for general, DEL the key), not as the word ENABLE holds (kent: to know).
NAMES = (
    "alec", "alma", "ana", "ava", "beth", "ben", "carl", "dom", "hank", "jane", "jerry", "jess", "joe", "kat", "kay",
    "kent", "kirk", "kris", "lars", "lex", "mae", "matt", "mel", "mike", "milo", "otto", "pam", "rick", "ted",
    "terry", "vera",
)  # fmt: skip
# AMA "ask me anything", the association; ATT AT&T, attorney; DEL Delaware, the key; ENG English, engineering;
# ETH Ethernet, the university; GED the diploma; GEN general, generation
ABBREVIATIONS = ("ama", "att", "del", "eng", "eth", "ged", "gen")
NOT_COMMON: dict[str, str] = dict.fromkeys(NAMES, NAME) | dict.fromkeys(ABBREVIATIONS, ABBREVIATION)
HAND_LISTS: dict[str, dict[str, str]] = {"en": NOT_COMMON}  # read beside each language's never-common file

# The languages with a shipped list of their common words (engine/dictionary.py COMMON_WORDS is English's).
COMMON_LISTS: dict[str, str] = {"en": "popular"}
# How many of a language's most frequent words are common, where no list of common words is shipped: chosen so
# that about a third of a rolled board's words are, as English's popular list makes it (docs/languages.md).
COMMON_RANKS: dict[str, int] = {"es": 8_000, "de": 15_000, "fr": 15_000, "nl": 10_000, "pt": 15_000, "pl": 40_000}
LEAKED = 30  # a word this many times more frequent in English than in its own language is quoted English there
LEAKS_FROM = DEFAULT_LANGUAGE  # the language quoted in every other's texts
WORDS = "words"  # the data folder of the never-common and offensive lists
NEVER, OFFENSIVE = "never-{language}.txt", "offensive-{language}.txt"


@dataclass(frozen=True)
class Common:
    """What is known of one language's words: which are common, never common, offensive."""

    language: str
    common: Container[str]
    never: frozenset[str]
    offensive: frozenset[str]

    def is_common(self, word: str) -> bool:
        """Common and neither never common nor offensive: a word worth a ★, a study card, and required on a board."""
        return word in self.common and word not in self.never and word not in self.offensive

    def suggestible(self, word: str) -> bool:
        """Whether the game may offer the word itself: never an offensive one (game/round.py's reveal offers neither
        these nor the never-common words, by `denied`)."""
        return word not in self.offensive


class TopRanks(Container[str]):
    """The `most` most frequent words of a language, read from its ranks (nothing copied), less the English words
    its texts quote: wordfreq counts every word of a language's texts, and English, quoted or borrowed, ranks THE,
    AND and YOU among Polish's first 40,000 and SURE, LIKE and THINGS among German's. A word whose rank in English
    (`foreign`) is LEAKED times better than in the language is English there, not one of its words (at 10 times,
    German SEE, STILL and LAST went too; at 30 they stay)."""

    def __init__(self, ranks: dict[str, int], most: int, foreign: dict[str, int] | None = None) -> None:
        self.ranks, self.most, self.foreign = ranks, most, foreign or {}

    def __contains__(self, word: object) -> bool:
        rank = self.ranks.get(word) if isinstance(word, str) else None
        if rank is None or rank > self.most:
            return False
        elsewhere = self.foreign.get(word)  # type: ignore[call-overload]
        return elsewhere is None or elsewhere * LEAKED >= rank


_lock = threading.Lock()  # the app reads a language's tables in a worker thread while a screen may ask too
_common: dict[str, Common] = {}


def common_words(language: str = DEFAULT_LANGUAGE) -> Common:
    """A language's `Common`, read on first use (English's list from the engine's cache; a language known by its
    ranks shares the table the bots read). Raises BoggleError or OSError when a shipped table cannot be read."""
    with _lock:
        known = _common.get(language)
        if known is None:
            known = _common[language] = _read(language)
        return known


@functools.cache
def required_words(language: str) -> frozenset[str]:
    """Every word of `language` that is common and not denied: the required words of any board of it, as one set
    (the compiled core's JSON writers look its words up, engine/solver.py `solve_json`)."""
    known = common_words(language)
    if language in COMMON_LISTS:
        candidates: Iterable[str] = _text(data_dir("dictionaries") / f"{COMMON_LISTS[language]}.txt").split()
    elif language in COMMON_RANKS:
        most = COMMON_RANKS[language]
        candidates = (word for word, rank in frequency.ranks(language).items() if rank <= most)
    else:
        candidates = ()
    return frozenset(word for word in candidates if known.is_common(word))


def is_loaded(language: str) -> bool:
    return language in _common


def _read(language: str) -> Common:
    common: Container[str]
    if language in COMMON_LISTS:  # the list's compiled trie, from the cache: a tenth of a set of its words' memory
        compile_apart(COMMON_LISTS[language], language)  # a first build's peak is a child's, not the game's
        common = load_dictionary(COMMON_LISTS[language], language=language)
    elif language in COMMON_RANKS:
        common = TopRanks(frequency.ranks(language), COMMON_RANKS[language], frequency.ranks(LEAKS_FROM))
    else:  # a language the game knows nothing of: no word is common
        common = frozenset()
    return Common(language, common, _never(language), _offensive(language))


@functools.cache
def _never(language: str) -> frozenset[str]:
    return frozenset(_word_file(NEVER.format(language=language)) | set(HAND_LISTS.get(language, ())))


@functools.cache
def _offensive(language: str) -> frozenset[str]:
    return frozenset(_word_file(OFFENSIVE.format(language=language)))


def denied(language: str) -> frozenset[str]:
    """The words of `language` that are never common or offensive (read without its ranks: a few small files)."""
    return _never(language) | _offensive(language)


def _word_file(name: str) -> set[str]:
    """The words of a shipped list of `data/words/` (plain or xz), one a line; a list not shipped is empty."""
    try:
        folder = data_dir(WORDS)
    except FileNotFoundError:
        return set()
    for path in (folder / name, folder / (name + ".xz")):
        if path.is_file():
            return set(_text(path).split())
    return set()


def _text(path: Path) -> str:
    data = path.read_bytes()
    return (lzma.decompress(data) if path.suffix == ".xz" else data).decode("utf-8")
