from __future__ import annotations

from pathlib import Path

from boggle_tui.game.preferences import GameSettings
from boggle_tui.storage.settings import DEFAULT_THEME, load_settings, save_settings, settings_path


def test_choices_survive_a_restart(tmp_path: Path) -> None:
    chosen = GameSettings(dice="big", seconds=120, dictionary="popular", practice=True, seed=9)
    assert save_settings(chosen, "nord", tmp_path)
    settings, theme = load_settings(tmp_path)
    assert (settings.dice, settings.seconds, settings.dictionary, settings.practice) == ("big", 120, "popular", True)
    assert settings.seed is None  # a seed is for one round, not remembered
    assert theme == "nord"


def test_missing_or_damaged_settings_fall_back_to_the_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == (GameSettings(), DEFAULT_THEME)
    settings_path(tmp_path).write_text("{not json")
    assert load_settings(tmp_path) == (GameSettings(), DEFAULT_THEME)
    settings_path(tmp_path).write_text('{"dice": 7, "seconds": "long", "dictionary": "popular"}')
    settings, _ = load_settings(tmp_path)
    assert (settings.dice, settings.seconds, settings.dictionary) == ("new", 180, "popular")


def test_an_unwritable_folder_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert not save_settings(GameSettings(), DEFAULT_THEME, blocker)


def test_a_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    save_settings(GameSettings(), DEFAULT_THEME, tmp_path)
    save_settings(GameSettings(dice="big"), DEFAULT_THEME, tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
