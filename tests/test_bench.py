from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from boggle_tui.cli.main import main
from boggle_tui.engine import core
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.wordlist import read_word_list
from boggle_tui.research import bench

ALGS4 = Path(__file__).parent / "data" / "algs4.txt"


def test_every_structure_and_both_engines_agree_and_report_figures(monkeypatch) -> None:
    """Each figure is its own structure's time: the n-th structure takes n * 10 ms to build and n, 5n, 2n ms on the
    three boards (by a clock that moves only when they work), so its median is 2n ms."""
    words = read_word_list(ALGS4).words
    boards = [load_dice_set("new").roll(seed) for seed in range(3)]
    now = [0.0]

    def taking(n: int, structure: bench.Structure) -> bench.Structure:
        def build(words: list[str]) -> object:
            now[0] += n * 0.010
            return structure.build(words)

        solved: list[int] = []

        def solve(board, lexicon, min_length: int) -> set[str]:
            now[0] += n * (1, 5, 2)[len(solved)] / 1000
            solved.append(1)
            return structure.solve(board, lexicon, min_length)

        return dataclasses.replace(structure, build=build, solve=solve)

    monkeypatch.setattr(bench, "UNSORTED_SECONDS", 3600.0)  # its budget is real time: never spent here
    chosen = tuple(taking(n, s) for n, s in enumerate(bench.structures(), start=1))
    (results,) = [done for _, done in bench.run(words, boards, 3, chosen, clock=lambda: now[0]) if done]
    names = ["unsorted list", "sorted list", "trie (textbook search)", "engine, Python"]
    assert [r.structure for r in results] == names + (["engine, C"] if core.is_built() else [])
    for n, result in enumerate(results, start=1):
        assert (result.boards, result.note) == (3, "")
        assert result.build_ms == pytest.approx(n * 10) and result.median_ms == pytest.approx(2 * n)
        assert result.boards_per_second == pytest.approx(1000 / (2 * n))


def test_boards_are_rolled_as_they_are_solved_and_the_slow_list_keeps_to_its_budget(monkeypatch) -> None:
    monkeypatch.setattr(bench, "UNSORTED_SECONDS", 0.0)
    words = read_word_list(ALGS4).words
    rolled: list[int] = []

    def boards():
        for seed in range(4):
            rolled.append(seed)
            yield load_dice_set("new").roll(seed)

    progress = bench.run(words, boards(), 3, bench.structures())
    assert next(progress) == (1, None) and rolled == [0]  # one board rolled, solved, reported
    *_, (done, results) = progress
    assert done == 4 and results[0].structure == "unsorted list"
    assert results[0].median_ms is None and "budget" in results[0].note and results[1].boards == 4


def test_a_structure_that_disagrees_is_caught() -> None:
    words = read_word_list(ALGS4).words
    broken = bench.Structure("broken", list, lambda board, lexicon, n: set())
    boards = [load_dice_set("new").roll(1)]
    with pytest.raises(bench.Disagreement, match="broken"):
        list(bench.run(words, boards, 3, (bench.structures(unsorted=False)[0], broken)))


def test_bench_command_json(capsys) -> None:
    assert main(["bench", "--boards", "2", "--dictionary", str(ALGS4), "--skip-unsorted", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [r["structure"] for r in result["results"]][:3] == [
        "sorted list",
        "trie (textbook search)",
        "engine, Python",
    ]
    assert result["words"] == 6013 and all(r["boards_per_second"] > 0 for r in result["results"])
