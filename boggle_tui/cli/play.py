"""`boggle play`: from command-line flags to a round request, then the app.

A flag that names a board (`--seed`, `--board`, `--code`, `--daily`, `--best`) gets exactly
that board: remembered preferences fill in only what no flag says (dice, round length, word
list, and the mode when no board is named). Flags that contradict each other are refused.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import os
import sys
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from boggle_tui.cli.flags import given_flags, refuse_conflicts
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import resolve, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.codes import parse_code
from boggle_tui.game.deal import deal
from boggle_tui.game.languages import choose_language, language_for, shipped_languages
from boggle_tui.game.levels import MATCHED
from boggle_tui.game.preferences import Preferences, in_language
from boggle_tui.game.request import BoardRequest, Given, Mode, Richest, Roll, RoundRequest, daily_request
from boggle_tui.game.rules import Rules, Scoring
from boggle_tui.game.share import parse_challenge
from boggle_tui.game.table import TableRules
from boggle_tui.i18n import N_, _, current_language, language_from_environment

if TYPE_CHECKING:  # the app is imported only when it runs
    from boggle_tui.app.launch import Launch

# Any of these flags says what to play, so the round starts at once.
_STARTS_AT_ONCE = (
    "seed", "board", "code", "daily", "best", "time", "dice", "practice", "min_length", "challenge", "bots", "lang",
)  # fmt: skip
# A challenge names its board and every rule: no other flag may change them.
_CHALLENGE_FIXES = (
    "seed", "board", "code", "daily", "best", "time", "dice", "practice", "min_length", "dictionary", "lang"
)  # fmt: skip

# Flags that cannot go together, and why.
_CONFLICTS = [
    (("board", "code"), N_("a board and a code each name a board: give one")),
    (("board", "daily"), N_("--daily names today's board: give no other board")),
    (("code", "daily"), N_("--daily names today's board: give no other board")),
    (("daily", "seed"), N_("--daily is rolled from the date: it takes no --seed")),
    (("daily", "best"), N_("--daily is today's board, not the richest of several rolls")),
    (("daily", "time"), N_("--daily is a 3-minute round for everyone")),
    (("daily", "practice"), N_("--daily is played against the clock, as by everyone else")),
    (("best", "board"), N_("--best rolls its boards: it cannot take a given --board")),
    (("best", "code"), N_("--best rolls its boards: it cannot take a --code")),
    (("code", "dice"), N_("a code names its own dice")),
    (("code", "lang"), N_("a code names its board's language: it takes no --lang")),
    (("daily", "dice"), N_("--daily is always rolled with the language's standard dice")),
    (("code", "seed"), N_("a code names its board: it takes no --seed")),
    (("board", "seed"), N_("a given board is not rolled: it takes no --seed")),
    (("practice", "time"), N_("practice has no clock: it takes no --time")),
    (("bots", "practice"), N_("--bots plays against the clock: it takes no --practice")),
    (("bots", "challenge"), N_("--challenge is your friend's round: it takes no --bots")),
]


def round_request(args: argparse.Namespace, preferences: Preferences, today: dt.date) -> RoundRequest | None:
    """The round the flags ask for, or None to open the start screen. Bad flags raise BoggleError."""
    given = given_flags(args, _STARTS_AT_ONCE)
    refuse_conflicts(given, _CONFLICTS)
    table_rules(args)
    if args.challenge is not None:
        clash = sorted(given_flags(args, _CHALLENGE_FIXES))
        if clash:
            flag = "--" + clash[0].replace("_", "-")
            raise BoggleError(_("--challenge names the board and the rules: it takes no {flag}").format(flag=flag))
        challenge = parse_challenge(args.challenge)
        resolve(challenge.dictionary)
        return challenge.request()
    language = _language(args, preferences)
    dictionary = args.dictionary or _remembered(preferences, language).dictionary
    resolve(dictionary)
    if args.dice:
        load_dice_set(args.dice)
    if not given:
        return None
    if args.daily:
        return daily_request(today, dictionary, language)
    board = _board(args, _remembered(preferences, language), language)
    names_board = bool(given & {"seed", "board", "code", "best"})
    # The remembered practice mode plays a round the flags leave open; a length asked for (--time) is a clock.
    practice = args.practice or (not names_board and args.time is None and preferences.mode is Mode.PRACTICE)
    seconds = preferences.seconds if args.time is None else args.time or None  # --time 0: no clock
    rules = Rules(dictionary=dictionary, seconds=seconds, min_length=args.min_length, scoring=scoring(args))
    return RoundRequest(board, rules, practice)


def table_rules(args: argparse.Namespace) -> TableRules | None:
    """Play against the table (--bots N, with --level and --scoring), or None; a lone --level or --scoring,
    or a round with no clock, is refused with the reason."""
    bots = getattr(args, "bots", None)
    if bots is None:
        lone = next((flag for flag in ("level", "scoring") if getattr(args, flag, None) is not None), None)
        if lone:
            raise BoggleError(_("{flag} is for a round against the table: give --bots N too").format(flag=f"--{lone}"))
        return None
    if args.time == 0:
        raise BoggleError(_("--bots plays against the clock: it takes no --time 0"))
    return TableRules(bots, args.level or MATCHED)


def scoring(args: argparse.Namespace) -> Scoring:
    """How a word several players found scores at the table: `--scoring`, unique by default (as its help says)."""
    return Scoring(getattr(args, "scoring", None) or Scoring.UNIQUE.value)


def _language(args: argparse.Namespace, preferences: Preferences) -> str:
    """The language played: `--lang`, a code's, the dice's or a shipped list's; else the one remembered."""
    if args.code is not None:
        return choose_language(parse_code(args.code).board.language, args.dice, args.dictionary)
    named = choose_language(args.lang, args.dice, args.dictionary)
    if args.lang or args.dice or args.dictionary in shipped_dictionaries():
        return named
    return preferences.language  # a file of words is read in the language remembered


