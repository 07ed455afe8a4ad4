"""Definitions: the shipped WordNet file, how a word finds its lemma, and `boggle define`."""

from __future__ import annotations

import importlib.util
import itertools
import json
import lzma
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import run

from boggle_tui.engine.definitions import BLOCK, DEFINITIONS, INDEX, NO_DEFINITION, define, describe
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


def test_the_shipped_file_is_blocks_that_decompress_alone_and_one_xz_file_whole() -> None:
    """Each block of lines is an xz stream of its own, decoded with a small buffer (its dictionary is a block's
    size, not xz -9's 64 MiB); one after another they are the whole text, as `xz -d` reads the file; the index names
    each block's first word and where it ends."""
    folder = data_dir("definitions")
    data = (folder / DEFINITIONS).read_bytes()
    rows = [line.split("\t") for line in (folder / INDEX).read_text(encoding="utf-8").splitlines()]
    ends = [0, *(int(end) for _, end in rows)]
    assert ends[-1] == len(data) and len(rows) > 50
    texts = [lzma.LZMADecompressor(memlimit=1 << 20).decompress(data[a:b]) for a, b in itertools.pairwise(ends)]
    assert b"".join(texts) == lzma.decompress(data) and all(len(text) < 2 * BLOCK for text in texts)
    assert [text.split(b"\t", 1)[0].decode() for text in texts] == [first for first, _ in rows]
    assert all(text.endswith(b"\n") for text in texts)  # whole lines: a word's line is in one block


def test_a_word_is_read_from_its_block_alone() -> None:
    """A lookup decompresses the one block its word is in, and keeps a few: the text is never held whole."""
    from boggle_tui.engine import definitions

    definitions.load()
    definitions._block.cache_clear()
    assert define("cat") is not None and define("catfish") is not None  # one block, read once
    assert definitions._block.cache_info().misses == 1
    for word in ("aardvark", "jump", "quiet", "zebra", "xylophone", "kettle", "moon", "river", "sun", "tree"):
        assert define(word) is not None
    assert definitions._block.cache_info().currsize <= definitions.KEPT_BLOCKS


def test_a_damaged_index_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from boggle_tui.engine import definitions

    folder = data_dir("definitions")
    (tmp_path / DEFINITIONS).write_bytes((folder / DEFINITIONS).read_bytes())
    lines = (folder / INDEX).read_bytes().splitlines()
    monkeypatch.setattr(definitions, "data_dir", lambda name: tmp_path)
    damaged = [
        b"\n".join([lines[1], lines[0], *lines[2:]]),  # two blocks out of order
        b"\n".join([*lines[:-1], lines[-1] + b"0"]),  # the last block past the file's end
        b"\n".join([lines[0].split(b"\t")[0], *lines[1:]]),  # a line without its end
        b"",
    ]
    for index in damaged:
        (tmp_path / INDEX).write_bytes(index)
        monkeypatch.setattr(definitions, "_blocks", None)
        with pytest.raises(ValueError, match="does not index"):
            definitions.load()
