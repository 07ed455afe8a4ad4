"""`boggle solve`: every word on a board, for people or as JSON; `-` solves one board per line of stdin."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable, Iterator
from typing import BinaryIO

from boggle_tui.cli.flags import given_flags, refuse_conflicts
from boggle_tui.engine.common import common_words
from boggle_tui.engine.dictionary import Dictionary, load_dictionary, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.solver import Solution, board_totals, solve, solve_json
from boggle_tui.game.codes import board_code, parse_code
from boggle_tui.game.deal import Deal, deal
from boggle_tui.game.languages import choose_language, language_for
from boggle_tui.i18n import N_, _, counted, number

_CONFLICTS = [
    (("board", "code"), N_("give a board or a --code, not both")),
    (("code", "dice"), N_("a code names its own dice")),
    (("code", "seed"), N_("a code names its board: it takes no --seed")),
    (("board", "seed"), N_("a given board is not rolled: it takes no --seed")),
    (("code", "lang"), N_("a code names its board's language: it takes no --lang")),
]
# The longest line `boggle solve -` reads: a board of the most dice, written as tokens, fits.
MAX_LINE = 16_384


def run_solve(args: argparse.Namespace) -> int:
    refuse_conflicts(given_flags(args, ("board", "code", "dice", "seed", "lang")), _CONFLICTS)
    language = choose_language(args.lang, args.dice, args.dictionary)
    if args.board == "-":
        return _solve_lines(args, language)
    if args.code is not None:
        dealt = parse_code(args.code)
        language = choose_language(dealt.board.language, None, args.dictionary)
    else:
        dealt = deal(args.board, args.dice, args.seed, language)
    dictionary = _dictionary(args, language)
    min_length = shortest_word(args.min_length, len(dealt.board))
    if args.json:
        sys.stdout.write(json_line(dealt, dictionary, min_length))
        return 0
    _print_solution(dealt, dictionary, solve(dealt.board, dictionary.trie, min_length))
    return 0


def _print_solution(dealt: Deal, dictionary: Dictionary, solution: Solution) -> None:
    """The solution as people read it, drawn by Rich: imported here, so that `--json`, which a script may call
    board after board, never pays for it."""
    from rich.console import Console

    from boggle_tui.cli.render import solution_view

    console = Console()
    code = board_code(dealt.board, dealt.dice)
    if dealt.seed is not None:
        console.print(
            _("[dim]{dice} dice, seed {seed} · code {code}[/]").format(dice=dealt.dice, seed=dealt.seed, code=code)
        )
    else:
        console.print(_("[dim]code {code}[/]").format(code=code))
    if dictionary.skipped or (dictionary.unplayable and dictionary.name not in shipped_dictionaries()):
        console.print(
            # Translators: {lines} is e.g. "3 lines", {words} e.g. "2 words"
            _("[dim]{list}: {lines} skipped (not single words), {words} dropped (a q with no u after it)[/]").format(
                list=dictionary.name,
                lines=counted(dictionary.skipped, "{count} line", "{count} lines"),
                words=counted(dictionary.unplayable, "{count} word", "{count} words"),
            )
        )
    console.print(solution_view(solution))


def _dictionary(args: argparse.Namespace, language: str) -> Dictionary:
    """The list named, or the language's own; a file of words is read in the language."""
    return load_dictionary(args.dictionary or language_for(language).dictionary, language=language)


