"""Peak memory (RSS) of the game with its definitions, side by side across checkouts.

Run: python benchmarks/memory.py [--lang CODE ...] [CHECKOUT ...]. For each checkout (default: this one; give a
`git worktree` of an older commit beside it to compare), fresh processes report their own peak RSS (VmHWM) after each
stage:
- engine: the engine imported, enable1 loaded (warm cache), a board solved, the definitions loaded, 2,000 words defined;
- app: the app started headless (`App.run_test`) on a seeded round, then the definitions read as the app reads them
  while a round is played, then 2,000 words defined;
- a round in each language: the app started headless on a seeded round of that language's dice and word list, one
  fresh process each (issue 28: every language's warm launch within 1.5x English's).
The word lists' caches are filled first (enable1, and popular, which the app reads for its common words while a round
is played): a cold trie build has a peak of its own, which is not the game's. BOGGLE_PURE_PYTHON=1 measures the Python
engine. The goal (issue 18) is the game's peak at most 70 MB with the definitions available. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from startup import LANGUAGE_ROUND, WARM

HERE = Path(__file__).resolve().parent
GOAL_MB = 70

COMMON = """
import re, sys
def peak(stage):
    status = open("/proc/self/status").read()
    hwm, rss = (int(re.search(name + r":\\s+(\\d+)", status).group(1)) / 1024 for name in ("VmHWM", "VmRSS"))
    print(f"{stage}\\t{hwm:.1f}\\t{rss:.1f}", flush=True)
def define_many():  # every 86th word of enable1, read line by line: no list of the whole list
    import itertools
    from boggle_tui.engine import definitions
    from boggle_tui.engine.dictionary import resolve
    with resolve("enable1").open() as lines:
        words = [line.strip() for line in itertools.islice(lines, 0, None, 86)]
    return sum(definitions.describe(word) != definitions.NO_DEFINITION for word in words)
"""

ENGINE = (
    COMMON
    + """
peak("python started")
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.solver import solve
from boggle_tui.engine import definitions
peak("engine imported")
trie = load_dictionary("enable1").trie
solve(load_dice_set("new").roll(1), trie)
peak("enable1 loaded, a board solved")
definitions.load()
peak("definitions loaded")
define_many()
peak("2,000 words defined")
"""
)

ROUND_IN_A_LANGUAGE = (
    COMMON
    + """
import time
def ready():
    peak(f"app, {sys.argv[1]}: a round on screen")
"""
    + LANGUAGE_ROUND
)

APP = (
    COMMON
    + """
import asyncio
from boggle_tui.app.app import BoggleApp
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.engine import definitions
from boggle_tui.game.request import Roll, RoundRequest
def round_app(request):
    # The app dealing `request` at once (a checkout from before app/launch.py took `request=`).
    try:
        from boggle_tui.app.launch import Round
    except ImportError:
        return BoggleApp(request=request)
    return BoggleApp(launch=Round(request))
async def main():
    app = round_app(RoundRequest(Roll(seed=1)))
    async with app.run_test() as pilot:
        while not isinstance(app.screen, RoundScreen) or not app.screen.query("Die"):
            await pilot.pause(0.01)
        peak("app: a round on screen")
        while not definitions.loaded():  # the app reads them a moment after the board is up
            await pilot.pause(0.05)
        await pilot.pause(0.5)
        peak("app: definitions read while playing")
        define_many()
        peak("app: 2,000 words defined")
asyncio.run(main())
"""
)


def stages(checkout: Path, code: str, env: dict[str, str], *args: str) -> list[tuple[str, float, float]]:
    run = subprocess.run([sys.executable, "-c", code, *args], cwd=checkout, env=env, capture_output=True, text=True)
    if run.returncode:
        raise SystemExit(f"{checkout}: {run.stderr[-800:]}")
    rows = [line.split("\t") for line in run.stdout.splitlines() if line.count("\t") == 2]
    return [(stage, float(hwm), float(rss)) for stage, hwm, rss in rows]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("checkouts", nargs="*", type=Path, default=[HERE.parent])
    parser.add_argument("--lang", nargs="*", default=["en", "es", "de", "fr", "nl", "pt", "pl"])
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="boggle-memory-"))
    results = {}
    for checkout in args.checkouts:
        env = {
            **os.environ,
            "PYTHONPATH": str(checkout),
            "BOGGLE_CACHE_DIR": str(scratch / "cache"),
            "BOGGLE_DATA_DIR": str(scratch / f"data-{checkout.name}"),
        }
        stages(checkout, WARM, env, *args.lang)  # the caches filled (a cold trie build has a peak of its own)
        rounds = [row for code in args.lang for row in stages(checkout, ROUND_IN_A_LANGUAGE, env, code)]
        results[checkout] = stages(checkout, ENGINE, env) + stages(checkout, APP, env) + rounds
    print(f"peak RSS (VmHWM) / RSS now, MB, after each stage; goal: the game's peak <= {GOAL_MB} MB")
    print(f"{'stage':<40}" + "".join(f"{checkout.name:>22}" for checkout in args.checkouts))
    first = results[args.checkouts[0]]
    for i, (stage, _, _) in enumerate(first):
        cells = [f"{rows[i][1]:>12.1f} / {rows[i][2]:>6.1f}" for rows in results.values()]
        print(f"{stage:<40}" + "".join(f"{cell:>22}" for cell in cells))


if __name__ == "__main__":
    main()
