"""`boggle solve`: every word on a board, for people or as JSON."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from boggle_tui.cli.output import print_json
from boggle_tui.cli.render import solution_view, totals_line
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, Dictionary, load_dictionary, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import Solution, solve
from boggle_tui.game.codes import board_code, parse_code
from boggle_tui.game.deal import Deal, deal
from boggle_tui.game.wording import plural


def run_solve(args: argparse.Namespace) -> int:
    if args.board is not None and args.code is not None:
        raise BoggleError("give a board or a --code, not both")
    if args.board == "-":
        return _solve_lines(args)
    dealt = parse_code(args.code) if args.code is not None else deal(args.board, args.dice, args.seed)
    dictionary = load_dictionary(args.dictionary or DEFAULT_DICTIONARY)
    solution = solve(dealt.board, dictionary.trie, args.min_length or dealt.min_length)
    if args.json:
        print_json(solution_json(solution, dealt, dictionary))
    else:
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


def _solve_lines(args: argparse.Namespace) -> int:
    """One board per line of standard input, one line of output each; the word list loads once."""
    dictionary: Dictionary | None = None
    console = Console(highlight=False)
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            dealt = deal(line, args.dice, None)
        except BoggleError as error:
            raise BoggleError(f"line {number}: {error}") from None
        dictionary = dictionary or load_dictionary(args.dictionary or DEFAULT_DICTIONARY)
        solution = solve(dealt.board, dictionary.trie, args.min_length or dealt.min_length)
        if args.json:
            print_json(solution_json(solution, dealt, dictionary))
        else:
            console.print(f"{dealt.board.text()}  ", totals_line(solution), sep="")
    return 0


def solution_json(solution: Solution, dealt: Deal, dictionary: Dictionary) -> dict[str, object]:
    board = solution.board
    return {
        "board": [list(row) for row in board.rows],
        "code": board_code(board, dealt.dice),
        "dice": dealt.dice,
        "seed": dealt.seed,
        "dictionary": dictionary.name,
        "min_length": solution.min_length,
        "words": [
            {"word": word, "score": score(word), "path": [list(board.position(cell)) for cell in path]}
            for word, path in solution.paths.items()
        ],
        "total_words": len(solution),
        "total_score": solution.total_score,
    }
