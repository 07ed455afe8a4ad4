"""Where the shipped data (dice sets, word lists) lives.

In a wheel the data sits inside the package (`boggle_tui/data/...`); in a source
checkout it sits at the project root beside the package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # boggle_tui/


def data_dir(name: str) -> Path:
    """The shipped folder `name` ("dice" or "dictionaries")."""
    for candidate in (_PACKAGE / "data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"boggle-tui is installed without its {name}/ folder")
