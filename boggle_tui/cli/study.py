"""`boggle study`: open today's study in the game, or print the cards with `--list`."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from rich.table import Table

from boggle_tui.cli.output import console, print_json
from boggle_tui.engine.dictionary import resolve
from boggle_tui.engine.errors import cut_short
from boggle_tui.game.study import Card, cards_summary
from boggle_tui.storage import study
from boggle_tui.storage.history import History


def run_study(args: argparse.Namespace) -> int:
    if args.json and not args.list:
        print("boggle study: error: --json goes with --list", file=sys.stderr)
        return 2
    if args.list:
        return _list(args)
    if args.restore is not None:
        return _restore(args.restore, args.dictionary)
    from boggle_tui.cli.play import run_app
    from boggle_tui.storage.settings import load_preferences

    preferences, notices = load_preferences()
    if args.dictionary:
        resolve(args.dictionary)
        preferences = replace(preferences, dictionary=args.dictionary)
    return run_app(preferences, notices, open_study=True)


def _list(args: argparse.Namespace) -> int:
    history = History.open_to_read()  # a listing creates, locks and repairs nothing
    cards = study.cards(history, args.dictionary)
    for line in (history.notice, history.left_out()):  # a notice fails the command; rows left out do not
        if line:
            print(f"boggle: {line}", file=sys.stderr)
    if args.json:
        print_json([card_json(card) for card in cards])
    elif cards:
        console().print(_table(cards))
        console().print(cards_summary(cards))
    elif not history.notice:
        console().print("No study cards yet: words you miss in rounds become cards.")
    return 2 if history.notice else 0


def _restore(word: str, dictionary: str | None) -> int:
    history = History.open()
    suspended = [c for c in study.cards(history, dictionary) if c.word == word.strip().lower() and c.suspended]
    if not suspended:
        shown = cut_short(word if word.isprintable() else repr(word), 40)
        print(f"boggle study: error: no suspended card {shown!r}", file=sys.stderr)
        return 2
    for card in suspended:
        if not study.set_suspended(history, card, False):
            print(f"boggle: {history.notice}", file=sys.stderr)
            return 2
        print(f"{card.word.upper()} is back in study ({card.dictionary}).")
    return 0


def card_json(card: Card) -> dict[str, object]:
    return {
        "word": card.word,
        "box": card.box,
        "due": card.due.isoformat(),
        "dictionary": card.dictionary,
        "added": card.added.isoformat(),
        "source": card.source.name.lower(),
        "reviews": card.reviews,
        "found_again": card.found_again,
        "suspended": card.suspended,
    }


def _table(cards: list[Card]) -> Table:
    table = Table(title="Study cards")
    for heading in ("word", "box", "due", "word list", "why", "reviews", "found again"):
        table.add_column(heading, justify="right" if heading in ("box", "reviews", "found again") else "left")
    for c in sorted(cards, key=lambda c: (c.due, c.word)):
        due = "suspended" if c.suspended else c.due.isoformat()
        table.add_row(c.word.upper(), str(c.box), due, c.dictionary, c.source.value, str(c.reviews), str(c.found_again))
    return table
