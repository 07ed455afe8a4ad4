"""Reading word lists as real ones look: any case, CRLF, blank lines, comments and junk."""

from __future__ import annotations

import lzma
import operator
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from boggle_tui.engine.alphabets import ENGLISH, Alphabet
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.i18n import _

# A Boggle die has no Q face, only Qu: a q that no u follows cannot be formed.
_BARE_Q = re.compile(r"q(?!u)")
# One word alone on its line; any other non-blank line (a comment, a phrase,
# a word with an apostrophe or an accent) is skipped and counted.
_WORD_LINE = re.compile(r"^[ \t]*([a-z]+)[ \t]*\r?$", re.MULTILINE)
_PLAIN = re.compile(r"[a-z\n]*")
_NONBLANK_LINE = re.compile(r"^[ \t]*[^\s][^\n]*", re.MULTILINE)


# The largest word list read: eight times enable1.
MAX_LIST_BYTES = 16 * 1024 * 1024
# The most text an .xz list decompresses to: the largest shipped list (Polish) is below a third of it.
MAX_XZ_TEXT = 64 * 1024 * 1024
# The longest word kept: English's longest are about 45 letters. Longer lines are skipped.
MAX_WORD = 63


@dataclass(frozen=True)
class WordList:
    words: list[str]  # sorted, unique, lower case, spelt in the language's letters (alphabets.py)
    skipped: int  # lines that are not words: comments, junk, other alphabets
    unplayable: int  # words with a q that no u follows

    def __len__(self) -> int:
        return len(self.words)


def read_list_bytes(path: Path, label: str | None = None) -> bytes:
    """A word list's text: only from a regular file (a FIFO would wait forever), at most MAX_LIST_BYTES, and
    decompressed when it is an .xz file."""
    return list_text(read_list_file(path, label), path, label)


def list_text(stored: bytes, path: Path, label: str | None = None) -> bytes:
    """The text of a list whose file holds `stored` (`read_list_file`): decompressed when it is an .xz file."""
    return _decompressed(stored, _shown(path, label)) if path.name.endswith(".xz") else stored


def _shown(path: Path, label: str | None) -> str:
    return repr(cut_short(label or str(path)))


def read_list_file(path: Path, label: str | None = None) -> bytes:
    """A word list's file as it is stored (compressed or not): only a regular file, at most MAX_LIST_BYTES."""
    shown = _shown(path, label)
    try:
        if path.exists() and not path.is_file() and not path.is_dir():
            raise BoggleError(_("word list {name} is not a regular file").format(name=shown))
        with path.open("rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise BoggleError(_("word list {name} is not a regular file").format(name=shown))
            data = file.read(MAX_LIST_BYTES + 1)
    except FileNotFoundError:
        raise BoggleError(_("word list {name} does not exist").format(name=shown)) from None
    except IsADirectoryError:
        raise BoggleError(_("word list {name} is a folder, not a file").format(name=shown)) from None
    except OSError as error:
        raise BoggleError(
            _("word list {name} cannot be read: {error}").format(name=shown, error=error.strerror or error)
        ) from None
    if len(data) > MAX_LIST_BYTES:
        raise BoggleError(
            # Translators: MB is megabytes
            _("word list {name} is larger than {size} MB").format(name=shown, size=MAX_LIST_BYTES // 2**20)
        )
    return data


def _decompressed(data: bytes, shown: str) -> bytes:
    """An xz-compressed list's text (the shipped lists of other languages), bounded like any list."""
    most = MAX_XZ_TEXT
    try:
        decompressor = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
        text = decompressor.decompress(data, max_length=most + 1)
    except lzma.LZMAError:
        raise BoggleError(_("word list {name} is not a readable .xz file").format(name=shown)) from None
    if len(text) > most or not decompressor.eof:
        raise BoggleError(
            # Translators: MB is megabytes
            _("word list {name} is larger than {size} MB once decompressed").format(name=shown, size=most // 2**20)
        )
    return text


def read_word_list(path: Path, alphabet: Alphabet = ENGLISH) -> WordList:
    """Read and clean the word list at `path`; a BoggleError says why it cannot be used."""
    return parse_word_list(read_list_bytes(path), str(path), alphabet)


def _patterns(alphabet: Alphabet) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A word line and a plain text (words and line ends only), in the alphabet's letters."""
    if alphabet is ENGLISH:
        return _WORD_LINE, _PLAIN
    letters = re.escape(alphabet.letters)
    return (re.compile(rf"^[ \t]*([{letters}]+)[ \t]*\r?$", re.MULTILINE), re.compile(rf"[{letters}\n]*"))


def parse_word_list(data: bytes, label: str, alphabet: Alphabet = ENGLISH) -> WordList:
    """The words of a list in a language, spelt by its convention (alphabets.py): a word with a
    letter the language's dice cannot show is skipped, as any other junk line is."""
    if b"\x00" in data:
        raise BoggleError(_("word list {name} is a binary file, not a list of words").format(name=repr(label)))
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff")
    text = text.lower() if alphabet is ENGLISH else alphabet.fold(text)
    word_line, plain = _patterns(alphabet)
    # Whole-text regular expressions rather than a loop per line: lists have 170,000 lines.
    if plain.fullmatch(text):  # the usual case: nothing but words and line ends
        candidates = text.split()
        skipped = 0
    else:
        candidates = word_line.findall(text)
        skipped = len(_NONBLANK_LINE.findall(text)) - len(candidates)
    if any(len(word) > MAX_WORD for word in candidates):  # no die path is that long: not a word for Boggle
        kept = [word for word in candidates if len(word) <= MAX_WORD]
        skipped += len(candidates) - len(kept)
        candidates = kept
    if alphabet.bare:
        playable = [word for word in candidates if "q" not in word or not _BARE_Q.search(word)]
    else:
        playable = candidates
    already_sorted = all(map(operator.lt, playable, playable[1:]))  # and unique: the usual case
    words = playable if already_sorted else sorted(set(playable))
    if not words:
        raise BoggleError(
            _("word list {name} has no usable words (one lower- or upper-case word per line)").format(name=repr(label))
        )
    return WordList(words, skipped, len(candidates) - len(playable))
