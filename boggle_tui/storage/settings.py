"""The start screen's choices, remembered between runs in `settings.json` beside the history."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from boggle_tui.engine.atomic import write_text_atomic
from boggle_tui.game.preferences import GameSettings
from boggle_tui.storage.history import data_dir

SETTINGS = "settings.json"
REMEMBERED = ("dice", "seconds", "dictionary", "practice", "rich")
DEFAULT_THEME = "textual-dark"


def settings_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / SETTINGS


def load_settings(folder: Path | None = None) -> tuple[GameSettings, str]:
    """The remembered settings and theme; anything missing or unreadable falls back to the default."""
    try:
        stored = json.loads(settings_path(folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stored = {}
    if not isinstance(stored, dict):
        stored = {}
    defaults = GameSettings()
    changes = {
        key: stored[key]
        for key in REMEMBERED
        if key in stored and isinstance(stored[key], type(getattr(defaults, key)))
    }
    theme = stored.get("theme")
    return replace(defaults, **changes), theme if isinstance(theme, str) else DEFAULT_THEME


def save_settings(settings: GameSettings, theme: str, folder: Path | None = None) -> bool:
    """Write atomically; False if the folder cannot be written (the game goes on regardless)."""
    data = {key: getattr(settings, key) for key in REMEMBERED} | {"theme": theme}
    try:
        write_text_atomic(settings_path(folder), json.dumps(data, indent=2) + "\n")
    except OSError:
        return False
    return True
