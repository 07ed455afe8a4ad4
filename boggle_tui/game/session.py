"""The owner of a round: it deals the board once, runs the clock, takes entries, ends once, and says why.

Screens draw a session and pass on what the player does; they never touch its clock.
`RoundSession` is what they rely on; `SoloSession` is a round played on this machine. A
session whose clock, verdicts and end come from elsewhere (a server) implements the same
protocol and is drawn by the same screens.

The clock stops only while the board is hidden: a hold (the player's pause, another screen
over the round, a terminal too small) stops the clock and hides the board together, and
holds with different reasons never undo one another.
"""

from __future__ import annotations

import datetime as dt
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, runtime_checkable

from boggle_tui.engine.board import Board
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.solver import Solution
from boggle_tui.engine.trie import Trie
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.codes import board_code
from boggle_tui.game.deal import Deal
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import RoundRequest, deal_request
from boggle_tui.game.round import EndReason, Entry, Results, Round, Verdict, normalise
from boggle_tui.game.rules import Scoring
from boggle_tui.i18n import _


class Hold(Enum):
    """Why the clock is stopped and the board hidden."""

    PAUSED = "paused by the player"
    HELP = "the help is open"
    DIALOG = "a question is asked"
    TOO_SMALL = "the terminal is too small"
    COVERED = "another screen is over the round"
    AWAY = "the terminal lost focus"


@dataclass(frozen=True)
class Standing:
    """A player's progress in a shared round: how many words, never which."""

    name: str
    words: int
    connected: bool = True
    voted_end: bool = False
    me: bool = False


