"""A QR code drawn with half blocks: two rows of modules in each line of text, dark on light so that a phone reads it
from a dark terminal too. segno encodes (the versions, the error correction, the masks: a well-kept library, not
hand-written code); this only draws its matrix."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

QUIET_ZONE = 2  # modules of light border a reader needs around the code (the standard asks 4; 2 reads well on screens)
# Two modules, the upper and the lower, as one character: dark is drawn, light is the background.
HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_lines(link: str) -> list[str]:
    """The code of `link` as lines of text, each two rows of modules (an empty list for an empty link)."""
    if not link:
        return []
    import segno  # only a screen that shows a code pays for the encoder

    rows = [[bool(module) for module in row] for row in segno.make(link, error="l").matrix_iter(border=QUIET_ZONE)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return ["".join(HALVES[top, bottom] for top, bottom in zip(upper, lower, strict=True))
            for upper, lower in zip(rows[::2], rows[1::2], strict=True)]  # fmt: skip


class QrCode(Static):
    """The code of a link, as wide as its modules (a character each) and half as high."""

    def __init__(self, link: str, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="qr")
        self.lines = qr_lines(link)
        self.update(Text("\n".join(self.lines), style="black on white", no_wrap=True))

    @property
    def extent(self) -> tuple[int, int]:
        """Its width and height in cells."""
        return (len(self.lines[0]) if self.lines else 0), len(self.lines)
