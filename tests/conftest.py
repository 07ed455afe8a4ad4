from __future__ import annotations

import gc
import hashlib
import os
import random
import tempfile
from pathlib import Path

import pytest


def _shared_cache() -> Path:
    """One cache of compiled word lists for every worker and every run of this code, never the player's: a list's
    file is named by its digest, and the folder by the engine's own source (a change to how lists are compiled
    reads no file an older engine wrote). Writes are atomic, so workers building one list at once both succeed."""
    root = Path(__file__).resolve().parent.parent
    source = hashlib.sha256()
    for path in sorted([*(root / "boggle_tui" / "engine").glob("*.py"), *(root / "core").glob("*.[ch]")]):
        source.update(path.name.encode() + path.read_bytes())
    user = getattr(os, "getuid", lambda: 0)()
    return Path(tempfile.gettempdir()) / f"boggle-tests-cache-{user}-{source.hexdigest()[:16]}"


# Tests never touch the player's own cache or data; each worker has data of its own.
_SCRATCH = Path(tempfile.mkdtemp(prefix="boggle-tests-"))
os.environ["BOGGLE_CACHE_DIR"] = str(_shared_cache())
os.environ["BOGGLE_CACHE_KEEPS"] = str(10**6)  # every list: the tests' own small ones never push out a language's
os.environ["BOGGLE_DATA_DIR"] = str(_SCRATCH / "data")
# Tests read the game's English, whatever the machine's locale: a test of another language asks for it.
for _variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"
# Nor the CI's terminal settings: rich and Textual read these (colour codes in captured text, a narrow width).
for _variable in ("FORCE_COLOR", "NO_COLOR", "COLUMNS", "LINES", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "TERM_PROGRAM"):
    os.environ.pop(_variable, None)

# The collector's young generation is walked every 10,000 new objects instead of CPython's 700 (as `boggle
# server`'s is: net/collector.py). A test's apps allocate a great many short-lived objects and Textual's caches keep
# some 200,000 alive, so each full pass over them was frequent and long: with 700, a fifth of the tests' CPU was the
# collector's (tests/test_start_screen.py and test_seams.py: 27.2 s of CPU, 7.3 s of it collecting; 22.1 s with
# 10,000, at 20 MB more peak memory: benchmarks/NOTES.md). The game keeps CPython's default.
gc.set_threshold(10_000, *gc.get_threshold()[1:])

from hypothesis import settings  # noqa: E402
from textual import screen as textual_screen  # noqa: E402
from textual.css.stylesheet import Stylesheet  # noqa: E402

from boggle_tui.engine.dictionary import Dictionary, load_dictionary  # noqa: E402

# No test is timed: Hypothesis's per-example deadline is a wall-clock limit that a busy machine breaks (speed goals
# live in benchmarks/). Every other Hypothesis setting stays as each test asks.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")

# A screen redraws what changed at most this often (Textual's default: 60 times a second). A test waits for what it
# checks (support.until), never for a frame, and a pilot's pause draws the screen whole: at 5 the suite's apps draw
# fewer frames and the suite takes less CPU (60 -> 15: 6% less; 15 -> 5: 14% less, benchmarks/NOTES.md). The game
# itself keeps Textual's default.
TEST_FPS = int(os.environ.get("BOGGLE_TEST_FPS", "5"))  # 60: as the game draws
textual_screen.UPDATE_PERIOD = 1 / TEST_FPS  # type: ignore[misc]  # read when each screen starts its timer
from boggle_tui.i18n import use_language  # noqa: E402

# Every app a test starts parses the same stylesheets again (Textual keeps parsed rules per app): a quarter of a
# start screen's start-up, some 20 ms an app. One parse per process is shared instead, keyed by everything the
# parse reads (the text, where it is from, its kind, its scope and the theme's variables it is parsed with); the
# rules parsed are never changed once made. Textual is pinned by the test extra, so its signature is known.
_PARSED: dict[tuple[object, ...], list[object]] = {}
_parse_rules_of_one_app = Stylesheet._parse_rules


def _parse_rules_once(self: Stylesheet, css: str, read_from: object, *args: object, **kwargs: object) -> list[object]:
    key = (css, read_from, args, tuple(sorted(kwargs.items())), frozenset(self._variables.items()))
    if (rules := _PARSED.get(key)) is None:
        rules = _PARSED[key] = _parse_rules_of_one_app(self, css, read_from, *args, **kwargs)  # type: ignore[arg-type]
    return rules


Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign, assignment]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers a core, up to 8: a test that waits (a server, a key's turn) leaves its core to another
    (on 2 cores, 4 workers take the suite from 198 s to 149 s of wall time for the same CPU)."""
    return max(2, min(2 * (os.cpu_count() or 1), 8))


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English and leaves English behind, whatever language it played in."""
    use_language("en")
    yield
    use_language("en")


@pytest.fixture(scope="session")
def enable1() -> Dictionary:
    return load_dictionary("enable1")


@pytest.fixture(scope="session")
def popular() -> Dictionary:
    return load_dictionary("popular")


@pytest.fixture
def word_file(tmp_path: Path):
    """Write a word list with the given text and return its path."""

    def write(text: str | bytes, name: str = "words.txt") -> Path:
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        return path

    return write


@pytest.fixture
def room(enable1):
    """An online room without sockets, on enable1, with a clock the test moves (`room.time`)."""
    from support import FakeTime

    from boggle_tui.game.rules import Rules
    from boggle_tui.net.room import Room

    time_ = FakeTime()
    made = Room("table", Rules(seconds=60), lambda *_: enable1, now=time_, rng=random.Random(3))
    made.time = time_  # type: ignore[attr-defined]
    return made
