"""A contest: every player's words in, each player's points and the shared words out.

The one place the shared-word rule is written, for the table of bots (game/table.py) and for rooms
(net/room.py) alike: under `Scoring.UNIQUE` a word that two or more players found scores for nobody.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from boggle_tui.engine.scoring import score
from boggle_tui.game.rules import Scoring
from boggle_tui.i18n import _


@dataclass(frozen=True)
class Outcome:
    points: tuple[dict[str, int], ...]  # each player's words with their points, in the order the players came
    shared: tuple[str, ...]  # the words two or more players found, sorted

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(sum(words.values()) for words in self.points)


def compare(found: Sequence[Iterable[str]], scoring: Scoring) -> Outcome:
    """Each player's words (in the order given) scored under `scoring`."""
    lists = [list(words) for words in found]
    finders = Counter(word for words in lists for word in set(words))
    shared = tuple(sorted(word for word, n in finders.items() if n > 1))
    struck = set(shared) if scoring is Scoring.UNIQUE else set()
    return Outcome(tuple({w: 0 if w in struck else score(w) for w in words} for words in lists), shared)


def between_teams(outcome: Outcome, first: Iterable[str], second: Iterable[str], rule: Scoring) -> set[str]:
    """Two teams (their words `first` and `second`): under `Scoring.UNIQUE` a word both teams found scores for
    neither, struck from `outcome`'s points (returned: the words struck); under `Scoring.ALL` it scores for both."""
    if rule is not Scoring.UNIQUE:
        return set()
    struck = set(first) & set(second)
    for found in outcome.points:
        for word in struck & found.keys():
            found[word] = 0
    return struck


def winners(scores: Mapping[str, int]) -> list[str]:
    """The players with the best score, in the order given (several: a tie); nobody when nobody scored, never a
    tie of everyone (the evening counts no win either)."""
    best = max(scores.values(), default=0)
    return [name for name, points in scores.items() if points == best] if best > 0 else []


def winner_line(winners: Sequence[str], ended: str = "") -> str:
    """`Time is up · winner: alice`, a tie named in full, or nobody (every front end's line under a contest);
    without `ended` (a front end that said why the round ended on a line of its own): `Winner: alice`."""
    if len(winners) > 1:
        tie = _("{players} and {player}").format(players=", ".join(winners[:-1]), player=winners[-1])
        if not ended:
            return _("A tie: {players}").format(players=tie)
        return _("{reason} · a tie: {players}").format(reason=ended, players=tie)
    if not winners:
        return _("{reason} · winner: nobody").format(reason=ended) if ended else _("Winner: nobody")
    if not ended:
        return _("Winner: {player}").format(player=winners[0])
    return _("{reason} · winner: {player}").format(reason=ended, player=winners[0])
