"""Machine-readable output for the commands: one compact JSON document per line."""

from __future__ import annotations

import json
import os
import sys

from rich.console import Console

PIPED_WIDTH = 200  # a pipe has no width: tables are not squeezed to 80 columns


def print_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, separators=(",", ":")) + "\n")


def console() -> Console:
    """A console for people: the terminal's width, or a wide one when the output goes to a pipe or file,
    unless COLUMNS says how wide (Rich reads it)."""
    return Console() if sys.stdout.isatty() or os.environ.get("COLUMNS") else Console(width=PIPED_WIDTH)
