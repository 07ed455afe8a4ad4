"""`boggle define WORD...`: a short definition of each word, from the WordNet file the game ships."""

from __future__ import annotations

import argparse
import sys

from boggle_tui.cli.output import print_json
from boggle_tui.engine.definitions import ENGLISH_ONLY, NO_DEFINITION, define
from boggle_tui.engine.errors import cut_short
from boggle_tui.i18n import SOURCE_LANGUAGE, _, current_language

MAX_WORD = 63  # no word list keeps a longer word (engine.wordlist.MAX_WORD)


def run_define(args: argparse.Namespace) -> int:
    """One line per word, in the order given; a word with no definition says so (it is not an error)."""
    found = [(word, _definition(word)) for word in args.words]
    if args.json:
        print_json([{"word": word, "definition": text} for word, text in found])
        return 0
    for word, text in found:
        shown = word if word.isprintable() else repr(word)  # an escape sequence is shown, never run
        sys.stdout.write(f"{cut_short(shown, MAX_WORD)}: {text or _(_missing())}\n")
    return 0


def _missing() -> str:
    """What a word without a definition gets: in another language than English, the reason there is none
    may be that the word is not English (the definitions are WordNet's)."""
    return NO_DEFINITION if current_language() == SOURCE_LANGUAGE else ENGLISH_ONLY


def _definition(word: str) -> str | None:
    if len(word) > MAX_WORD or not word.strip().isalpha():
        return None
    definition = define(word)
    return definition.text() if definition else None
