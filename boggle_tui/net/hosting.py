"""A host's own room server: `boggle server` for one room, as a process of its own that outlives the game that
started it (the app's host and `boggle host --plain` alike), ending once its room has been empty a while."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Mapping

from boggle_tui.i18n import _
from boggle_tui.net.address import DEFAULT_PORT
from boggle_tui.net.reach import reach

START_SECONDS = 30.0  # a cold start builds the word list's trie: a few seconds at most
IDLE_SECONDS = 60  # a host's server with no room left ends after this long


async def start_room_server(
    room: str, host: str, port: int, dictionaries: Mapping[str, str] | None = None
) -> tuple[int, subprocess.Popen[str]]:
    """Start the room's server on `port` (any free one when the default is taken: another host here); the port it
    bound and its process. An OSError says why it could not start (a game served to strangers hosts nothing)."""
    reach().check_listen()
    try:
        return await _start(room, host, port, dictionaries or {})
    except OSError:
        if port != DEFAULT_PORT:
            raise
        return await _start(room, host, 0, dictionaries or {})


async def _start(room: str, host: str, port: int, dictionaries: Mapping[str, str]) -> tuple[int, subprocess.Popen[str]]:
    command = [sys.executable, "-m", "boggle_tui", "server", "--host", host, "--port", str(port),
               "--only-room", room, "--exit-when-idle", str(IDLE_SECONDS), "--announce-port"]  # fmt: skip
    for name, source in dictionaries.items():
        command += ["--word-list", f"{name}={source}"]
    process = subprocess.Popen(  # not asyncio's: closing its transport would kill the server
        command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        start_new_session=True, text=True,
    )  # fmt: skip
    assert process.stdout is not None
    try:
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), START_SECONDS)
    except TimeoutError:
        process.kill()
        late = _("the room server did not start within {seconds} s")
        raise OSError(late.format(seconds=f"{START_SECONDS:.0f}")) from None
    words = line.split()
    if len(words) != 2 or words[0] != "port" or not words[1].isdigit():  # the server's line: `port N`
        raise OSError(_("cannot listen on {host}:{port}").format(host=host, port=port))
    return int(words[1]), process
