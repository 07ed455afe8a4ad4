"""An online round as a session the round and results screens can draw (the second `RoundSession`).

Of the optional capabilities (game/session.py) it has `Shared` (the room's clock, standings, ending by vote),
`Live` (the server's messages change it) and `Contest` (every player's words at the end); it has no pause,
no practice, no clock of its own to start or tick (the server ends the round), and the room deals the next board.

Its board, clock, verdicts and end come from the server's messages, which the app hands to
`apply` as typed messages (net/messages.py); entries go out through `send`. The clock counts
down locally and is corrected by the server's ticks; entries are numbered, so one sent again
after a reconnect is judged once; nothing about the solution is known until the round ends.
What the game can judge by itself (too short, not on the board, already found) is shown at
once as provisional; the server's verdict follows and is the one kept. No sockets here
(net/client.py has them), so the screens can know this class without loading a network library.
"""

from __future__ import annotations

import datetime as dt
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from boggle_tui.engine.board import Board
from boggle_tui.engine.dice import dice_set_names, load_dice_set
from boggle_tui.engine.dictionary import language_of, list_digest
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import Solution
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.codes import board_code
from boggle_tui.game.contest import winners
from boggle_tui.game.deal import Deal
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.request import Given, RoundRequest
from boggle_tui.game.round import EndReason, Entry, Results, Verdict, normalise
from boggle_tui.game.rules import Rules, Scoring
from boggle_tui.game.session import Hold, RoundSession, Standing
from boggle_tui.game.tracing import TooHard, find_path
from boggle_tui.i18n import N_, _, counted, number
from boggle_tui.net import messages as m
from boggle_tui.net.protocol import MAX_ROOM, MAX_WORD, ProtocolError, clean_text

END_REASONS = {"time_up": EndReason.TIME_UP, "ended": EndReason.VOTED}
MAX_TRIP_SEEN = 10.0  # a longer round trip is not believed: the clock is not moved by it
# Seconds past the clock's end in which a word is still sent: a screen redraws its clock every 0.2 s, so a player
# may see 0:01 for that long after it ran out (played at 300 ms on a busy machine: NEB typed at 0:01, refused).
# The room's grace (0.5 s, or the measured trip) still takes it, near the server or far.
SHOWN_LATE = 0.25
# Translators: the heading of a room's round whose server was lost for good before the round ended
ROUND_LOST = N_("The connection to the room was lost: the round could not be finished.")
# Back after a drop, the room had given the seat up meanwhile (net/link.py `_seated`): the player is a newcomer there.
NEW_SEAT = N_("Back in the room, as a newcomer: your seat was given up while the connection was down.")
# Translators: the verdict of a word sent to a room whose server was lost before it judged the word
NEVER_JUDGED = N_("sent, never judged")


@dataclass
class PlayerResult:
    name: str
    score: int
    words: dict[str, int]  # word -> points after the shared-word rule
    me: bool = False
    also: tuple[str, ...] = ()  # a team's round: the words this player typed after a teammate had found them


