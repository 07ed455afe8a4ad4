"""The others at a plain seat (the table's bots, a room's players), as lines: their word counts while the round
runs, at most one line every COUNTS_EVERY seconds, and at its end every word found, with who found it.

Names come from strangers (a room's players name themselves): each is cleaned again where it is shown
(net/protocol.py `clean_text`), so no control character reaches the terminal, whatever reached this far.
The texts the app's results screens show (the winner, the evening) are the same messages here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from boggle_tui.engine.alphabets import Alphabet
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.contest import winner_line
from boggle_tui.game.rules import Scoring
from boggle_tui.game.session import Scorecard, Standing, Teamed
from boggle_tui.game.team import team_outcome, teams_outcome
from boggle_tui.i18n import _, counted, number
from boggle_tui.net.messages import Standing as EveningStanding
from boggle_tui.net.protocol import MAX_NAME, clean_text
from boggle_tui.net.session import evening_line

COUNTS_EVERY = 10.0  # seconds: the others' counts are said at most this often (a screen reader is not a ticker)

Key = tuple[tuple[str, int, bool, bool], ...]


class Contest(Protocol):
    """A finished round with others (game/session.py's `Contest`, as the plain seat reads it)."""

    @property
    def players(self) -> Sequence[Scorecard]: ...
    @property
    def shared(self) -> list[str]: ...
    @property
    def scoring(self) -> Scoring: ...
    @property
    def winners(self) -> list[str]: ...


def shown_name(name: str) -> str:
    """A player's name as a line shows it: printable characters only."""
    return clean_text(name, MAX_NAME) or "?"


def _others(standings: Sequence[Standing]) -> Key:
    return tuple((s.name, s.words, s.connected, s.voted_end) for s in standings if not s.me)


def counts_line(standings: Sequence[Standing], watching: bool = False) -> str:
    """`Found so far: Ada 4, bob 2 (voted to end) · you: 3`; a round watched has no count of the watcher's."""
    parts = []
    for s in standings:
        if s.me:
            continue
        part = f"{shown_name(s.name)} {number(s.words)}"
        if not s.connected:
            part += " " + _("(away)")
        elif s.voted_end:
            # Translators: after a player's word count while a round runs: they asked to end it early
            part += " " + _("(voted to end)")
        parts.append(part)
    if watching:
        # Translators: the players' word counts while a round runs, to one who only watches it
        return _("Found so far: {others}").format(others=", ".join(parts))
    mine = next((s.words for s in standings if s.me), 0)
    # Translators: the other players' word counts while a round runs, then the reader's own count
    return _("Found so far: {others} · you: {mine}").format(others=", ".join(parts), mine=number(mine))


@dataclass
class CountsLine:
    """When the others' counts have changed, one line; never two within `every` seconds on the injected clock.
    The round's first counts (nobody has a word yet) are no news."""

    now: TimeSource
    every: float = COUNTS_EVERY
    said: Key | None = None
    said_at: float | None = None

    def due(self, standings: Sequence[Standing], watching: bool = False) -> list[str]:
        key = _others(standings)
        if not key or key == self.said:
            return []
        if self.said is None and all(words == 0 and connected and not voted for _n, words, connected, voted in key):
            self.said = key
            return []
        now = self.now()
        if self.said_at is not None and now - self.said_at < self.every:
            return []
        self.said, self.said_at = key, now
        return [counts_line(standings, watching)]

    def wait(self, standings: Sequence[Standing]) -> float | None:
        """Seconds until a change not yet said may be said; None when none waits."""
        key = _others(standings)
        if not key or key == self.said or self.said is None:
            return None
        if self.said_at is None:
            return 0.0
        return max(0.0, self.said_at + self.every - self.now())

    def start(self) -> None:
        """A new round: its first counts are no news, and the next change may be said at once."""
        self.said = self.said_at = None


def _who(player: Scorecard) -> str:
    return _("you") if player.me else shown_name(player.name)


def contest_lines(contest: Contest, alphabet: Alphabet) -> list[str]:
    """The winner, everyone's score, then each word anyone found with who found it, one line a word:
    `ABO: you, bob, carol (shared, 0)`, `TOWEL: you (2)`; the longest words first, you first among who found it.
    Why the round ended is not said again: the front end said it on a line of its own as it ended ("Time is up.")."""
    ranked = sorted(contest.players, key=lambda p: (-p.score, not p.me, p.name))
    scores = ", ".join(f"{_who(p)} {number(p.score)}" for p in ranked)
    if isinstance(contest, Teamed) and contest.two_teams:  # two teams: which won
        outcome = teams_outcome(contest.team_score, contest.rival_score or 0, watching=not contest.side)
    elif isinstance(contest, Teamed) and contest.team:  # played together: the team's points against its goal
        outcome = team_outcome(contest.team_score, contest.goal, contest.reached)
    else:
        who = {p.name: _who(p) for p in contest.players}  # "you", as the scores' line says it
        outcome = winner_line([who.get(w) or shown_name(w) for w in contest.winners])
    lines = [outcome, _("Scores: {scores}").format(scores=scores)]
    words = {word for p in ranked for word in p.words}
    if not words:
        lines.append(_("Nobody found a word."))
        return lines
    lines.append(counted(len(words), "{count} word found, and who found it:", "{count} words found, and who found it:"))
    shared = set(contest.shared)
    for word in sorted(words, key=lambda w: (-len(w), alphabet.sort_key(w))):
        finders = sorted((p for p in ranked if word in p.words), key=lambda p: not p.me)  # you first, then by score
        fields = {
            "word": alphabet.upper(word),
            "players": ", ".join(map(_who, finders)),
            "points": number(finders[0].words[word]),
        }
        if word in shared:
            # Translators: a word two or more players found, who found it, and the points each got for it
            lines.append("  " + _("{word}: {players} (shared, {points})").format(**fields))
        else:
            # Translators: a word one player found, who, and its points
            line = _("{word}: {players} ({points})").format(**fields)
            typed_after = [_who(p) for p in ranked if word in getattr(p, "also", ())]  # a team's: typed after
            if typed_after:
                # Translators: a team's word, then the teammates who typed it after its finder ("…, also ben")
                line = _("{line}, also {players}").format(line=line, players=", ".join(typed_after))
            lines.append("  " + line)
    if shared:
        if contest.scoring is Scoring.UNIQUE:
            lines.append(_("A shared word, found by two or more players, scores 0 for everyone."))
        elif contest.scoring is Scoring.TEAM and any(points == 0 for p in ranked for points in p.words.values()):
            lines.append(_("A word both teams found scores 0 for both."))
        elif contest.scoring is Scoring.TEAM:
            lines.append(_("A word both teams found scores for both."))
        else:
            lines.append(_("Every word scores, shared or not."))
    return lines


def evening_lines(evening: Sequence[EveningStanding], champion: str) -> list[str]:
    """The room's evening so far, as the online results show it (net/session.py `evening_line`)."""
    line = evening_line(evening, champion)
    return [line] if line else []
