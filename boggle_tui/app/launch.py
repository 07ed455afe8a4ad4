"""What the game opens on: one value for each way in (`boggle`, `play`, `join`/`host`, `daily`, `study`, a link)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the types only: the start screen imports neither the network nor the table
    from boggle_tui.app.online import OnlineTarget
    from boggle_tui.game.request import RoundRequest
    from boggle_tui.game.table import TableRules
    from boggle_tui.storage.daily_seat import DailyTarget


@dataclass(frozen=True)
class AtStart:
    """The start screen (`boggle`): today's study over it (`boggle study`), or the room a `boggle web` link names,
    for "Play with friends" (joined at once where the link names the player too)."""

    study: bool = False
    invite: str | None = None
    invited_as: str | None = None


@dataclass(frozen=True)
class Round:
    """A round dealt at once (`boggle play`), against the table's bots where `table` says so (`--bots`)."""

    request: RoundRequest
    table: TableRules | None = None


@dataclass(frozen=True)
class Room:
    """A room joined, or hosted (`boggle join`, `boggle host`)."""

    target: OnlineTarget
    # A browser tab's (boggle web ?party=): a room it cannot reach leaves it on the start screen, saying why, where
    # the command line's game exits with the error
    from_page: bool = False


@dataclass(frozen=True)
class Daily:
    """Today's board (`boggle daily`): on its server, or here."""

    target: DailyTarget


Launch = AtStart | Round | Room | Daily
AT_START = AtStart()  # the plain start screen