class ServedRound:
    """What a round the server deals, times and judges has, whoever plays it (a room's round here; today's board on
    a server, net/daily_session.py): the board of its `deal`, entries numbered as they go out and held in `_sent`
    until their verdict comes (sent again, under their ids, after a reconnect: judged once), and the listeners of
    its end and of its changes. A subclass sets the attributes below and says when it is `over` and what is
    `remaining` of its clock."""

    deal: Deal
    entries: list[Entry]
    found: dict[str, int]
    duration: float
    send: Callable[[m.ClientMessage], None]
    voted: bool  # this player voted to end the round (sent again with the words, after a reconnect)
    # The board's words as this side knows them while the round runs (the live count): a room's are the server's,
    # known at the end; today's board is solved here as it is played (app/daily.py sets it then)
    known_words: int | None = None
    played_for: float | None = None  # the time played, once the round has ended
    _sent: dict[int, str]
    _next_id: int
    _listeners: list[Callable[[RoundSession], None]]
    _watchers: list[Callable[[], None]]

    @property
    def over(self) -> bool:
        raise NotImplementedError

    @property
    def remaining(self) -> float:
        raise NotImplementedError

    @property
    def board(self) -> Board:
        return self.deal.board

    @property
    def code(self) -> str:
        return board_code(self.board, self.deal.dice)

    @property
    def elapsed(self) -> float:
        """The time played: up to now, or (once over) up to the end, not the whole clock (a round a vote ended at
        once was played for seconds: its misses make no study cards)."""
        return self.played_for if self.played_for is not None else self.duration - self.remaining

    def _stop_clock(self) -> None:
        """Keep the time played as the round ends (before it is over, when `remaining` reads 0)."""
        if self.played_for is None:
            self.played_for = self.duration - self.remaining

    @property
    def score(self) -> int:
        return sum(self.found.values())

    @property
    def waiting(self) -> int:
        """Entries sent whose verdict has not come back yet."""
        return len(self._sent)

    def _fold(self, text: str) -> str:
        """An entry or a server's word as the round's language spells it: the board's alphabet, never English's
        (a German room's GLÜCK is not GLUCK), bounded as the wire bounds a word."""
        return normalise(text, self.board.alphabet)[:MAX_WORD]

    def _numbered(self, word: str) -> None:
        """The word sent under the next id, held until its verdict comes."""
        entry_id = self._next_id
        self._next_id += 1
        self._sent[entry_id] = word
        self.send(m.Word(id=entry_id, word=word))

    def late(self, text: str) -> Entry | None:
        """An entry typed as the round ended: recorded as too late (the server has closed the round)."""
        word = self._fold(text)
        if not word or not self.over:
            return None
        entry = Entry(word, Verdict.TOO_LATE)
        self.entries.append(entry)
        return entry

    def resend(self) -> None:
        """After a reconnect: every entry still unanswered, under its own id (the server judges each once), then the
        vote to end, if there was one: a link sends neither while away (net/link.py), and the vote comes after the
        words, so that none is left unjudged by an end the server heard first."""
        for entry_id, word in sorted(self._sent.items()):
            self.send(m.Word(id=entry_id, word=word))
        if self.voted and not self.over:
            self.send(m.VoteEnd())

    def _judged_up_to(self, last_id: int) -> None:
        """Back after a reconnect, the server has judged every entry up to `last_id`: the rest are sent again."""
        self._sent = {i: w for i, w in self._sent.items() if i > last_id}
        self._next_id = max(self._next_id, last_id + 1)
        self.resend()

    def _verdict(self, message: m.Judgement) -> None:
        if self._sent.pop(message.id, None) is None:
            return  # not an entry of ours, or answered before (a resend): judged once, shown once
        entry = served_entry(self._fold(message.word), message.verdict, message.by)
        self.entries.append(entry)
        if entry.verdict.accepted:
            self.found[entry.word] = entry.points

    def _unanswered(self, verdict: Callable[[str], Entry]) -> None:
        """The entries still on their way as the round ends: each gets its verdict here, never silence."""
        for _entry_id, word in sorted(self._sent.items()):
            self.entries.append(verdict(word))
        self._sent.clear()

    def on_end(self, listener: Callable[[RoundSession], None]) -> None:
        self._listeners.append(listener)

    def on_change(self, watcher: Callable[[], None]) -> None:
        """Called whenever a message from the server changed what the round screen shows."""
        self._watchers.append(watcher)

    def learned_words(self, count: int) -> None:
        """The board's words, solved here while the round runs: shown to whoever watches it (the live count)."""
        self.known_words = count
        self._changed()

    def _changed(self) -> None:
        for watcher in self._watchers:
            watcher()

    def _ended(self) -> None:
        for listener in self._listeners:
            listener(self)  # type: ignore[arg-type]  # each subclass is a RoundSession


