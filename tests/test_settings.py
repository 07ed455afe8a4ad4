"""Remembered preferences: checked field by field, a bad field falls back alone and says so."""

from __future__ import annotations

import json
import os
from pathlib import Path

from support import without_waiting

from boggle_tui.game.preferences import Preferences
from boggle_tui.game.request import Mode
from boggle_tui.game.rules import Scoring
from boggle_tui.storage.rooms import ROOMS, forget_token, remember_token, token_for
from boggle_tui.storage.settings import load_preferences, save_preferences, settings_path


def write(folder: Path, text: str | bytes) -> None:
    path = settings_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())


def test_only_a_language_the_player_chose_is_remembered_the_defaults_follow_the_locale(tmp_path: Path) -> None:
    """Enter on the defaults under an English locale, then a German one: German, not the English saved."""
    assert save_preferences(Preferences(dice="big", seconds=60), tmp_path)  # the language not chosen
    assert "language" not in json.loads(settings_path(tmp_path).read_text())
    german, notices = load_preferences(tmp_path, language="de")
    assert (german.language, german.dice, german.dictionary, german.seconds, notices) == ("de", "de", "de", 60, [])
    assert not german.language_chosen
    assert load_preferences(tmp_path, language="en")[0].language == "en"
    chosen = Preferences(language="es", dice="es", dictionary="es", language_chosen=True)  # chosen: remembered
    assert save_preferences(chosen, tmp_path)
    assert load_preferences(tmp_path, language="de") == (chosen, [])


def test_choices_survive_a_restart(tmp_path: Path) -> None:
    chosen = Preferences(
        dice="big", seconds=120, dictionary="popular", mode=Mode.PRACTICE, theme="nord", scoring=Scoring.ALL
    )
    assert save_preferences(chosen, tmp_path)
    assert load_preferences(tmp_path) == (chosen, [])
    save_preferences(Preferences(seconds=None), tmp_path)
    assert load_preferences(tmp_path)[0].seconds is None  # no clock


def test_a_missing_file_is_the_defaults_without_a_word(tmp_path: Path) -> None:
    assert load_preferences(tmp_path) == (Preferences(), [])


def test_each_bad_field_falls_back_alone_with_a_notice(tmp_path: Path) -> None:
    write(
        tmp_path,
        '{"dice": 7, "seconds": true, "dictionary": "popular", "mode": "sideways", "theme": "nord", "scoring": "team"}',
    )  # the table never plays as a team with the player
    preferences, notices = load_preferences(tmp_path)
    assert preferences == Preferences(dictionary="popular", theme="nord")
    assert len(notices) == 4 and all("back to its default" in n for n in notices)


def test_values_a_round_cannot_hold_are_not_taken(tmp_path: Path) -> None:
    for value in (-5, 10**30, 1.5, "long"):
        write(tmp_path, json.dumps({"seconds": value, "dice": "big"}))
        preferences, notices = load_preferences(tmp_path)
        assert (preferences.seconds, preferences.dice, len(notices)) == (180, "big", 1)


def test_a_byte_order_mark_is_no_reason_to_forget_everything(tmp_path: Path) -> None:
    write(tmp_path, "\ufeff" + json.dumps({"dice": "big"}))
    assert load_preferences(tmp_path) == (Preferences(dice="big"), [])


def test_unreadable_files_give_the_defaults_and_one_notice(tmp_path: Path) -> None:
    for text in ("{not json", "[1, 2]", "[" * 100_000, json.dumps({"dictionary": "x" * 5000}), b"\xff\xfe"):
        write(tmp_path, text)
        preferences, notices = load_preferences(tmp_path)
        assert preferences == Preferences() and len(notices) == 1


def test_files_from_before_modes_had_a_field(tmp_path: Path) -> None:
    write(tmp_path, json.dumps({"practice": True, "seconds": 0}))
    assert load_preferences(tmp_path)[0] == Preferences(mode=Mode.PRACTICE, seconds=None)
    write(tmp_path, json.dumps({"rich": True}))
    assert load_preferences(tmp_path)[0].mode is Mode.RICH


def test_an_unwritable_folder_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert not save_preferences(Preferences(), blocker)


def test_a_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    save_preferences(Preferences(), tmp_path)
    save_preferences(Preferences(dice="big"), tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_settings_file_that_is_a_fifo_is_passed_by_with_a_notice_not_waited_on(tmp_path: Path) -> None:
    fifo = settings_path(tmp_path)
    os.mkfifo(fifo)
    preferences, notices = without_waiting(lambda: load_preferences(tmp_path), [fifo])
    assert preferences == Preferences() and len(notices) == 1 and "not a regular file" in notices[0]
    assert save_preferences(Preferences(dice="big"), tmp_path)  # a choice made later replaces it with a file
    assert load_preferences(tmp_path) == (Preferences(dice="big"), [])


def test_a_rooms_file_that_is_a_fifo_holds_no_tokens_and_is_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / ROOMS
    os.mkfifo(fifo)
    assert without_waiting(lambda: token_for("host:1", "room", tmp_path), [fifo]) is None
    without_waiting(lambda: remember_token("host:1", "room", "t" * 20, tmp_path), [fifo])
    assert fifo.is_file() and token_for("host:1", "room", tmp_path) == "t" * 20


def test_pause_on_focus_loss_is_remembered_and_checked(tmp_path: Path) -> None:
    assert Preferences().pause_on_focus_loss
    assert save_preferences(Preferences(pause_on_focus_loss=False), tmp_path)
    assert load_preferences(tmp_path) == (Preferences(pause_on_focus_loss=False), [])
    write(tmp_path, '{"pause_on_focus_loss": "no", "bell": false}')
    preferences, notices = load_preferences(tmp_path)
    assert preferences == Preferences(bell=False) and len(notices) == 1 and "pause_on_focus_loss" in notices[0]


def test_a_room_s_token_is_kept_for_the_name_it_was_given_to(tmp_path: Path) -> None:
    remember_token("host:1", "night", "lana-token", tmp_path, name="lana")
    assert token_for("host:1", "night", tmp_path, name="phil") is None  # phil never takes lana's seat
    assert token_for("host:1", "night", tmp_path, name="lana") == "lana-token"
    remember_token("host:1", "night", "phil-token", tmp_path, name="phil")
    assert token_for("host:1", "night", tmp_path, name="lana") == "lana-token"  # both kept, each for its own
    assert token_for("host:1", "night", tmp_path) == "phil-token"  # no name asked: the room's newest
    forget_token("host:1", "night", tmp_path, name="phil")
    assert token_for("host:1", "night", tmp_path, name="phil") is None
    assert token_for("host:1", "night", tmp_path, name="lana") == "lana-token"
    forget_token("host:1", "night", tmp_path)  # the room is gone: every name's token with it
    assert token_for("host:1", "night", tmp_path) is None
    (tmp_path / ROOMS).write_text('{"host:1 night": "old-token"}')  # written before names were kept
    assert token_for("host:1", "night", tmp_path, name="lana") is None
    assert token_for("host:1", "night", tmp_path) == "old-token"
