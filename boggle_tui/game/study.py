"""Studying missed words: cards in Leitner boxes, and the two drills that review them.

A card is a word worth learning. Each box has its own interval (Zyzzyva's cardbox
defaults); a right answer moves the card up a box, a wrong one sends it back to box 0,
which comes back within the same sitting. Plain Python: the history stores the cards
(storage/study.py), the study screen shows the drills, and this module decides.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Protocol

from boggle_tui.engine.alphabets import DEFAULT_LANGUAGE
from boggle_tui.engine.board import Board, Cell
from boggle_tui.engine.dictionary import language_of
from boggle_tui.engine.scoring import score
from boggle_tui.engine.trie import Trie
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.languages import language_for
from boggle_tui.game.round import Round, Verdict, normalise
from boggle_tui.game.rules import STANDARD_ROUND
from boggle_tui.i18n import N_, _, counted

BOX_DAYS = (0, 1, 4, 7, 12, 20, 30, 60, 90, 150, 270, 480)  # box -> days until the card is due again
LAST_BOX = len(BOX_DAYS) - 1
LEARNED_BOX = 5  # 20 days or more between reviews: the word is learned
SPREAD = 0.1  # due dates move by up to a tenth of their interval, so cards met together part
REQUEUE_AFTER = 3  # a card answered wrong comes back after this many others (or last)
DEFAULT_NEW_PER_DAY = 10
MAX_NEW_PER_DAY = 500
BOARD_DRILL_SECONDS = 30.0
MISSES_FOR_A_CARD = 2  # rounds in which a word was missed before it becomes a card
COMMON_POINTS = 2  # ... or once, for a common word worth this many points or more
NEW_CARDS_A_ROUND = 5  # new cards one round makes at most (settings.json): 53 from one ended at once flooded the deck
MAX_NEW_CARDS_A_ROUND = 50
MAX_SHUFFLES = 100


class Source(Enum):
    """Why a word became a card (saved by its name; `text` is what a person is shown)."""

    MISSED = N_("missed twice")
    COMMON = N_("a common word missed")
    HAND = N_("added by hand")

    @property
    def text(self) -> str:
        return _(self.value)


def played_enough(elapsed: float, duration: float | None) -> bool:
    """Whether a round was played long enough for its misses to be worth cards: a third of its clock (of the
    standard round, untimed). A round ended at once misses every word, and the player looked for none of them."""
    return elapsed >= (duration or STANDARD_ROUND) / 3


def by_worth(candidates: list[tuple[str, Source]]) -> list[tuple[str, Source]]:
    """A round's would-be cards, the ones worth most first: common words (the ones worth knowing), then the longest
    (the most points), then by the alphabet, so that the same round always gives the same cards."""
    order = {Source.COMMON: 0, Source.MISSED: 1, Source.HAND: 2}
    return sorted(candidates, key=lambda c: (order[c[1]], -score(c[0]), c[0]))


def card_source(times_missed: int, required: bool, word: str) -> Source | None:
    """Whether a missed word becomes a card, and why: the rules in one place. Only a required word does (common in
    its language, neither a name nor offensive, and not one the player reported): the bonus words are the list's
    rarities, which no one is asked to learn."""
    if not required:
        return None
    if times_missed >= MISSES_FOR_A_CARD:
        return Source.MISSED
    if times_missed >= 1 and score(word) >= COMMON_POINTS:
        return Source.COMMON
    return None


@dataclass(frozen=True)
class Card:
    word: str
    dictionary: str
    due: dt.date
    added: dt.date
    source: Source
    box: int = 0
    reviews: int = 0
    found_again: int = 0  # rounds since it became a card in which the player found it
    suspended: bool = False

    @property
    def new(self) -> bool:
        return self.reviews == 0

    @property
    def learned(self) -> bool:
        return self.box >= LEARNED_BOX

    def is_due(self, today: dt.date) -> bool:
        return not self.suspended and self.due <= today

    def answered(self, right: bool, today: dt.date, rng: random.Random) -> Card:
        """The card after a review: up a box when right, back to box 0 (due today) when wrong."""
        box = min(self.box + 1, LAST_BOX) if right else 0
        return replace(self, box=box, due=due_date(box, today, rng), reviews=self.reviews + 1)


def due_date(box: int, today: dt.date, rng: random.Random) -> dt.date:
    days = BOX_DAYS[box]
    spread = round(days * SPREAD)
    return today + dt.timedelta(days=max(0 if box == 0 else 1, days + rng.randint(-spread, spread)))


def todays_cards(cards: list[Card], today: dt.date, new_per_day: int, introduced_today: int) -> list[Card]:
    """What to study today: every due card that has been reviewed, then new ones up to the day's cap."""
    due = sorted((c for c in cards if c.is_due(today)), key=lambda c: (c.due, c.box, c.word))
    old = [c for c in due if not c.new]
    new = sorted((c for c in due if c.new), key=lambda c: (c.added, c.word))
    return old + new[: max(0, new_per_day - introduced_today)]


