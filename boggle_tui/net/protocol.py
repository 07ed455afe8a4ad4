"""The vocabulary of online rooms: limits, and how text from strangers is cleaned.

A room's rules are game/rules.py's `Rules`; the messages, a room's settings among them, are types in
net/messages.py, decoded there field by field. Names and every other string are cleaned of anything a
terminal would act on (control, format and separator characters), and are shown by the app as plain text,
never as Rich markup.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

MAX_FRAME = 4096  # bytes a client may send in one frame: a hello with a long name fits many times over
MAX_NAME = 20  # characters of a player's name
MAX_ROOM = 40  # characters of a room's name
MAX_WORD = 40  # characters of an entry (longer than any word in the shipped lists)
MAX_PLAYERS = 8  # in a room
MAX_ID = 10**9  # entry numbers
MAX_ROUND_SECONDS = 3600  # the longest round a server accepts unless its operator says otherwise


@dataclass(frozen=True)
class Limits:
    """What one server process takes on; sized so that one process carries them (benchmarks/NOTES.md)."""

    rooms: int = 1000
    connections: int = 5000
    players: int = MAX_PLAYERS  # in one room
    seconds: int = MAX_ROUND_SECONDS  # the longest round a room may ask for
    rooms_per_address: int = 4  # rooms made by one address that are open at once
    only_room: str | None = None  # a host's own server: this one room and no other
    spectators: int = 8  # in one room, besides its players


class ProtocolError(ValueError):
    """A message that is not what the protocol allows; its text is safe to send back."""


def clean_text(text: str, limit: int) -> str:
    """Printable characters only (no escape sequences, no control or format characters), at most `limit`.

    Rich markup is not interpreted where these are shown (the app shows them as plain text).
    """
    if text.isprintable():  # no character of C or Z but the space (str.isprintable's own definition): most text
        if "  " not in text and text[:1] != " " and text[-1:] != " ":
            return text[:limit]  # nothing to drop, no space to fold: what the loop below would give, without it
        kept = text
    else:
        kept = "".join(ch for ch in text if unicodedata.category(ch)[0] not in "CZ" or ch == " ")
    return " ".join(kept.split())[:limit]


def clean_name(text: Any) -> str:
    return clean_text(text, MAX_NAME) if isinstance(text, str) else ""
