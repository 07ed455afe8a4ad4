"""Short definitions from WordNet 3.0, shipped in the package and read on first use.

The file is built at development time by `tools/build_definitions.py`; its licence is
`data/definitions/LICENSE-WordNet.txt`. Nothing on the start-up path reads it.

Its text is one line a word, sorted by word, 5 MB in all, compressed in blocks of about 64 KB
that decompress alone. A word is found by its block (the index beside the file names each
block's first word) and a bisection of that block's bytes. The game keeps the index and the
last few blocks read, never the whole text: kept whole, the text was 5 MB of the game's
peak (and a dict of its 105,000 lines 31 MiB more: benchmarks/NOTES.md).
"""

from __future__ import annotations

import bisect
import functools
import lzma
import threading
from dataclasses import dataclass
from pathlib import Path

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


# The file is xz streams one after another (a valid .xz file: `xz -d` and `lzma.decompress` read it whole), each
# holding whole lines, about BLOCK bytes of them; beside it, INDEX says where each stream starts and its first word.
# A word's line is found in its block alone: the game keeps the index and the last few blocks it read, not the text.
INDEX = "wordnet.index"
BLOCK = 1 << 16  # bytes of lines a stream holds, about (tools/build_definitions.py)
MAX_BLOCK = 1 << 20  # bytes: a stream that decompresses to more is not one of the tool's
KEPT_BLOCKS = 8  # the blocks kept decompressed (512 KB): a list of words in order reads each block once

_lock = threading.Lock()  # the app loads from a worker thread while a screen may ask too


@dataclass(frozen=True)
class Blocks:
    """Where the file's blocks are: `firsts[i]`, the first word of block i, which is `ends[i - 1]` (0 for the
    first) to `ends[i]` bytes into the file."""

    path: Path
    firsts: tuple[bytes, ...]
    ends: tuple[int, ...]


_blocks: Blocks | None = None


def _index() -> Blocks:
    """The file's index, read once: its lines are `word<TAB>end`, one per block, in order. A damaged index (words
    out of order, a block past the file's end) is refused as a damaged file would be (ValueError)."""
    global _blocks
    with _lock:
        if _blocks is None:
            folder = data_dir("definitions")
            rows = [line.split(b"\t") for line in (folder / INDEX).read_bytes().splitlines()]
            size = (folder / DEFINITIONS).stat().st_size
            try:
                firsts, ends = tuple(first for first, _ in rows), tuple(int(end) for _, end in rows)
                if list(firsts) != sorted(set(firsts)) or list(ends) != sorted(set(ends)) or not 0 < ends[-1] <= size:
                    raise ValueError
            except (ValueError, IndexError):  # a line without its two fields, an end not a number, no line
                raise ValueError(f"{INDEX} does not index {DEFINITIONS}") from None
            _blocks = Blocks(folder / DEFINITIONS, firsts, ends)
        return _blocks


@functools.lru_cache(maxsize=KEPT_BLOCKS)
def _block(number: int) -> bytes:
    """Block `number`'s lines, decompressed (an LZMAError when its stream is damaged)."""
    blocks = _index()
    start = blocks.ends[number - 1] if number else 0
    with blocks.path.open("rb") as file:
        file.seek(start)
        data = file.read(blocks.ends[number] - start)
    decompressor = lzma.LZMADecompressor(lzma.FORMAT_XZ)
    text = decompressor.decompress(data, max_length=MAX_BLOCK)
    if not decompressor.eof:
        raise lzma.LZMAError(f"block {number} of {DEFINITIONS} is damaged or too long")
    return text


def _row(word: str) -> str | None:
    """The word's line after the word (`n:gloss|v:gloss<TAB>n:lemma,v:lemma`), or None: the block whose first word
    is the last at or before it, then a bisection of that block's sorted lines, each probe reading the line around
    the middle of what is left."""
    key = word.encode("utf-8")
    blocks = _index()
    number = bisect.bisect_right(blocks.firsts, key) - 1
    if number < 0:
        return None
    text = _block(number)
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
    return _blocks is not None


def load() -> None:
    """Read the index now (from a worker thread, say) so that the first `define()` reads one block only."""
    _index()


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
