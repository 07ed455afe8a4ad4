"""`boggle web`: the game in a browser, served by textual-serve (the optional `[web]` extra).

Each browser tab runs its own game process; a browser player can host or join rooms like a
terminal player. Listens on 127.0.0.1 unless `--host` says otherwise.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from boggle_tui.engine.errors import BoggleError
from boggle_tui.net.address import lan_address


def run_web(args: argparse.Namespace) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        raise BoggleError("boggle web needs the web extra: pip install 'boggle-tui[web]'") from None
    shown = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    command = f"{shlex.quote(sys.executable)} -m boggle_tui"
    server = Server(command, host=args.host, port=args.port, title="Boggle", public_url=f"http://{shown}:{args.port}")
    print(f"Boggle in a browser: http://{shown}:{args.port} (Ctrl+C stops it)", file=sys.stderr)
    server.serve()
    return 0
