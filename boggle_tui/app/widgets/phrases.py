"""Text made of phrases that a line break never splits: `^O reveal` and `★ common` stay whole.

Rich and Textual wrap at any space, a no-break space included (Python counts it as a space),
so a narrow panel showed "^O / reveal". `Phrases` breaks lines only between phrases, at the
width it is drawn at; a phrase wider than the whole line is the only one folded.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.text import Text


def phrase_lines(phrases: Iterable[Text], width: int, separator: str = " · ") -> list[Text]:
    """The phrases joined by `separator`, greedily, in lines of at most `width` cells where they fit."""
    lines: list[Text] = []
    line: Text | None = None
    for phrase in phrases:
        if line is not None and line.cell_len + cell_len(separator) + phrase.cell_len <= width:
            line.append(separator)
            line.append_text(phrase)
        else:
            line = phrase.copy()
            lines.append(line)
    return lines


@dataclass(frozen=True)
class Phrases:
    """A Rich renderable: `phrases` wrapped between phrases only, at whatever width it is given."""

    phrases: tuple[Text, ...]
    separator: str = " · "
    style: str = ""

    @classmethod
    def of(cls, *phrases: str | Text, separator: str = " · ", style: str = "") -> Phrases:
        return cls(tuple(Text(p) if isinstance(p, str) else p for p in phrases), separator, style)

    def text(self, width: int) -> Text:
        text = Text("\n").join(phrase_lines(self.phrases, width, self.separator))
        text.stylize(self.style)
        return text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield self.text(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((p.cell_len for p in self.phrases), default=0)
        return Measurement(min(widest, options.max_width), min(self.text(10**6).cell_len, options.max_width))
