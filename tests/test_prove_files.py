"""A proof file read back is trusted no further than it can be checked: forged and damaged files are refused, one
line, exit 2; and the shipped proofs' classes, replayed, give the bounds and boards they record."""

from __future__ import annotations

import json
import os
import random
import threading
from pathlib import Path

import pytest

from boggle_tui.cli.main import main
from boggle_tui.engine.alphabets import ALPHABETS
from boggle_tui.engine.dictionary import load_dictionary, shipped_dictionaries
from boggle_tui.engine.solver import board_score
from boggle_tui.game.languages import language_for
from boggle_tui.research import proof
from boggle_tui.research.prove import ProofSettings, Prover, columns_of_text, letters_of

ALGS4 = Path(__file__).parent / "data" / "algs4.txt"
PROOF = ("prove", "--size", "2x3", "--dictionary", str(ALGS4), "--letters", "aelrst", "--threshold", "18")
ROOT = Path(__file__).parents[1]
PROOFS = ROOT / "docs" / "proofs"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:  # argparse's own errors
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def written(capsys, tmp_path: Path) -> tuple[Path, list[dict]]:
    """A finished small proof's file, and its lines as JSON (the header first)."""
    path = tmp_path / "proof.jsonl"
    code, _, err = run(capsys, *PROOF, "--out", str(path))
    assert code == 0, err
    return path, [json.loads(line) for line in path.read_text().splitlines()]


def rewrite(path: Path, lines: list[dict]) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def with_boards(lines: list[dict]) -> int:
    """The index of the first class line that records boards."""
    return next(i for i, line in enumerate(lines) if i and line["boards"])


def refused(capsys, path: Path, *extra: str) -> str:
    code, out, err = run(capsys, "prove", "--resume", str(path), *extra)
    assert code == 2 and out == "" and "Traceback" not in err, (code, err)
    error = [line for line in err.splitlines() if not line.startswith("Proving ")]  # the note of the classes rechecked
    assert len(error) == 1 and error[0].startswith("boggle: error: "), err
    return error[0]


def test_a_board_s_points_edited_are_scored_again_and_refused(capsys, written) -> None:
    path, lines = written
    at = with_boards(lines)
    lines[at]["boards"][0][1] = 9999
    lines[at]["bound"] = 10_000
    rewrite(path, lines)
    err = refused(capsys, path)
    assert f"line {at + 1}:" in err and "scores" in err and "not 9999" in err


def test_every_class_rewritten_with_bound_0_is_caught_by_the_classes_proved_again(capsys, written) -> None:
    path, lines = written
    for line in lines[1:]:
        line["bound"], line["boards"] = 0, []
    rewrite(path, lines)
    assert "proved again" in refused(capsys, path)


def test_one_class_s_bound_lowered_is_caught_by_verify(capsys, written, monkeypatch) -> None:
    path, lines = written
    at = next(i for i, line in enumerate(lines) if i and not line["boards"] and line["bound"] > 1)
    lines[at]["bound"] -= 1
    rewrite(path, lines)
    monkeypatch.setattr(proof, "RECHECK_LEAST", 0)  # no sample: only --verify proves every class again
    monkeypatch.setattr(proof, "RECHECK_SHARE", 0)
    assert run(capsys, "prove", "--resume", str(path))[0] == 0  # what the sample cannot see...
    lines[at]["bound"] -= 0
    rewrite(path, lines[: at + 1])
    err = refused(capsys, path, "--verify")  # ...--verify does
    assert f"line {at + 1}:" in err and "proved again" in err


def test_the_sample_proved_again_is_drawn_at_random_among_the_finished_classes() -> None:
    ids = list(range(500))
    first, second = (proof.recheck_sample(ids, random.Random(seed)) for seed in (1, 2))
    assert len(first) == 10 and first != second and set(first) <= set(ids)  # 2% of 500
    assert len(proof.recheck_sample(ids[:4], random.Random(1))) == 3  # at least three
    assert proof.recheck_sample(ids[:2], random.Random(1)) == [0, 1]


