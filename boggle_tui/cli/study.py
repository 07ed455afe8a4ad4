"""`boggle study`: open today's study in the game, or print the cards with `--list`."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from rich.console import JustifyMethod
from rich.table import Table

from boggle_tui.cli.output import console, print_json
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.dictionary import resolve
from boggle_tui.engine.errors import cut_short
from boggle_tui.game.study import Card, cards_summary
from boggle_tui.i18n import N_, _
from boggle_tui.storage import study
from boggle_tui.storage.history import History


def run_study(args: argparse.Namespace) -> int:
    if args.json and not args.list:
        print(_("boggle study: error: --json goes with --list"), file=sys.stderr)
        return 2
    if args.list:
        return _list(args)
    if args.restore is not None:
        return _restore(args.restore, args.dictionary)
    from boggle_tui.app.launch import AtStart
    from boggle_tui.cli.play import app_preferences, run_app

    preferences, notices = app_preferences()
    if args.dictionary:
        resolve(args.dictionary)
        preferences = replace(preferences, dictionary=args.dictionary)
    return run_app(preferences, notices, AtStart(study=True))


def _list(args: argparse.Namespace) -> int:
    history = History.open_to_read()  # a listing creates, locks and repairs nothing
    cards = study.cards(history, args.dictionary)
    for line in (history.notice, history.left_out()):  # a notice fails the command; rows left out do not
        if line:
            print(_("boggle: {notice}").format(notice=line), file=sys.stderr)
    if args.json:
        print_json([card_json(card) for card in cards])
    elif cards:
        console().print(_table(cards))
        console().print(cards_summary(cards))
    elif not history.notice:
        console().print(_("No study cards yet: words you miss in rounds become cards."))
    return 2 if history.notice else 0


def _restore(word: str, dictionary: str | None) -> int:
    history = History.open()
    suspended = [c for c in study.cards(history, dictionary) if c.word == word.strip().lower() and c.suspended]
    if not suspended:
        shown = cut_short(word if word.isprintable() else repr(word), 40)
        print(_("boggle study: error: no suspended card {word}").format(word=repr(shown)), file=sys.stderr)
        return 2
    for card in suspended:
        if not study.set_suspended(history, card, False):
            print(_("boggle: {notice}").format(notice=history.notice), file=sys.stderr)
            return 2
        print(_("{word} is back in study ({list}).").format(word=capitals(card.word), list=card.dictionary))
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


# The columns of `boggle study --list`: heading, justification.
CARD_COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
    (N_("word"), "left"),
    # Translators: a column heading: the Leitner box a study card is in (a number)
    (N_("box"), "right"),
    # Translators: a column heading: the date a study card is next due
    (N_("due"), "left"),
    (N_("word list"), "left"),
    # Translators: a column heading: why the word became a study card
    (N_("why"), "left"),
    (N_("reviews"), "right"),
    (N_("found again"), "right"),
)


def _table(cards: list[Card]) -> Table:
    table = Table(title=_("Study cards"))
    for heading, justify in CARD_COLUMNS:
        table.add_column(_(heading), justify=justify)
    for c in sorted(cards, key=lambda c: (c.due, c.word)):
        due = _("suspended") if c.suspended else c.due.isoformat()
        why = c.source.text
        table.add_row(capitals(c.word), str(c.box), due, c.dictionary, why, str(c.reviews), str(c.found_again))
    return table
