"""The `boggle` command: play (the default), solve, bench, best, prove, stats, history, define, study."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence

from boggle_tui.cli.parser import COMMANDS, build_parser
from boggle_tui.engine.alphabets import alphabet_for
from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import SOURCE_LANGUAGE, _, language_from_environment, use_language
from boggle_tui.storage.settings_file import remembered_language


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; every way it can fail ends in one line on stderr and an exit code, never a traceback."""
    _plain_output()
    try:
        code = _run(argv)
        if sys.stdout is not None:
            sys.stdout.flush()  # a write error shows here, not as noise at interpreter exit
        return code
    except BrokenPipeError:  # `| head`: the reader has all it wanted
        _silence_stdout()
        return 1
    except OSError as error:  # a full disk, a closed descriptor
        _silence_stdout()
        print(_("boggle: error: {reason}").format(reason=error.strerror or error), file=sys.stderr)
        return 2


def _plain_output() -> None:
    """A stream that cannot encode a glyph (PYTHONIOENCODING=ascii) shows a `?` rather than failing."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that Python's own flush at exit does not fail again."""
    if sys.stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _command_first(args: list[str]) -> list[str]:
    """`boggle --lang de stats` read as `boggle stats --lang de`: the language may come before the command."""
    if args[:1] == ["--lang"] and len(args) >= 2:
        language, rest = args[:2], args[2:]
    elif args[:1] and args[0].startswith("--lang="):
        language, rest = args[:1], args[1:]
    else:
        return args
    if rest[:1] and rest[0] in ("-h", "--help", "--version"):
        return rest  # the language is already the interface's (interface_language reads it first)
    if rest[:1] and rest[0] in COMMANDS:
        return [rest[0], *language, *rest[1:]]
    return ["play", *language, *rest]


def interface_language(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language the game speaks: `--lang`'s, else the one the start screen remembers, else the locale's."""
    for here, arg in enumerate(args):
        if arg == "--lang" and here + 1 < len(args):
            return args[here + 1].lower()
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=").lower()
    return remembered_language() or language_from_environment(environ) or SOURCE_LANGUAGE


def _runner(command: str) -> Callable[[argparse.Namespace], int]:
    """The command's function, its module imported now (cli/parser.py `COMMANDS`)."""
    named = COMMANDS[command]
    module = importlib.import_module(f"boggle_tui.cli.{named.module}")
    runner: Callable[[argparse.Namespace], int] = getattr(module, named.function)
    return runner


def _run(argv: Sequence[str] | None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    use_language(interface_language(given, os.environ))
    args_list = _command_first(given)
    if not args_list or args_list[0] not in (*COMMANDS, "-h", "--help", "--version"):
        args_list.insert(0, "play")
    parser = build_parser(args_list[0] if args_list[0] in COMMANDS else None)  # the command's options alone
    args = parser.parse_args(args_list)
    try:
        if getattr(args, "lang", None) is not None:  # every command's: an unknown or empty one is one line, escaped
            args.lang = alphabet_for(args.lang).code
        return _runner(args.command)(args)
    except BoggleError as error:
        print(_("boggle: error: {reason}").format(reason=error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
