"""The word list as a minimal acyclic automaton (a DAWG) in one flat integer array.

Each node is a row of `STRIDE` entries: one per face of the list's language
(engine/alphabets.py: its letters in code-point order, then its two-letter faces, whose
entries skip straight past both letters; English: 26 letters, then Qu An Er He In Th;
columns a language does not use stay 0), and last a
bitmask of the faces that have an entry, so the solver can tell at once that no
neighbouring die continues a word. An entry is `child_base << 1 | child_ends_a_word`,
or 0 where no word continues. So a step of
the search is one array lookup, and the whole structure is a single object that
loads from a file in milliseconds and costs the garbage collector nothing.

Every row's children lie in earlier rows (the root, row 0, excepted), as the builder
writes them: the compiled core numbers the words in one pass in that order, and refuses
a table without it. The core reads the table in place (no copy) and holds it, so a table
never changes once built.
"""

from __future__ import annotations

import hashlib
import io
import operator
import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from io import BufferedIOBase
from itertools import repeat
from typing import TYPE_CHECKING, TypeAlias

from boggle_tui.engine import core
from boggle_tui.engine.alphabets import ENGLISH, MAX_FACES, Alphabet
from boggle_tui.engine.scoring import POINTS

if TYPE_CHECKING:
    import _boggle_core

MASK_COLUMN = MAX_FACES  # the column of the bitmask of faces with an entry
STRIDE = MASK_COLUMN + 1
_TYPECODE = "I"  # unsigned 32-bit: the bitmask uses all 32 bits

_MAGIC = b"BOGTRIE\x00"
FORMAT_VERSION = 2
_HEADER = struct.Struct("<8sIIIII")  # magic, version, rows, words, skipped, unplayable
_CRC = struct.Struct("<I")


assert array(_TYPECODE).itemsize == 4


# Child offsets are shifted left by one in 32 bits: no table can have more rows than this.
MAX_ROWS = (1 << 31) // STRIDE


class CorruptTrie(ValueError):
    """Bytes that are not a trie of this format version."""


Table: TypeAlias = "array[int]"  # rows of STRIDE unsigned 32-bit entries


