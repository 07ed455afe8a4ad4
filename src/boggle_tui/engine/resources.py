"""Where the shipped data (dice sets, word lists) lives: `boggle_tui/data/`, in a checkout and in a wheel alike."""

from __future__ import annotations

from pathlib import Path

_DATA = Path(__file__).resolve().parent.parent / "data"


def data_dir(name: str) -> Path:
    """The shipped folder `name` ("dice" or "dictionaries")."""
    folder = _DATA / name
    if not folder.is_dir():
        raise FileNotFoundError(f"boggle-tui is installed without its {name}/ folder")
    return folder
