"""Reading word lists as real ones look: any case, CRLF, blank lines, comments and junk."""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from pathlib import Path

from boggle_tui.engine.errors import BoggleError

# A Boggle die has no Q face, only Qu: a q that no u follows cannot be formed.
_BARE_Q = re.compile(r"q(?!u)")
# One word alone on its line; any other non-blank line (a comment, a phrase,
# a word with an apostrophe or an accent) is skipped and counted.
_WORD_LINE = re.compile(r"^[ \t]*([a-z]+)[ \t]*\r?$", re.MULTILINE)
_PLAIN = re.compile(r"[a-z\n]*")
_NONBLANK_LINE = re.compile(r"^[ \t]*[^\s][^\n]*", re.MULTILINE)


@dataclass(frozen=True)
class WordList:
    words: list[str]  # sorted, unique, lower case a-z
    skipped: int  # lines that are not words: comments, junk, other alphabets
    unplayable: int  # words with a q that no u follows

    def __len__(self) -> int:
        return len(self.words)


def read_word_list(path: Path) -> WordList:
    """Read and clean the word list at `path`; a BoggleError says why it cannot be used."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BoggleError(f"word list {str(path)!r} does not exist") from None
    except IsADirectoryError:
        raise BoggleError(f"word list {str(path)!r} is a folder, not a file") from None
    except OSError as error:
        raise BoggleError(f"word list {str(path)!r} cannot be read: {error.strerror}") from None
    return parse_word_list(data, str(path))


def parse_word_list(data: bytes, label: str) -> WordList:
    if b"\x00" in data:
        raise BoggleError(f"word list {label!r} is a binary file, not a list of words")
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff").lower()
    # Whole-text regular expressions rather than a loop per line: lists have 170,000 lines.
    if _PLAIN.fullmatch(text):  # the usual case: nothing but words and line ends
        candidates = text.split()
        skipped = 0
    else:
        candidates = _WORD_LINE.findall(text)
        skipped = len(_NONBLANK_LINE.findall(text)) - len(candidates)
    playable = [word for word in candidates if "q" not in word or not _BARE_Q.search(word)]
    already_sorted = all(map(operator.lt, playable, playable[1:]))  # and unique: the usual case
    words = playable if already_sorted else sorted(set(playable))
    if not words:
        raise BoggleError(f"word list {label!r} has no usable words (one lower- or upper-case word per line)")
    return WordList(words, skipped, len(candidates) - len(playable))
