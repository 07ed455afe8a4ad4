#!/usr/bin/env python3
"""How many study cards rounds make, as issue 37 played them: eleven rounds of every kind, in a fresh history.

    python benchmarks/study_cards.py [--lang en]

Each round is `boggle play --plain` (cli/plain.py `play_plain`, the game's own path from a round to its cards) on a
clock the script moves, in a history of its own: a round ended at once, the README's three-word example, a 30-second
round, practice given up after 10 s, a replay, then five full rounds in which the player finds the board's first
words. Printed: each round's new cards and the deck's size after the eleven, with the rules that made them (the
player's required words only, at most 5 a round, none from a round played less than a third of its time).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the tests' clock and scripted input

from support import FakeTime as Clock  # noqa: E402
from test_plain import ScriptedLines as Script  # noqa: E402

from boggle_tui.cli.plain import play_plain  # noqa: E402
from boggle_tui.engine.board import Board  # noqa: E402
from boggle_tui.engine.dice import load_dice_set  # noqa: E402
from boggle_tui.engine.dictionary import load_dictionary  # noqa: E402
from boggle_tui.engine.solver import solve  # noqa: E402
from boggle_tui.game.languages import language_for  # noqa: E402
from boggle_tui.game.request import Given, Roll, RoundRequest  # noqa: E402
from boggle_tui.game.rules import Rules  # noqa: E402
from boggle_tui.storage import study  # noqa: E402
from boggle_tui.storage.history import History  # noqa: E402


def rolled(dice: str, seed: int) -> Board:
    return load_dice_set(dice).roll(seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    language = language_for(args.lang)
    dice, words = language.dice, language.dictionary
    trie = load_dictionary(words, language=language.code).trie
    folder = Path(tempfile.mkdtemp(prefix="boggle-cards-"))
    day = dt.datetime(2026, 12, 7, 12, tzinfo=dt.UTC)

    def found_then_over(seed: int) -> tuple[str | float, ...]:
        """A full round: the player finds the board's ten shortest words, then the clock runs out."""
        shortest = sorted(solve(rolled(dice, seed), trie, language.min_length).words, key=len)[:10]
        return (*shortest, 181.0)

    timed, untimed = Rules(dictionary=words, seconds=180), Rules(dictionary=words)
    rounds: list[tuple[str, RoundRequest, tuple[str | float, ...]]] = [
        ("a round ended at once", RoundRequest(Roll(dice, 1), timed), ()),
        ("the README's example", RoundRequest(Roll(dice, 2), timed), ("tin", "owl", "time")),
        ("a 30 s round", RoundRequest(Roll(dice, 3), Rules(dictionary=words, seconds=30)), (31.0,)),
        ("practice given up after 10 s", RoundRequest(Roll(dice, 4), untimed, practice=True), (10.0,)),
        ("a full round", RoundRequest(Roll(dice, 5), timed), found_then_over(5)),
        ("its replay", RoundRequest(Given(rolled(dice, 5), dice, 5), timed, replay=True), found_then_over(5)),
        *(
            (f"a full round (seed {seed})", RoundRequest(Roll(dice, seed), timed), found_then_over(seed))
            for seed in range(6, 11)
        ),
    ]
    for n, (kind, request, script) in enumerate(rounds, 1):
        clock = Clock()
        history = History.open(folder)
        before = len(study.cards(history))
        play_plain(request, lines=Script(clock, *script), write=lambda _line: None, note=lambda _line: None,
                   now=clock, wall=lambda: day, history=history)  # fmt: skip
        history = History.open(folder)
        print(f"{n:2}. {kind}: {len(study.cards(history)) - before} new cards")
        history.close()
    cards = study.cards(History.open(folder))
    print(f"deck after {len(rounds)} rounds: {len(cards)} cards ({sum(c.box == 0 for c in cards)} in box 0)")


if __name__ == "__main__":
    main()
