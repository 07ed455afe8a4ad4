"""Where the shipped data lives, in a checkout and in a wheel alike.

In a checkout the dice sets and word lists have one source each, the top-level `dice/`
and `dictionaries/` folders; a wheel maps them to `boggle_tui/data/` (pyproject.toml),
where the definitions live in both.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
_PLACES = (_PACKAGE / "data", _PACKAGE.parent)  # installed first, then a checkout's top level


def data_dir(name: str) -> Path:
    """The shipped folder `name` ("dice", "dictionaries", "definitions" or "frequency")."""
    for place in _PLACES:
        if (place / name).is_dir():
            return place / name
    raise FileNotFoundError(f"boggle-tui is installed without its {name}/ folder")
