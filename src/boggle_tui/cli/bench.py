"""`boggle bench`: the classic comparison, with a progress bar and a table of figures."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from boggle_tui.cli.output import print_json
from boggle_tui.engine import bench
from boggle_tui.engine.dice import DEFAULT_DICE, load_dice_set
from boggle_tui.engine.dictionary import resolve
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.wordlist import read_word_list


def run_bench(args: argparse.Namespace) -> int:
    dice = load_dice_set(DEFAULT_DICE)
    boards = [dice.roll(args.seed + i) for i in range(args.boards)]
    words = read_word_list(resolve(args.dictionary)).words
    structures = bench.STRUCTURES[1:] if args.skip_unsorted else bench.STRUCTURES
    console = Console(stderr=args.json)
    results: list[bench.Result] = []
    with Progress(
        TextColumn("{task.description:>14}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        tasks = {
            s.name: progress.add_task(s.name, total=min(len(boards), s.board_limit or len(boards))) for s in structures
        }
        try:
            for structure, done, result in bench.run(words, boards, dice.min_length, structures):
                progress.update(tasks[structure.name], completed=done)
                if result:
                    results.append(result)
        except bench.Disagreement as error:
            raise BoggleError(str(error)) from None
    if args.json:
        print_json(
            {
                "dictionary": args.dictionary,
                "words": len(words),
                "seed": args.seed,
                "results": [r.as_dict() for r in results],
            }
        )
    else:
        console.print(_table(results, args.dictionary, len(words)))
        if not args.skip_unsorted:
            console.print(
                f"[dim]The unsorted list scans every word at every step, so it solves only "
                f"{bench.UNSORTED_BOARDS} board.[/]"
            )
    return 0


def _table(results: list[bench.Result], dictionary: str, words: int) -> Table:
    sorted_ms = next((r.median_ms for r in results if r.structure == "sorted list"), None)
    table = Table(title=f"One search over three structures, and the engine's solver ({dictionary}, {words:,} words)")
    for heading in ("structure", "build ms", "boards", "median ms/board", "boards/s", "vs sorted list"):
        table.add_column(heading, justify="left" if heading == "structure" else "right")
    for r in results:
        ratio = f"{sorted_ms / r.median_ms:.1f}x" if sorted_ms and r.median_ms else "-"
        table.add_row(
            r.structure,
            f"{r.build_ms:,.1f}",
            f"{r.boards:,}",
            f"{r.median_ms:,.3f}",
            f"{r.boards_per_second:,.0f}",
            ratio,
        )
    return table