@pytest.mark.parametrize("board", ["aelrsu", "aelrs", "aelrstt", "AELRST", "aelrs1"])
def test_a_board_not_of_the_proof_s_letters_or_size_is_refused(capsys, written, board) -> None:
    path, lines = written
    at = with_boards(lines)
    lines[at]["boards"][0][0] = board
    rewrite(path, lines)
    err = refused(capsys, path)
    assert f"line {at + 1}:" in err and "not made of this proof's letters" in err


@pytest.mark.parametrize(
    ("field", "value"),
    [("id", 10**9), ("id", -1), ("id", "0"), ("bound", 1e301), ("bound", -5), ("seconds", 1e301), ("nodes", True)],
)
def test_a_class_line_with_a_field_out_of_range_is_refused(capsys, written, field, value) -> None:
    path, lines = written
    lines[1][field] = value
    rewrite(path, lines)
    err = refused(capsys, path)
    assert "line 2:" in err and ("not one of this proof's classes" in err or "not a class as boggle prove" in err)


def test_points_of_1e301_are_refused(capsys, written) -> None:
    path, lines = written
    at = with_boards(lines)
    lines[at]["boards"][0][1] = 1e301
    rewrite(path, lines)
    assert f"line {at + 1}:" in refused(capsys, path)


def test_a_class_twice_and_a_line_of_nan_are_refused(capsys, written) -> None:
    path, lines = written
    rewrite(path, [*lines, lines[1]])
    assert f"line {len(lines) + 1}: class {lines[1]['id']} is there twice" in refused(capsys, path)
    path.write_text(path.read_text().replace('"seconds": ', '"seconds": NaN, "x": ', 1))
    assert "line 2: not a class" in refused(capsys, path)


def test_a_line_from_another_proof_is_refused(capsys, written, tmp_path: Path) -> None:
    path, lines = written
    other = tmp_path / "other.jsonl"
    other_proof = ("prove", "--size", "2x3", "--dictionary", str(ALGS4), "--letters", "aeinrst", "--threshold", "18")
    assert run(capsys, *other_proof, "--out", str(other))[0] == 0
    theirs = [json.loads(line) for line in other.read_text().splitlines()]
    at = next(i for i, line in enumerate(theirs) if i and any(set(b) & set("in") for b, _ in line["boards"]))
    mine = next(i for i, line in enumerate(lines) if i and line["id"] == theirs[at]["id"])
    lines[mine] = theirs[at]
    rewrite(path, lines)
    err = refused(capsys, path)
    assert f"line {mine + 1}:" in err and "not made of this proof's letters" in err


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("size", ["a", "b"]), ("size", [3]), ("size", [5, 5]), ("size", "2x3"), ("threshold", 0), ("threshold", 1.5),
        ("min_length", None), ("letters", "aelrs1"), ("letters", "aa"), ("language", "xx"), ("digest", "../x"),
        ("dictionary", "a\x1b[31m"), ("dice", {"set": 5}), ("dice", {"set": "new", "dice": 5}), ("dice", [1]),
    ],
)  # fmt: skip
def test_a_header_field_that_is_not_valid_is_refused(capsys, written, field, value) -> None:
    path, lines = written
    lines[0][field] = value
    rewrite(path, lines)
    err = refused(capsys, path)
    assert f"line 1: the header's {field} is missing or not valid" in err


def test_a_header_with_a_field_missing_or_unknown_is_refused(capsys, written) -> None:
    path, lines = written
    del lines[0]["digest"]
    rewrite(path, lines)
    assert "the header's digest is missing" in refused(capsys, path)
    lines[0]["digest"], lines[0]["trusted"] = "0" * 32, True
    rewrite(path, lines)
    assert "a field boggle prove does not write: 'trusted'" in refused(capsys, path)


