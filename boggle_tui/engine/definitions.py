"""Short definitions from WordNet 3.0, shipped in the package and read on first use.

The file is built at development time by `tools/build_definitions.py`; its licence is
`data/definitions/LICENSE-WordNet.txt`. Reading it takes a few tenths of a second, so
nothing on the start-up path asks for it: the first `define()` loads it, once.

It is kept as its decompressed bytes (5 MB), one line a word sorted by word, and a word is
found by bisecting the bytes themselves: a dict of its 105,000 lines cost the game 31 MiB
more (benchmarks/NOTES.md). The bytes grow in place as they are decompressed, and the file is
compressed with a small dictionary, so reading it costs little more than what it keeps.
"""

from __future__ import annotations

import functools
import io
import lzma
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from boggle_tui.engine.resources import data_dir
from boggle_tui.i18n import N_, _

DEFINITIONS = "wordnet.txt.xz"
NO_DEFINITION = N_("no definition")  # shown through _

Sense = tuple[str, str]  # (part of speech tag, gloss)


@dataclass(frozen=True)
class Definition:
    word: str
    senses: tuple[Sense, ...]  # the word's own: one per part of speech
    forms: tuple[tuple[str, tuple[Sense, ...]], ...] = ()  # (lemma, its senses) when the word inflects one

    def text(self) -> str:
        """One line: `n. feline mammal… · v. beat with…`, then `form of see: v. perceive…`.

        Parts are joined with ` · ` because glosses have semicolons of their own.
        """
        parts = [_senses(self.senses)] if self.senses else []
        parts += [_form_of(lemma, senses) for lemma, senses in self.forms]
        return " · ".join(parts) or _(NO_DEFINITION)


def _form_of(lemma: str, senses: tuple[Sense, ...]) -> str:
    """`form of see: v. perceive…` (the glosses are WordNet's, in English)."""
    if not senses:
        # Translators: {lemma} is the English word the shown word is an inflected form of (saw -> see)
        return _("form of {lemma}").format(lemma=lemma)
    return _("form of {lemma}: {senses}").format(lemma=lemma, senses=_senses(senses))


def _senses(senses: tuple[Sense, ...]) -> str:
    return " · ".join(f"{tag}. {gloss}" for tag, gloss in senses)


CHUNK = 1 << 16  # bytes decompressed at a time

_lock = threading.Lock()  # the app loads from a worker thread while a screen may ask too
_loaded: bytearray | None = None


def _text() -> bytearray:
    """The file's lines, `word<TAB>n:gloss|v:gloss<TAB>n:lemma,v:lemma`, sorted by word. Read once."""
    global _loaded
    with _lock:
        if _loaded is None:
            with (data_dir("definitions") / DEFINITIONS).open("rb") as file:
                size = xz_size(file)
                _loaded = decompress(iter(functools.partial(file.read, CHUNK), b""), size)
        return _loaded


def decompress(data: bytes | Iterable[bytes], size: int | None = None) -> bytearray:
    """One xz stream's content (`data`: its bytes, or its pieces in order) in one buffer (never changed afterwards),
    decoded a chunk at a time; `size`, where known, is how much it holds (`xz_size`): the buffer is made that large
    at once. A hint only: the buffer ends up holding what the stream does, whatever the hint said.

    At the game's peak (issue 41): `lzma.decompress` holds the pieces of its output and their join at once (twice
    the text); a decoder given the whole input while its output is bounded keeps a copy of what it has not read
    yet (the whole 1.2 MB file at first); and a buffer grown chunk by chunk may be copied as it grows (up to the
    text's size again, where the allocator cannot grow it in place). An LZMAError when the stream is damaged or
    ends early, as lzma.decompress says it.
    """
    pieces: Iterator[bytes | memoryview] = _pieces(data) if isinstance(data, bytes | bytearray) else iter(data)
    decompressor = lzma.LZMADecompressor(lzma.FORMAT_XZ)
    text = bytearray(min(size or 0, MAX_SIZE_HINT))
    done = 0
    while not decompressor.eof:
        piece: bytes | memoryview = b""
        if decompressor.needs_input:
            piece = next(pieces, b"")
            if not piece:
                raise lzma.LZMAError("Compressed data ended before the end-of-stream marker was reached")
        out = decompressor.decompress(piece, max_length=CHUNK)
        text[done : done + len(out)] = out  # past the end (a hint too small): appended
        done += len(out)
    del text[done:]  # a hint too large
    return text


