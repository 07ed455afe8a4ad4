"""The vocabulary of online rooms: limits, and how text from strangers is cleaned.

A room's rules are game/rules.py's `Rules`; the messages, a room's settings among them, are types in
net/messages.py, decoded there field by field. Names and every other string are cleaned of anything a
terminal would act on (control, format and separator characters), and are shown by the app as plain text,
never as Rich markup.
"""

from __future__ import annotations

from dataclasses import dataclass

# The rule for names is the game's (game/names.py): said here too, for the network's own code.
from boggle_tui.game.address import MAX_ROOM as MAX_ROOM
from boggle_tui.game.names import MAX_NAME as MAX_NAME
from boggle_tui.game.names import clean_name as clean_name
from boggle_tui.game.names import clean_text as clean_text

MAX_FRAME = 4096  # bytes a client may send in one frame: a hello with a long name fits many times over
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
