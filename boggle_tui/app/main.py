"""`boggle play`: from command-line flags to a running app."""

from __future__ import annotations

import argparse
import gc

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import resolve
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.preferences import GameSettings
from boggle_tui.storage.settings import load_settings

# Any of these flags says what to play, so the round starts at once.
_STARTS_AT_ONCE = ("seed", "board", "code", "daily", "best", "time", "dice", "practice")


def settings_from(args: argparse.Namespace, remembered: GameSettings | None = None) -> tuple[GameSettings, bool]:
    """The settings to play: the flags over the remembered choices, and whether to skip the start screen.

    Bad flags raise BoggleError.
    """
    remembered = remembered or GameSettings()
    boards = [
        flag for flag, given in (("--board", args.board), ("--code", args.code), ("--daily", args.daily)) if given
    ]
    if len(boards) > 1:
        raise BoggleError(f"choose one of {' and '.join(boards)}")
    mode_given = args.practice or args.daily or args.best  # else the remembered mode
    settings = GameSettings(
        dice=args.dice or remembered.dice,
        seconds=remembered.seconds if args.time is None else args.time,
        dictionary=args.dictionary or remembered.dictionary,
        practice=args.practice if mode_given else remembered.practice,
        rich=args.best if mode_given else remembered.rich,
        min_length=args.min_length,
        seed=args.seed,
        board=args.board,
        code=args.code,
        daily=args.daily,
    )
    load_dice_set(settings.dice)
    resolve(settings.dictionary)
    settings.deal()  # a malformed board or code is an error now, not in the middle of the app
    start_now = any(getattr(args, flag) not in (None, False) for flag in _STARTS_AT_ONCE)
    return settings, start_now


def run_app(args: argparse.Namespace) -> int:
    remembered, theme = load_settings()
    settings, start_now = settings_from(args, remembered if _playable(remembered) else None)
    from boggle_tui.app.app import BoggleApp
    from boggle_tui.storage.history import History

    # Everything imported so far lives as long as the app: keep the collector from walking it
    # again and again, which would be a visible pause on every full collection.
    gc.collect()
    gc.freeze()
    BoggleApp(settings, start_now=start_now, history=History.open(), theme=theme).run()
    return 0


def _playable(settings: GameSettings) -> bool:
    """Remembered choices may name a word list that has since gone: then they are not used."""
    try:
        load_dice_set(settings.dice)
        resolve(settings.dictionary)
    except BoggleError:
        return False
    return True
