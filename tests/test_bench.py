from __future__ import annotations

import json
from pathlib import Path

import pytest

from boggle_tui.cli.main import main
from boggle_tui.engine import bench
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.wordlist import read_word_list

ALGS4 = Path(__file__).parent / "data" / "algs4.txt"


def test_the_three_structures_agree_and_report_figures() -> None:
    words = read_word_list(ALGS4).words
    boards = [load_dice_set("new").roll(seed) for seed in range(3)]
    results = [result for _, _, result in bench.run(words, boards, 3) if result]
    assert [r.structure for r in results] == ["unsorted list", "sorted list", "trie", "trie solver"]
    assert [r.boards for r in results] == [1, 3, 3, 3]
    assert all(r.median_ms > 0 and r.build_ms >= 0 for r in results)


def test_a_structure_that_disagrees_is_caught() -> None:
    words = read_word_list(ALGS4).words
    broken = bench.Structure("broken", list, lambda board, lexicon, n: set())
    boards = [load_dice_set("new").roll(1)]
    with pytest.raises(bench.Disagreement, match="broken"):
        list(bench.run(words, boards, 3, (bench.STRUCTURES[1], broken)))


def test_bench_command_json(capsys) -> None:
    assert main(["bench", "--boards", "2", "--dictionary", str(ALGS4), "--skip-unsorted", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [r["structure"] for r in result["results"]] == ["sorted list", "trie", "trie solver"]
    assert result["words"] == 6013 and all(r["boards_per_second"] > 0 for r in result["results"])
