"""A word list compiled in a process of its own, the first time a game needs it.

Compiling a list takes memory the game never needs again (its text, its words, the trie being built): some
110 MiB at the peak for English and 540 MiB for Polish, held as the game's own peak for as long as it runs. Built in a
child process, that peak is the child's, and returned when it exits; the game then loads the compiled table from the
cache as on any later start. Where no child can run (no interpreter to start, a sandbox), the game compiles the list
itself, as before.

    python -m boggle_tui.engine.precompile NAME_OR_PATH [LANGUAGE]
"""

from __future__ import annotations

import subprocess
import sys

from boggle_tui.engine.dictionary import is_cached, load_dictionary

TIMEOUT = 600.0  # seconds: Polish takes some 5 s of CPU; a machine that takes this long compiles it in process


def compile_apart(name_or_path: str, language: str | None = None) -> bool:
    """Whether the list (read in `language`) is in the cache now, compiled by a child process if it was not."""
    if is_cached(name_or_path, language):
        return True
    command = [sys.executable, "-m", "boggle_tui.engine.precompile", name_or_path, *([language] if language else [])]
    try:
        subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=TIMEOUT, check=True)  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return False
    return is_cached(name_or_path, language)


def main(argv: list[str]) -> int:
    load_dictionary(argv[0], language=argv[1] if len(argv) > 1 else None)  # writes the cache
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