@dataclass
class OnlineSession(ServedRound):
    """A round played in a room: what the round and results screens need, fed by the server's messages."""

    start_message: m.Start
    room: str
    me: int
    send: Callable[[m.ClientMessage], None]  # sends a message to the server without waiting
    now: TimeSource = time.monotonic
    entries: list[Entry] = field(default_factory=list)
    found: dict[str, int] = field(default_factory=dict)
    standings: list[Standing] = field(default_factory=list)  # everyone's word counts, never their words
    players: list[PlayerResult] = field(default_factory=list)  # after the end
    shared: list[str] = field(default_factory=list)
    evening: tuple[m.Standing, ...] = ()  # the room's scoreboard after this round
    champion: str = ""
    end_reason: EndReason | None = None
    solution: Solution | None = None
    voted: bool = False
    lost: str = ""  # why the room's end never came (its server lost for good), if it did not
    # A team's round (game/team.py): the words teammates found first, and who (newest last); the team's points
    # and goal, as the server last said them, and when it reached the goal (at the end)
    teammates: dict[str, str] = field(default_factory=dict)
    team_score: int = 0
    goal: int = 0
    reached: float | None = None
    # Two teams: this player's side (1 or 2; 0 for one team, or watching), the other team's points and when it
    # reached the goal; `sides` is every player's, by name, once the counts or the end have said them
    side: int = 0
    rival_score: int | None = None
    rival_reached: float | None = None
    sides: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """A start message whose board this game cannot draw is a ProtocolError: the round is not played."""
        start = self.start_message
        self.deal = dealt(start)
        self.dice = self.deal.dice
        board = self.deal.board
        self.min_length = start.min_length
        self.watching = start.watching  # the board and the counts only: this game has no part in the round
        self.scoring = Scoring.TEAM if start.goal else Scoring.UNIQUE
        self.goal, self.team_score, self.side = start.goal, start.team, start.side
        rules = Rules(dictionary=start.dictionary, seconds=start.seconds, min_length=self.min_length)
        self.request = RoundRequest(Given(board, self.dice), rules)  # how words score is the room's: `scoring`
        self.duration: float = float(start.seconds)
        self.trip = 0.0  # the round trip to the server, as last measured (a `ping` answered)
        self._told = (self.now(), start.remaining)  # when the server last said the time left, and what it said
        self._holds: set[Hold] = set()
        self._sent: dict[int, str] = {}  # entry id -> word, until its verdict comes back
        self._next_id = start.next_id  # past the ids the server has judged, after a restart
        self._listeners: list[Callable[[RoundSession], None]] = []
        self._watchers: list[Callable[[], None]] = []
        self.uid = uuid.uuid4().hex

    # What the screens show

    @property
    def title(self) -> str:
        if self.watching:
            # Translators: the title of an online round the player only watches
            return _("Watching · room {room} · round {round}").format(room=self.room, round=self.start_message.round)
        # Translators: an online round's title: {room} is the room's name, {round} the round's number in it
        return _("Online · room {room} · round {round}").format(room=self.room, round=self.start_message.round)

    timed = True

    @property
    def remaining(self) -> float:
        return 0.0 if self.over else max(0.0, self._deadline - self.now())

    @property
    def _deadline(self) -> float:
        """When the room's clock runs out, on this game's clock: the time left the server last said, counted
        from when it said it, half a round trip before it arrived (so the player's clock ends with the server's)."""
        arrived, remaining = self._told
        return arrived - min(self.trip, MAX_TRIP_SEEN) / 2 + remaining

    @property
    def hidden(self) -> bool:
        """While another screen covers the round the board is hidden; the room's clock runs on regardless."""
        return bool(self._holds) and not self.over

    @property
    def over(self) -> bool:
        return self.end_reason is not None or bool(self.lost)

    @property
    def team(self) -> bool:
        """Whether everyone in the room plays together this round."""
        return self.goal > 0

    @property
    def two_teams(self) -> bool:
        return self.rival_score is not None

    def team_line(self) -> str:
        """`Team 41 / 60`, and `goal reached` once it is: a team's round's progress, for every front end; with two
        teams `Your team 41 / 60 · the others 35` (a spectator's: `Team 1 41 · team 2 35 / 60`)."""
        if self.two_teams and not self.side:
            # Translators: two teams' points, as one who watches sees them, and their goal
            line = _("Team 1 {first} · team 2 {second} / {goal}")
            return line.format(
                first=number(self.team_score), second=number(self.rival_score or 0), goal=number(self.goal)
            )
        # Translators: a team's round: its points so far and its goal ("Team 41 / 60")
        line = _("Team {score} / {goal}").format(score=number(self.team_score), goal=number(self.goal))
        if self.two_teams:
            # Translators: two teams: the player's own team's points and goal, then the other team's points
            line = _("Your team {score} / {goal} · the others {rival}").format(
                score=number(self.team_score), goal=number(self.goal), rival=number(self.rival_score or 0)
            )
        if self.team_score < self.goal:
            return line
        # Translators: after "Team 41 / 60": the team's points have reached its goal
        return " · ".join([line, _("goal reached")])

    # What the player does

    def submit(self, text: str) -> Entry | None:
        """Send an entry (every one: the server's verdict is the one kept) and return a provisional verdict
        at once: what this game can tell by itself, or SENT while the room decides."""
        word = self._fold(text)
        if self.over:
            return self.late(text)
        if not word or self.watching:  # a spectator's words go nowhere
            return None
        if self.now() - self._deadline >= SHOWN_LATE:
            # The player's clock (which ends with the room's) has shown 0:00 a while: too late, here and at once.
            # The room's grace is for words sent before it, on their way; a word sent later would count for a
            # player beside the server and not for one far from it.
            entry = Entry(word, Verdict.TOO_LATE)
            self.entries.append(entry)
            return entry
        self._numbered(word)
        return Entry(word, self._judge_here(word), provisional=True, by=self.teammates.get(word, ""))

    def _judge_here(self, word: str) -> Verdict:
        if word in self.teammates and word not in self.found:
            return Verdict.TEAM_FOUND
        return judged_here(word, self.board, self.found, self.min_length)

    def hold(self, reason: Hold) -> None:
        if not self.over:
            self._holds.add(reason)

    def release(self, reason: Hold) -> None:
        self._holds.discard(reason)

    def end(self, reason: EndReason) -> None:
        """The player votes to end; the round ends when everyone has."""
        if not self.over and not self.voted and not self.watching:
            self.voted = True
            self.send(m.VoteEnd())

    # What the server says

    def apply(self, message: m.ServerMessage) -> None:
        match message:
            case m.Tick(remaining=remaining):
                self._told = (self.now(), remaining)
                self.send(m.Ping(t=self.now(), trip=self.trip))  # answered at once: the trip, measured
            case m.Pong(t=t):
                trip = self.now() - t
                if 0.0 <= trip <= MAX_TRIP_SEEN:  # a pong from before a reconnect, or a clock gone back: not a trip
                    self.trip = trip
            case m.Judgement():
                self._verdict(message)
            case m.Entries(entries=entries, last_id=last):  # back after a reconnect: our entries as judged
                self.entries = [served_entry(self._fold(e.word), e.verdict, e.by) for e in entries]
                self.found = {e.word: e.points for e in self.entries if e.verdict.accepted}
                self._judged_up_to(last)
            case m.TeamFound() if self.team and not self.watching:
                self._teammate_found(message)
            case m.Progress(players=players, team=team, rival=rival):
                self.standings = [Standing(p.name, p.words, p.connected, p.voted_end, p.id == self.me) for p in players]
                self.sides = {p.name: p.side for p in players if p.side}
                if self.team:  # the room's count: a spectator's too, who hears of no word
                    two = self.side == 2 or 2 in self.sides.values()
                    self.team_score, rival = (rival, team) if self.side == 2 else (team, rival)
                    self.rival_score = rival if two else None
            case m.End():
                self._finish(message)
                return
            case _:
                return
        self._changed()

    def _verdict(self, message: m.Judgement) -> None:
        found = len(self.found)
        super()._verdict(message)
        if self.team and len(self.found) > found:  # our find is the team's too (the teammates hear of it)
            self.team_score += message.points

    def _teammate_found(self, message: m.TeamFound) -> None:
        """A teammate's word: it joins the words shown with their name (never ours: our own find stands)."""
        word = self._fold(message.word)
        if word and word not in self.found and len(self.teammates) < m.MAX_WORDS:
            self.teammates.setdefault(word, message.name)
        self.team_score, self.goal = message.team, message.goal or self.goal

    def _finish(self, message: m.End) -> None:
        if self.over:
            return
        cells = len(self.board.faces)
        paths = {
            self._fold(w): path
            for w, path in message.solution.items()
            if path and all(0 <= c < cells for c in path)  # a cell off the board is not drawn
        }
        self.solution = Solution(self.board, self.min_length, dict(sorted(paths.items())))
        fold = self._fold
        self.players = [
            PlayerResult(
                p.name, p.score, {fold(w): s for w, s in p.words.items()}, p.id == self.me, (*map(fold, p.also),)
            )
            for p in message.players
        ]
        mine = next((p for p in self.players if p.me), None)
        # Only words the solution can draw: a server that claims others is not believed about them.
        self.found = {w: points for w, points in mine.words.items() if w in paths} if mine else {}
        self.shared = [self._fold(w) for w in message.shared]
        self.scoring = Scoring(message.scoring)
        if self.scoring is Scoring.TEAM:  # the end's words are the ones to keep: each with its finder
            sides = {p.name: p.side for p in message.players}
            own = self.side or 1  # a spectator's "team" is the first
            self.teammates = {
                w: p.name for p in self.players if not p.me and sides[p.name] in (0, own) for w in p.words if w in paths
            }
            self.team_score = sum(p.score for p in self.players if sides[p.name] in (0, own))
            first, second = message.reached, message.rival_reached
            self.goal, self.reached = message.goal or self.goal, second if own == 2 else first
            if any(side == 2 for side in sides.values()):
                self.sides = {name: side for name, side in sides.items() if side}
                self.rival_score = sum(p.score for p in self.players if sides[p.name] not in (0, own))
                self.rival_reached = first if own == 2 else second
        self.evening, self.champion = message.scoreboard, message.champion
        self._stop_clock()
        self.end_reason = END_REASONS.get(message.reason, EndReason.TIME_UP)
        self._holds.clear()
        self._unanswered(lambda word: Entry(word, Verdict.TOO_LATE))
        self._ended()

    def lose(self, reason: str) -> None:
        """The room's server was lost for good mid-round: the round ends here, as far as it got. The words the room
        judged keep its verdicts; those still on their way keep the provisional one this game gave them (the room
        never judged them); nobody's words are compared, so no shared-word rule is applied."""
        if self.over:
            return
        self.lost = reason
        self._unanswered(lambda word: Entry(word, self._judge_here(word), provisional=True))
        self._holds.clear()
        self._ended()

    def voided_by(self, lobby: m.Lobby) -> bool:
        """Whether the room's lobby says that this round is gone without an end: a server that restarted voids
        the round that was under way (and says so in an `error`)."""
        if self.over:
            return False
        return lobby.state != "playing" or lobby.rounds < self.start_message.round

    def found_by(self, word: str, besides: str) -> list[str]:
        """Who else found the word: the players other than `besides` who have it (in a team's round, who typed it
        after them too)."""
        return [p.name for p in self.players if p.name != besides and (word in p.words or word in p.also)]

    # After the round

    def results(self) -> Results:
        assert self.solution is not None
        return Results(self.solution, dict(self.found), [], self.end_reason, dict(self.teammates))

    @property
    def winners(self) -> list[str]:
        return winners({p.name: p.score for p in self.players})

    def record(self, when: dt.datetime) -> RoundRecord | None:
        if self.solution is None or not self.solution.paths or self.watching:  # a round watched is not one played
            return None
        results = self.results()
        return RoundRecord(
            uid=self.uid,
            played_at=when.astimezone(dt.UTC).isoformat(timespec="seconds"),
            mode="online",
            board=self.board.text(),
            code=self.code,
            dictionary=self.request.rules.dictionary,
            min_length=self.min_length,
            score=results.score,
            max_score=results.max_score,
            words_total=len(self.solution.paths),
            found=dict(self.found),
            missed=tuple(results.missed),
            dice=self.dice,
            seconds=int(self.duration),
            ended=self.end_reason.name.lower() if self.end_reason else None,
            players=tuple({"name": p.name, "score": p.score, "words": p.words, "me": p.me} for p in self.players),
        )