def _solve_lines(args: argparse.Namespace, language: str) -> int:
    """One output line per input line: its board's words, its error, or blank for a blank line.

    A bad line does not stop the batch: its error goes to stderr with its line number, and takes its place
    on stdout too (with --json an error object, for people the same error line, marked `boggle: error:`), so
    that line n of the output is always line n of the input; the run then ends with exit code 2.
    """
    if sys.stdin is None:
        raise BoggleError(_("standard input is closed: give boards on it, one per line"))
    dictionary = _dictionary(args, language)
    write, failed = sys.stdout.write, False
    for line_number, text, error in _lines(sys.stdin.buffer):
        try:
            if error:
                raise BoggleError(error)
            if not text.strip():  # a blank line in, a blank line out
                write("\n")
                continue
            dealt = deal(text, args.dice, None, language)
            min_length = shortest_word(args.min_length, len(dealt.board))
            if args.json:
                write(json_line(dealt, dictionary, min_length))
            else:
                count, points = board_totals(dealt.board, dictionary.trie, min_length)
                shown = dealt.board.alphabet.show(dealt.board.text())  # Dutch ĳ is written ij
                totals = _("{board}  {words}, {points} (min. length {min_length})").format(
                    board=shown,
                    words=counted(count, "{count} word", "{count} words"),
                    points=counted(points, "{count} point", "{count} points"),
                    min_length=min_length,
                )
                write(totals + "\n")
        except BoggleError as problem:
            failed = True
            said = _("boggle: error: line {line}: {reason}").format(line=line_number, reason=problem)
            print(said, file=sys.stderr)
            if args.json:
                write(json.dumps({"line": line_number, "error": str(problem)}) + "\n")
            else:
                write(said.replace("\n", " ") + "\n")  # one line in its place, whatever the reason holds
    return 2 if failed else 0


def _lines(stream: BinaryIO) -> Iterator[tuple[int, str, str | None]]:
    """(number, text, error) per line; a line past MAX_LINE is skipped to its end, never held whole."""
    at = 0
    while raw := _read_line(stream, MAX_LINE + 1):
        at += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while (rest := _read_line(stream, MAX_LINE)) and not rest.endswith(b"\n"):
                pass
            yield at, "", _("longer than {most} bytes: not a board").format(most=number(MAX_LINE))
            continue
        try:
            yield at, raw.decode("utf-8"), None
        except UnicodeDecodeError:
            yield at, "", _("not UTF-8 text")


def json_line(dealt: Deal, dictionary: Dictionary, min_length: int) -> str:
    """One board's solution as one line of JSON, written from pieces (see `solver.solve_json`), each word with its
    tier (game/tiers.py: required or bonus, by the board's language's common words) and the board's required words
    and points."""
    board = dealt.board
    words, count, points = solve_json(board, dictionary.trie, min_length)
    words, required, required_points = with_tiers(words, common_words(board.language).is_common)
    rows = ",".join('["' + '","'.join(row) + '"]' for row in board.rows)  # faces are letters, qu, th... or #
    return (
        f'{{"board":[{rows}],"code":"{board_code(board, dealt.dice)}","dice":{_json(dealt.dice)},'
        f'"seed":{_json(dealt.seed)},"dictionary":{_json(dictionary.name)},"min_length":{min_length},'
        f'"words":{words},"total_words":{count},"total_score":{points},'
        f'"required_words":{required},"required_score":{required_points}}}\n'
    )


WORD_OPENS = '{"word":"'
TIERS = {True: ',"tier":"required"', False: ',"tier":"bonus"'}


def with_tiers(words: str, is_required: Callable[[str], bool]) -> tuple[str, int, int]:
    """The engine's JSON list of words (each `{"word":"…","score":N,"path":…}`, a word's letters written as they
    are) with `"tier"` after each score; and the required words' count and points."""
    pieces = words.split(WORD_OPENS)
    required = points = 0
    for n in range(1, len(pieces)):
        piece = pieces[n]
        word_ends = piece.index('"')
        score_ends = piece.index(",", word_ends + 10)  # past `","score":`
        needed = is_required(piece[:word_ends])
        if needed:
            required += 1
            points += int(piece[word_ends + 10 : score_ends])
        pieces[n] = piece[:score_ends] + TIERS[needed] + piece[score_ends:]
    return WORD_OPENS.join(pieces), required, points


@functools.cache
def _json(value: str | int | None) -> str:
    return json.dumps(value)


def _read_line(stream: BinaryIO, most: int) -> bytes:
    """A line of standard input; one that cannot be read (a directory given as `< /`) is one line of error."""
    try:
        return stream.readline(most)
    except OSError as error:
        raise BoggleError(_("standard input cannot be read: {reason}").format(reason=error.strerror or error)) from None
