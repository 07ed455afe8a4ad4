"""Study cards in the history database: made from missed words, read for a sitting, saved per review.

The rules (which word becomes a card, how a card moves) are game/study.py's; this module
only stores. Every call is one statement or one transaction, and none raises: a history
that cannot be used has no cards, with its `notice` saying why.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.trie import Trie
from boggle_tui.game.clock import TimeSource
from boggle_tui.game.codes import parse_code
from boggle_tui.game.record import RoundRecord
from boggle_tui.game.study import (
    LAST_BOX,
    NEW_CARDS_A_ROUND,
    AnagramDrill,
    BoardDrill,
    Card,
    Drill,
    Review,
    Source,
    board_clue,
    by_worth,
    card_source,
    todays_cards,
)
from boggle_tui.storage.history import History

_CARD_COLUMNS = "word, dictionary, due, added, source, box, reviews, found_again, suspended"


def _card(row: sqlite3.Row) -> Card | None:
    """The card a row holds, or None when a value is not one this game writes (text for a box, a date that
    is not one, a box past the last): SQLite keeps whatever was put in, and one odd row must not stop a listing."""
    numbers = [row[column] for column in ("box", "reviews", "found_again", "suspended")]
    if not all(isinstance(n, int) for n in numbers) or not 0 <= row["box"] <= LAST_BOX:
        return None
    if not all(isinstance(row[column], str) for column in ("word", "dictionary", "due", "added", "source")):
        return None
    try:
        due, added, source = (
            dt.date.fromisoformat(row["due"]),
            dt.date.fromisoformat(row["added"]),
            Source[row["source"]],
        )
    except (KeyError, ValueError):
        return None
    return Card(
        word=row["word"],
        dictionary=row["dictionary"],
        due=due,
        added=added,
        source=source,
        box=row["box"],
        reviews=row["reviews"],
        found_again=row["found_again"],
        suspended=bool(row["suspended"]),
    )


def cards(history: History, dictionary: str | None = None) -> list[Card]:
    """Every readable card (of one word list, when named), in word order; the history counts the rest."""
    where, parameters = ("WHERE dictionary = ?", (dictionary,)) if dictionary else ("", ())
    rows = history.read(f"SELECT {_CARD_COLUMNS} FROM cards {where} ORDER BY word, dictionary", parameters)
    readable = [card for row in rows if (card := _card(row)) is not None]
    history.leave_out("cards", len(rows) - len(readable))
    return readable


def introduced_on(history: History, dictionary: str, day: dt.date) -> int:
    """How many new cards had their first review on `day`: the day's cap counts them."""
    rows = history.read(
        "SELECT COUNT(*) FROM reviews JOIN cards ON cards.id = reviews.card_id"
        " WHERE cards.dictionary = ? AND substr(reviews.reviewed_at, 1, 10) = ?"
        " AND NOT EXISTS (SELECT 1 FROM reviews AS r WHERE r.card_id = reviews.card_id AND r.id < reviews.id)",
        (dictionary, day.isoformat()),
    )
    return rows[0][0] if rows else 0


def add_card(history: History, word: str, dictionary: str, source: Source, today: dt.date) -> bool:
    """Make a card due today; False when the word already has one (or nothing could be written)."""
    made = False

    def insert(db: sqlite3.Connection) -> None:
        nonlocal made
        made = bool(_insert(db, word, dictionary, source, today))

    history.write(insert)
    return made


def _insert(db: sqlite3.Connection, word: str, dictionary: str, source: Source, today: dt.date) -> int:
    cursor = db.execute(
        "INSERT OR IGNORE INTO cards (word, dictionary, due, added, source) VALUES (?, ?, ?, ?, ?)",
        (word, dictionary, today.isoformat(), today.isoformat(), source.name),
    )
    return cursor.rowcount


@dataclass(frozen=True)
class AfterRound:
    new_cards: list[str]  # words that became cards
    found_again: list[str]  # carded words the player found this time


def cards_after_round(
    history: History,
    record: RoundRecord,
    is_required: Callable[[str], bool],
    most: int = NEW_CARDS_A_ROUND,
    played: bool = True,
) -> AfterRound:
    """Turn a saved round's misses into cards by game/study.py's rules, at most `most` of them (the ones worth
    most); none from practice (its hints show words) or from a round not `played` long enough (study.played_enough),
    nor for a word the player has found on any board before (they know it); note carded words found again."""
    if not record.missed and not record.found:
        return AfterRound([], [])
    today = dt.date.fromisoformat(record.played_at[:10])
    missed = [] if record.mode == "practice" or not played else list(record.missed)
    known = _found_before(history, record.dictionary, missed, record.uid)
    misses = _times_missed(history, record.dictionary, missed)
    candidates = by_worth(
        [
            (word, source)
            for word in missed
            if word not in known and (source := card_source(misses.get(word, 0), is_required(word), word)) is not None
        ]
    )
    made: list[str] = []
    again: list[str] = []

    def change(db: sqlite3.Connection) -> None:
        made.clear()
        again.clear()
        for word, source in candidates:  # the most worth first, until the round has made its most
            if len(made) < most and _insert(db, word, record.dictionary, source, today):
                made.append(word)
        for word in record.found:
            cursor = db.execute(
                "UPDATE cards SET found_again = found_again + 1 WHERE dictionary = ? AND word = ?",
                (record.dictionary, word),
            )
            if cursor.rowcount:
                again.append(word)

    history.write(change)
    return AfterRound(made, again)