def test_dev_zero_is_not_read_until_memory_runs_out(capsys) -> None:
    assert "is not a regular file" in refused(capsys, Path("/dev/zero"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(capsys, tmp_path: Path) -> None:
    fifo = tmp_path / "proof.jsonl"
    os.mkfifo(fifo)
    outcome: list[str] = []
    worker = threading.Thread(target=lambda: outcome.append(refused(capsys, fifo)), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive() and "is not a regular file" in outcome[0]


def test_a_file_too_long_is_not_read_to_its_end(capsys, written, monkeypatch) -> None:
    path, _ = written
    monkeypatch.setattr(proof, "MAX_FILE_BYTES", 200)
    assert "too long for a proof" in refused(capsys, path)
    monkeypatch.setattr(proof, "MAX_FILE_BYTES", 1 << 30)
    path.write_text(path.read_text() + "x" * (proof.MAX_LINE_BYTES + 10) + "\n")
    assert "too long for a proof" in refused(capsys, path)


def test_a_file_whose_lines_pass_resumes_and_a_cut_last_line_is_done_again(capsys, written) -> None:
    path, _ = written
    text = path.read_text().splitlines()
    path.write_text("\n".join(text[:3]) + "\n" + text[3][:7])
    code, _, err = run(capsys, "prove", "--resume", str(path), "--json")
    assert code == 0, err
    assert "Proving 2 of the file's classes again" in err  # both finished classes: fewer than three


# The shipped proofs: a few classes of each file proved again give the bound and the boards its line records.


REPLAY_SECONDS = 5.0


def shipped() -> list[Path]:
    """The finished proofs, and those under way (`partial/`: committed as they grow, resumed in later runs)."""
    return sorted(PROOFS.glob("*.jsonl")) + sorted((PROOFS / "partial").glob("*.jsonl"))


@pytest.mark.research  # each shipped proof's every class, proved again: seconds to a minute each
@pytest.mark.parametrize("path", shipped(), ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_shipped_proof_s_classes_replayed_give_its_bounds_and_boards(path: Path) -> None:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    header, classes = lines[0], lines[1:]
    language = header.get("language", "en")
    name = header["dictionary"]
    if name not in shipped_dictionaries():  # a list from the project's shared folder, beside the checkout
        found = [root / name for root in (ROOT, ROOT.parent) if (root / name).is_file()]
        if not found:
            pytest.skip(f"{name} is not here")
        name = str(found[0])
    dictionary = load_dictionary(name, language=language)
    assert dictionary.digest == header["digest"]  # the shipped list is the one the proof was made with
    letters = ALPHABETS[language]
    rows, cols = header["size"]
    settings = ProofSettings(rows, cols, header["threshold"], header["min_length"],
                             letters_of(header["letters"].replace("qu", "q"), letters), language=language)  # fmt: skip
    ids = sorted(line["id"] for line in classes)
    canonical = list(settings.classes.canonical_ids())
    if path.parent == PROOFS:  # finished: every class, once
        assert ids == canonical
    else:  # under way: canonical classes, each once
        assert len(set(ids)) == len(ids) and set(ids) <= set(canonical)
    prover = Prover(dictionary.trie, settings)
    # The cheapest classes, up to three and about REPLAY_SECONDS of the CPU they took (one at least), and the class
    # with the best board where it is cheap too: the test stays fast.
    best = max(classes, key=lambda line: max((points for _, points in line["boards"]), default=0))
    replayed = [best] if best["seconds"] <= REPLAY_SECONDS / 2 else []
    for line in sorted(classes, key=lambda line: line["seconds"]):
        spent = sum(done["seconds"] for done in replayed)
        if line is not best and len(replayed) < 3 and (not replayed or spent + line["seconds"] <= REPLAY_SECONDS):
            replayed.append(line)
    for line in replayed:
        result = prover(line["id"])
        recorded = sorted((columns_of_text(board, letters), points) for board, points in line["boards"])
        assert result.bound == line["bound"] and sorted(result.boards) == recorded, (path.name, line["id"])
    for board, points in best["boards"]:
        assert board_score(dictionary.trie, columns_of_text(board, letters), rows, cols, header["min_length"]) == points


def test_every_shipped_language_has_its_3x3_proof() -> None:
    names = {path.stem for path in shipped() if path.parent == PROOFS}
    for code in ALPHABETS:
        assert f"3x3-{language_for(code).dictionary}" in names, code
