"""Free TCP ports on 127.0.0.1 for servers a test starts as processes of their own (which cannot take port 0 and
tell the test which port they got)."""

from __future__ import annotations

import contextlib
import socket


def free_ports(count: int = 1) -> list[int]:
    """`count` ports free now, each different: every probe is held open until all are chosen, so that two calls
    in a row cannot both be given the port the first let go."""
    with contextlib.ExitStack() as held:
        probes = [held.enter_context(socket.socket()) for _ in range(count)]
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [int(probe.getsockname()[1]) for probe in probes]


def free_port() -> int:
    return free_ports(1)[0]
