"""The layout as specified: the package, the dice and the word lists at the top level, each used from there."""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import SimpleNamespace

import boggle_tui
from boggle_tui.engine import core
from boggle_tui.engine.dice import dice_set_names
from boggle_tui.engine.dictionary import shipped_dictionaries
from boggle_tui.engine.resources import data_dir

ROOT = Path(__file__).resolve().parent.parent


def test_the_top_level_is_the_one_specified() -> None:
    for name in ("pyproject.toml", "boggle_tui", "tests", "dice", "dictionaries", "README.md"):
        assert (ROOT / name).exists(), name
    assert Path(boggle_tui.__file__).resolve().parent == ROOT / "boggle_tui"  # the tests run the checkout


def test_the_dice_and_word_lists_have_one_source_the_top_level_folders() -> None:
    assert data_dir("dice") == ROOT / "dice"
    assert data_dir("dictionaries") == ROOT / "dictionaries"
    assert not (ROOT / "boggle_tui" / "data" / "dice").exists()
    assert not (ROOT / "boggle_tui" / "data" / "dictionaries").exists()
    assert {"new", "classic", "big", "master", "superbig"} <= set(dice_set_names())


def test_every_shipped_word_list_has_its_licence_beside_it() -> None:
    names = shipped_dictionaries()
    assert "enable1" in names
    for name in names:
        assert (ROOT / "dictionaries" / f"LICENSE-{name}.md").is_file(), name


def fake_core(interface: int, sha256: str) -> SimpleNamespace:
    return SimpleNamespace(INTERFACE=interface, SOURCE_SHA256=sha256)


def test_a_core_built_from_another_source_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "_boggle_core.c"
    source.write_text("int x;")
    prover = tmp_path / "prove.c"
    prover.write_text("int y;")
    built_from_it = hashlib.sha256(source.read_bytes() + prover.read_bytes()).hexdigest()
    sources = (source, prover)
    assert core.why_stale(fake_core(core.INTERFACE, built_from_it), sources) is None  # type: ignore[arg-type]
    assert "another source" in (core.why_stale(fake_core(core.INTERFACE, "0" * 64), sources) or "")  # type: ignore[arg-type]
    assert "interface" in (core.why_stale(fake_core(core.INTERFACE + 1, built_from_it), sources) or "")  # type: ignore[arg-type]
    # An installed wheel has no source beside it: the interface alone decides.
    absent = (tmp_path / "absent.c",)
    assert core.why_stale(fake_core(core.INTERFACE, "0" * 64), absent) is None  # type: ignore[arg-type]


def test_the_wheel_lists_every_package_of_the_source() -> None:
    """pyproject names its packages one by one: a new one left out installs nothing (the lobby's package was
    missing from the wheel, and the installed game could not start)."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    source = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "boggle_tui").rglob("__init__.py")}
    assert source <= listed, sorted(source - listed)
