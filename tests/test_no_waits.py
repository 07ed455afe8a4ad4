"""The tests never wait on the wall clock: time is the test's own (support.FakeTime), an app is driven until a
condition holds (support.until, settle), a server until its state says so (support.until_true).

A sleep or a pilot pause of more than 0.05 s in tests/ is a wait on the machine's load; each allowed one is named
here with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent
LONGEST = 0.05
WAITS = {"sleep", "pause"}
ALLOWED: dict[str, str] = {}  # "file.py:line" -> why


def waits(source: str) -> list[tuple[int, float]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        seconds = node.args[0]
        timed = isinstance(seconds, ast.Constant) and isinstance(seconds.value, int | float)
        if name in WAITS and timed and seconds.value > LONGEST:
            found.append((node.lineno, float(seconds.value)))
    return found


def test_no_test_waits_on_the_wall_clock() -> None:
    found = [
        f"{path.name}:{line} waits {seconds} s"
        for path in sorted(TESTS.glob("*.py"))
        for line, seconds in waits(path.read_text(encoding="utf-8"))
        if f"{path.name}:{line}" not in ALLOWED
    ]
    assert found == []


def test_the_check_finds_a_wait() -> None:
    source = "import time\ntime.sleep(1)\nawait pilot.pause(0.3)\nawait asyncio.sleep(0.02)\nawait pilot.pause()"
    assert waits(source) == [(2, 1.0), (3, 0.3)]