def dealt(start: m.Start) -> Deal:
    """The board a server's start message deals, in its language (its dice's, or its shipped list's: the faces are
    that language's letters); a ProtocolError where this game cannot draw it."""
    dice = start.dice if start.dice in dice_set_names(None) else None  # a set this game lacks: no code
    language = load_dice_set(dice).language if dice else language_of(start.dictionary).code
    try:
        board = Board(start.board, language)
    except BoggleError as error:
        raise ProtocolError(
            _("the server's board cannot be read ({error}): the room may play a language this game lacks").format(
                error=error
            )
        ) from None
    return Deal(board, dice, None)


def judged_here(
    word: str, board: Board, found: dict[str, int], min_length: int, sent: Verdict = Verdict.SENT
) -> Verdict:
    """A provisional verdict on an entry the server will judge: what needs no word list (already found, too short,
    not on the board), else `sent` (a room's SENT). The rest (a word, or not) only the server knows."""
    if word in found:
        return Verdict.ALREADY_FOUND
    if len(word) < min_length:
        return Verdict.TOO_SHORT
    try:
        on_board = find_path(board, word) is not None
    except TooHard:
        on_board = True  # too long to say here: the server will
    return sent if on_board else Verdict.NOT_ON_BOARD


def served_entry(word: str, verdict_text: m.VerdictText, by: str = "") -> Entry:
    """An entry as the server judged it, its word already folded in the room's language (points are the word's
    own: shared words are struck out at the end); `by`: the teammate who has it. Decoding refused any verdict but a
    room's."""
    verdict = Verdict(verdict_text)
    return Entry(word, verdict, score(word) if verdict.accepted else 0, by=by if verdict is Verdict.TEAM_FOUND else "")


