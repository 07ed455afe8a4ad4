"""docs/haproxy.cfg as docs/servers.md runs it: two `boggle server` processes behind HAProxy hashing on the path.

Skipped where `haproxy` is not installed. Everything listens on 127.0.0.1, on free ports; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from ports import free_port

from boggle_tui.net import messages as m
from boggle_tui.net.client import Connection, list_rooms

ROOT = Path(__file__).resolve().parent.parent
CONFIG = (ROOT / "docs" / "haproxy.cfg").read_text(encoding="utf-8")
HAPROXY = shutil.which("haproxy")
START_SECONDS = 60.0  # a server reads its word lists before it listens (a first build takes seconds)
WAIT = 10.0

pytestmark = pytest.mark.skipif(HAPROXY is None, reason="haproxy is not installed")


@contextlib.contextmanager
def boggle_server() -> Iterator[int]:
    """`boggle server` on a free port, as docs/servers.md starts it; its port."""
    command = [sys.executable, "-m", "boggle_tui", "server", "--host", "127.0.0.1", "--port", "0",
               "--announce-port", "--rooms-per-address", "1000"]  # fmt: skip
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the server's first line, once it listens (or "" if it died)
        announced = re.fullmatch(r"port (\d+)\n", line)
        assert announced, f"boggle server said {line!r}"
        yield int(announced[1])
    finally:
        process.terminate()
        process.wait(WAIT)


@contextlib.contextmanager
def haproxy(tmp_path: Path, front: int, backends: tuple[int, int]) -> Iterator[None]:
    """docs/haproxy.cfg with its ports changed to these, in the foreground."""
    config = CONFIG.replace("127.0.0.1:8765", f"127.0.0.1:{front}")
    for documented, port in zip((8766, 8767), backends, strict=True):
        config = config.replace(f"127.0.0.1:{documented}", f"127.0.0.1:{port}")
    assert config.count(f"127.0.0.1:{front}") == 1 and all(f"127.0.0.1:{p}\n" in config for p in backends)
    path = tmp_path / "haproxy.cfg"
    path.write_text(config, encoding="utf-8")
    assert HAPROXY is not None
    process = subprocess.Popen([HAPROXY, "-f", str(path), "-db", "-q"], stderr=subprocess.PIPE, text=True)
    try:
        yield
    finally:
        process.terminate()
        process.wait(WAIT)


async def listening(port: int) -> None:
    for _ in range(int(WAIT / 0.02)):
        with contextlib.suppress(OSError):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"nothing listens on {port}")


async def first_lobby(connection: Connection) -> m.Lobby:
    async def read() -> m.Lobby:
        async for message in connection.messages():
            if isinstance(message, m.Lobby):
                return message
        raise AssertionError("closed before a lobby")

    return await asyncio.wait_for(read(), WAIT)


def test_rooms_spread_over_two_servers_behind_haproxy_and_a_rooms_players_meet(tmp_path) -> None:
    with boggle_server() as one, boggle_server() as two:
        front = free_port()
        with haproxy(tmp_path, front, (one, two)):
            asyncio.run(spread_and_meet(front, one, two))


async def spread_and_meet(front: int, one: int, two: int) -> None:
    await listening(front)
    proxy = f"ws://127.0.0.1:{front}"
    rooms = [f"room{n}" for n in range(12)]
    hosts = []
    for room in rooms:  # each room's first player, through the proxy; the room stays open while they are in it
        hosts.append(await Connection.open(proxy, m.Hello(version=m.VERSION, name="ann", room=room)))
    on_one = {info.room for info in await list_rooms(f"ws://127.0.0.1:{one}")}
    on_two = {info.room for info in await list_rooms(f"ws://127.0.0.1:{two}")}
    assert on_one | on_two == set(rooms) and not on_one & on_two  # each room on exactly one server
    assert on_one and on_two  # the path spreads them (all 12 on one server: 1 chance in 2,048)
    for room, host in zip(rooms, hosts, strict=True):  # a second player, through the proxy, finds the first
        guest = await Connection.open(proxy, m.Hello(version=m.VERSION, name="bo", room=room))
        assert guest.welcome.room == room
        assert {seat.name for seat in (await first_lobby(guest)).players} == {"ann", "bo"}
        await guest.ws.close()
        await host.ws.close()
