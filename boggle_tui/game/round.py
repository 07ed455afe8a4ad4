"""The rules of one round, with no terminal in sight: entries, verdicts, the clock, the results.

One rule set decides everything: a word counts if and only if it is in the
solver's answer set for this board, so what is found, missed and totalled always agree.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from boggle_tui.engine.alphabets import Alphabet, alphabet_for
from boggle_tui.engine.board import Board, Cell, CellPath
from boggle_tui.engine.common import denied
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.engine.trie import Trie
from boggle_tui.game.clock import Clock, TimeSource
from boggle_tui.game.tracing import TooHard, find_path
from boggle_tui.i18n import N_, _


class Verdict(Enum):
    """A word's verdict. The value is what the protocol carries and the verdict log writes (never translated);
    `text` is what a person is shown."""

    # Translators: a word's verdict, shown after the word ("CAT: accepted")
    ACCEPTED = N_("accepted")
    ALREADY_FOUND = N_("already found")
    ALREADY_SHOWN = N_("already shown")  # practice: revealed by a hint
    # Translators: a word's verdict, shown after the word ("CAT: accepted")
    TOO_SHORT = N_("too short")
    NOT_ON_BOARD = N_("not on the board")
    NOT_A_WORD = N_("not a word")
    # Translators: a word's verdict, shown after the word ("CAT: accepted")
    TOO_LATE = N_("too late")  # online: reached the server after the round's deadline and its grace
    # Translators: a word's verdict, shown after the word ("CAT: accepted")
    TOO_FAST = N_("too fast")  # online: beyond the words a player may send in a second
    # Translators: a word's verdict in a team's round: a teammate found it first (shown with their name)
    TEAM_FOUND = N_("found by a teammate")
    SENT = N_("sent: the room judges it")  # online, shown at once while the room's verdict is on its way
    SENT_TO_SERVER = N_("sent: the server judges it")  # the same for the day's board, which is no room

    @property
    def accepted(self) -> bool:
        return self is Verdict.ACCEPTED

    @property
    def text(self) -> str:
        """The verdict in the interface's language: `not a word`."""
        return _(self.value)


class EndReason(Enum):
    """Why a round ended; `text` is what a person is shown (the value is its English text, marked for the catalogue)."""

    TIME_UP = N_("Time is up")
    ALL_FOUND = N_("You found every word")
    NONE_LEFT = N_("No words left")  # practice: found or revealed, every one
    ENDED = N_("You ended the round")
    GAVE_UP = N_("You gave up")
    NO_WORDS = N_("This board has no words")
    VOTED = N_("Everyone here voted to end")  # online: those away (or bots) have no vote

    @property
    def text(self) -> str:
        """The reason in the interface's language: `Time is up`."""
        return _(self.value)


@dataclass(frozen=True)
class Entry:
    word: str
    verdict: Verdict
    points: int = 0
    provisional: bool = False  # online: judged here at once; the room's verdict follows and stands
    by: str = ""  # TEAM_FOUND: the teammate who found it first

    @property
    def said(self) -> str:
        """The verdict as a player reads it: `not a word`, `found by ben` (a teammate's word, with their name)."""
        if self.verdict is Verdict.TEAM_FOUND and self.by:
            # Translators: a word's verdict in a team's round: {name} found it first
            return _("found by {name}").format(name=self.by)
        return self.verdict.text


