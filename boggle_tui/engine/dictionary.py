"""Word lists by name or path, compiled to a trie once and cached on disk.

The cache is keyed by the word list's file as it is stored (an .xz list's compressed
bytes: a warm load never decompresses 3.5 million words only to name the cache), its
language and the trie format version, so an edited list or a new release rebuilds it;
a missing, stale or damaged cache file, or one the compiled core refuses, is rebuilt
silently. The Python engine makes the core's checks of a cache file's table once per table: a mark
beside the file (`CHECKED_MARK`) holds the hash of the table that passed them, or that the builder wrote.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from boggle_tui.engine import core
from boggle_tui.engine.alphabets import ALPHABETS, ENGLISH, Alphabet, alphabet_for
from boggle_tui.engine.atomic import open_regular, write_bytes_atomic
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.engine.resources import data_dir
from boggle_tui.engine.trie import FORMAT_VERSION, Trie
from boggle_tui.engine.wordlist import list_text, parse_word_list, read_list_bytes, read_list_file
from boggle_tui.i18n import _

DEFAULT_DICTIONARY = "enable1"
COMMON_WORDS = "popular"


@dataclass(frozen=True)
class Dictionary:
    name: str  # the shipped name or the path as given
    path: Path
    trie: Trie
    skipped: int  # lines that were not words
    unplayable: int  # words with a q that no u follows
    from_cache: bool
    known_digest: str = ""  # `digest`, where it was at hand when the list was loaded

    @functools.cached_property
    def digest(self) -> str:
        """The list's content hash: two copies judge alike when theirs agree (a room and its players, a proof
        and its resumption); "" when the file cannot be read. A compressed list loaded from the cache was never
        decompressed: its hash is worked out the first time it is asked for, from the file as it is then."""
        if self.known_digest:
            return self.known_digest
        try:
            return list_digest(str(self.path))
        except BoggleError:
            return ""

    def __contains__(self, word: object) -> bool:
        return word in self.trie

    @property
    def alphabet(self) -> Alphabet:
        return self.trie.alphabet

    def __len__(self) -> int:
        return len(self.trie)


# Shipped lists are plain text, or xz-compressed (the other languages': issue 19).
_SHIPPED_SUFFIXES = (".txt", ".txt.xz")


def _shipped() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in data_dir("dictionaries").iterdir():
        for suffix in _SHIPPED_SUFFIXES:
            if path.name.endswith(suffix):
                found[path.name.removesuffix(suffix)] = path
    return found


def shipped_dictionaries() -> list[str]:
    return sorted(_shipped())


def language_of(name_or_path: str, language: str | None = None) -> Alphabet:
    """The language a list is read in: a shipped list named after a language is in it; any other
    list is in `language`, English unless given."""
    if name_or_path in ALPHABETS and name_or_path in _shipped():
        return ALPHABETS[name_or_path]
    return alphabet_for(language) if language else ENGLISH


def resolve(name_or_path: str) -> Path:
    """A shipped list's name (`enable1`, `popular`, `es`) or any file path."""
    shipped = _shipped()
    if name_or_path in shipped:
        return shipped[name_or_path]
    path = Path(name_or_path).expanduser()
    try:
        exists = path.exists()
    except OSError as error:  # a name too long for the file system, say
        raise BoggleError(
            _("word list {name} cannot be used: {error}").format(
                name=repr(cut_short(name_or_path)), error=error.strerror or error
            )
        ) from None
    if not exists:
        names = ", ".join(shipped_dictionaries())
        raise BoggleError(
            _("word list {name} not found: give a file path or one of {names}").format(
                name=repr(cut_short(name_or_path)), names=names
            )
        )
    return path


def cache_dir() -> Path:
    override = os.environ.get("BOGGLE_CACHE_DIR")
    return Path(override) if override else Path(platformdirs.user_cache_dir("boggle-tui"))


# Compiled lists kept in the cache, the most recently used: enough for every list a player switches between.
# BOGGLE_CACHE_KEEPS sets another number (a test suite's shared cache keeps every list: ninety temporary lists of its
# own would otherwise push out the seven languages', each compiled again, Polish in 5 s of CPU).
CACHE_KEEPS = 8


def cache_keeps() -> int:
    given = os.environ.get("BOGGLE_CACHE_KEEPS", "")
    return int(given) if given.isascii() and given.isdigit() and 0 < int(given) < 10**9 else CACHE_KEEPS


_STALE_TEMPORARY = 3600  # seconds: a .tmp file this old was left by a write that was killed


