"""`boggle solve`: every word on a board, for people or as JSON; `-` solves one board per line of stdin."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Iterator
from typing import BinaryIO

from rich.console import Console

from boggle_tui.cli.flags import given_flags, refuse_conflicts
from boggle_tui.cli.render import solution_view
from boggle_tui.engine.dictionary import Dictionary, load_dictionary, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.solver import board_totals, solve, solve_json
from boggle_tui.game.codes import board_code, parse_code
from boggle_tui.game.deal import Deal, deal
from boggle_tui.game.languages import choose_language, defaults_for
from boggle_tui.game.wording import plural

_CONFLICTS = [
    (("board", "code"), "give a board or a --code, not both"),
    (("code", "dice"), "a code names its own dice"),
    (("code", "seed"), "a code names its board: it takes no --seed"),
    (("board", "seed"), "a given board is not rolled: it takes no --seed"),
    (("code", "lang"), "a code names its board's language: it takes no --lang"),
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
    solution = solve(dealt.board, dictionary.trie, min_length)
    console = Console()
    rolled = f"{dealt.dice} dice, seed {dealt.seed} · " if dealt.seed is not None else ""
    console.print(f"[dim]{rolled}code {board_code(dealt.board, dealt.dice)}[/]")
    if dictionary.skipped or (dictionary.unplayable and dictionary.name not in shipped_dictionaries()):
        console.print(
            f"[dim]{dictionary.name}: {plural(dictionary.skipped, 'line')} skipped (not single words), "
            f"{plural(dictionary.unplayable, 'word')} dropped (a q with no u after it)[/]"
        )
    console.print(solution_view(solution))
    return 0


def _dictionary(args: argparse.Namespace, language: str) -> Dictionary:
    """The list named, or the language's own; a file of words is read in the language."""
    return load_dictionary(args.dictionary or defaults_for(language).dictionary, language=language)


def _solve_lines(args: argparse.Namespace, language: str) -> int:
    """One output line per input line: its board's words, its error, or blank for a blank line.

    A bad line does not stop the batch: its error goes to stderr with its line number (and,
    with --json, an error object takes its place on stdout); the run then ends with exit code 2.
    """
    if sys.stdin is None:
        raise BoggleError("standard input is closed: give boards on it, one per line")
    dictionary = _dictionary(args, language)
    write, failed = sys.stdout.write, False
    for number, text, error in _lines(sys.stdin.buffer):
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
                write(f"{shown}  {plural(count, 'word')}, {plural(points, 'point')}")
                write(f" (min. length {min_length})\n")
        except BoggleError as problem:
            failed = True
            print(f"boggle: error: line {number}: {problem}", file=sys.stderr)
            if args.json:
                write(json.dumps({"line": number, "error": str(problem)}) + "\n")
    return 2 if failed else 0


def _lines(stream: BinaryIO) -> Iterator[tuple[int, str, str | None]]:
    """(number, text, error) per line; a line past MAX_LINE is skipped to its end, never held whole."""
    number = 0
    while raw := stream.readline(MAX_LINE + 1):
        number += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while (rest := stream.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                pass
            yield number, "", f"longer than {MAX_LINE:,} bytes: not a board"
            continue
        try:
            yield number, raw.decode("utf-8"), None
        except UnicodeDecodeError:
            yield number, "", "not UTF-8 text"


def json_line(dealt: Deal, dictionary: Dictionary, min_length: int) -> str:
    """One board's solution as one line of JSON, written from pieces (see `solver.solve_json`)."""
    board = dealt.board
    words, count, points = solve_json(board, dictionary.trie, min_length)
    rows = ",".join('["' + '","'.join(row) + '"]' for row in board.rows)  # faces are letters, qu, th... or #
    return (
        f'{{"board":[{rows}],"code":"{board_code(board, dealt.dice)}","dice":{_json(dealt.dice)},'
        f'"seed":{_json(dealt.seed)},"dictionary":{_json(dictionary.name)},"min_length":{min_length},'
        f'"words":{words},"total_words":{count},"total_score":{points}}}\n'
    )


@functools.cache
def _json(value: str | int | None) -> str:
    return json.dumps(value)