MAX_SIZE_HINT = 64 << 20  # bytes: a larger size in an index is not believed (the shipped text is 5.2 MB)
_FOOTER = 12  # an xz stream's footer: CRC32, the index's size, the stream's flags, b"YZ"


def xz_size(file: BinaryIO) -> int | None:
    """What the index of an .xz file of one stream (as tools/build_definitions.py writes it) says its content's
    size is, or None where its end is not an index read here; the file is left at its start."""
    try:
        file.seek(-_FOOTER, io.SEEK_END)
        footer = file.read(_FOOTER)
        index_size = (int.from_bytes(footer[4:8], "little") + 1) * 4
        file.seek(-_FOOTER - index_size, io.SEEK_END)
        index = file.read(index_size)
    except (OSError, ValueError):  # ValueError: shorter than its footer
        return None
    finally:
        file.seek(0)
    if footer[10:] != b"YZ" or index[:1] != b"\0":
        return None
    # The index: b"\0", the number of blocks, then each block's compressed and uncompressed sizes, all varints.
    numbers, value, shift = [], 0, 0
    for byte in index[1:]:
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            numbers.append(value)
            value = shift = 0
            if len(numbers) == 1 + 2 * numbers[0]:
                return sum(numbers[2::2])
        elif shift > 63:
            return None
    return None


def _pieces(data: bytes | bytearray) -> Iterator[memoryview]:
    view = memoryview(data)
    return (view[start : start + CHUNK] for start in range(0, len(view), CHUNK))


def _row(word: str) -> str | None:
    """The word's line after the word (`n:gloss|v:gloss<TAB>n:lemma,v:lemma`), or None: a bisection
    of the sorted lines, each probe reading the line around the middle of what is left."""
    text, key = _text(), word.encode("utf-8")
    low, high = 0, len(text)  # the lines that start in [low, high) are the ones left; low starts a line
    while low < high:
        start = text.rfind(b"\n", low, (low + high) // 2) + 1 or low
        tab = text.find(b"\t", start)
        found = text[start:tab]
        if found == key:
            end = text.find(b"\n", tab)
            return text[tab + 1 : end if end >= 0 else len(text)].decode("utf-8")
        if found < key:
            low = text.find(b"\n", tab) + 1 or high
        else:
            high = start
    return None


def loaded() -> bool:
    return _loaded is not None


def load() -> None:
    """Read the file now (from a worker thread, say) so that the first `define()` is instant."""
    _text()


def _parse_senses(field: str) -> tuple[Sense, ...]:
    return tuple(tuple(sense.split(":", 1)) for sense in field.split("|") if ":" in sense)  # type: ignore[misc]


def define(word: str) -> Definition | None:
    """The word's definition, or None when WordNet has none for it."""
    word = word.strip().lower()
    row = _row(word)
    if row is None:
        return None
    own, _, inflects = row.partition("\t")
    tags_of: dict[str, list[str]] = {}  # lemma -> the parts of speech the word is a form of it in
    for form in filter(None, inflects.split(",")):
        tag, _, lemma = form.partition(":")
        tags_of.setdefault(lemma, []).append(tag)
    forms = tuple((lemma, _senses_of(lemma, tags)) for lemma, tags in tags_of.items())
    return Definition(word, _parse_senses(own), forms)


def _senses_of(lemma: str, tags: list[str]) -> tuple[Sense, ...]:
    senses = _parse_senses((_row(lemma) or "").partition("\t")[0])
    return tuple(sense for sense in senses if sense[0] in tags)


def describe(word: str) -> str:
    """The one line shown beside a word: its definition, or "no definition"."""
    definition = define(word)
    return definition.text() if definition else _(NO_DEFINITION)


ENGLISH_ONLY = N_("definitions are in English only")  # shown through _


def english_only(_word: str) -> str:
    """What is said beside a word of a language WordNet does not define (Spanish "pan"): never an English
    word's gloss, nor "no definition" as if one were missing. Which languages are defined is the language
    table's to say (game/languages.py)."""
    return _(ENGLISH_ONLY)
