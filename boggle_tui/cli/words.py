"""`boggle words`: what the game makes of words (required or bonus, in a language), and the player's reports.

`boggle words WORD...` says of each word whether the language's list holds it, and if so whether it is required
(common in the language: the words a board's rank counts) or a bonus word; `--reports` lists the words the player
reported from the results (kept in their history, sent nowhere), to be sent to a list's maintainers by hand.
"""

from __future__ import annotations

import argparse
import sys

from boggle_tui.cli.output import print_json
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.languages import choose_language, language_for
from boggle_tui.game.reports import MAX_WORD
from boggle_tui.game.tiers import Tier, required_test
from boggle_tui.i18n import N_, _
from boggle_tui.storage.history import History
from boggle_tui.storage.reports import reports, unwanted

NOT_LISTED = N_("not in the list")
TIER_TEXTS = {Tier.REQUIRED: N_("required"), Tier.BONUS: N_("bonus")}


def run_words(args: argparse.Namespace) -> int:
    if args.reports:
        if args.words:
            raise BoggleError(_("--reports lists your reports: give it no words"))
        return _list_reports(args.json)
    if not args.words:
        raise BoggleError(_("give the words to look up, or --reports"))
    return _tiers(args)


def _tiers(args: argparse.Namespace) -> int:
    language = language_for(choose_language(args.lang, None, args.dictionary))
    dictionary = load_dictionary(args.dictionary or language.dictionary, language=language.code)
    history = History.open_to_read()
    required = required_test(language.code, unwanted(history, language.code))
    said: list[tuple[str, str | None]] = []
    for typed in args.words:
        word = language.fold(typed) if len(typed) <= MAX_WORD else ""
        tier = None if not word or word not in dictionary else Tier.REQUIRED if required(word) else Tier.BONUS
        said.append((typed, tier.value if tier else None))
    if args.json:
        print_json([{"word": word, "list": dictionary.name, "tier": tier} for word, tier in said])
        return 0
    for word, value in said:
        shown = cut_short(word if word.isprintable() else repr(word), MAX_WORD)  # an escape is shown, never run
        text = _(TIER_TEXTS[Tier(value)]) if value else _(NOT_LISTED)
        sys.stdout.write(_("{word}: {tier} ({list})").format(word=shown, tier=text, list=dictionary.name) + "\n")
    return 0


def _list_reports(as_json: bool) -> int:
    history = History.open_to_read()
    if history.notice:
        print(_("boggle: {notice}").format(notice=history.notice), file=sys.stderr)
    listed = reports(history)
    if as_json:
        print_json(
            [
                {
                    "word": r.word,
                    "list": r.dictionary,
                    "language": r.language,
                    "report": r.report.value,
                    "date": r.day.isoformat(),
                }
                for r in listed
            ]
        )
        return 0
    if not listed:
        sys.stdout.write(_("No reports yet: on the results, x reports the selected word.") + "\n")
        return 0
    for r in listed:
        word = r.word if r.word.isprintable() else repr(r.word)
        sys.stdout.write(f"{r.day.isoformat()}  {word}  {r.dictionary}  {r.report.text}\n")
    return 0