def _remembered(preferences: Preferences, language: str) -> Preferences:
    """The remembered choices, or the language's own word list and dice where those are of another language."""
    defaults = language_for(language)
    if choose_language(None, None, preferences.dictionary) != language:
        preferences = replace(preferences, dictionary=defaults.dictionary)
    if load_dice_set(preferences.dice).language != language:
        preferences = replace(preferences, dice=defaults.dice)
    return preferences


def _board(args: argparse.Namespace, preferences: Preferences, language: str) -> BoardRequest:
    if args.code is not None:
        dealt = parse_code(args.code)
        return Given(dealt.board, dealt.dice)
    if args.board is not None:
        return Given(deal(args.board, args.dice, language=language).board, args.dice)
    named = args.seed is not None or args.best
    standard = language_for(language).dice
    dice: str = args.dice or (standard if named else preferences.dice)
    if args.best or (not named and preferences.mode is Mode.RICH):
        return Richest(dice, args.seed)
    return Roll(dice, args.seed)


def run_play(args: argparse.Namespace) -> int:
    if args.plain:
        return _run_plain(args)
    from boggle_tui.app.app import utc_now

    preferences, notices = app_preferences()
    request = round_request(args, preferences, utc_now().date())  # the flags' own errors first, terminal or not
    _need_terminal()
    from boggle_tui.app.launch import Round

    launch = Round(request, table_rules(args)) if request is not None else None  # None: the start screen
    return run_app(offered(args, preferences), notices, launch)


def app_preferences() -> tuple[Preferences, list[str]]:
    """The remembered choices for any command that opens the game, and their notices: with no language
    remembered, the locale's; and the language the game speaks (`--lang`) offered on its start screen."""
    from boggle_tui.storage.settings import load_preferences

    preferences, notices = load_preferences(language=language_from_environment(os.environ))
    speaking = current_language()
    if speaking != preferences.language and speaking in shipped_languages():
        preferences = in_language(preferences, speaking)
    return preferences, notices


def offered(args: argparse.Namespace, preferences: Preferences) -> Preferences:
    """What the start screen offers when the player reaches it: the remembered choices, in the language the
    flags played (its dice and list with it), with the list the flags named."""
    language = _language(args, preferences) if args.challenge is None else preferences.language
    if language != preferences.language:
        preferences = in_language(preferences, language)
    if args.dictionary:
        preferences = replace(preferences, dictionary=args.dictionary)
    if getattr(args, "scoring", None):  # the table's choice, for this sitting's rounds from the start screen
        preferences = replace(preferences, scoring=scoring(args))
    return preferences