def cards_summary(cards: list[Card]) -> str:
    """Cards per box, words learned and cards suspended, on one line (statistics screen and command)."""
    if not cards:
        return _("No study cards yet: words you miss become cards.")
    active = [c for c in cards if not c.suspended]
    boxes = {box: sum(c.box == box for c in active) for box in range(LAST_BOX + 1)}
    shown = " ".join(f"{box}:{n}" for box, n in boxes.items() if n)
    learned = sum(c.learned for c in active)
    suspended = len(cards) - len(active)
    parts = [
        counted(len(cards), "{count} card", "{count} cards"),
        # Translators: {boxes} lists the study boxes and their cards: "0:3 1:2" (box 0 holds 3 cards...)
        _("by box {boxes}").format(boxes=shown or "-"),
        # Translators: a number of study cards learned
        counted(learned, "{count} learned", "{count} learned"),
    ]
    if suspended:
        # Translators: a number of study cards suspended (left out of the reviews)
        parts.append(counted(suspended, "{count} suspended", "{count} suspended"))
    return " · ".join(parts)


# The drills


class Mark(Enum):
    """What an entry in a drill did; each has its own glyph, so colour is never the only cue."""

    RIGHT = "✓"
    AGAIN = "="
    WRONG = "✗"


@dataclass(frozen=True)
class Feedback:
    word: str
    mark: Mark
    text: str


class Drill(Protocol):
    kind: str
    card: Card

    @property
    def done(self) -> bool: ...
    @property
    def right(self) -> bool: ...
    def enter(self, text: str) -> Feedback | None: ...
    def reveal(self) -> None: ...


def faces_of(word: str) -> list[str]:
    """The dice that spell `word`: a `qu` is one die."""
    return re.findall(r"qu|[^\W\d_]", word)  # any language's letters: ñ, ł, ĳ


@dataclass
class AnagramDrill:
    """The card's letters shuffled into a non-word: type every word of that anagram group."""

    card: Card
    faces: tuple[str, ...]
    group: tuple[str, ...]  # every word the list allows with these letters, the card's word among them
    found: list[str] = field(default_factory=list)
    revealed: bool = False
    kind: str = "anagram"

    @classmethod
    def of(cls, card: Card, trie: Trie, rng: random.Random) -> AnagramDrill:
        group = tuple(trie.anagrams(card.word)) or (card.word,)
        faces = faces_of(card.word)
        for _shuffle in range(MAX_SHUFFLES):  # a group that uses every order of its letters keeps the last one
            rng.shuffle(faces)
            if "".join(faces) not in group:
                break
        return cls(card, tuple(faces), group)

    @property
    def done(self) -> bool:
        return self.revealed or len(self.found) == len(self.group)

    @property
    def right(self) -> bool:
        return len(self.found) == len(self.group)

    def enter(self, text: str) -> Feedback | None:
        word = normalise(text, language_of(self.card.dictionary))  # a German card's GLÜCK is typed as such
        if not word or self.done:
            return None
        if word in self.found:
            return Feedback(word, Mark.AGAIN, _("already typed"))
        if word in self.group:
            self.found.append(word)
            left = len(self.group) - len(self.found)
            if not left:
                # Translators: every word of the anagram group is typed
                return Feedback(word, Mark.RIGHT, _("every one"))
            # Translators: {count} more words of the anagram group are still to type
            return Feedback(word, Mark.RIGHT, counted(left, "{count} to go", "{count} to go"))
        if sorted(word) != sorted("".join(self.faces)):
            return Feedback(word, Mark.WRONG, _("uses other letters"))
        return Feedback(word, Mark.WRONG, _("not a word"))

    def reveal(self) -> None:
        self.revealed = True


