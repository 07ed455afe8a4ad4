"""The vocabulary of online rooms: limits, a room's settings, and how text from strangers is cleaned.

The messages themselves are types in net/messages.py, decoded there field by field. Names and
every other string are cleaned of anything a terminal would act on (control, format and
separator characters), and are shown by the app as plain text, never as Rich markup.
"""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass, replace
from enum import Enum
from typing import Any

from boggle_tui.engine.dice import DEFAULT_DICE, dice_set_names, load_dice_set
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, language_of, shipped_dictionaries
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.game.preferences import describe_seconds
from boggle_tui.game.request import MIN_LENGTHS, ROUND_SECONDS, SEEDS
from boggle_tui.i18n import _, counted

MAX_FRAME = 4096  # bytes a client may send in one frame: a hello with a long name fits many times over
MAX_NAME = 20  # characters of a player's name
MAX_ROOM = 40  # characters of a room's name
MAX_WORD = 40  # characters of an entry (longer than any word in the shipped lists)
MAX_PLAYERS = 8  # in a room
MAX_ID = 10**9  # entry numbers
MAX_ROUND_SECONDS = 3600  # the longest round a server accepts unless its operator says otherwise
TARGETS = range(10, 100_001)  # "first to N points" over an evening


@dataclass(frozen=True)
class Limits:
    """What one server process takes on; sized so that one process carries them (benchmarks/NOTES.md)."""

    rooms: int = 1000
    connections: int = 5000
    players: int = MAX_PLAYERS  # in one room
    seconds: int = MAX_ROUND_SECONDS  # the longest round a room may ask for
    rooms_per_address: int = 4  # rooms made by one address that are open at once
    only_room: str | None = None  # a host's own server: this one room and no other


class ProtocolError(ValueError):
    """A message that is not what the protocol allows; its text is safe to send back."""


class Scoring(Enum):
    UNIQUE = "unique"  # a word found by two or more players scores for nobody (the table rule)
    ALL = "all"  # every word scores for everyone who found it


@dataclass(frozen=True)
class RoomSettings:
    dice: str = DEFAULT_DICE
    seconds: int = 180
    dictionary: str = DEFAULT_DICTIONARY
    min_length: int | None = None  # None: the rule for the board's size
    scoring: Scoring = Scoring.UNIQUE
    seed: int | None = None  # the room's boards: round n is rolled with seed + n - 1; None: at random
    target: int | None = None  # the evening ends with the first player whose points over the rounds reach it

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "scoring": self.scoring.value}

    @property
    def language(self) -> str:
        """The language the room plays: its dice's. A word list of the host's own is read in it."""
        return load_dice_set(self.dice).language

    @classmethod
    def from_json(
        cls, value: Any, dictionaries: frozenset[str] | None = None, max_seconds: int = MAX_ROUND_SECONDS
    ) -> RoomSettings:
        """Checked settings; `dictionaries` are the word lists this server allows (the shipped ones by default),
        `max_seconds` the longest round it accepts."""
        if not isinstance(value, dict):
            raise ProtocolError(_("settings must be an object"))
        allowed = dictionaries if dictionaries is not None else frozenset(shipped_dictionaries())
        settings = cls()
        for key, item in value.items():
            if key == "dice" and isinstance(item, str) and item in dice_set_names(None):
                settings = replace(settings, dice=item)
            elif key == "seconds" and _whole(item) and item in ROUND_SECONDS and item <= max_seconds:
                settings = replace(settings, seconds=item)
            elif key == "target" and (item is None or (_whole(item) and item in TARGETS)):
                settings = replace(settings, target=item)
            elif key == "dictionary" and isinstance(item, str) and item in allowed:
                settings = replace(settings, dictionary=item)
            elif key == "min_length" and (item is None or (_whole(item) and item in MIN_LENGTHS)):
                settings = replace(settings, min_length=item)
            elif key == "seed" and (item is None or (_whole(item) and item in SEEDS)):
                settings = replace(settings, seed=item)
            elif key == "scoring" and item in {s.value for s in Scoring}:
                settings = replace(settings, scoring=Scoring(item))
            else:
                raise ProtocolError(
                    _("setting {key} cannot be {value}").format(
                        key=repr(clean_text(str(key), 20)), value=clean_text(repr(item), 30)
                    )
                )
        if "dice" in value and "dictionary" in value:  # a room plays one language: its dice and its list
            dice, words = load_dice_set(settings.dice).language, language_of(settings.dictionary).code
            if settings.dictionary in shipped_dictionaries() and dice != words:
                raise ProtocolError(
                    _("the {dice} dice and the word list {dictionary} are of two languages").format(
                        dice=settings.dice, dictionary=settings.dictionary
                    )
                )
        return settings

    def describe(self) -> str:
        """The room's rules on one line, in the interface's language: `New Boggle · 3 min · enable1 · 3+ letters ·
        shared words score 0`. The lobby's description is the server's (in its language)."""
        dice = load_dice_set(self.dice)
        length = shortest_word(self.min_length, dice.height * dice.width)
        scoring = _("shared words score 0") if self.scoring is Scoring.UNIQUE else _("every word scores")
        # Translators: the shortest word that counts: "3+ letters"
        letters = counted(length, "{count}+ letter", "{count}+ letters")
        parts = [dice.label, describe_seconds(self.seconds), self.dictionary, letters, scoring]
        if self.target:
            # Translators: the evening ends when a player's points over its rounds reach this
            parts.append(counted(self.target, "first to {count} point", "first to {count} points"))
        return " · ".join(parts)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def clean_text(text: str, limit: int) -> str:
    """Printable characters only (no escape sequences, no control or format characters), at most `limit`.

    Rich markup is not interpreted where these are shown (the app shows them as plain text).
    """
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] not in "CZ" or ch == " ")
    return " ".join(kept.split())[:limit]


def clean_name(text: Any) -> str:
    return clean_text(text, MAX_NAME) if isinstance(text, str) else ""