class Trie:
    __slots__ = ("_core", "_required", "alphabet", "table", "word_count")

    def __init__(self, table: Table, word_count: int, alphabet: Alphabet = ENGLISH) -> None:
        self.table = table
        self.word_count = word_count
        self.alphabet = alphabet  # whose faces the columns are
        self._core: _boggle_core.Core | None = None
        self._required: frozenset[str] | None = None  # the required words the core was last given

    def require(self, words: frozenset[str] | None) -> _boggle_core.Core | None:
        """The core (as `core()`), told which words are required (None: none, and no tiers are written): the JSON
        writers give each word its tier by them. Given once per set of words (the same object) a trie."""
        found = self.core()
        if found is not None and words is not self._required:
            found.set_required(None if words is None else b"".join(word.encode() + b"\0" for word in words))
            self._required = words
        return found

    def core(self) -> _boggle_core.Core | None:
        """This trie in the compiled core (made once), or None when the Python engine is in use."""
        module = core.compiled()
        if module is None:
            return None
        if self._core is None:
            self._core = module.Core(self.table, POINTS, self.alphabet.faces)
        return self._core

    @classmethod
    def build(cls, sorted_words: Iterable[str], alphabet: Alphabet = ENGLISH) -> Trie:
        """Build from unique words in sorted order, made of the alphabet's letters only."""
        words = list(sorted_words)
        return cls(_Builder(words, alphabet).build(), len(words), alphabet)

    def walk(self, letters: str) -> int:
        """The entry reached by spelling `letters` from the root: 0 if no word starts so."""
        table = self.table
        entry = 0
        index_of = self.alphabet.letter_index
        for letter in letters:
            index = index_of.get(letter)
            if index is None:
                return 0
            entry = table[(entry >> 1) + index]
            if not entry:
                return 0
        return entry

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(self.walk(word) & 1)

    def has_prefix(self, prefix: str) -> bool:
        return prefix == "" or self.walk(prefix) != 0

    def __len__(self) -> int:
        return self.word_count

    def anagrams(self, letters: str) -> list[str]:
        """Every word that uses exactly these letters, in order: a search of the trie, not of the list."""
        table = self.table
        index_of = self.alphabet.letter_index
        left = {letter: letters.count(letter) for letter in sorted(set(letters)) if letter in index_of}
        if sum(left.values()) != len(letters):
            return []
        found: list[str] = []

        def extend(base: int, prefix: str, remaining: int) -> None:
            for letter, count in left.items():
                entry = table[base + index_of[letter]] if count else 0
                if not entry:
                    continue
                if remaining == 1:
                    if entry & 1:
                        found.append(prefix + letter)
                    continue
                left[letter] = count - 1
                extend(entry >> 1, prefix + letter, remaining - 1)
                left[letter] = count

        if letters:
            extend(0, "", len(letters))
        return found

    @property
    def node_count(self) -> int:
        return len(self.table) // STRIDE

    def words(self) -> list[str]:
        """Every word, in order (for tests and tools; the solver never needs it)."""
        out: list[str] = []
        stack: list[tuple[int, str]] = [(0, "")]
        letters = self.alphabet.letters
        while stack:
            base, prefix = stack.pop()
            for index in range(len(letters) - 1, -1, -1):
                entry = self.table[base + index]
                if entry:
                    word = prefix + letters[index]
                    if entry & 1:
                        out.append(word)
                    stack.append((entry >> 1, word))
        return sorted(out)

    # Serialisation: header, table, then a checksum of both.

    def to_bytes(self, skipped: int = 0, unplayable: int = 0) -> bytes:
        table = self.table
        if sys.byteorder != "little":
            table = array(_TYPECODE, table)
            table.byteswap()
        body = _HEADER.pack(_MAGIC, FORMAT_VERSION, self.node_count, self.word_count, skipped, unplayable)
        body += table.tobytes()
        return body + _CRC.pack(zlib.crc32(body))

    @classmethod
    def from_bytes(cls, data: bytes, alphabet: Alphabet = ENGLISH) -> tuple[Trie, int, int]:
        return cls.from_file(io.BytesIO(data), alphabet)

    @classmethod
    def from_file(cls, file: BufferedIOBase, alphabet: Alphabet = ENGLISH) -> tuple[Trie, int, int]:
        """The trie, and the skipped and unplayable line counts stored with it.

        The file does not name its alphabet: the cache names the file by its list and language.

        The table is read straight into its array: no second copy of its bytes (`array.fromfile` reads
        them into a bytes object first: 7 MB more at the peak for enable1).
        """
        header = file.read(_HEADER.size)
        if len(header) < _HEADER.size:
            raise CorruptTrie("too short")
        magic, version, rows, words, skipped, unplayable = _HEADER.unpack(header)
        if magic != _MAGIC or version != FORMAT_VERSION:
            raise CorruptTrie("not this format")
        # The size the header promises must be what is there: a damaged count never allocates.
        start = file.tell()
        size = file.seek(0, io.SEEK_END) - start
        file.seek(start)
        if not 0 < rows <= MAX_ROWS or size != rows * STRIDE * 4 + _CRC.size:
            raise CorruptTrie("wrong size")
        table = array(_TYPECODE, [0]) * (rows * STRIDE)
        with memoryview(table).cast("B") as view:
            if _read_into(file, view) < len(view):  # the file shrank since its size was read
                raise CorruptTrie("too short")
        checksum = file.read(_CRC.size)
        crc = zlib.crc32(memoryview(table).cast("B"), zlib.crc32(header))
        if len(checksum) != _CRC.size or _CRC.unpack(checksum)[0] != crc or file.read(1):
            raise CorruptTrie("damaged")
        if sys.byteorder != "little":
            table.byteswap()
        return cls(table, words, alphabet), skipped, unplayable

    def check(self) -> None:
        """Raise CorruptTrie unless the table is one the builder could have written (see `check_table`)."""
        check_table(self.table)

    def table_digest(self) -> str:
        """A strong hash of the table (SHA-256, in hex): two tables with the same one are the same table, however
        either was made (a checksum, which anyone can make agree, is not enough). SHA-256 rather than the word
        lists' blake2b: most processors have instructions for it (here: 3.6 ms for English, blake2b 6.7 ms)."""
        with memoryview(self.table).cast("B") as view:
            return hashlib.sha256(view).hexdigest()


def check_table(table: Table) -> None:
    """What the compiled core checks of a table before it solves with it, for the Python engine: a file with a
    valid checksum may still be crafted (a root that is its own child finds no word on any board, for good).

    Every entry must point at a row inside the table, never the root, and lie in an earlier row than its own
    (the root's anywhere after it), so no word goes on forever; each row's bitmask must name exactly its
    entries. Column by column and row by row in C loops (`map`, `zip`, slices), yet some 0.2-0.5 s for
    enable1: the loader asks it only where the compiled core, which checks the same, is not in use."""
    rows = len(table) // STRIDE
    if not rows or len(table) % STRIDE:
        raise CorruptTrie("not a whole number of rows")
    columns = [table[column::STRIDE] for column in range(MASK_COLUMN)]
    pointers = set().union(*columns)
    pointers.discard(0)
    limit = rows * STRIDE
    # An entry is child_base << 1 | ends_a_word: its child a whole row, after the root, inside the table.
    if any(base % STRIDE or not STRIDE <= base < limit for base in {entry >> 1 for entry in pointers}):
        raise CorruptTrie("an entry points outside the table")
    # Row n's children lie before it (entry < 2 * n * STRIDE); the root's, row 0, anywhere.
    highest = list(map(max, zip(*columns, strict=True))) if rows > 1 else []
    if any(map(operator.ge, highest[1:], range(2 * STRIDE, 2 * limit, 2 * STRIDE))):
        raise CorruptTrie("a row's children do not come before it")
    named = [0] * rows
    for column, entries in enumerate(columns):
        named = list(map(operator.or_, named, map(operator.lshift, map(bool, entries), repeat(column))))
    if named != table[MASK_COLUMN::STRIDE].tolist():
        raise CorruptTrie("a row's bitmask does not name its entries")