def load_dictionary(
    name_or_path: str = DEFAULT_DICTIONARY, *, use_cache: bool = True, language: str | None = None
) -> Dictionary:
    """A list by name or path, read in its language (`language_of`)."""
    alphabet = language_of(name_or_path, language)
    path = resolve(name_or_path)
    stored = read_list_file(path, name_or_path)
    stored_digest = content_digest(stored)  # names the cache; a plain list's is its content hash too
    plain = stored_digest if not path.name.endswith(".xz") else ""
    cached = _cache_path(stored_digest, alphabet) if use_cache else None
    if cached is not None:
        try:
            with open_regular(cached) as file:  # a FIFO in its place is rebuilt over, never waited on
                trie, skipped, unplayable = Trie.from_file(file, alphabet)
            # The compiled core checks a table whole (every child a row inside it, no word going on forever)
            # where a checksum cannot (a crafted file has a valid one): made now, a table it refuses is rebuilt
            # here instead of failing every solve (the Python engine would find no word, for good, in a table
            # whose root is its own child). It is the core the first solve would make anyway.
            if trie.core() is None:  # the Python engine: the same checks, made here once per table
                _check_once(cached, trie)
            os.utime(cached)  # recently used: kept when the cache is trimmed
            return Dictionary(name_or_path, path, trie, skipped, unplayable, True, plain)
        except (OSError, ValueError):  # ValueError: CorruptTrie, or the core's refusal
            pass  # missing, damaged or refused: build it again below
    data = list_text(stored, path, name_or_path)
    del stored  # an .xz list's text is many times its file: hold one of them at a time
    words = parse_word_list(data, name_or_path, alphabet)
    trie = Trie.build(words.words, alphabet)
    if cached is not None:
        with contextlib.suppress(OSError):  # a read-only cache only costs speed
            write_bytes_atomic(cached, trie.to_bytes(words.skipped, words.unplayable))
            if core.compiled() is None:  # the Python engine's: the builder's own table takes the checks (test_trie)
                _mark_checked(cached, trie)
            trim_cache(cached.parent)
    return Dictionary(name_or_path, path, trie, words.skipped, words.unplayable, False, content_digest(data))


# Beside a cache file `NAME.trie`, `NAME.trie.checked`: the hash of the table (`Trie.table_digest`) the Python
# engine's checks (`Trie.check`: 0.2 s and 16 MB more at the peak for English, 0.5 s and 49 MB for Polish) passed,
# or that the builder wrote. A table whose hash is another (the file rewritten, crafted, built again) is checked
# again; the mark is only as trusted as the cache folder it is in, as the cache files themselves are.
CHECKED_MARK = ".checked"


def _check_once(cached: Path, trie: Trie) -> None:
    """Raise CorruptTrie unless `trie`, read from `cached`, passes the checks or passed them before."""
    digest = trie.table_digest()
    with contextlib.suppress(OSError, UnicodeDecodeError), open_regular(_mark_path(cached)) as mark:
        if mark.read(100).decode("ascii") == digest:
            return
    trie.check()
    _mark_checked(cached, trie, digest)


def _mark_checked(cached: Path, trie: Trie, digest: str = "") -> None:
    with contextlib.suppress(OSError):  # no mark: checked again next time
        write_bytes_atomic(_mark_path(cached), (digest or trie.table_digest()).encode("ascii"))


def _mark_path(cached: Path) -> Path:
    return cached.with_name(cached.name + CHECKED_MARK)


def content_digest(data: bytes) -> str:
    """A word list's content hash (32 hex digits)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def list_digest(name_or_path: str) -> str:
    """The content hash of a word list as this machine has it (a BoggleError if it has none).

    A compressed list is hashed as its text, which takes reading it whole (Polish: 0.45 s, as a player joins a room
    in the app), so each file's hash is remembered while the file, as `stat` sees it, is the same one."""
    path = resolve(name_or_path)
    try:
        seen = path.stat()
        key: tuple[object, ...] | None = (str(path), seen.st_ino, seen.st_size, seen.st_mtime_ns)
    except OSError:
        key = None  # read_list_bytes says why
    if key is None or (digest := _DIGESTS.get(key)) is None:
        digest = content_digest(read_list_bytes(path, name_or_path))
        if key is not None:
            if len(_DIGESTS) >= 64:
                _DIGESTS.clear()
            _DIGESTS[key] = digest
    return digest


_DIGESTS: dict[tuple[object, ...], str] = {}  # a list's file (path, inode, size, modified) -> list_digest's hash


def trim_cache(folder: Path, keep: int | None = None, now: float | None = None) -> None:
    """Delete all but the `keep` (`cache_keeps()`) most recently used compiled lists, and temporary files left by a
    kill."""
    keep = cache_keeps() if keep is None else keep
    now = time.time() if now is None else now
    tries: list[tuple[float, Path]] = []
    for entry in folder.iterdir():
        with contextlib.suppress(OSError):
            modified = entry.stat().st_mtime
            if entry.name.endswith(".tmp") and now - modified > _STALE_TEMPORARY:
                entry.unlink()
            elif entry.suffix == ".trie":
                tries.append((modified, entry))
            elif entry.name.endswith(".trie" + CHECKED_MARK) and not folder.joinpath(entry.stem).exists():
                entry.unlink()  # its cache file was trimmed
    for _modified, old in sorted(tries, reverse=True)[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()
            _mark_path(old).unlink(missing_ok=True)


def is_cached(name_or_path: str, language: str | None = None) -> bool:
    """Whether the list, read in its language (`language_of`), loads from the cache (fast) rather than being
    compiled (about a second)."""
    try:
        path = resolve(name_or_path)
        stored_digest = content_digest(read_list_file(path, name_or_path))
        return path.is_file() and _cache_path(stored_digest, language_of(name_or_path, language)).is_file()
    except (BoggleError, OSError):
        return False


def _cache_path(digest: str, alphabet: Alphabet = ENGLISH) -> Path:
    """The compiled list's file: named by the hash of the list's file as stored (a plain list's content hash, so
    English's name is as it was), its language and the trie format, so any change rebuilds it."""
    language = "" if alphabet is ENGLISH else f"-{alphabet.code}"
    return cache_dir() / f"{digest}{language}-v{FORMAT_VERSION}.trie"