@dataclass
class BoardDrill:
    """A board the word was missed on: find that word within a short time, with its length and gloss as clue."""

    card: Card
    round: Round
    clue: str
    revealed: bool = False
    held: bool = False  # the clock is stopped and the board hidden (a screen is over the drill)
    kind: str = "board"

    @classmethod
    def of(cls, card: Card, board: Board, trie: Trie, min_length: int, clue: str, now: TimeSource) -> BoardDrill:
        drill = cls(card, Round.for_board(board, trie, min_length, BOARD_DRILL_SECONDS, now=now), clue)
        drill.round.start()
        return drill

    @property
    def board(self) -> Board:
        return self.round.board

    @property
    def path(self) -> tuple[Cell, ...]:
        return tuple(self.round.results().path(self.card.word)) if self.card.word in self.round.solution else ()

    @property
    def done(self) -> bool:
        return self.revealed or self.right or self.round.clock.expired

    @property
    def right(self) -> bool:
        return self.card.word in self.round.found

    def hold(self) -> None:
        self.held = True
        self.round.clock.pause()

    def release(self) -> None:
        self.held = False
        self.round.clock.resume()

    def enter(self, text: str) -> Feedback | None:
        if self.done or self.held:
            return None
        entry = self.round.submit(text)
        if entry is None:
            return None
        if entry.word == self.card.word:
            return Feedback(entry.word, Mark.RIGHT, _("that's the one"))
        if entry.verdict in (Verdict.ACCEPTED, Verdict.ALREADY_FOUND):
            return Feedback(entry.word, Mark.AGAIN, _("a word here, but not the one"))
        return Feedback(entry.word, Mark.WRONG, entry.verdict.text)

    def reveal(self) -> None:
        self.revealed = True
        self.round.clock.stop()


def board_clue(word: str, language: str = DEFAULT_LANGUAGE) -> str:
    """What the board drill tells: the length and the definition, with the word and its lemmas masked
    (a language with no definitions tells its word by its length and first letter)."""
    definition = language_for(language).define(word)
    if definition is None:
        # Translators: a clue: the missed word's length and its first letter ("5 letters, the first T")
        return counted(len(word), "{count} letter, the first {letter}", "{count} letters, the first {letter}").format(
            letter=faces_of(word)[0].capitalize()
        )
    text = definition.text()
    for name in sorted({word, *(lemma for lemma, _senses in definition.forms)}, key=len, reverse=True):
        text = re.sub(rf"\b{name}\b", "…", text)
    # Translators: a clue: the missed word's length and its definition, the word itself masked
    return counted(len(word), "{count} letter · {definition}", "{count} letters · {definition}").format(definition=text)


@dataclass(frozen=True)
class Review:
    word: str
    dictionary: str
    drill: str
    right: bool
    box_before: int
    box_after: int
    at: dt.datetime


class StudySession:
    """One sitting: today's cards in order, one drill at a time, each answer saved as it is given.

    `make_drill` builds the drill for a card (the app knows the word lists and history);
    `save` stores the card and its review at once, so quitting mid-sitting loses nothing.
    """

    def __init__(
        self,
        cards: list[Card],
        make_drill: Callable[[Card, int], Drill],
        save: Callable[[Card, Review], None],
        *,
        wall: Callable[[], dt.datetime],
        rng: random.Random | None = None,
    ) -> None:
        self.queue = list(cards)
        self.make_drill = make_drill
        self.save = save
        self.wall = wall
        self.rng = rng or random.Random()
        self.drill: Drill | None = None
        self.reviewed = 0
        self.right = 0
        self._graded = False

    @property
    def today(self) -> dt.date:
        return self.wall().astimezone(dt.UTC).date()

    @property
    def left(self) -> int:
        return len(self.queue) + (1 if self.drill is not None and not self._graded else 0)

    def next(self) -> Drill | None:
        """The next card's drill, or None when the sitting is over. The drill before must be graded."""
        if self.drill is not None and not self._graded:
            raise RuntimeError("grade the drill before the next one")
        if not self.queue:
            self.drill = None
            return None
        card = self.queue.pop(0)
        self.drill = self.make_drill(card, self.reviewed)
        self._graded = False
        return self.drill

    def grade(self) -> Card | None:
        """Once the drill is done: move the card, save the review; a wrong card comes back soon. Once only."""
        drill = self.drill
        if drill is None or self._graded or not drill.done:
            return None
        self._graded = True
        card = drill.card.answered(drill.right, self.today, self.rng)
        self.save(
            card, Review(card.word, card.dictionary, drill.kind, drill.right, drill.card.box, card.box, self.wall())
        )
        self.reviewed += 1
        self.right += drill.right
        if not drill.right:
            self.queue.insert(min(REQUEUE_AFTER, len(self.queue)), card)
        return card

    def drop(self, card: Card) -> Card:
        """Take a card out of this sitting (to suspend it): the card as it now stands."""
        kept = [c for c in self.queue if c.word != card.word or c.dictionary != card.dictionary]
        current = next((c for c in self.queue if c not in kept), card)
        self.queue = kept
        return replace(current, suspended=True)