@dataclass
class Round:
    """A board, its answer set and a clock; entries come in, verdicts go out."""

    board: Board
    solution: Solution
    clock: Clock
    is_word: Callable[[str], bool]  # the whole word list, to tell "not on the board" from "not a word"
    practice: bool = False
    found: dict[str, int] = field(default_factory=dict)  # word -> points, in the order found
    revealed: list[str] = field(default_factory=list)  # practice: shown by a hint, scoring nothing
    claimed: dict[str, str] = field(default_factory=dict)  # a team's round: words a teammate found first -> their name
    entries: list[Entry] = field(default_factory=list)
    ended: EndReason | None = None

    @classmethod
    def for_board(
        cls,
        board: Board,
        dictionary: Trie,
        min_length: int,
        seconds: float | None,
        *,
        practice: bool = False,
        now: TimeSource = time.monotonic,
    ) -> Round:
        """A round on `board`; practice rounds have no clock."""
        clock = Clock(None if practice or not seconds else seconds, now)
        return cls(board, solve(board, dictionary, min_length), clock, dictionary.__contains__, practice)

    @property
    def min_length(self) -> int:
        return self.solution.min_length

    @property
    def score(self) -> int:
        return sum(self.found.values())

    @property
    def over(self) -> bool:
        return self.ended is not None

    def start(self) -> None:
        self.clock.start()

    def submit(self, text: str) -> Entry | None:
        """Judge an entry; None for an empty one or once the round is over."""
        word = normalise(text, self.board.alphabet)
        if not word or self.over:
            return None
        entry = Entry(word, self.judge(word), by=self.claimed.get(word, ""))
        if entry.verdict.accepted:
            entry = Entry(word, Verdict.ACCEPTED, score(word))
            self.found[word] = entry.points
        self.entries.append(entry)
        return entry

    def judge(self, word: str) -> Verdict:
        if word in self.found:
            return Verdict.ALREADY_FOUND
        if word in self.revealed:
            return Verdict.ALREADY_SHOWN
        if word in self.claimed:
            return Verdict.TEAM_FOUND
        if len(word) < self.min_length:
            return Verdict.TOO_SHORT
        if word in self.solution:
            return Verdict.ACCEPTED
        if self.is_word(word):
            return Verdict.NOT_ON_BOARD  # the solver finds every word on the board
        try:
            on_board = find_path(self.board, word) is not None
        except TooHard:
            return Verdict.NOT_A_WORD  # true either way; where it lies would take too long to say
        return Verdict.NOT_A_WORD if on_board else Verdict.NOT_ON_BOARD

    def end(self, reason: EndReason = EndReason.ENDED) -> bool:
        """End the round, once: True only for the call that ended it."""
        if self.over:
            return False
        self.ended = reason
        self.clock.stop()
        return True

    @property
    def none_left(self) -> bool:
        """Every word of a board that has some is found or revealed."""
        return bool(self.solution) and not self.remaining_words()

    def remaining_words(self) -> list[str]:
        return [w for w in self.solution.words if w not in self.found and w not in self.revealed]

    def reveal(self, rng: random.Random | None = None) -> str | None:
        """Practice: show one word not yet found (shortest first: the gentlest hint), never one that is never common
        (a name first) or offensive: the game suggests neither (engine/common.py)."""
        unsuggested = denied(self.solution.board.language)
        remaining = [word for word in self.remaining_words() if word not in unsuggested]
        if not remaining or self.over:
            return None
        shortest = min(map(len, remaining))
        word = (rng or random).choice([w for w in remaining if len(w) == shortest])
        self.revealed.append(word)
        return word

    def results(self) -> Results:
        return Results(self.solution, dict(self.found), list(self.revealed), self.ended)


def normalise(text: str, alphabet: Alphabet) -> str:
    """An entry as the language spells its words: no spaces, lower case, its letters (`Año` -> `año`,
    German `Straße` -> `strasse`, Dutch `IJs` -> `ĳs`). The alphabet is always the board's: with no default, no
    front end can fold a German entry with English's letters (GLÜCK read as GLUCK, ÄRA as ARA)."""
    return alphabet.fold("".join(text.split()))


@dataclass(frozen=True)
class LengthRow:
    length: int
    found: int
    total: int


@dataclass(frozen=True)
class Results:
    solution: Solution
    found: dict[str, int]
    revealed: list[str]
    ended: EndReason | None
    teammates: Mapping[str, str] = field(default_factory=dict)  # a team's round: the words a teammate found first

    @property
    def score(self) -> int:
        return sum(self.found.values())

    @property
    def max_score(self) -> int:
        return self.solution.total_score

    @cached_property
    def missed(self) -> list[str]:
        """Words not found (in a team's round: by anyone in the team), the most valuable first, then in the board's
        language's alphabetical order."""
        return self.by_value(w for w in self.solution.words if w not in self.found and w not in self.teammates)

    def by_value(self, words: Iterable[str]) -> list[str]:
        """Words as a list shows them: the most valuable first, then as the language's dictionaries order them."""
        alphabet = alphabet_for(self.solution.board.language)
        return sorted(words, key=lambda w: (-score(w), alphabet.sort_key(w)))

    def by_length(self) -> list[LengthRow]:
        totals = Counter(len(w) for w in self.solution.words)
        found = Counter(len(w) for w in self.found)
        return [LengthRow(n, found[n], totals[n]) for n in sorted(totals)]

    def path(self, word: str) -> CellPath:
        return self.solution.paths[word]

    def path_through(self, word: str, cell: Cell | None) -> CellPath:
        """A path of `word` that goes through `cell` where one does, else its usual path."""
        path = self.solution.paths[word]
        if cell is None or cell in path:
            return path
        try:
            return find_path(self.solution.board, word, through=cell) or path
        except TooHard:
            return path

    def words_through(self, cell: Cell) -> list[str]:
        """Words that can be spelled through this die, on any of their paths."""
        return [w for w in self.solution.words if cell in self.path_through(w, cell)]
