"""Reading word lists as real ones look: any case, CRLF, blank lines, comments and junk."""

from __future__ import annotations

import operator
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from boggle_tui.engine.errors import BoggleError, cut_short

# A Boggle die has no Q face, only Qu: a q that no u follows cannot be formed.
_BARE_Q = re.compile(r"q(?!u)")
# One word alone on its line; any other non-blank line (a comment, a phrase,
# a word with an apostrophe or an accent) is skipped and counted.
_WORD_LINE = re.compile(r"^[ \t]*([a-z]+)[ \t]*\r?$", re.MULTILINE)
_PLAIN = re.compile(r"[a-z\n]*")
_NONBLANK_LINE = re.compile(r"^[ \t]*[^\s][^\n]*", re.MULTILINE)


# The largest word list read: eight times enable1.
MAX_LIST_BYTES = 16 * 1024 * 1024
# The longest word kept: English's longest are about 45 letters. Longer lines are skipped.
MAX_WORD = 63


@dataclass(frozen=True)
class WordList:
    words: list[str]  # sorted, unique, lower case a-z
    skipped: int  # lines that are not words: comments, junk, other alphabets
    unplayable: int  # words with a q that no u follows

    def __len__(self) -> int:
        return len(self.words)


def read_list_bytes(path: Path, label: str | None = None) -> bytes:
    """A word list's bytes: only from a regular file (a FIFO would wait forever), at most MAX_LIST_BYTES."""
    shown = cut_short(label or str(path))
    try:
        if path.exists() and not path.is_file() and not path.is_dir():
            raise BoggleError(f"word list {shown!r} is not a regular file")
        with path.open("rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise BoggleError(f"word list {shown!r} is not a regular file")
            data = file.read(MAX_LIST_BYTES + 1)
    except FileNotFoundError:
        raise BoggleError(f"word list {shown!r} does not exist") from None
    except IsADirectoryError:
        raise BoggleError(f"word list {shown!r} is a folder, not a file") from None
    except OSError as error:
        raise BoggleError(f"word list {shown!r} cannot be read: {error.strerror or error}") from None
    if len(data) > MAX_LIST_BYTES:
        raise BoggleError(f"word list {shown!r} is larger than {MAX_LIST_BYTES // 2**20} MB")
    return data


def read_word_list(path: Path) -> WordList:
    """Read and clean the word list at `path`; a BoggleError says why it cannot be used."""
    return parse_word_list(read_list_bytes(path), str(path))


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
    if any(len(word) > MAX_WORD for word in candidates):  # no die path is that long: not a word for Boggle
        kept = [word for word in candidates if len(word) <= MAX_WORD]
        skipped += len(candidates) - len(kept)
        candidates = kept
    playable = [word for word in candidates if "q" not in word or not _BARE_Q.search(word)]
    already_sorted = all(map(operator.lt, playable, playable[1:]))  # and unique: the usual case
    words = playable if already_sorted else sorted(set(playable))
    if not words:
        raise BoggleError(f"word list {label!r} has no usable words (one lower- or upper-case word per line)")
    return WordList(words, skipped, len(candidates) - len(playable))
