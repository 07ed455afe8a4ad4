"""Time from launch to a playable board: the app started headless with a fixed seed.

Run: python benchmarks/startup.py. Prints the figure; asserts nothing.
"""

from __future__ import annotations

import time

LAUNCH = time.perf_counter()

import asyncio  # noqa: E402

from boggle_tui.app.app import BoggleApp  # noqa: E402
from boggle_tui.app.screens.round import RoundScreen  # noqa: E402
from boggle_tui.game.request import Roll, RoundRequest  # noqa: E402


async def main() -> None:
    imported = time.perf_counter()
    app = BoggleApp(request=RoundRequest(Roll(seed=1)))
    async with app.run_test() as pilot:
        while not isinstance(app.screen, RoundScreen) or not app.screen.query("Die"):
            await pilot.pause(0.005)
        ready = time.perf_counter()
    print(f"imports: {(imported - LAUNCH) * 1000:.0f} ms; launch to playable board: {(ready - LAUNCH) * 1000:.0f} ms")


asyncio.run(main())
