"""The progress bar of the long commands (`boggle bench`, `boggle prove`): Rich's, drawn on standard error."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def progress_bar(label: str, console: Console, *, remaining: bool = False) -> Progress:
    """`label`, a bar, done of total and the time so far (and the time left, estimated from this run's own
    pace). Transient: gone once the work is. Where the console is no terminal it is off altogether: Rich would
    still end it with a blank line, and a log has no use for one."""
    columns: list[ProgressColumn] = [TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    if remaining:
        columns.append(TimeRemainingColumn())
    return Progress(*columns, console=console, transient=True, disable=not console.is_terminal)
