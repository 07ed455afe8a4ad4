"""Playing together: one team, its words, its goal.

Under `Scoring.TEAM` everyone in a room is one team. A word counts once, for the team, and belongs to whoever found
it first: a teammate who types it later is told who has it (`Verdict.TEAM_FOUND`) and it is not theirs. Each player
keeps the points of their own finds, so the results can say who found what; the team's score is their sum, and
the round is won together when it reaches the goal before the clock runs out. The rule is written here once, for
the room (net/room.py) and for what a front end shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from boggle_tui.engine.scoring import score
from boggle_tui.game.clock import format_seconds
from boggle_tui.game.rules import GOAL_SHARE, Rules
from boggle_tui.i18n import _, number


def default_goal(words: Iterable[str], is_required: Callable[[str], bool]) -> int:
    """GOAL_SHARE % of the points of the board's required words (its common ones, game/tiers.py), at least 1
    point; a board with no common word aims at that share of all its words' points."""
    words = list(words)
    required = sum(score(w) for w in words if is_required(w)) or sum(score(w) for w in words)
    return max(1, math.ceil(required * GOAL_SHARE / 100))


def goal_for(rules: Rules, words: Iterable[str], is_required: Callable[[str], bool]) -> int:
    """The team's goal on a board of `words`: the host's, or the share by default."""
    return rules.goal if rules.goal is not None else default_goal(words, is_required)


@dataclass
class Team:
    """A round's team: which word each player found first, and the goal. Players are known by id."""

    goal: int
    finders: dict[str, int] = field(default_factory=dict)  # word -> the id of the player who found it first
    reached_at: float | None = None  # when the team's points first reached the goal (the round's elapsed time)
    score: int = 0  # the points of its words (kept as they come: every find reads it)

    def finder(self, word: str) -> int | None:
        return self.finders.get(word)

    def found(self, word: str, player: int, elapsed: float) -> None:
        """`player` found `word`, first: it is the team's from now (a word it has already stays its finder's)."""
        if word in self.finders:
            return
        self.finders[word] = player
        self.score += score(word)
        if self.reached_at is None and self.score >= self.goal:
            self.reached_at = elapsed

    def strike(self, words: set[str]) -> None:
        """Two teams, a word both found scoring for neither: its points leave the team's at the end, and a goal the
        team reached only with them is not reached after all."""
        self.score -= sum(score(w) for w in words if w in self.finders)
        if self.score < self.goal:
            self.reached_at = None

    @property
    def reached(self) -> bool:
        return self.reached_at is not None

    def words_of(self, player: int) -> dict[str, int]:
        """A player's own finds, with their points."""
        return {w: score(w) for w, who in self.finders.items() if who == player}


def by_finder(words: Mapping[str, Mapping[str, int]]) -> dict[str, str]:
    """Each word of a team's round and who found it, from each player's own words (as a room's end says them)."""
    return {word: name for name, found in words.items() for word in found}


def team_outcome(points: int, goal: int, reached: float | None, ended: str = "") -> str:
    """A team's round in one line, for every front end (as `winner_line` says a contest's): `Time is up · together:
    41 of 60 points · goal reached at 1:52`, or how far short of its goal the team ended; without `ended` (a front
    end that said why the round ended on a line of its own): `Together: …`."""
    values = {"points": number(points), "goal": number(goal)}
    if reached is not None:
        # Translators: a team's round: its points, its goal, and how far into the round it reached it ("after 1:52")
        together = _("together: {points} of {goal} points · goal reached after {time}")
        values["time"] = format_seconds(reached)
    else:
        # Translators: a team's round that ended short of its goal, by {short} points
        together = _("together: {points} of {goal} points · {short} short of the goal")
        values["short"] = number(max(0, goal - points))
    line = together.format(**values)
    return f"{ended} · {line}" if ended else line[:1].upper() + line[1:]


def teams_outcome(points: int, rival: int, ended: str = "", *, watching: bool = False) -> str:
    """Two teams' round in one line: `Time is up · your team won, 41 to 35` (or lost, or a tie); as one who watched
    it sees it, `… · team 1 won, 41 to 35`. Without `ended`, the line starts with a capital."""
    values = {"points": number(points), "rival": number(rival)}
    if watching:
        first, second = sorted((points, rival), reverse=True)
        side = 1 if points >= rival else 2
        # Translators: two teams' round as a spectator sees it: the team that won, and the points
        line = _("team {side} won, {points} to {rival}").format(side=side, points=number(first), rival=number(second))
        if points == rival:
            # Translators: two teams' round that ended with as many points for each
            line = _("a tie between the teams, {points} each").format(points=number(points))
    elif points > rival:
        # Translators: two teams: the player's team won the round, its points and the other team's
        line = _("your team won, {points} to {rival}").format(**values)
    elif points < rival:
        # Translators: two teams: the player's team lost the round, its points and the other team's
        line = _("your team lost, {points} to {rival}").format(**values)
    else:
        line = _("a tie between the teams, {points} each").format(points=number(points))
    return f"{ended} · {line}" if ended else line[:1].upper() + line[1:]
