from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Tests never touch the player's own cache or data.
_SCRATCH = Path(tempfile.mkdtemp(prefix="boggle-tests-"))
os.environ["BOGGLE_CACHE_DIR"] = str(_SCRATCH / "cache")
os.environ["BOGGLE_DATA_DIR"] = str(_SCRATCH / "data")

from boggle_tui.engine.dictionary import Dictionary, load_dictionary  # noqa: E402


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