def _run_plain(args: argparse.Namespace) -> int:
    """The same round with no Textual (and no terminal needed): remembered choices fill in what no flag says,
    as the start screen's Enter would."""
    from boggle_tui.cli.plain import play_plain, utc_now

    preferences, notices = app_preferences()
    today = utc_now().date()
    request = round_request(args, preferences, today)
    if request is None:
        dictionary = args.dictionary or preferences.dictionary
        request = replace(preferences, dictionary=dictionary, scoring=scoring(args)).request(today)
    return play_plain(
        request,
        notices=notices,
        table=table_rules(args),
        cards_a_round=preferences.new_cards_a_round,
        live_count=preferences.live_count,
    )


def _need_terminal() -> None:
    """A terminal, or a browser tab (textual-serve names the web driver in the environment)."""
    if os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver"):
        return
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise BoggleError(_("the game needs a terminal: stdin and stdout must be one (boggle solve works in pipes)"))


def ssh_notice(environ: Mapping[str, str]) -> list[str]:
    """A game served by `boggle ssh-server` says whose data it keeps, and for how long (one line)."""
    from boggle_tui.net.ssh_game import GUEST, KEPT, PLAYER_VARIABLE

    player = environ.get(PLAYER_VARIABLE)
    if player == KEPT:
        return [_("Playing over ssh: your history and study cards are kept for your key, for next time.")]
    if player == GUEST:
        return [_("Playing over ssh without a key: your history and study cards go when you leave.")]
    return []


def run_app(preferences: Preferences, notices: list[str], launch: Launch | None = None) -> int:
    """The game's own screen, opened on `launch` (the start screen, or a `boggle web` link's room, by default)."""
    from boggle_tui.app.app import BoggleApp
    from boggle_tui.storage.history import History

    _need_terminal()
    # Everything imported so far lives as long as the app: keep the collector from walking it
    # again and again, which would be a visible pause on every full collection.
    gc.collect()
    gc.freeze()
    from boggle_tui.cli.web import (
        JOIN_VARIABLE,
        NAME_VARIABLE,
        PARTY_VARIABLE,
        WEB_URL_VARIABLE,
        invited_address,
        invited_name,
    )
    from boggle_tui.storage.paths import tab_data

    if tab_data():
        notices = [*notices, _("This tab keeps its own history and study cards for as long as it is open.")]
    notices = [*notices, *ssh_notice(os.environ)]
    from boggle_tui.app.launch import AtStart

    party = invited_address(os.environ.get(PARTY_VARIABLE)) if launch is None else None
    if party:  # a browser tab for the TV (boggle web ?party=): the party screen, if this game may reach the room
        launch, refused = party_launch(party, os.environ.get(WEB_URL_VARIABLE) or "")
        notices = [*notices, *refused]
    if launch is None:
        invite = invited_address(os.environ.get(JOIN_VARIABLE))
        launch = AtStart(invite=invite, invited_as=invited_name(os.environ.get(NAME_VARIABLE)))
    app = BoggleApp(preferences, launch=launch, history=History.open(), notices=notices,
                    web_url=os.environ.get(WEB_URL_VARIABLE))  # fmt: skip
    app.run()
    return app.return_code or 0


def party_launch(address: str, web_url: str) -> tuple[Launch | None, list[str]]:
    """The party screen on `address` (HOST:PORT/ROOM), with the QR code of `web_url`'s link into it; none, with the
    reason as a notice, where this game may not reach that server (a public page joins only its --rooms)."""
    from boggle_tui.app.launch import Room
    from boggle_tui.app.online import OnlineTarget
    from boggle_tui.net.address import join_link, parse_address
    from boggle_tui.net.reach import reach, refusal_to_join

    host, port, room = parse_address(address)
    served = reach()
    if not room or not served.allows(f"ws://{host}:{port}"):
        return None, [refusal_to_join(served)] if room else []
    link = join_link(web_url, address) if web_url else ""
    target = OnlineTarget(url=f"ws://{host}:{port}", room=room, name=_("Party screen"), address=address, watch=True,
                          party=True, link=link)  # fmt: skip
    return Room(target, from_page=True), []
