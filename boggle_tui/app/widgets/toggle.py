"""A checkbox whose label wraps: Textual's stays on one line and is cut at the dialog's edge.

A label is as long as its language makes it (the French for "Open my room to my network (others on the LAN
can join)" is 80 columns), so a dialog cannot be made wide enough for every language: the label wraps instead.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Checkbox


class WrappingCheckbox(Checkbox):
    """A Checkbox as wide as its container, its label wrapped over as many lines as it needs."""

    DEFAULT_CSS = """
    WrappingCheckbox {
        width: 1fr;
        height: auto;
        text-wrap: wrap;
    }
    """

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # ToggleButton says one line whatever the width; a widget's own measure wraps the label at `width`.
        return Widget.get_content_height(self, container, viewport, width)
