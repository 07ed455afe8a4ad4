"""Play against the table: a solo round with computer opponents, scored as a round among friends.

The round is a `SoloSession` (this machine's clock, pause and all); the bots (game/bots.py) plan their
words when the board is dealt and play them as the round's own clock reaches each one, so a pause stops
them too. While the round runs only their counts show, as online players' do; at the end every player's
words are compared and, under the shared-word rule, a word two or more players found scores for nobody.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from boggle_tui.engine.trie import Trie
from boggle_tui.game.bots import STANDARD_SECONDS, Bot, Fit, Rank, seat_bots
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.contest import compare, winners
from boggle_tui.game.deal import Deal
from boggle_tui.game.levels import LEVEL_NAMES, LEVELS, MATCHED, MAX_BOTS, NAMES
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import RoundRequest
from boggle_tui.game.round import EndReason, Entry, Results
from boggle_tui.game.rules import contest
from boggle_tui.game.session import SoloSession, Standing
from boggle_tui.i18n import _

MODE = "bots"  # the history's name for these rounds: a kind of their own in the statistics
YOU = "You"


@dataclass(frozen=True)
class TableRules:
    """Who sits at the table. How words score is the round's rule (`Rules.scoring`, one of CONTESTS)."""

    bots: int = 2
    level: str = MATCHED  # a level of bots.LEVELS, or "matched"
    matched: float | None = None  # the θ fitted to the player's history, for "matched"

    def __post_init__(self) -> None:
        if not 1 <= self.bots <= MAX_BOTS:
            raise ValueError(f"a table seats 1 to {MAX_BOTS} bots, not {self.bots}")
        if self.level not in (*LEVELS, MATCHED):
            raise ValueError(f"no level is called {self.level!r}")


@dataclass(frozen=True)
class Player:
    """A player's result: words with their points after the shared-word rule (as net.session.PlayerResult)."""

    name: str
    score: int
    words: dict[str, int]
    me: bool = False
    level: str = ""


def timed(request: RoundRequest) -> RoundRequest:
    """A table plays against the clock: a practice or untimed request gets the standard 3 minutes."""
    if request.rules.seconds and not request.practice:
        return request
    return replace(request, practice=False, rules=replace(request.rules, seconds=STANDARD_SECONDS))


class TableSession(SoloSession):
    """A timed round against bots, on this machine."""

    def __init__(
        self,
        request: RoundRequest,
        trie: Trie,
        rules: TableRules,
        rank: Rank,
        *,
        now: TimeSource = time.monotonic,
        dealt: Deal | None = None,
        rng: random.Random | None = None,
        name: str = YOU,
    ) -> None:
        """`rank` is the frequency rank of a word (engine/frequency.py); `name` is the player's, at the table."""
        super().__init__(timed(request), trie, now=now, dealt=dealt)
        self.name = name if name not in NAMES else f"{name} (you)"  # never two players of one name
        self.fit: Fit | None = None  # "matched": the fit the app made, to say what it was
        self.rules = rules
        self.scoring = contest(self.request.rules.scoring)
        seconds = float(self.duration or STANDARD_SECONDS)
        levels = [rules.level] * rules.bots
        rng = rng or random.Random()
        self.bots: list[Bot] = seat_bots(self.round.solution, rank, levels, seconds, rng, rules.matched)
        self._watchers: list[Callable[[], None]] = []
        self._counts: list[int] = []
        self.players: list[Player] = []
        self.shared: list[str] = []
        self.standings = self._standings()

    @property
    def title(self) -> str:
        level = LEVEL_NAMES.get(self.rules.level)
        # Translators: a table round's title: {bots} is how many computer opponents, {level} their level
        return _("{title} · against {bots} ({level})").format(
            title=super().title, bots=self.rules.bots, level=_(level) if level else self.rules.level
        )

    @property
    def bot_elapsed(self) -> float:
        """How far into the round the bots are: the round's own clock, never past its end."""
        return min(self.elapsed, self.duration or self.elapsed)

    def _standings(self) -> list[Standing]:
        at = self.bot_elapsed
        you = Standing(self.name, len(self.found), me=True)
        return [you, *(Standing(bot.name, len(bot.found_by(at))) for bot in self.bots)]

    def tick(self) -> None:
        super().tick()
        self._refresh()

    def submit(self, text: str) -> Entry | None:
        entry = super().submit(text)
        self._refresh()
        return entry

    def _refresh(self) -> None:
        """Tell the screen when a count moved: a bot's find, or the player's."""
        counts = [s.words for s in self._standings()]
        if counts != self._counts:
            self._counts = counts
            self.standings = self._standings()
            for watcher in self._watchers:
                watcher()

    def on_change(self, watcher: Callable[[], None]) -> None:
        self._watchers.append(watcher)

    def end(self, reason: EndReason) -> None:
        """The table ends together: the bots keep what they found by the moment the round ended."""
        if not self.over:
            self.round.clock.stop()  # the moment is fixed before the listeners read the results
            self.players, self.shared = self._compare()
            self.standings = self._standings()
        super().end(reason)

    def _compare(self) -> tuple[list[Player], list[str]]:
        at = self.bot_elapsed
        seats = [(self.name, list(self.round.found), True, "")]
        seats += [(bot.name, bot.found_by(at), False, bot.level) for bot in self.bots]
        outcome = compare([words for _name, words, _me, _level in seats], self.scoring)
        players = [
            Player(name, sum(points.values()), points, me, level)
            for (name, _words, me, level), points in zip(seats, outcome.points, strict=True)
        ]
        return players, list(outcome.shared)

    # The results, side by side (a `Contest`, as an online round's)

    def results(self) -> Results:
        mine = next((p for p in self.players if p.me), None)
        found = dict(mine.words) if mine else dict(self.round.found)
        return Results(self.round.solution, found, [], self.round.ended)

    @property
    def winners(self) -> list[str]:
        return winners({p.name: p.score for p in self.players})

    def found_by(self, word: str, besides: str) -> list[str]:
        return [p.name for p in self.players if p.name != besides and word in p.words]

    def record(self, when: dt.datetime) -> RoundRecord | None:
        """Saved as its own mode, with every player's name, score and words (and the bots' levels)."""
        base = super().record(when)
        if base is None:
            return None
        players = tuple(
            {"name": p.name, "score": p.score, "words": p.words, "me": p.me} | ({"level": p.level} if p.level else {})
            for p in self.players
        )
        return replace(base, mode=MODE, players=players)
