#!/usr/bin/env python3
"""A TCP proxy that delays each direction by a fixed time: a player far from the room, on one machine.

    python tools/delay_proxy.py --to 127.0.0.1:8765 --listen 127.0.0.1:8766 --delay-ms 300
    boggle join 127.0.0.1:8766/friends     # this game's words reach the room 300 ms late, the room's news too

Every chunk read from one side is written to the other `--delay-ms` after it arrived, in order, so a
round trip through the proxy takes twice the delay (plus the network's own); the two directions are
delayed separately. It knows nothing of the game: a WebSocket (or anything on TCP) goes through it.

Bounded: at most MAX_CONNECTIONS at once (more are closed at once), at most MAX_HELD bytes held back
in each direction of a connection (the side sending faster than the delay lets out waits: TCP's own
flow control), and a delay of 0 to MAX_DELAY_MS. Bad arguments: one line, exit code 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass

MAX_CONNECTIONS = 64
MAX_HELD = 1 << 20  # bytes held back in one direction of one connection
MAX_DELAY_MS = 10_000
CHUNK = 64 * 1024


class Usage(Exception):
    """A bad argument: said in one line, exit code 2."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int


def address(text: str) -> Address:
    host, colon, port = text.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise Usage(f"{text!r} is not HOST:PORT")
    return Address(host.strip("[]"), int(port))


class Held:
    """What one direction holds back: (when it may go, the bytes), in order, never more than MAX_HELD bytes."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[tuple[float, bytes] | None] = asyncio.Queue()
        self.size = 0
        self.room = asyncio.Event()
        self.room.set()

    async def put(self, due: float, data: bytes) -> None:
        while self.size + len(data) > MAX_HELD and self.size:
            self.room.clear()
            await self.room.wait()  # the reader stops reading: the sender's TCP window closes
        self.size += len(data)
        self.queue.put_nowait((due, data))

    async def get(self) -> tuple[float, bytes] | None:
        item = await self.queue.get()
        if item is not None:
            self.size -= len(item[1])
            self.room.set()
        return item

    def close(self) -> None:
        self.queue.put_nowait(None)


async def pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
    """One direction: each chunk read goes out `delay` seconds after it came; the end of input, after the rest."""
    loop = asyncio.get_running_loop()
    held = Held()

    async def deliver() -> None:
        while (item := await held.get()) is not None:
            due, data = item
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        if writer.can_write_eof():
            writer.write_eof()

    delivering = asyncio.create_task(deliver())
    try:
        while data := await reader.read(CHUNK):
            await held.put(loop.time() + delay, data)
        held.close()
        await delivering
    finally:
        delivering.cancel()


class Proxy:
    def __init__(self, to: Address, delay_ms: int) -> None:
        self.to = to
        self.delay = delay_ms / 1000
        self.connections = 0

    async def handle(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        if self.connections >= MAX_CONNECTIONS:
            client_writer.close()
            return
        self.connections += 1
        server_writer: asyncio.StreamWriter | None = None
        try:
            server_reader, server_writer = await asyncio.open_connection(self.to.host, self.to.port)
            directions = [
                asyncio.create_task(pump(client_reader, server_writer, self.delay)),
                asyncio.create_task(pump(server_reader, client_writer, self.delay)),
            ]
            try:
                with contextlib.suppress(OSError):  # a reset: both directions end
                    await asyncio.gather(*directions)
            finally:
                for task in directions:
                    task.cancel()
        except OSError as error:
            print(f"delay_proxy: {self.to.host}:{self.to.port}: {error.strerror or error}", file=sys.stderr)
        finally:
            self.connections -= 1
            for writer in (client_writer, server_writer):
                if writer is not None:
                    writer.close()

    async def serve(self, listen: Address, ready: asyncio.Event | None = None) -> asyncio.Server:
        server = await asyncio.start_server(self.handle, listen.host, listen.port)
        if ready is not None:
            ready.set()
        return server


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise Usage(message)


def arguments(argv: Sequence[str]) -> tuple[Address, Address, int]:
    parser = Parser(prog="delay_proxy", description="a TCP proxy that delays each direction")
    parser.add_argument("--to", required=True, help="HOST:PORT to forward to (a boggle server)")
    parser.add_argument("--listen", default="127.0.0.1:8766", help="HOST:PORT to listen on (127.0.0.1:8766)")
    parser.add_argument("--delay-ms", type=int, default=300, help="milliseconds each way (300)")
    got = parser.parse_args(argv)
    if not 0 <= got.delay_ms <= MAX_DELAY_MS:
        raise Usage(f"--delay-ms is 0 to {MAX_DELAY_MS:,}")
    return address(got.listen), address(got.to), got.delay_ms


async def run(listen: Address, to: Address, delay_ms: int) -> None:
    server = await Proxy(to, delay_ms).serve(listen)
    bound = server.sockets[0].getsockname()
    print(f"delaying {delay_ms} ms each way: {bound[0]}:{bound[1]} -> {to.host}:{to.port}", flush=True)
    async with server:
        await server.serve_forever()


def main(argv: Sequence[str] | None = None) -> int:
    try:
        listen, to, delay_ms = arguments(sys.argv[1:] if argv is None else argv)
    except Usage as error:
        print(f"delay_proxy: error: {error}", file=sys.stderr)
        return 2
    try:
        asyncio.run(run(listen, to, delay_ms))
    except KeyboardInterrupt:
        return 0
    except OSError as error:
        print(f"delay_proxy: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