def evening_line(evening: Sequence[m.Standing], champion: str) -> str:
    """`Tonight: alice 120 (2 wins) · bob 80`, and who reached the target first: a room's evening so far, in the
    reader's language, for every front end; "" before a round of it has ended. Names are as decoded (cleaned)."""
    if not evening:
        return ""
    standings = " · ".join(_standing(s) for s in evening)
    line = _("Tonight: {standings} · {champion} reached the target first") if champion else _("Tonight: {standings}")
    return line.format(standings=standings, champion=champion)


def _standing(standing: m.Standing) -> str:
    """`alice 120 (2 wins)`: a player's points over the evening, and wins if any."""
    if not standing.wins:
        return f"{standing.name} {number(standing.total)}"
    return counted(standing.wins, "{name} {points} ({count} win)", "{name} {points} ({count} wins)").format(
        name=standing.name, points=number(standing.total)
    )


def lost_verdict(entry: Entry) -> str:
    """An entry's verdict in a round whose room was lost: the room's, or this game's own where the room never
    judged it (a word it had sent is said to be unjudged, never accepted)."""
    if entry.provisional and entry.verdict in (Verdict.SENT, Verdict.SENT_TO_SERVER):
        return _(NEVER_JUDGED)
    return entry.said


def lost_totals(session: OnlineSession) -> str:
    """`Score so far: 12 · 4 words accepted by the room`: a lost round's score, the room's verdicts alone (nobody's
    words were compared: no word is struck out as shared)."""
    line = counted(
        len(session.found), "Score so far: {score} · {count} word accepted by the room",
        "Score so far: {score} · {count} words accepted by the room",
    )  # fmt: skip
    return line.format(score=number(session.score))


def word_list_note(lobby: m.Lobby, checked: set[tuple[str, str]]) -> str | None:
    """Once per list (`checked` remembers): when this machine's copy of the room's word list is not the server's,
    the line that says so; None otherwise. The list's name is the server's, shown quoted and cleaned."""
    name, theirs = lobby.settings.dictionary, lobby.dictionary_hash
    if not theirs or not name or (name, theirs) in checked:
        return None
    checked.add((name, theirs))
    try:
        mine = list_digest(name)
    except BoggleError:
        mine = ""
    if mine == theirs:
        return None
    if mine:
        differs = _("Your copy of the word list {name} differs from the server's: the server's list judges.")
    else:
        differs = _(
            "Your copy of the word list {name} is not on this machine, unlike the server's: the server's list judges."
        )
    return differs.format(name=repr(clean_text(name, MAX_ROOM)))
