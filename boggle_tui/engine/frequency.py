"""How common each word is: its rank by frequency in English, shipped in the package and read on first use.

The ranks are derived at development time from wordfreq's English table by `tools/build_frequency.py`; the
file is CC BY-SA 4.0, as wordfreq's data is, and its licence is `data/frequency/LICENSE-wordfreq.txt`. Nothing
is downloaded at run time. Rank 1 is the most common word of the shipped lists; a word the table does not know
ranks below every word it does (`unranked()`), as a word too rare to be counted.
"""

from __future__ import annotations

import lzma
import threading

from boggle_tui.engine.resources import data_dir

RANKS = "ranks-en.txt.xz"

_lock = threading.Lock()  # the app may load from a worker thread while a session asks too
_ranks: dict[str, int] | None = None


def ranks() -> dict[str, int]:
    """word -> its rank (1 = the most common). Read once, in about 50 ms."""
    global _ranks
    with _lock:
        if _ranks is None:
            text = lzma.decompress((data_dir("frequency") / RANKS).read_bytes()).decode("ascii")
            _ranks = {word: rank for rank, word in enumerate(text.split(), start=1)}
        return _ranks


def unranked() -> int:
    """The rank given to a word the table does not know: past the last ranked word, as if it came next."""
    return 2 * len(ranks())


def rank(word: str) -> int:
    return ranks().get(word, unranked())


def middling(_word: str) -> int:
    """One middling rank for every word: for a language these English ranks do not know (some of whose words
    are spelt as English words), so that a player there finds words by their length, points and paths alone
    instead of by an English word they happen to spell. Which language's words are ranked is the language
    table's to say (game/languages.py)."""
    return len(ranks()) // 2
