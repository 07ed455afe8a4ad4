"""How common each word is: its rank by frequency in its language, shipped in the package and read on first use.

The ranks are derived at development time from wordfreq's table of each language by `tools/build_frequency.py`;
the files are CC BY-SA 4.0, as wordfreq's data is, and their licence is `data/frequency/LICENSE-wordfreq.txt`.
Nothing is downloaded at run time. Rank 1 is the most common word of the language's shipped lists; a word the
table does not know ranks below every word it does (`unranked()`), as a word too rare to be counted. Each
language's table is read only when a word of that language is first ranked (some 10 MB in memory for each).
"""

from __future__ import annotations

import lzma
import threading
from collections.abc import Callable
from functools import cache

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.resources import data_dir

RANKS = "ranks-{language}.txt.xz"

_lock = threading.Lock()  # the app may load from a worker thread while a session asks too
_ranks: dict[str, dict[str, int]] = {}


def ranks(language: str = DEFAULT_LANGUAGE) -> dict[str, int]:
    """word -> its rank in `language` (1 = the most common). Read once, in about 50 ms."""
    with _lock:
        table = _ranks.get(language)
        if table is None:
            packed = (data_dir("frequency") / RANKS.format(language=language)).read_bytes()
            words = lzma.decompress(packed).decode("utf-8").split()
            table = _ranks[language] = {word: rank for rank, word in enumerate(words, start=1)}
        return table


def unranked(language: str = DEFAULT_LANGUAGE) -> int:
    """The rank given to a word the table does not know: past the last ranked word, as if it came next."""
    return 2 * len(ranks(language))


def rank(word: str, language: str = DEFAULT_LANGUAGE) -> int:
    return ranks(language).get(word, unranked(language))


@cache
def ranker(language: str) -> Callable[[str], int]:
    """`rank` in one language (the same function each time it is asked for)."""
    return lambda word: rank(word, language)
