"""Machine-readable output for the commands: one compact JSON document per line."""

from __future__ import annotations

import json
import sys


def print_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, separators=(",", ":")) + "\n")
