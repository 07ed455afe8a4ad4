"""The cyclic garbage collector in a room server's own process (`boggle server`): the heap kept out of its way.

A server with thousands of players holds a large heap of long-lived objects (rooms, seats, rounds, connections),
and CPython's collector walks all of it on each full pass: at 4,000 players a pass held the event loop for a
third of a second (benchmarks/NOTES.md, "Online rooms: capacity"). Nothing on a round's path leaves reference
cycles (tests/test_capacity.py counts them), so what the collector would find there is found by reference
counting already. Here:

- after start-up (the word lists read) and after each deal, every object alive is frozen (`gc.freeze`: moved
  where the collector never looks, in constant time); objects frozen are still freed when their last reference
  goes, so a round's objects go at its end as before;
- the young generation is collected every `GEN0` new objects instead of 700 (a server allocates a few dozen
  objects a message, almost all freed at once by reference counting);
- a closed WebSocket connection is garbage in cycles (websockets and asyncio keep a connection, its transport and
  the exceptions of its closing in cycles: ~70 objects, ~12 KB), which a frozen connection would keep for ever:
  once every `SWEEP_SECONDS` in which connections closed, one full pass over everything unfrozen frees them.
  That pass is the one pause left, and is bounded to one in that time.
"""

from __future__ import annotations

import gc
import time

from boggle_tui.game.clock import TimeSource

GEN0 = 10_000  # new objects (less those freed) between two passes over the young generation; CPython's is 700
SWEEP_SECONDS = 600.0  # at most one full pass this often, and only if connections closed meanwhile


class Collector:
    """The collector's settings for the life of a server process; `restore` puts back what it found."""

    def __init__(self, now: TimeSource = time.monotonic) -> None:
        self.now = now
        self.closed = 0  # connections closed since the last full pass
        self.swept = now()
        self._thresholds: tuple[int, int, int] | None = None

    def settle(self) -> None:
        """After start-up: what was read to start (word lists, modules) is frozen, the thresholds raised."""
        if self._thresholds is None:
            self._thresholds = gc.get_threshold()
            _, gen1, gen2 = self._thresholds
            gc.set_threshold(GEN0, gen1, gen2)
        gc.collect()
        gc.freeze()
        self.swept = self.now()

    def dealt(self) -> None:
        """A room dealt a board: its round's objects (and everything else alive) will outlive many passes."""
        gc.freeze()

    def connection_closed(self) -> None:
        self.closed += 1

    def tick(self) -> bool:
        """Called once per round of the rooms' ticks: the full pass, when one is due. True when it ran."""
        if not self.closed or self.now() - self.swept < SWEEP_SECONDS:
            return False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.closed, self.swept = 0, self.now()
        return True

    def restore(self) -> None:
        gc.unfreeze()
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
