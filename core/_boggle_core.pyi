"""Types of the compiled core (core/_boggle_core.c), for mypy: the interface boggle_tui/engine/core.py checks by
INTERFACE. `python -m mypy.stubtest _boggle_core` compares this stub with the built module (.ci/run)."""

from collections.abc import Sequence
from typing import Any, Final, final

from typing_extensions import Buffer

INTERFACE: Final[int]
MAX_CELLS: Final[int]
SOURCE_SHA256: Final[str]

@final  # Py_TPFLAGS_BASETYPE is not set
class Core:
    """A trie table (native uint32 rows, read in place and held: it must not change) ready to solve boards."""

    def __init__(self, table: Buffer, points: Sequence[int], faces: Sequence[str] | None = None) -> None: ...
    @property
    def words(self) -> int: ...
    def solve(
        self, columns: Sequence[int], height: int, width: int, min_length: int = 1
    ) -> list[tuple[str, tuple[int, ...]]]: ...
    def solve_json(
        self, columns: Sequence[int], height: int, width: int, min_length: int = 1
    ) -> tuple[str, int, int, int, int]: ...
    def set_required(self, words: bytes | None, /) -> None: ...
    def solve_lines(
        self,
        data: Buffer,
        start: int,
        final: bool,
        letters: bytes,
        min_lengths: Sequence[int],
        side: int,
        json: bool,
        head: bytes,
        middle: bytes,
        template: bytes,
        words_forms: bytes,
        points_forms: bytes,
        group: bytes,
    ) -> tuple[bytes, int, int]: ...
    def score(self, columns: Sequence[int], height: int, width: int, min_length: int = 1) -> int: ...
    def totals(self, columns: Sequence[int], height: int, width: int, min_length: int = 1) -> tuple[int, int]: ...
    def score_many(
        self, boards: Sequence[Sequence[int]], height: int, width: int, min_length: int = 1
    ) -> list[int]: ...

@final  # core/prove.c
class Prover:
    """Proves classes of boards against a trie table (research/prove.py)."""

    def __init__(
        self, table: Buffer, points: Sequence[int], letters: int, pairs: Sequence[tuple[int, int]]
    ) -> None: ...
    def prove(
        self,
        letters: Sequence[Sequence[int]],
        height: int,
        width: int,
        order: Sequence[int],
        threshold: int,
        switchover: int,
        searched: int,
        min_length: int,
        split: int = 0,
    ) -> dict[str, Any]: ...
