"""argparse's own texts ("usage:", "options", "-h"'s help, its errors) through the game's catalogue.

argparse asks the standard library's gettext for its texts, in the global domain and the locale's language,
not in ours. Rather than install our catalogue as that global domain (every library in the process would
read it, and `--lang` would not count) or replace argparse's private module-level `_` (a private name, and
msgids in %-style that our translators and checks do not use), this parser overrides the public seams
argparse offers: `formatter_class`, `add_help`, and `error`, which argparse documents as made to be
overridden; and the formatter's `add_usage` (its `prefix`) and `start_section` (a section's heading).

argparse builds an error's message in English before it calls `error`: the message is matched against
ARGPARSE_ERRORS, the English of argparse's own messages with their fields named, and said again in the
language. A message that none matches (a future Python's new wording) is shown as argparse wrote it:
English, never wrong and never a failure. Our own messages (the flags' checks in parser.py) are already in
the language when argparse receives them.
"""

from __future__ import annotations

import argparse
import re
import string
import sys
from functools import cache
from typing import Any, NoReturn

from boggle_tui.i18n import N_, _

# The section headings argparse writes (in English: argparse's gettext has no catalogue of ours), as ours.
HEADINGS = {
    # Translators: the heading over a command's flags in its --help
    "options": N_("options"),
    # Translators: the heading over a command's arguments (those given without a flag) in its --help
    "positional arguments": N_("positional arguments"),
}

# argparse's error messages, written as argparse writes them in English with each field named: the same
# text is the message's id in our catalogue. `{message}` is itself one of these (or one of ours).
ARGPARSE_ERRORS = (
    # Translators: argparse's error about one flag or argument; {message} says what is wrong with it
    N_("argument {argument}: {message}"),
    N_("the following arguments are required: {arguments}"),
    N_("unrecognized arguments: {arguments}"),
    N_("invalid choice: {value} (choose from {choices})"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("not allowed with argument {argument}"),
    N_("one of the arguments {arguments} is required"),
    N_("ignored explicit argument {argument}"),
    # Translators: {type} is the name of a check in the program, e.g. int; {value} is what was typed
    N_("invalid {type} value: {value}"),
    N_("unexpected option string: {option}"),
)
TRANSLATED_FIELDS = ("message",)  # fields that hold a message of their own, said in the language too


@cache
def _pattern(message: str) -> re.Pattern[str]:
    """A message's English as a pattern: its words as they are, each `{field}` a group."""
    parts = []
    for literal, field, _spec, _conversion in string.Formatter().parse(message):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append(f"(?P<{field}>.+?)")
    return re.compile("".join(parts), re.DOTALL)


def translated_error(message: str) -> str:
    """An argparse error message in the current language; as it is when no known message matches."""
    for known in ARGPARSE_ERRORS:
        match = _pattern(known).fullmatch(message)
        if match:
            fields = {
                name: translated_error(value) if name in TRANSLATED_FIELDS else value
                for name, value in match.groupdict().items()
            }
            return _(known).format(**fields)
    return message


class TranslatedHelpFormatter(argparse.HelpFormatter):
    """argparse's help, with "usage:" and the section headings in the current language."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        if prefix is None:  # argparse's own "usage: " (a subcommand's prog is made with prefix "")
            # Translators: the start of a command's usage line, e.g. "usage: boggle solve [-h] ..."; keep the
            # space at its end
            prefix = _("usage: ")
        super().add_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(_(HEADINGS[heading]) if heading in HEADINGS else heading)


class TranslatedParser(argparse.ArgumentParser):
    """An ArgumentParser whose every text a person reads goes through the catalogue. Its subcommands'
    parsers are of the same class (argparse makes them with the parent's class)."""

    def __init__(self, *, add_help: bool = True, **kwargs: Any) -> None:
        """As ArgumentParser's (by keyword, as argparse makes a subcommand's parser)."""
        kwargs.setdefault("formatter_class", TranslatedHelpFormatter)
        super().__init__(add_help=False, **kwargs)
        if add_help:  # where argparse puts its own -h: the first of the options
            self.add_argument(
                "-h", "--help", action="help", default=argparse.SUPPRESS, help=_("show this help message and exit")
            )

    def print_help(self, file: Any = None) -> None:
        """As argparse's, but a failed write is raised, not passed over (argparse's own print ignores
        OSError): `--help` into a full disk fails with a line and exit code 2 (cli/main.py), not 0."""
        file = sys.stdout if file is None else file
        if file is not None:
            file.write(self.format_help())
            file.flush()

    def error(self, message: str) -> NoReturn:
        """As argparse's: the usage, then one line of error, exit code 2; in the current language."""
        self.print_usage(sys.stderr)
        # Translators: {prog} is the command, e.g. "boggle solve"
        line = _("{prog}: error: {message}").format(prog=self.prog, message=translated_error(message))
        self.exit(2, line + "\n")
