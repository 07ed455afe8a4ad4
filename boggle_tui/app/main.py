"""`boggle play`: from command-line flags to a running app."""

from __future__ import annotations

import argparse
import gc

from boggle_tui.dice import DEFAULT_DICE, load_dice_set
from boggle_tui.dictionary import DEFAULT_DICTIONARY, resolve
from boggle_tui.errors import BoggleError
from boggle_tui.game_settings import DEFAULT_SECONDS, GameSettings

# Any of these flags says what to play, so the round starts at once.
_STARTS_AT_ONCE = ("seed", "board", "code", "daily", "time", "dice", "practice")


def settings_from(args: argparse.Namespace) -> tuple[GameSettings, bool]:
    """The settings the flags give, and whether to skip the start screen; bad flags raise BoggleError."""
    settings = GameSettings(
        dice=args.dice or DEFAULT_DICE,
        seconds=DEFAULT_SECONDS if args.time is None else args.time,
        dictionary=args.dictionary or DEFAULT_DICTIONARY,
        practice=args.practice,
        min_length=args.min_length,
        seed=args.seed,
        board=args.board,
        code=args.code,
        daily=args.daily,
    )
    if sum(given is not None and given is not False for given in (args.board, args.code, args.daily or None)) > 1:
        raise BoggleError("choose one of --board, --code and --daily")
    load_dice_set(settings.dice)
    resolve(settings.dictionary)
    settings.deal()  # a malformed board or code is an error now, not in the middle of the app
    start_now = any(getattr(args, flag) not in (None, False) for flag in _STARTS_AT_ONCE)
    return settings, start_now


def run_app(args: argparse.Namespace) -> int:
    settings, start_now = settings_from(args)
    from boggle_tui.app.app import BoggleApp

    # Everything imported so far lives as long as the app: keep the collector from walking it
    # again and again, which would be a visible pause on every full collection.
    gc.collect()
    gc.freeze()
    BoggleApp(settings, start_now=start_now).run()
    return 0
