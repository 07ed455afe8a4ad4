"""A finished round as one line anyone can paste: the board's code, the rules and the score to beat."""

from __future__ import annotations

from boggle_tui.game.round import Results


def result_line(code: str, dictionary: str, seconds: int | None, results: Results) -> str:
    """`Boggle N-PLSTEAIERTNRSGES · enable1 · 3 min · 3+ letters · 42 of 3,623 points · 17 words`."""
    clock = "no clock" if not seconds else f"{seconds // 60} min" if seconds % 60 == 0 else f"{seconds} s"
    return " · ".join(
        [
            f"Boggle {code}",
            dictionary,
            clock,
            f"{results.solution.min_length}+ letters",
            f"{results.score:,} of {results.max_score:,} points",
            f"{len(results.found):,} words",
        ]
    )
