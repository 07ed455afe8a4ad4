"""Every text the game shows goes through the catalogue, and every catalogue has every text.

The first test reads the code: a text handed straight to something that shows it (a label, a notice, an
error, a binding, a command's help, a line printed) must be a call to `_`/`counted`, never a bare string or
an f-string, which the catalogue could not hold. The others extract the messages as tools/build_catalogues.py
does (with Babel) and check each language's catalogue against them.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boggle_tui"

# Where a shown text goes: a callable's name -> the positions and keywords that take one.
SHOWN: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "Label": ((0,), ()),
    "Static": ((0,), ()),
    "Button": ((0,), ("tooltip",)),
    "Binding": ((2,), ("description", "tooltip")),
    "notify": ((0,), ("title",)),
    "Input": ((), ("placeholder",)),
    "BoggleError": ((0,), ()),
    "print": ((0,), ()),
    "add_argument": ((), ("help",)),
    "add_parser": ((), ("help", "description", "epilog")),
    "ArgumentParser": ((), ("description", "epilog")),
    "error": ((0,), ()),  # argparse's parser.error
    "ConfirmScreen": ((0, 1), ()),
    "Text": ((0,), ()),  # rich's Text
    "Option": ((0,), ()),  # an OptionList's line
    "update": ((0,), ()),  # a Label's or Static's new text
}
WORDS = re.compile(r"[A-Za-z]{2,}")


def _words(node: ast.expr) -> bool:
    """A bare text with words in it: a string, or an f-string whose written parts have words."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(WORDS.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(part, ast.Constant) and WORDS.search(str(part.value)) for part in node.values)
    return False


def _keyed(arg: ast.expr) -> bool:
    """`_(TABLE["key"])`: a string inside the call that is not the message."""
    return not isinstance(arg, ast.Constant) and any(
        isinstance(node, ast.Constant) and isinstance(node.value, str) for node in ast.walk(arg)
    )


def _name(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")


def untranslated(source: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _name(node) == "_" and node.args and _keyed(node.args[0]):
            found.append((node.lineno, ast.unparse(node)[:60]))  # Babel would take the key for the message
        if not isinstance(node, ast.Call) or _name(node) not in SHOWN:
            continue
        positions, keywords = SHOWN[_name(node)]
        given = [node.args[i] for i in positions if i < len(node.args)]
        given += [k.value for k in node.keywords if k.arg in keywords]
        found += [(arg.lineno, ast.unparse(arg)[:60]) for arg in given if _words(arg)]
    return found


@pytest.mark.parametrize("part", ["engine", "game", "net", "storage", "app", "cli"])
def test_no_text_is_shown_without_the_catalogue(part: str) -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in sorted((PACKAGE / part).rglob("*.py"))
        for line, text in untranslated(path.read_text(encoding="utf-8"))
    ]
    assert wrong == []


def test_the_check_finds_bare_texts() -> None:
    source = 'Label("Hello there")\nprint(f"{n} words")\nBinding("q", "quit", "Quit")\nLabel(_("Fine"))\nprint(f"{w}")'
    source += '\nx = _(TEXTS["key"])\ny = _(text)'
    assert [line for line, _ in untranslated(source)] == [1, 2, 3, 6]


def _tool():  # tools/ is not a package: load build_catalogues.py by its path
    spec = importlib.util.spec_from_file_location("build_catalogues", ROOT / "tools" / "build_catalogues.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    pytest.importorskip("babel")
    return _tool()


@pytest.fixture(scope="module")
def template(tool):
    return tool.extract()


@pytest.mark.parametrize("language", ["es", "de", "fr", "nl", "pt", "pl"])
def test_every_message_is_translated_with_its_fields(tool, template, language: str) -> None:
    assert tool.problems(language, template) == []


@pytest.mark.parametrize("language", ["es", "de", "fr", "nl", "pt", "pl"])
def test_the_game_reads_catalogues_compiled_from_their_sources(tool, language: str) -> None:
    """By content, not bytes: another Babel writes another `Generated-By` line, and nothing else differs."""
    assert tool.compiled_from_source(language)


def test_a_catalogue_that_differs_from_its_source_is_found(tool, tmp_path) -> None:
    source = tool.read_catalogue("de")
    shipped = tool.mo_content(tool.po_path("de").with_suffix(".mo").read_bytes())
    assert shipped == tool.mo_content(tool.mo_bytes(source))
    message = next(m for m in source if m.id and isinstance(m.id, str))
    message.string = message.string + "!"  # one translation changed
    assert tool.mo_content(tool.mo_bytes(source)) != shipped
    retagged = tool.po_path("de").with_suffix(".mo").read_bytes().replace(b"Babel 2.", b"Babel 9.")
    assert tool.mo_content(retagged) == shipped  # only the tool's name differs: the same catalogue
