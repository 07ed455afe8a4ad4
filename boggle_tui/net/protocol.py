"""The wire protocol of online rooms: JSON text frames, checked field by field (docs/protocol.md).

Everything a stranger sends is hostile until it passes `parse`: one JSON object of a known
type, within the frame limit, each field of the expected type and bounds. Names are cleaned
of anything a terminal or Rich would act on, so they can be shown to others literally.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import asdict, dataclass, replace
from enum import Enum
from typing import Any

from boggle_tui.engine.dice import DEFAULT_DICE, dice_set_names, load_dice_set
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, shipped_dictionaries
from boggle_tui.game.preferences import describe_seconds
from boggle_tui.game.request import MIN_LENGTHS, ROUND_SECONDS, SEEDS

VERSION = 1
MAX_FRAME = 4096  # bytes a client may send in one frame: a hello with a long name fits many times over
MAX_NAME = 20  # characters of a player's name
MAX_ROOM = 40  # characters of a room's name
MAX_WORD = 40  # characters of an entry (longer than any word in the shipped lists)
MAX_PLAYERS = 8  # in a room
MAX_ROOMS = 100  # on a server
MAX_ID = 10**9  # entry numbers


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

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "scoring": self.scoring.value}

    @classmethod
    def from_json(cls, value: Any, dictionaries: frozenset[str] | None = None) -> RoomSettings:
        """Checked settings; `dictionaries` are the word lists this server allows (the shipped ones by default)."""
        if not isinstance(value, dict):
            raise ProtocolError("settings must be an object")
        allowed = dictionaries if dictionaries is not None else frozenset(shipped_dictionaries())
        settings = cls()
        for key, item in value.items():
            if key == "dice" and isinstance(item, str) and item in dice_set_names():
                settings = replace(settings, dice=item)
            elif key == "seconds" and _whole(item) and item in ROUND_SECONDS:
                settings = replace(settings, seconds=item)
            elif key == "dictionary" and isinstance(item, str) and item in allowed:
                settings = replace(settings, dictionary=item)
            elif key == "min_length" and (item is None or (_whole(item) and item in MIN_LENGTHS)):
                settings = replace(settings, min_length=item)
            elif key == "seed" and (item is None or (_whole(item) and item in SEEDS)):
                settings = replace(settings, seed=item)
            elif key == "scoring" and item in {s.value for s in Scoring}:
                settings = replace(settings, scoring=Scoring(item))
            else:
                raise ProtocolError(f"setting {clean_text(str(key), 20)!r} cannot be {clean_text(repr(item), 30)}")
        return settings

    def describe(self) -> str:
        length = self.min_length or load_dice_set(self.dice).min_length
        scoring = "shared words score 0" if self.scoring is Scoring.UNIQUE else "every word scores"
        clock = describe_seconds(self.seconds)
        return f"{load_dice_set(self.dice).name} · {clock} · {self.dictionary} · {length}+ letters · {scoring}"


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


# What each client message may hold: field -> (type, required).
_FIELDS: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "hello": {
        "version": (int, True), "name": (str, False), "room": (str, False), "token": (str, False),
        "settings": (dict, False), "list": (bool, False), "private": (bool, False),
    },
    "ready": {"ready": (bool, True)},
    "settings": {"settings": (dict, True)},
    "word": {"id": (int, True), "word": (str, True)},
    "end": {},
    "again": {},
}  # fmt: skip


def parse(frame: str | bytes) -> dict[str, Any]:
    """A client's message, checked: a ProtocolError says what is wrong, in words safe to send back."""
    if isinstance(frame, bytes):
        raise ProtocolError("messages are JSON text frames")
    if len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise ProtocolError(f"a message has at most {MAX_FRAME} bytes")
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    kind = message.get("type")
    fields = _FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError(f"unknown message type {clean_text(str(kind), 20)!r}")
    for name, value in message.items():
        if name == "type":
            continue
        expected = fields.get(name)
        if expected is None:
            raise ProtocolError(f"{kind}: unknown field {clean_text(name, 20)!r}")
        if value is not None and (
            not isinstance(value, expected[0]) or isinstance(value, bool) != (expected[0] is bool)
        ):
            raise ProtocolError(f"{kind}: {name} has the wrong type")
    for name, (_, required) in fields.items():
        if required and message.get(name) is None:
            raise ProtocolError(f"{kind}: {name} is missing")
    if kind == "word" and not 0 <= message["id"] <= MAX_ID:
        raise ProtocolError("word: id out of range")
    return message


def dump(kind: str, **fields: Any) -> str:
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))
