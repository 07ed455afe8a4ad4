"""`boggle words`: what the game makes of words (required or bonus, in a language), and the player's reports.

`boggle words WORD...` says of each word whether the language's list holds it, and if so whether it is required
(common in the language: the words a board's rank counts) or a bonus word; `--reports` lists the words the player
reported from the results (kept in their history, sent nowhere), to be sent to a list's maintainers by hand;
`--report KIND WORD...` reports words as the results' key does (the way a `--plain` player reports), and
`--withdraw WORD...` takes reports back.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Callable

from boggle_tui.cli.output import print_json
from boggle_tui.engine.dictionary import Dictionary, load_dictionary
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.game.languages import Language, choose_language, language_for
from boggle_tui.game.reports import MAX_WORD, Report
from boggle_tui.game.tiers import Tier, required_test
from boggle_tui.i18n import N_, _
from boggle_tui.storage import study
from boggle_tui.storage.history import History
from boggle_tui.storage.reports import report_word, reports, unwanted, withdraw

NOT_LISTED = N_("not in the list")
TIER_TEXTS = {Tier.REQUIRED: N_("required"), Tier.BONUS: N_("bonus")}


TODAY: Callable[[], dt.date] = dt.date.today  # the day a report is kept under (the player's own); tests set it


def run_words(args: argparse.Namespace) -> int:
    if args.reports:
        if args.words or args.report or args.withdraw:
            raise BoggleError(_("--reports lists your reports: give it no words"))
        return _list_reports(args.json)
    if not args.words:
        raise BoggleError(_("give the words to look up, or --reports"))
    if args.report and args.withdraw:
        raise BoggleError(_("--report or --withdraw: one of them"))
    if args.report or args.withdraw:
        return _report(args, Report(args.report) if args.report else None, TODAY())
    return _tiers(args)


def _report(args: argparse.Namespace, report: Report | None, day: dt.date) -> int:
    """Report each word as `report` (None: withdraw its report). A word reported as not a word, not for the player
    or offensive must be in the list, one that should be a word must not, and a report withdrawn must have been
    made: every word is checked before any is kept."""
    language, dictionary = _list_of(args)
    words = [language.fold(typed) if len(typed) <= MAX_WORD else "" for typed in args.words]
    history = History.open()
    try:
        made = {r.word for r in reports(history) if r.dictionary == dictionary.name}
        letters = dictionary.trie.alphabet.letter_index
        for typed, word in zip(args.words, words, strict=True):
            listed, shown = bool(word) and word in dictionary, _shown(typed)
            if not word or not all(letter in letters for letter in word):  # too long, or not of the list's letters
                raise BoggleError(_("{word} is not a word of the list's letters").format(word=shown))
            if report is None and word not in made:
                raise BoggleError(_("{word}: you have not reported it").format(word=shown))
            if report is not None and listed != report.unwanted:
                wrong = _("{word} is not in the list {list}") if report.unwanted else _("{word} is in the list {list}")
                raise BoggleError(wrong.format(word=shown, list=dictionary.name))
        for word in words:
            kept = (
                withdraw(history, word, dictionary.name)
                if report is None
                else report_word(history, word, dictionary.name, language.code, report, day)
            )
            if not kept:
                raise BoggleError(history.notice or _("History is off: the report is not kept."))
            if report is None:
                said = _("{word}: report withdrawn.").format(word=word)
            else:
                if report.unwanted:  # as the app does: its cards are suspended
                    study.suspend_word(history, word, dictionary.name)
                said = _("{word}: {report}. boggle words --reports lists your reports.")
                said = said.format(word=word, report=report.text)
            sys.stdout.write(said + "\n")
    finally:
        history.close()
    return 0


def _list_of(args: argparse.Namespace) -> tuple[Language, Dictionary]:
    language = language_for(choose_language(args.lang, None, args.dictionary))
    return language, load_dictionary(args.dictionary or language.dictionary, language=language.code)


def _shown(typed: str) -> str:
    return cut_short(typed if typed.isprintable() else repr(typed), MAX_WORD)  # an escape is shown, never run


def _tiers(args: argparse.Namespace) -> int:
    language, dictionary = _list_of(args)
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
        text = _(TIER_TEXTS[Tier(value)]) if value else _(NOT_LISTED)
        sys.stdout.write(_("{word}: {tier} ({list})").format(word=_shown(word), tier=text, list=dictionary.name) + "\n")
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
