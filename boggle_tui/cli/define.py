"""`boggle define WORD...`: a short definition of each word, from the WordNet file the game ships."""

from __future__ import annotations

import argparse
import sys

from boggle_tui.cli.output import print_json
from boggle_tui.engine.definitions import NO_DEFINITION, define
from boggle_tui.engine.errors import cut_short
from boggle_tui.i18n import _

MAX_WORD = 63  # no word list keeps a longer word (engine.wordlist.MAX_WORD)


def run_define(args: argparse.Namespace) -> int:
    """One line per word, in the order given; a word with no definition says so (it is not an error)."""
    found = [(word, _definition(word)) for word in args.words]
    if args.json:
        print_json([{"word": word, "definition": text} for word, text in found])
        return 0
    for word, text in found:
        shown = word if word.isprintable() else repr(word)  # an escape sequence is shown, never run
        sys.stdout.write(f"{cut_short(shown, MAX_WORD)}: {text or _(NO_DEFINITION)}\n")  # definitions are English
    return 0


def _definition(word: str) -> str | None:
    if len(word) > MAX_WORD or not word.strip().isalpha():
        return None
    definition = define(word)
    return definition.text() if definition else None
