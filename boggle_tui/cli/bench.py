"""`boggle bench`: the classic comparison, with a progress bar and a table of figures."""

from __future__ import annotations

import argparse

from rich.console import Console, JustifyMethod
from rich.table import Table

from boggle_tui.cli.output import print_json
from boggle_tui.cli.progress import progress_bar
from boggle_tui.engine.core import engine_name
from boggle_tui.engine.dice import DEFAULT_DICE, load_dice_set
from boggle_tui.engine.dictionary import resolve
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.wordlist import read_word_list
from boggle_tui.i18n import N_, _, counted, number
from boggle_tui.research import bench


def run_bench(args: argparse.Namespace) -> int:
    dice = load_dice_set(DEFAULT_DICE)
    boards = (dice.roll(args.seed + i) for i in range(args.boards))  # rolled as they are solved
    words = read_word_list(resolve(args.dictionary)).words
    chosen = bench.structures(unsorted=not args.skip_unsorted)
    console = Console(stderr=args.json)
    if not args.skip_unsorted:
        seconds = f"{bench.UNSORTED_SECONDS:.0f}"
        console.print(
            _("The unsorted list gets {seconds} s in all: a board takes it minutes.").format(seconds=seconds),
            style="dim",
        )
    results: list[bench.Result] = []
    with progress_bar(_("solving boards"), console) as progress:
        task = progress.add_task("boards", total=args.boards)
        try:
            for done, finished in bench.run(words, boards, dice.min_length, chosen):
                progress.update(task, completed=done)
                results = finished or results
        except bench.Disagreement as error:
            raise BoggleError(str(error)) from None
    if args.json:
        print_json(
            {
                "dictionary": args.dictionary,
                "words": len(words),
                "seed": args.seed,
                "engine": engine_name(),
                "results": [r.as_dict() for r in results],
            }
        )
    else:
        console.print(_table(results, args.dictionary, len(words)))
        console.print(_(EXPLAINED), style="dim")
    return 0


EXPLAINED = N_(
    "The textbook search asks its lexicon two questions at every step, each from the top (the trie walks "
    "down from its root, the sorted list bisects), and builds a new word string at every step, so its trie "
    "is no faster than the sorted list. The engine walks the trie along with the board: one table lookup a "
    "step, no question asked again, and a path only for each word found."
)


# The columns of the table: heading, justification.
BENCH_COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
    # Translators: a column heading: how words are kept (a list, a trie...)
    (N_("structure"), "left"),
    (N_("build ms"), "right"),
    (N_("boards"), "right"),
    (N_("median ms/board"), "right"),
    (N_("boards/s"), "right"),
    (N_("vs sorted list"), "right"),
)


def _table(results: list[bench.Result], dictionary: str, words: int) -> Table:
    sorted_ms = next((r.median_ms for r in results if r.structure == "sorted list"), None)
    title = _("The same boards, solved by each ({list}, {words}; engine: {engine})").format(
        list=dictionary, words=counted(words, "{count} word", "{count} words"), engine=engine_name()
    )
    table = Table(title=title)
    for heading, justify in BENCH_COLUMNS:
        table.add_column(_(heading), justify=justify)
    for r in results:
        if r.median_ms is None:
            budget = f"> {bench.UNSORTED_SECONDS * 1000:,.0f}"
            table.add_row(_(r.structure), f"{r.build_ms:,.1f}", "0", budget, "-", r.note)
            continue
        ratio = f"{sorted_ms / r.median_ms:.1f}x" if sorted_ms else "-"
        table.add_row(
            _("{structure} ({note})").format(structure=_(r.structure), note=r.note) if r.note else _(r.structure),
            f"{r.build_ms:,.1f}",
            number(r.boards),
            f"{r.median_ms:,.3f}",
            f"{r.boards_per_second:,.0f}",
            ratio,
        )
    return table
