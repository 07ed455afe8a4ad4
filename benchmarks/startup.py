"""Time from launch to a playable board, per language: the app started headless on a seeded round.

Run: python benchmarks/startup.py [--runs N] [--lang CODE ...] [CHECKOUT ...]. Each run is a fresh process on a warm
cache (each language's word list compiled first, in a scratch cache); per language it prints the median and best wall
and CPU time from launch to the board, and the CPU median against English's. The goal (issue 28): every language's
warm launch within 1.5x English's. A loaded machine moves the wall times most: compare CPU. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", "es", "de", "fr", "nl", "pt", "pl")
GOAL = 1.5

# A seeded round in the language sys.argv[1], its dice and its word list, started headless; `ready()`, which the code
# before it defines, runs once the board is on screen (memory.py's rows per language start the same round).
LANGUAGE_ROUND = """
import asyncio, sys
from boggle_tui.app.app import BoggleApp
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.game.languages import language_for
from boggle_tui.game.request import Roll, RoundRequest
imported = time.perf_counter()
def round_app(request):
    # The app dealing `request` at once (a checkout from before app/launch.py took `request=`).
    try:
        from boggle_tui.app.launch import Round
    except ImportError:
        return BoggleApp(request=request)
    return BoggleApp(launch=Round(request))
async def main():
    defaults = language_for(sys.argv[1])
    app = round_app(RoundRequest(Roll(defaults.dice, seed=1), defaults.rules()))
    async with app.run_test() as pilot:
        while not isinstance(app.screen, RoundScreen) or not app.screen.query("Die"):
            await pilot.pause(0.005)
        ready()
asyncio.run(main())
"""

LAUNCH = (
    """
import time
launch = time.perf_counter()
import resource
def ready():
    now, used = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
    print((imported - launch) * 1000, (now - launch) * 1000, (used.ru_utime + used.ru_stime) * 1000)
"""
    + LANGUAGE_ROUND
)

# The word lists compiled into the cache: enable1, popular (the app reads it for its common words), and the lists
# of the languages in sys.argv[1:] (a cold trie build has a peak and a time of its own, which are not a launch's).
WARM = """
import sys
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.game.languages import language_for
for name in ("enable1", "popular", *(language_for(code).dictionary for code in sys.argv[1:])):
    load_dictionary(name)
"""


def run(checkout: Path, code: str, args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=checkout, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{checkout}: {done.stderr[-800:]}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("checkouts", nargs="*", type=Path, default=[HERE.parent])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lang", nargs="+", default=list(LANGUAGES))
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="boggle-startup-"))
    print(f"launch to a playable board, warm cache, {args.runs} runs each: median (best) ms; goal: CPU <= {GOAL}x en")
    print(f"{'checkout':<16}{'lang':<6}{'imports':>10}{'wall':>16}{'CPU':>16}{'CPU / en':>10}")
    for checkout in args.checkouts:
        env = {
            **os.environ,
            "PYTHONPATH": str(checkout),
            "BOGGLE_CACHE_DIR": str(scratch / "cache"),
            "BOGGLE_DATA_DIR": str(scratch / f"data-{checkout.name}"),
        }
        run(checkout, WARM, args.lang, env)
        english = None
        for language in args.lang:
            runs = [[float(x) for x in run(checkout, LAUNCH, [language], env).split()] for _ in range(args.runs)]
            imports, wall, cpu = ([r[i] for r in runs] for i in range(3))
            english = english or (statistics.median(cpu) if language == "en" else None)
            ratio = f"{statistics.median(cpu) / english:.2f}x" if english else "-"
            print(
                f"{checkout.name:<16}{language:<6}{statistics.median(imports):>10.0f}"
                f"{statistics.median(wall):>9.0f} ({min(wall):>4.0f}){statistics.median(cpu):>9.0f} ({min(cpu):>4.0f})"
                f"{ratio:>10}"
            )


if __name__ == "__main__":
    main()
