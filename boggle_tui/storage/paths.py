"""Where the player's own data lives: the user data folder, or `BOGGLE_DATA_DIR`."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    override = os.environ.get("BOGGLE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("boggle-tui"))
