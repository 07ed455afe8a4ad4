"""What one `boggle ssh-server` lets its players have: here alone, so that the command line can give the defaults
without importing the server (asyncio, a pty's modules) into every command."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one server lets its players have."""

    sessions: int = 16  # games at once: each is a Python process of some 40-60 MB
    per_address: int = 4  # games at once from one address
    memory_mb: int = 1024  # address space of each of a game's processes (RLIMIT_AS)
    idle_seconds: float = 20 * 60  # with no key pressed this long, a game is ended
