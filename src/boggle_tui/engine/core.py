"""Which engine solves boards: the compiled core (`_core.c`) when it was built, else pure Python.

The pure-Python solver in solver.py is the reference; the core must find exactly the
same words (tests/test_core.py checks both on generated boards of every shape).
`BOGGLE_PURE_PYTHON=1` forces the Python engine, read at each call so that a test or
a benchmark can switch.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from types import ModuleType

try:
    from boggle_tui.engine import _core as _compiled
except ImportError:  # installed without a C compiler, or built with BOGGLE_BUILD_CORE=0
    _compiled = None

PURE_PYTHON_VARIABLE = "BOGGLE_PURE_PYTHON"


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