def _found_before(history: History, dictionary: str, words: Iterable[str], uid: str) -> set[str]:
    """Which of `words` the player found in a round other than `uid`, on this word list."""
    rows = _rows_for_words(
        history,
        "SELECT DISTINCT word FROM words JOIN rounds ON rounds.id = words.round_id"
        " WHERE words.found = 1 AND rounds.dictionary = ? AND rounds.uid != ? AND word IN ({marks})",
        (dictionary, uid),
        words,
    )
    return {row[0] for row in rows}


def _rows_for_words(history: History, query: str, before: tuple[str, ...], words: Iterable[str]) -> list[Any]:
    """`query`'s rows for `words` (its `{marks}` their placeholders, after the `before` parameters), asked in chunks:
    SQLite takes a bounded number of parameters."""
    words = list(words)
    rows: list[Any] = []
    for start in range(0, len(words), 500):
        chunk = words[start : start + 500]
        rows += history.read(query.format(marks=", ".join("?" * len(chunk))), (*before, *chunk))
    return rows


def _times_missed(history: History, dictionary: str, words: Iterable[str]) -> dict[str, int]:
    """On how many boards, over the saved rounds on this word list, each word was missed (this round included).

    Boards, not rounds: a replay misses the same words on the same board, and is no second miss."""
    rows = _rows_for_words(
        history,
        "SELECT word, COUNT(DISTINCT rounds.board) FROM words JOIN rounds ON rounds.id = words.round_id"
        " WHERE words.found = 0 AND rounds.dictionary = ? AND word IN ({marks}) GROUP BY word",
        (dictionary,),
        words,
    )
    return {row[0]: row[1] for row in rows}


def save_review(history: History, card: Card, review: Review) -> bool:
    """Store the card as it now is and its review, together."""

    def change(db: sqlite3.Connection) -> None:
        db.execute(
            "UPDATE cards SET box = ?, due = ?, reviews = ? WHERE dictionary = ? AND word = ?",
            (card.box, card.due.isoformat(), card.reviews, card.dictionary, card.word),
        )
        db.execute(
            "INSERT INTO reviews (card_id, reviewed_at, drill, right, box_before, box_after)"
            " SELECT id, ?, ?, ?, ?, ? FROM cards WHERE dictionary = ? AND word = ?",
            (
                review.at.astimezone(dt.UTC).isoformat(timespec="seconds"), review.drill, int(review.right),
                review.box_before, review.box_after, card.dictionary, card.word,
            ),
        )  # fmt: skip

    return history.write(change)


def suspend_word(history: History, word: str, dictionary: str) -> bool:
    """Suspend the word's card on the list, if it has one (a word the player reported as not theirs)."""
    return history.write(
        lambda db: db.execute("UPDATE cards SET suspended = 1 WHERE dictionary = ? AND word = ?", (dictionary, word))
    )


def set_suspended(history: History, card: Card, suspended: bool) -> bool:
    return history.write(
        lambda db: db.execute(
            "UPDATE cards SET suspended = ? WHERE dictionary = ? AND word = ?",
            (int(suspended), card.dictionary, card.word),
        )
    )


@dataclass(frozen=True)
class MissedOn:
    """A saved round's board with the word on it, missed if it can be: the board drill plays it again."""

    code: str
    min_length: int


def board_missed_on(history: History, word: str, dictionary: str) -> MissedOn | None:
    """The newest round on this word list where `word` was missed, else where it was found (a card added by hand)."""
    rows = history.read(
        "SELECT rounds.code, rounds.min_length FROM words JOIN rounds ON rounds.id = words.round_id"
        " WHERE words.word = ? AND rounds.dictionary = ?"
        " AND typeof(rounds.code) = 'text' AND typeof(rounds.min_length) = 'integer'"  # an odd row: the next one
        " ORDER BY words.found, rounds.played_at DESC, rounds.id DESC LIMIT 1",
        (word, dictionary),
    )
    return MissedOn(rows[0][0], rows[0][1]) if rows else None


def todays_queue(history: History, dictionary: str, today: dt.date, new_per_day: int) -> list[Card]:
    """The cards to study today on a word list: due ones, and new ones up to the day's cap."""
    met = introduced_on(history, dictionary, today)
    return todays_cards(cards(history, dictionary), today, new_per_day, met)


def drill_for(history: History, card: Card, trie: Trie, now: TimeSource, rng: random.Random) -> Drill:
    """Reviews alternate: the anagram drill first, then the board it was missed on (when one is saved)."""
    missed_on = board_missed_on(history, card.word, card.dictionary) if card.reviews % 2 else None
    if missed_on is not None:
        try:
            board = parse_code(missed_on.code).board
        except BoggleError:  # a code saved by an older version that this one cannot read: the anagram drill
            board = None
        if board is not None:
            return BoardDrill.of(card, board, trie, missed_on.min_length, board_clue(card.word, board.language), now)
    return AnagramDrill.of(card, trie, rng)
