"""The player's preferences, remembered between runs in `settings.json` beside the history.

The file is the player's to edit, so nothing in it is trusted: each field is checked on its
own, and a bad one falls back to its default alone, with a notice, keeping the others.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boggle_tui.engine.atomic import open_regular, write_text_atomic
from boggle_tui.engine.dice import dice_set_names
from boggle_tui.engine.dictionary import resolve
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.languages import shipped_languages
from boggle_tui.game.preferences import Preferences, in_language, of_one_language
from boggle_tui.game.request import Mode
from boggle_tui.game.rules import ROUND_SECONDS, Scoring, contest
from boggle_tui.game.study import MAX_NEW_CARDS_A_ROUND, MAX_NEW_PER_DAY
from boggle_tui.i18n import _
from boggle_tui.storage.settings_file import MAX_BYTES, checked_language, settings_path

MAX_NAME = 1024  # longest word-list path or theme name taken
MAX_KEYS = 100  # bindings a keymap may name
KEY_SPEC = re.compile(r"[a-z0-9_+,-]{1,60}")  # binding ids and key names: `ctrl+r,f4`, `end-round`


def load_preferences(folder: Path | None = None, language: str | None = None) -> tuple[Preferences, list[str]]:
    """The remembered preferences, and one notice per thing that could not be used.

    `language` (the locale's, say) is played, with its dice and word list, where no language is remembered."""
    defaults = in_language(Preferences(), language) if language in shipped_languages() else Preferences()
    path = settings_path(folder)
    try:
        with open_regular(path) as file:  # a FIFO here would hold up every launch
            data = file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return defaults, []
    except OSError as error:
        reason = error.strerror or error
        return defaults, [_("{path} cannot be read ({reason}): using the defaults.").format(path=path, reason=reason)]
    if len(data) > MAX_BYTES:
        return defaults, [_("{path} is larger than a settings file can be: using the defaults.").format(path=path)]
    try:
        stored = json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return defaults, [_("{path} is not readable JSON: using the defaults.").format(path=path)]
    if not isinstance(stored, dict):
        return defaults, [_("{path} does not hold settings: using the defaults.").format(path=path)]
    return _preferences_from(stored, path, defaults)


def _preferences_from(stored: dict[str, Any], path: Path, defaults: Preferences) -> tuple[Preferences, list[str]]:
    chosen: dict[str, Any] = {}
    notices: list[str] = []
    for field, check in _CHECKS.items():
        if field not in stored:
            continue
        try:
            chosen[field] = check(stored[field])
        except (BoggleError, OSError, TypeError, ValueError):
            shown = cut_short(json.dumps(stored[field]), 40)
            notices.append(
                _("{file}: {field} {value} cannot be used; it is back to its default.").format(
                    file=path.name, field=field, value=shown
                )
            )
    if "language" in chosen:  # written only once the player chose it (files of before, always: taken as chosen)
        chosen["language_chosen"] = True
    if "mode" not in stored:  # files written before modes had one field
        if stored.get("practice") is True:
            chosen["mode"] = Mode.PRACTICE
        elif stored.get("rich") is True:
            chosen["mode"] = Mode.RICH
    return of_one_language(Preferences(**{**defaults.__dict__, **chosen})), notices


def _dice(value: Any) -> str:
    if not isinstance(value, str) or value not in dice_set_names(None):
        raise ValueError(value)
    return value


def _seconds(value: Any) -> int | None:
    if value is None or (value == 0 and not isinstance(value, bool)):
        return None  # no clock (0 in files written before None meant it)
    if isinstance(value, bool) or not isinstance(value, int) or value not in ROUND_SECONDS:
        raise ValueError(value)
    return value


def _dictionary(value: Any) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_NAME:
        raise ValueError(value)
    resolve(value)
    return value


def _mode(value: Any) -> Mode:
    return Mode(value)


def _scoring(value: Any) -> Scoring:
    return contest(value)


def _new_cards_per_day(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NEW_PER_DAY:
        raise ValueError(value)
    return value


def _new_cards_a_round(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_NEW_CARDS_A_ROUND:
        raise ValueError(value)
    return value


def _keys(value: Any) -> dict[str, str]:
    """Binding ids to keys: `{"rotate": "ctrl+r,f4"}`. Checked whole: a bad entry drops the map, with a notice."""
    if not isinstance(value, dict) or len(value) > MAX_KEYS:
        raise ValueError(value)
    for binding, keys in value.items():
        if not (isinstance(keys, str) and KEY_SPEC.fullmatch(keys) and KEY_SPEC.fullmatch(binding)):
            raise ValueError(value)
    return dict(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(value)
    return value


def _maybe_flag(value: Any) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ValueError(value)
    return value


def _theme(value: Any) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_NAME:
        raise ValueError(value)
    return value


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "dice": _dice,
    "seconds": _seconds,
    "dictionary": _dictionary,
    "mode": _mode,
    "scoring": _scoring,
    "theme": _theme,
    "new_cards_per_day": _new_cards_per_day,
    "new_cards_a_round": _new_cards_a_round,
    "bonus_missed": _flag,
    "live_count": _maybe_flag,
    "share_rating": _flag,
    "keys": _keys,
    "bell": _flag,
    "pause_on_focus_loss": _flag,
    "language": checked_language,
}


def save_preferences(preferences: Preferences, folder: Path | None = None) -> bool:
    """Write atomically; False if the folder cannot be written (the game goes on regardless)."""
    data: dict[str, Any] = {
        "dice": preferences.dice,
        "seconds": preferences.seconds,
        "dictionary": preferences.dictionary,
        "mode": preferences.mode.value,
        "scoring": preferences.scoring.value,
        "theme": preferences.theme,
        "new_cards_per_day": preferences.new_cards_per_day,
        "new_cards_a_round": preferences.new_cards_a_round,
        "bonus_missed": preferences.bonus_missed,
        "live_count": preferences.live_count,
        "share_rating": preferences.share_rating,
        "keys": preferences.keys,
        "bell": preferences.bell,
        "pause_on_focus_loss": preferences.pause_on_focus_loss,
    }
    if preferences.language_chosen:  # a language the player chose; otherwise the locale's, left to the next run
        data["language"] = preferences.language
    try:
        write_text_atomic(settings_path(folder), json.dumps(data, indent=2) + "\n")
    except OSError:
        return False
    return True