def _read_into(file: BufferedIOBase, view: memoryview) -> int:
    """Fill `view` from `file` as far as it goes; the number of bytes read."""
    done = 0
    while done < len(view):
        got = file.readinto(view[done:])
        if not got:
            break
        done += got
    return done


class _Builder:
    """Builds the table bottom-up from sorted words, sharing equal nodes as it goes.

    A node is written once its children are, and a node equal to one already
    written (same finality, same edges) is not written again: the result is the
    minimal automaton. A node with a single word below it is known by that word's
    remaining letters, so common endings (-ing, -ness) are found in one lookup.
    """

    def __init__(self, words: list[str], alphabet: Alphabet) -> None:
        self.words = words
        self.letter = alphabet.letter_index
        # First letter of a two-letter face -> (second letter, face column) pairs.
        self.digraphs_from: dict[int, list[tuple[int, int]]] = {}
        for first, second, face in alphabet.pairs:
            self.digraphs_from.setdefault(first, []).append((second, face))
        self.table: list[int] = [0] * STRIDE  # row 0 is kept for the root
        self.final: list[int] = [0]
        self.rows: dict[tuple[int, ...], int] = {}
        self.endings: dict[str, int] = {}
        self.small: dict[tuple[str, ...], int] = {}

    def build(self) -> Table:
        if self.words:
            root = self.node(0, len(self.words), 0) * STRIDE
            self.table[:STRIDE] = self.table[root : root + STRIDE]
        return array(_TYPECODE, self.table)

    def node(self, lo: int, hi: int, depth: int) -> int:
        """The row for the words[lo:hi], which share their first `depth` letters."""
        words = self.words
        if hi - lo == 1:
            return self.ending(words[lo][depth:])
        key = None
        if hi - lo <= _SMALL_RANGE:
            # Few words below: the node is known by their endings ("", "s"; "", "ed", "ing", "s").
            key = tuple([word[depth:] for word in words[lo:hi]])
            row = self.small.get(key)
            if row is not None:
                return row
        first, last = words[lo], words[hi - 1]
        shared = depth
        while shared < len(first) and shared < len(last) and first[shared] == last[shared]:
            shared += 1
        if shared > depth:  # a run of single-edge nodes, then the branching node
            row = self.node(lo, hi, shared)
            for letter in reversed(first[depth:shared]):
                row = self.row(0, [self.letter[letter], row])
        else:
            final = 0
            if len(first) == depth:
                final, lo = 1, lo + 1
            prefix = first[:depth]
            edges: list[int] = []
            while lo < hi:
                letter = words[lo][depth]
                end = bisect_left(words, prefix + chr(ord(letter) + 1), lo, hi)
                edges += (self.letter[letter], self.node(lo, end, depth + 1))
                lo = end
            row = self.row(final, edges)
        if key is not None:
            self.small[key] = row
        return row

    def ending(self, letters: str) -> int:
        """The row of a node below which lies exactly one word, ending in `letters`."""
        row = self.endings.get(letters)
        if row is None:
            row = self.row(0, [self.letter[letters[0]], self.ending(letters[1:])]) if letters else self.row(1, [])
            self.endings[letters] = row
        return row

    def row(self, final: int, edges: list[int]) -> int:
        """The row of the node with this finality and these (letter, child row) edges."""
        signature = (final, *edges)
        row = self.rows.get(signature)
        if row is not None:
            return row
        row = len(self.final)
        self.rows[signature] = row
        self.final.append(final)
        table, final_of = self.table, self.final
        base = len(table)
        table += _EMPTY_ROW
        kids = 0
        for i in range(0, len(edges), 2):
            letter, child = edges[i], edges[i + 1]
            table[base + letter] = (child * STRIDE) << 1 | final_of[child]
            kids |= 1 << letter
            for second, face in self.digraphs_from.get(letter, ()):
                entry = table[child * STRIDE + second]
                if entry:
                    table[base + face] = entry
                    kids |= 1 << face
        table[base + MASK_COLUMN] = kids
        return row


_EMPTY_ROW = [0] * STRIDE
_SMALL_RANGE = 8
