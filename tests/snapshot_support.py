"""What the SVG snapshot tests share: an app whose clock never moves, and a screen that holds still."""

from __future__ import annotations

from typing import Any

from support import make_app
from textual.widgets import Input

from boggle_tui.app.app import BoggleApp

SIZE = (80, 24)


def still_app(enable1: Any, popular: Any, *args: Any, **kwargs: Any) -> BoggleApp:
    """An app whose clock never moves, so the clock on screen is the same every run."""
    app, _ = make_app(enable1, popular, *args, now=lambda: 0.0, **kwargs)
    return app


async def steady(pilot: Any) -> None:
    """Stop the entry's cursor from blinking, so every screenshot is the same."""
    for entry in pilot.app.screen.query(Input):
        entry.cursor_blink = False
    await pilot.pause()


async def settled(pilot: Any) -> None:
    """A still screen, as it stands once the results take keys again (their guard is on the app's clock)."""
    await steady(pilot)
    await pilot.app.workers.wait_for_complete()  # the place against the bot levels, worked out off the screen
    await pilot.pause()
    screen = pilot.app.screen
    if hasattr(screen, "guarded"):
        screen._shown_at -= 10.0
        screen.refresh_bindings()
    await pilot.pause()
