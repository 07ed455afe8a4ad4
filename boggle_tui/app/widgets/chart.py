"""A bar chart of shares (0 to 1) on a fixed scale, so a poor round looks poor."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

EIGHTHS = " ▁▂▃▄▅▆▇█"


def bar_rows(values: list[float], height: int) -> list[str]:
    """The chart as text rows, top first: each value a column of eighth-blocks."""
    levels = [round(max(0.0, min(1.0, v)) * height * 8) for v in values]
    rows = []
    for row in range(height - 1, -1, -1):
        rows.append("".join(EIGHTHS[max(0, min(8, level - row * 8))] * 2 + " " for level in levels).rstrip())
    return rows


class ShareChart(Static):
    def __init__(self, values: list[float], height: int = 5, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.values = values
        self.chart_height = height

    def on_mount(self) -> None:
        lines = []
        for i, row in enumerate(bar_rows(self.values, self.chart_height)):
            label = "100% " if i == 0 else "  0% " if i == self.chart_height - 1 else "     "
            lines.append(Text.assemble((label, "dim"), (row, "green")))
        self.update(Text("\n").join(lines))
