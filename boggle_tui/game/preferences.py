"""The player's preferences, remembered between runs: the start screen's choices.

Preferences say how to play when nothing else is said; they never change which board a
command-line flag names (that is `RoundRequest`'s job).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.dice import DEFAULT_DICE, load_dice_set
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, language_of, shipped_dictionaries
from boggle_tui.game.languages import language_for
from boggle_tui.game.request import Daily, Mode, Richest, Roll, RoundRequest, daily_request
from boggle_tui.game.rules import CLOCKS, STANDARD_ROUND, Rules, Scoring, contest
from boggle_tui.game.study import DEFAULT_NEW_PER_DAY, NEW_CARDS_A_ROUND

ROUND_LENGTHS: tuple[int | None, ...] = (*CLOCKS, None)  # None: no clock
DEFAULT_THEME = "textual-dark"


@dataclass(frozen=True)
class Preferences:
    dice: str = DEFAULT_DICE
    seconds: int | None = STANDARD_ROUND  # None: no clock
    dictionary: str = DEFAULT_DICTIONARY
    mode: Mode = Mode.TIMED
    theme: str = DEFAULT_THEME
    new_cards_per_day: int = DEFAULT_NEW_PER_DAY  # study: new cards met per day, at most
    new_cards_a_round: int = NEW_CARDS_A_ROUND  # study: new cards one round's misses make, at most
    bonus_missed: bool = True  # the results' missed list shows the bonus words too (game/tiers.py); b toggles it
    share_rating: bool = False  # the day's share line carries the player's rating (game/rating.py)
    live_count: bool | None = None  # "4 / 160 words" while a round runs; None: in practice and the daily board only
    keys: dict[str, str] = field(default_factory=dict)  # binding id -> keys, as Textual's keymap takes them
    bell: bool = True  # online: the terminal's bell when a room's countdown starts (a player in another window)
    pause_on_focus_loss: bool = True  # a timed solo round pauses while the terminal is not the window in use
    language: str = DEFAULT_LANGUAGE  # the dice and the word list are this language's (game/languages.py)
    # Whether the player chose `language` (on the start screen): only then is it remembered; otherwise the
    # language follows the locale, run after run, and Enter on the defaults keeps no language.
    language_chosen: bool = False
    scoring: Scoring = Scoring.UNIQUE  # the table's: how a word two players found scores (one of CONTESTS)

    def __post_init__(self) -> None:
        contest(self.scoring)

    def request(self, today: dt.date) -> RoundRequest:
        """The round the start screen's Play button deals."""
        if self.mode is Mode.DAILY:
            return daily_request(today, self.dictionary, self.language)
        board = Richest(self.dice) if self.mode is Mode.RICH else Roll(self.dice)
        return RoundRequest(board, self.rules(), practice=self.mode is Mode.PRACTICE)

    def rules(self) -> Rules:
        """The rules its rounds are played by (a board's own dice come with the board)."""
        return Rules(dictionary=self.dictionary, seconds=self.seconds, scoring=self.scoring)


def counts_live(preference: bool | None, request: RoundRequest, served_day: bool = False) -> bool:
    """Whether a round shows its words found of the board's as it runs: the player's choice, else in practice and
    on the day's board, dealt here or by a server (`served_day`: its request names the server's board as given);
    a timed round against the clock is a search with no total, as on the table."""
    if preference is not None:
        return preference
    return request.practice or served_day or isinstance(request.board, Daily)


def of_one_language(preferences: Preferences) -> Preferences:
    """Remembered choices whose dice and shipped list are of their language: any that is not is the language's own."""
    language = language_for(preferences.language)
    if load_dice_set(preferences.dice).language != language.code:
        preferences = replace(preferences, dice=language.dice)
    shipped = preferences.dictionary in shipped_dictionaries()
    if shipped and language_of(preferences.dictionary).code != language.code:
        preferences = replace(preferences, dictionary=language.dictionary)
    return preferences


def in_language(preferences: Preferences, code: str) -> Preferences:
    """The choices with another language: its own dice and word list come with it."""
    language = language_for(code)
    return replace(preferences, language=language.code, dice=language.dice, dictionary=language.dictionary)
