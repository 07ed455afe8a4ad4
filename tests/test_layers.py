"""The package's layers: imports only go down, and the engine and game know nothing of the terminal."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import boggle_tui

PACKAGE = Path(boggle_tui.__file__).parent
# Each may import only those before it (and itself). The research tools (boggle prove, best, bench) sit just below the
# command line, so that nothing a round runs on can reach them; test_research_stands_on_the_engine_alone keeps them
# off the game, the network, storage and the app.
LAYERS = ["i18n", "engine", "game", "net", "storage", "app", "research", "cli"]


def imports() -> dict[str, set[str]]:
    """Each module's dotted name and the boggle_tui (or third-party) modules it imports, anywhere in it."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(("boggle_tui", *path.relative_to(PACKAGE).with_suffix("").parts))
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = found
    return graph


def layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_imports_only_go_down() -> None:
    wrong = []
    for module, targets in imports().items():
        here = layer(module)
        for target in targets:
            there = layer(target)
            if here is not None and there is not None and there > here:
                wrong.append(f"{module} -> {target}")
    assert wrong == []


def test_research_stands_on_the_engine_alone() -> None:
    wrong = [
        f"{module} -> {target}"
        for module, targets in imports().items()
        if layer(module) == LAYERS.index("research")
        for target in targets
        if layer(target) not in (None, LAYERS.index("i18n"), LAYERS.index("engine"), LAYERS.index("research"))
    ]
    assert wrong == []


def test_the_engine_the_game_the_network_and_research_never_import_textual_or_rich() -> None:
    quiet = {LAYERS.index(name) for name in ("i18n", "engine", "game", "net", "research")}
    wrong = [
        f"{module} -> {target}"
        for module, targets in imports().items()
        if layer(module) in quiet
        for target in targets
        if target.split(".")[0] in ("textual", "rich")
    ]
    assert wrong == []


def test_no_module_imports_itself_in_a_circle() -> None:
    everything = imports()  # parsed once: the graph is walked many times
    graph = {m: {t for t in ts if t in everything} for m, ts in everything.items()}
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, " -> ".join((*trail, module))
        if module in done:
            return
        for target in graph.get(module, ()):
            visit(target, (*trail, module))
        done.add(module)

    for module in graph:
        visit(module, ())


def reached_from(start: str) -> dict[str, set[str]]:
    """The modules `start` imports, however indirectly (`from package import module` followed too), and what each
    of them imports: as `imports()` gives, for the part of the package `start` can reach."""
    everything = imports()
    reached: dict[str, set[str]] = {}
    todo = [start]
    while todo:
        module = todo.pop()
        if module in reached or module not in everything:
            continue
        path = PACKAGE.joinpath(*module.split(".")[1:])
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
        reached[module] = targets
        todo += [target for target in targets if target in everything]
    return reached


@pytest.mark.parametrize("front", ["boggle_tui.cli.plain", "boggle_tui.cli.plain_room"])
def test_the_plain_front_end_never_reaches_textual_or_rich(front: str) -> None:
    """`boggle play --plain` (and a room's plain seat) is for where Textual cannot draw: nothing it imports, however
    indirectly, is Textual, Rich or the app (the cli's other modules may draw with Rich; these print plain lines)."""
    reached = reached_from(front)
    wrong = [
        f"{module} -> {target}"
        for module, targets in reached.items()
        for target in targets
        if target.split(".")[0] in ("textual", "rich") or target.startswith("boggle_tui.app")
    ]
    assert wrong == []
    assert {"boggle_tui.game.session", "boggle_tui.storage.history", "boggle_tui.storage.study"} <= set(reached)


def test_storage_and_the_network_stand_side_by_side() -> None:
    """What is kept on this machine and what goes over the network share the game's rules (game/names.py,
    game/address.py), never each other: a seat's token store is handed to the network, not imported by it."""
    wrong = [
        f"{module} -> {target}"
        for module, targets in imports().items()
        for target in targets
        if {layer(module), layer(target)} == {LAYERS.index("storage"), LAYERS.index("net")}
    ]
    assert wrong == []
