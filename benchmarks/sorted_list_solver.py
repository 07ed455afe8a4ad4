"""The textbook solver the project grew from, as a whole process: a sorted word list and bisect.

Reads a word list and boards (one square run of letters per line on stdin, `q` for Qu) and
prints each board's words. It is the yardstick for `benchmarks/engine.py`, which runs it
and `boggle solve -` on the same boards; it imports nothing from boggle_tui on purpose.
"""

import sys
from bisect import bisect_left
from collections.abc import Callable


def main() -> None:
    with open(sys.argv[1]) as file:
        words = sorted({line.strip().lower() for line in file if line.strip()})

    def starts(prefix: str) -> bool:
        i = bisect_left(words, prefix)
        return i < len(words) and words[i].startswith(prefix)

    def is_word(text: str) -> bool:
        i = bisect_left(words, text)
        return i < len(words) and words[i] == text

    for line in sys.stdin:
        print(" ".join(sorted(solve(["qu" if c == "q" else c for c in line.strip()], starts, is_word))))


def solve(faces: list[str], starts: Callable[[str], bool], is_word: Callable[[str], bool]) -> set[str]:
    side = int(len(faces) ** 0.5)
    found: set[str] = set()

    def extend(cell: int, prefix: str, used: set[int]) -> None:
        if len(prefix) >= 3 and is_word(prefix):
            found.add(prefix)
        row, col = divmod(cell, side)
        for r in range(max(row - 1, 0), min(row + 2, side)):
            for c in range(max(col - 1, 0), min(col + 2, side)):
                n = r * side + c
                if n not in used and starts(prefix + faces[n]):
                    extend(n, prefix + faces[n], used | {n})

    for cell, face in enumerate(faces):
        if starts(face):
            extend(cell, face, {cell})
    return found


if __name__ == "__main__":
    main()
