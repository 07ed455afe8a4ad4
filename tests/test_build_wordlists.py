"""tools/build_wordlists.py's German rule: abbreviations left out of a list that marks nothing, and the shipped
list built by it."""

from __future__ import annotations

import importlib.util
import lzma
import sys
from pathlib import Path

from boggle_tui.engine.common import denied

ROOT = Path(__file__).resolve().parent.parent


def _tool():  # tools/ is not a package: load build_wordlists.py by its path
    spec = importlib.util.spec_from_file_location("build_wordlists", ROOT / "tools" / "build_wordlists.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_german_abbreviations_are_known_by_a_capital_inside_a_noun_or_by_no_vowel() -> None:
    unwanted = _tool().german_unwanted(["Haus\n", "ADHS\n", "OdF\n", "GmbH\n", "mRNA\n", "Ärger\n", "Übel\n"])
    for word in ("adhs", "odf", "gmbh", "mrna", "fds", "kfz", "lkw", "pst"):
        assert unwanted(word), word
    for word in ("haus", "ärger", "übel", "tee", "gym", "öl", "laufen"):
        assert not unwanted(word), word


def test_the_shipped_german_list_was_built_by_the_rule() -> None:
    words = set(lzma.decompress((ROOT / "dictionaries" / "de.txt.xz").read_bytes()).decode("utf-8").split())
    assert not words & {"fds", "odf", "gmbh", "stgb", "lkw", "nrw", "spd", "adhs"}
    assert {"haus", "baum", "ärger", "straße".replace("ß", "ss"), "laufen"} <= words
    assert len(words) == 563_654  # as dictionaries/LICENSE-de.md and docs/languages.md say
    assert "563,654 words" in (ROOT / "dictionaries" / "LICENSE-de.md").read_text(encoding="utf-8")


def test_names_only_a_name_are_left_out_and_names_that_are_also_words_stay() -> None:
    de = set(lzma.decompress((ROOT / "dictionaries" / "de.txt.xz").read_bytes()).decode("utf-8").split())
    assert not de & {"aachen", "trier", "eder", "mrna", "udo"}
    assert {"ethan", "tef", "als", "weil", "gottes", "frei"} <= de  # ethane, teff; words the blacklist's names spell
    es = set(lzma.decompress((ROOT / "dictionaries" / "es.txt.xz").read_bytes()).decode("utf-8").split())
    # Spanish's names stay in its list until its 3x4 proof is made again (tools/build_wordlists.py SOURCES), and
    # are never common meanwhile
    spanish_names = {"pablo", "sevilla", "venezuela", "carlos"}
    assert spanish_names <= es and spanish_names <= denied("es")
    assert {"juan", "maria", "pedro", "rosa", "santo", "tamarindo"} <= es  # also lower case in hunspell-es


def test_german_names_keep_ordinary_nouns_and_their_forms() -> None:
    tool = _tool()
    names = tool.german_names(["Aachen", "Gott", "Gottes", "Fuss", "Weil", "Ethan", "abgelaßen"], ["Gott\n", "Ethan\n"])
    assert names == {"aachen"}