class RoundSession(Protocol):
    """What every round has, wherever it is played: what the round and results screens draw and pass on.

    What only some rounds can do is a capability of its own below (`Timekeeper`, `Pausable`, `Practice`,
    `Rivals`, `Shared`, `Live`, `Redealt`, `Contest`): a screen asks `isinstance(session, Capability)` and
    offers what the round can do, and a session never fakes what it cannot."""

    deal: Deal
    request: RoundRequest

    @property
    def board(self) -> Board: ...
    @property
    def code(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def timed(self) -> bool: ...
    @property
    def duration(self) -> float | None: ...
    @property
    def remaining(self) -> float | None: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def hidden(self) -> bool: ...
    @property
    def over(self) -> bool: ...
    @property
    def end_reason(self) -> EndReason | None: ...
    @property
    def found(self) -> dict[str, int]: ...
    @property
    def entries(self) -> list[Entry]: ...
    @property
    def score(self) -> int: ...
    @property
    def solution(self) -> Solution | None: ...  # None until the round is over, where it comes from elsewhere
    @property
    def known_words(self) -> int | None: ...  # the board's words, where known as the round runs (the live count)

    def submit(self, text: str) -> Entry | None: ...
    def late(self, text: str) -> Entry | None: ...  # an entry that came after the end: recorded as too late
    def hold(self, reason: Hold) -> None: ...
    def release(self, reason: Hold) -> None: ...
    def end(self, reason: EndReason) -> None: ...
    def on_end(self, listener: Callable[[RoundSession], None]) -> None: ...

    # After the round
    def results(self) -> Results: ...
    def record(self, when: dt.datetime) -> RoundRecord | None: ...


# The capabilities. Each is runtime-checkable, so a screen asks `isinstance`; only methods and properties are
# named, so each can be asked of any session.


@runtime_checkable
class Timekeeper(Protocol):
    """A round on this machine's clock: it starts when shown, and ends itself when its time is up."""

    def start(self) -> None: ...
    def tick(self) -> None: ...


@runtime_checkable
class Pausable(Protocol):
    """The player may pause: the clock stops and the board is hidden (a shared clock never stops)."""

    def toggle_pause(self) -> None: ...


@runtime_checkable
class Practice(Protocol):
    """Hints and reveals, asked while `practice` is true: a round that may be practised, and whether this is."""

    @property
    def practice(self) -> bool: ...
    @property
    def revealed(self) -> list[str]: ...

    def reveal(self) -> str | None: ...
    def remaining_words(self) -> list[str]: ...


@runtime_checkable
class Rivals(Protocol):
    """Others play the same board: everyone's word counts show while it runs, never their words."""

    @property
    def standings(self) -> list[Standing]: ...


@runtime_checkable
class Shared(Rivals, Protocol):
    """The room's clock runs for other players too: it never stops, a covered board is only hidden, and ending
    the round is a vote (`voted`: this player has voted)."""

    @property
    def voted(self) -> bool: ...


@runtime_checkable
class Teamed(Rivals, Protocol):
    """A round that may be played together (game/team.py): when `team`, the words teammates found first come in
    as they find them (word -> their name, newest last), with the team's progress towards its goal."""

    @property
    def team(self) -> bool: ...
    @property
    def teammates(self) -> dict[str, str]: ...
    @property
    def goal(self) -> int: ...
    @property
    def team_score(self) -> int: ...
    @property
    def reached(self) -> float | None: ...
    @property
    def two_teams(self) -> bool: ...
    @property
    def rival_score(self) -> int | None: ...
    @property
    def side(self) -> int: ...  # two teams: this player's (0: one team, or watching)
    def team_line(self) -> str: ...


@runtime_checkable
class Live(Protocol):
    """A round that changes from elsewhere (the server, the table's bots): the watcher is told of each change."""

    def on_change(self, watcher: Callable[[], None]) -> None: ...


@runtime_checkable
class Redealt(Protocol):
    """The next board is dealt here, from the round's own rules (a room deals its own)."""

    def next_request(self) -> RoundRequest: ...
    def replay_request(self) -> RoundRequest: ...


class Scorecard(Protocol):
    """One player's result in a round with others."""

    @property
    def name(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def words(self) -> dict[str, int]: ...  # word -> points after the shared-word rule
    @property
    def me(self) -> bool: ...


@runtime_checkable
class Contest(Protocol):
    """A round with other players' results: every player's words side by side, and the winners."""

    @property
    def players(self) -> Sequence[Scorecard]: ...
    @property
    def shared(self) -> list[str]: ...  # the words two or more players found
    @property
    def scoring(self) -> Scoring: ...
    @property
    def winners(self) -> list[str]: ...

    def found_by(self, word: str, besides: str) -> list[str]: ...


@runtime_checkable
class Watched(Protocol):
    """A round this game may only watch (a room's spectator, or a player waiting for the next round): the board,
    the clock and the players' counts; no entry, no score of its own, no vote."""

    @property
    def watching(self) -> bool: ...


def watching(session: object) -> bool:
    """Whether the round is one this game only watches."""
    return isinstance(session, Watched) and session.watching


class ContestRound(RoundSession, Contest, Protocol):
    """A round with other players' results, as the side-by-side results screens draw it."""


def practising(session: RoundSession) -> bool:
    """Whether hints and reveals are offered: a round that can be practised, and is."""
    return isinstance(session, Practice) and session.practice


class SoloSession:
    """A round played on this machine, against its own clock."""

    def __init__(
        self,
        request: RoundRequest,
        trie: Trie,
        *,
        now: TimeSource = time.monotonic,
        dealt: Deal | None = None,
    ) -> None:
        self.request = request
        self.deal = dealt or deal_request(request, trie)
        self.practice = request.practice
        min_length = shortest_word(request.rules.min_length, len(self.deal.board))
        self.round = Round.for_board(
            self.deal.board, trie, min_length, request.rules.seconds, practice=self.practice, now=now
        )
        self.uid = uuid.uuid4().hex  # the history stores a round once
        self._holds: set[Hold] = set()
        self._listeners: list[Callable[[RoundSession], None]] = []

    # What the screens show

    @property
    def board(self) -> Board:
        return self.deal.board

    @property
    def code(self) -> str:
        return board_code(self.deal.board, self.deal.dice)

    @property
    def title(self) -> str:
        deal = self.deal
        parts = [load_dice_set(deal.dice).short_label if deal.dice else _("Your board")]
        if deal.daily:
            # Translators: {date} is the daily board's date (2026-03-01). Played here, it is practice: a server deals
            # its own board that day, which nobody can know before it is dealt.
            parts.append(_("practice daily {date}").format(date=deal.daily))
        elif deal.seed is not None:
            # Translators: {seed} is the number the board was rolled from, to read out to a friend
            parts.append(_("seed {seed}").format(seed=deal.seed))
        if self.request.replay:
            # Translators: in a round's title: a board played before
            parts.append(_("replay"))
        if self.practice:
            # Translators: in a round's title: a practice round (no clock, hints)
            parts.append(_("practice"))
        return " · ".join(parts)

    @property
    def timed(self) -> bool:
        return self.round.clock.timed

    @property
    def duration(self) -> float | None:
        return self.round.clock.duration

    @property
    def remaining(self) -> float | None:
        return self.round.clock.remaining

    @property
    def elapsed(self) -> float:
        return self.round.clock.elapsed

    @property
    def hidden(self) -> bool:
        """The board is hidden exactly while the clock is held."""
        return bool(self._holds) and not self.over

    @property
    def holds(self) -> frozenset[Hold]:
        return frozenset(self._holds)

    @property
    def over(self) -> bool:
        return self.round.over

    @property
    def end_reason(self) -> EndReason | None:
        return self.round.ended

    @property
    def found(self) -> dict[str, int]:
        return self.round.found

    @property
    def revealed(self) -> list[str]:
        return self.round.revealed

    @property
    def entries(self) -> list[Entry]:
        return self.round.entries

    @property
    def score(self) -> int:
        return self.round.score

    @property
    def solution(self) -> Solution:
        return self.round.solution

    @property
    def known_words(self) -> int:
        """Dealt here, the board's words are known from the start."""
        return len(self.round.solution)

    def remaining_words(self) -> list[str]:
        return self.round.remaining_words()

    # What the player does

    def start(self) -> None:
        self.round.start()
        if self._holds:
            self.round.clock.pause()
        if not self.round.solution:
            self.end(EndReason.NO_WORDS)

    def submit(self, text: str) -> Entry | None:
        """Judge an entry; None, and nothing recorded, for an empty entry, a held round or one that is over."""
        self.tick()
        if self.over:
            return self.late(text)
        if self._holds:
            return None
        entry = self.round.submit(text)
        self._after_change()
        return entry

    def reveal(self) -> str | None:
        """Practice: show one word not yet found."""
        if self._holds or self.over or not self.practice:
            return None
        word = self.round.reveal()
        self._after_change()
        return word

    def hold(self, reason: Hold) -> None:
        self.tick()
        if self.over:
            return
        self._holds.add(reason)
        self.round.clock.pause()

    def release(self, reason: Hold) -> None:
        self._holds.discard(reason)
        if not self._holds:
            self.round.clock.resume()

    def toggle_pause(self) -> None:
        if Hold.PAUSED in self._holds:
            self.release(Hold.PAUSED)
        else:
            self.hold(Hold.PAUSED)

    def late(self, text: str) -> Entry | None:
        """An entry that reached the round after it ended (typed as the clock ran out): recorded with the verdict
        "too late", never lost without one; None for an empty one or a round still running."""
        word = normalise(text, self.round.board.alphabet)
        if not word or not self.over:
            return None
        entry = Entry(word, Verdict.TOO_LATE)
        self.round.entries.append(entry)
        return entry

    def tick(self) -> None:
        """End the round if its time is up."""
        if not self.over and self.round.clock.expired:
            self.end(EndReason.TIME_UP)

    def end(self, reason: EndReason) -> None:
        """End the round; the listeners hear of it once, however often this is called."""
        if self.round.end(reason):
            self._holds.clear()
            for listener in self._listeners:
                listener(self)

    def on_end(self, listener: Callable[[RoundSession], None]) -> None:
        self._listeners.append(listener)

    def _after_change(self) -> None:
        if self.round.none_left:
            self.end(EndReason.NONE_LEFT if self.round.revealed else EndReason.ALL_FOUND)

    # After the round

    def results(self) -> Results:
        return self.round.results()

    def next_request(self) -> RoundRequest:
        """A fresh board under the same rules."""
        return self.request.again()

    def replay_request(self) -> RoundRequest:
        """The very same board under the same rules."""
        return self.request.replaying(self.deal)

    def record(self, when: dt.datetime) -> RoundRecord | None:
        """The round as the history keeps it; None for a board with no words, which is not a game."""
        if not self.round.solution:
            return None
        results = self.results()
        deal = self.deal
        return RoundRecord(
            uid=self.uid,
            played_at=when.astimezone(dt.UTC).isoformat(timespec="seconds"),
            mode="practice" if self.practice else "timed",
            board=deal.board.text(),
            code=self.code,
            dictionary=self.request.rules.dictionary,
            min_length=self.round.min_length,
            score=results.score,
            max_score=results.max_score,
            words_total=len(results.solution),
            found=dict(results.found),
            missed=tuple(results.missed),
            daily=deal.daily,
            dice=deal.dice,
            seed=deal.seed,
            seconds=int(self.duration) if self.duration else None,
            ended=results.ended.name.lower() if results.ended else None,
            replay=self.request.replay,
        )
