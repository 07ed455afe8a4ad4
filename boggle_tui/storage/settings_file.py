"""Where the settings file lives, and the one value of it read before anything else: the language the game speaks.

Apart from settings.py, which checks every value against the game's dice, lists and rules, so that each command
(`boggle solve --json` too) learns its language without importing the game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from boggle_tui.engine.alphabets import ALPHABETS
from boggle_tui.engine.atomic import open_regular
from boggle_tui.storage.paths import data_dir

SETTINGS = "settings.json"
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes; anything larger is not ours


def settings_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / SETTINGS


def remembered_language(folder: Path | None = None) -> str | None:
    """The language the start screen last chose, if the settings name a valid one; quietly None otherwise
    (load_preferences gives the notices)."""
    try:
        with open_regular(settings_path(folder)) as file:
            stored = json.loads(file.read(MAX_BYTES + 1).decode("utf-8-sig"))
        return checked_language(stored["language"])
    except (OSError, ValueError, RecursionError, TypeError, KeyError):
        return None


def checked_language(value: Any) -> str:
    """A remembered language's code, or a ValueError."""
    if not isinstance(value, str) or value not in ALPHABETS:
        raise ValueError(value)
    return value
