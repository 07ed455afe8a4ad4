"""Definitions: the shipped WordNet file, how a word finds its lemma, and `boggle define`."""

from __future__ import annotations

import importlib.util
import io
import json
import lzma
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import run

from boggle_tui.engine.definitions import DEFINITIONS, NO_DEFINITION, decompress, define, describe, xz_size
from boggle_tui.engine.resources import data_dir

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def build_script():
    spec = importlib.util.spec_from_file_location("build_definitions", TOOLS / "build_definitions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_word_has_one_gloss_per_part_of_speech() -> None:
    cat = define("cat")
    assert cat is not None
    assert [tag for tag, _ in cat.senses] == ["n", "v"]
    assert "feline" in cat.senses[0][1]
    assert cat.text().startswith("n. feline")


def test_an_inflection_names_its_lemma_in_the_part_of_speech_it_inflects() -> None:
    geese = define("GEESE")
    assert geese is not None and geese.senses == ()
    assert [lemma for lemma, _ in geese.forms] == ["goose"]
    assert describe("geese").startswith("form of goose: n. ")
    saw = define("saw")
    assert saw is not None and saw.senses  # a noun and a verb of its own
    see = dict(saw.forms)["see"]
    assert [tag for tag, _ in see] == ["v"]  # the past of the verb "see", not the bishop's see


def test_a_word_wordnet_lacks_has_no_definition() -> None:
    assert define("qi") is None
    assert describe("zzxq") == NO_DEFINITION


def test_the_shipped_file_covers_the_common_words_and_carries_its_licence() -> None:
    popular = (data_dir("dictionaries") / "popular.txt").read_text().split()
    defined = sum(define(word) is not None for word in popular)
    assert defined / len(popular) > 0.95
    licence = (data_dir("definitions") / "LICENSE-WordNet.txt").read_text()
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in licence


def test_suffix_rules_find_lemmas_as_wordnet_does() -> None:
    build = build_script()
    nouns = {"box": 1, "church": 2, "fly": 3, "woman": 4}
    assert build.lemmas_of("boxes", "noun", nouns, {}) == ["box"]
    assert build.lemmas_of("churches", "noun", nouns, {}) == ["church"]
    assert build.lemmas_of("flies", "noun", nouns, {}) == ["fly"]
    assert build.lemmas_of("women", "noun", nouns, {}) == ["woman"]
    assert build.lemmas_of("box", "noun", nouns, {}) == []  # never a form of itself
    assert build.lemmas_of("mice", "noun", {"mouse": 1}, {"mice": ["mouse"]}) == ["mouse"]


def test_define_prints_a_line_per_word_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "define", "cat", "zzxq", "\x1b[31mred")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("cat: n. feline")
    assert lines[1] == f"zzxq: {NO_DEFINITION}"
    assert "\x1b" not in out  # what a person typed is shown, never run by the terminal


def test_define_json_is_a_list_of_words_and_definitions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "define", "--json", "geese", "qi")
    assert code == 0
    assert json.loads(out) == [
        {"word": "geese", "definition": describe("geese")},
        {"word": "qi", "definition": None},
    ]


def test_define_needs_a_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "define")
    assert code == 2 and "WORD" in err


def test_the_definitions_are_not_read_on_the_way_to_the_game() -> None:
    code = (
        "from boggle_tui.cli.main import main; import boggle_tui.app.app; import boggle_tui.cli.play; "
        "from boggle_tui.engine import definitions; print(definitions.loaded())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_bisection_finds_every_line_of_the_shipped_file_and_nothing_between() -> None:
    import lzma

    from boggle_tui.engine import definitions

    text = lzma.decompress((data_dir("definitions") / definitions.DEFINITIONS).read_bytes()).decode("utf-8")
    rows = dict(line.split("\t", 1) for line in text.splitlines())
    words = list(rows)
    assert words == sorted(words)  # what the bisection relies on
    for word in [*words[::7], words[-1]]:
        assert definitions._row(word) == rows[word]
    for word in ["", "a", "zzzz", *(word + "~" for word in words[::997]), *(word[:-1] for word in words[::991])]:
        assert definitions._row(word) == rows.get(word)


def test_the_shipped_file_reads_with_a_small_decompressor() -> None:
    """Compressed with a 1 MiB dictionary (tools/build_definitions.py): the decoder's buffer is that large, not the
    64 MiB of xz -9, so reading it adds little to the game's peak (benchmarks/memory.py)."""
    data = (data_dir("definitions") / DEFINITIONS).read_bytes()
    text = lzma.LZMADecompressor(memlimit=2 << 20).decompress(data)
    assert text.count(b"\n") > 100_000  # every line of the file
    assert decompress(data) == text


def test_the_text_s_buffer_is_made_at_the_size_the_file_s_index_gives_and_a_wrong_size_changes_nothing() -> None:
    """The buffer is made whole at once (grown a chunk at a time, it was copied as it grew: 4 MiB more at the
    game's peak, issue 41); the size is a hint, never trusted: too small, too large or absent, the text is the
    same."""
    path = data_dir("definitions") / DEFINITIONS
    text = lzma.decompress(path.read_bytes())
    with path.open("rb") as file:
        assert xz_size(file) == len(text) and file.tell() == 0
    for content in (b"", b"abc", bytes(range(256)) * 500):
        data = lzma.compress(content, format=lzma.FORMAT_XZ)
        assert xz_size(io.BytesIO(data)) == len(content)
        for size in (None, 0, 1, len(content), len(content) + 100, 1 << 40):
            assert decompress(data, size) == content
    for not_xz in (b"", b"YZ", b"\xff" * 100 + b"YZ", text[:1000]):
        assert xz_size(io.BytesIO(not_xz)) is None


def test_a_damaged_or_cut_file_is_an_error_never_a_hang() -> None:
    data = (data_dir("definitions") / DEFINITIONS).read_bytes()
    for damaged in (data[: len(data) // 2], data[:20], b"", data[:100] + bytes(1000)):
        with pytest.raises(lzma.LZMAError):
            decompress(damaged)
