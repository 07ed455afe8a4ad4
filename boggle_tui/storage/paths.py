"""Where the player's own data lives: the user data folder, `BOGGLE_DATA_DIR`, or a tab's own.

`boggle web` on a public address sets BOGGLE_TAB_DATA: its visitors are strangers to each
other, so each game (one per browser tab) keeps its history, study cards, settings and room
tokens in a folder of its own, removed when the game ends.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
from pathlib import Path

import platformdirs

TAB_DATA_VARIABLE = "BOGGLE_TAB_DATA"


def data_dir() -> Path:
    override = os.environ.get("BOGGLE_DATA_DIR")
    if override:
        return Path(override)
    if tab_data():
        return _tab_folder()
    return Path(platformdirs.user_data_dir("boggle-tui"))


def tab_data() -> bool:
    """This game keeps its data for itself, as long as it runs (a browser tab on a public server)."""
    return os.environ.get(TAB_DATA_VARIABLE, "") not in ("", "0")


@functools.cache
def _tab_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="boggle-tab-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder
