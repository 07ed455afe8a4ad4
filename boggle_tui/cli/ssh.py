"""`boggle ssh-server`: the game for anyone with an ssh client, nothing to install (the optional `[ssh]` extra).

`ssh -p 2222 HOST` plays: each connection runs its own game (net/ssh.py, net/ssh_game.py). The server
keeps its host key and its players' folders in its state folder, `ssh-server` in the data folder.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boggle_tui.cli.web import can_listen
from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import _, counted
from boggle_tui.net.ssh_limits import Limits
from boggle_tui.storage.paths import data_dir

if TYPE_CHECKING:  # asyncssh is imported only when the server runs
    from boggle_tui.net.ssh import SshServer

STATE_FOLDER = "ssh-server"


def state_dir() -> Path:
    return data_dir() / STATE_FOLDER


def run_ssh_server(args: argparse.Namespace) -> int:
    # cryptography deprecates DSA, and says so as asyncssh is imported and as any DSA key (a host key refused, a
    # client's) is read: the server's console is for its own lines.
    warnings.filterwarnings("ignore", message=".*DSA.*deprecated", category=UserWarning)
    try:
        with warnings.catch_warnings():  # and anything else said at asyncssh's import: not ours either
            warnings.simplefilter("ignore")
            from boggle_tui.net.ssh import SshServer, fingerprint, host_key, serve
    except ImportError:
        raise BoggleError(_("boggle ssh-server needs the ssh extra: pip install 'boggle-tui[ssh]'")) from None
    can_listen(args.host, args.port)
    limits = Limits(args.max_sessions, args.sessions_per_address, args.memory_per_game, args.idle_minutes * 60)
    server = SshServer(state_dir(), limits, rooms=tuple(args.rooms))
    key = host_key(server.state_dir)  # made (or refused) before the banner
    asyncio.run(_serve(server, lambda: serve(server, key, args.host, args.port), fingerprint(key), args))
    return 0


async def _serve(server: SshServer, listen: Callable[[], Awaitable[Any]], fingerprint: str, args: argparse.Namespace,
                 ) -> None:  # fmt: skip
    try:
        acceptor = await listen()
    except OSError as error:
        raise BoggleError(
            _("cannot listen on {host} port {port}: {reason}").format(
                host=repr(args.host), port=args.port, reason=error.strerror or error
            )
        ) from None
    shown = "HOST" if args.host in ("0.0.0.0", "::") else args.host
    print(
        counted(
            args.max_sessions,
            "Boggle over ssh: ssh -p {port} {host} (Ctrl+C stops it); {count} game at most",
            "Boggle over ssh: ssh -p {port} {host} (Ctrl+C stops it); {count} games at most",
        ).format(port=args.port, host=shown),
        file=sys.stderr,
    )
    print(_("Host key: {fingerprint}").format(fingerprint=fingerprint), file=sys.stderr, flush=True)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # the games end first, guests' folders with them
        loop.add_signal_handler(signum, stopping.set)
    await stopping.wait()
    acceptor.close()
    await server.stop()
