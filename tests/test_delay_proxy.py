"""tools/delay_proxy.py: each direction delayed by its time, in order, through to the end of input."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load():
    spec = importlib.util.spec_from_file_location("delay_proxy", ROOT / "tools" / "delay_proxy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["delay_proxy"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


proxy = load()


async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    while data := await reader.read(1024):
        writer.write(data)
        await writer.drain()
    writer.close()


async def test_a_round_trip_takes_twice_the_delay_and_keeps_the_order() -> None:
    loop = asyncio.get_running_loop()
    target = await asyncio.start_server(echo, "127.0.0.1", 0)
    port = target.sockets[0].getsockname()[1]
    server = await proxy.Proxy(proxy.Address("127.0.0.1", port), 40).serve(proxy.Address("127.0.0.1", 0))
    async with target, server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.sockets[0].getsockname()[1])
        sent = loop.time()
        for part in (b"one ", b"two ", b"three"):
            writer.write(part)
            await writer.drain()
        got = b""
        while len(got) < len(b"one two three"):
            got += await reader.read(100)
        trip = loop.time() - sent
        assert got == b"one two three" and 0.08 <= trip < 2.0
        writer.write_eof()
        assert await reader.read(100) == b""  # the end of input goes through too
        writer.close()


def test_bad_arguments_are_one_line_and_exit_code_2(capsys) -> None:
    for argv in (["--to", "nowhere"], ["--to", "127.0.0.1:1", "--delay-ms", "-5"], ["--listen", "x:1"]):
        assert proxy.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("delay_proxy: error: ") and err.count("\n") == 1
