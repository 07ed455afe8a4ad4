"""Which engine solves boards: the compiled core (`core/_boggle_core.c`) when it was built, else pure Python.

The pure-Python solver in solver.py is the reference; the core must find exactly the
same words with the same canonical paths, byte for byte (tests/test_core.py checks both
on generated boards of every shape).
`BOGGLE_PURE_PYTHON=1` forces the Python engine, read at each call so that a test or
a benchmark can switch.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

PURE_PYTHON_VARIABLE = "BOGGLE_PURE_PYTHON"
INTERFACE = 8  # must equal INTERFACE in core/_boggle_core.c
# In a checkout the core's sources sit beside the package (in setup.py's order); an installed wheel has none.
CHECKOUT_SOURCES = tuple(Path(__file__).resolve().parents[2] / "core" / name for name in ("_boggle_core.c", "prove.c"))


def sources_sha256(sources: tuple[Path, ...]) -> str:
    """The hash setup.py builds into the core: of its sources' bytes, one after another."""
    digest = hashlib.sha256()
    for source in sources:
        digest.update(source.read_bytes())
    return digest.hexdigest()


def why_stale(module: ModuleType, sources: tuple[Path, ...] = CHECKOUT_SOURCES) -> str | None:
    """Why `module` must not be used by this Python code, or None when it fits.

    The core is a top-level module installed beside the package, so a checkout's own
    boggle_tui can find a core built from an older source: it is refused when its
    interface differs, or when this checkout's source is not the one it was built from.
    """
    if getattr(module, "INTERFACE", None) != INTERFACE:
        return "built for another interface"
    if all(source.is_file() for source in sources) and sources_sha256(sources) != module.SOURCE_SHA256:
        return "built from another source: pip install . again"
    return None


def _load() -> tuple[ModuleType | None, str | None]:
    try:
        import _boggle_core
    except ImportError:  # installed without a C compiler, or built with BOGGLE_BUILD_CORE=0
        return None, None
    stale = why_stale(_boggle_core)
    return (None, stale) if stale else (_boggle_core, None)


_compiled, _stale = _load()


def compiled() -> ModuleType | None:
    """The compiled core, or None when it is not built or not wanted."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return None
    return _compiled


def is_built() -> bool:
    return _compiled is not None


def engine_name() -> str:
    """The engine in use, as `boggle --version` and `boggle bench` say it."""
    if compiled() is not None:
        return "C (compiled core)"
    if is_built():
        return f"Python ({PURE_PYTHON_VARIABLE}=1; the compiled core is built)"
    if _stale:
        return f"Python (the installed compiled core is {_stale})"
    return "Python (the compiled core is not built)"


@contextlib.contextmanager
def forced(compiled: bool) -> Iterator[None]:
    """Use the compiled core (if built) or the Python engine for a while: for side-by-side measurements."""
    before = os.environ.get(PURE_PYTHON_VARIABLE)
    os.environ[PURE_PYTHON_VARIABLE] = "" if compiled else "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ[PURE_PYTHON_VARIABLE]
        else:
            os.environ[PURE_PYTHON_VARIABLE] = before
