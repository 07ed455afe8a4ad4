"""Buttons for a screen's keys, for a phone: it has no F-keys, no Ctrl and no Escape.

Shown where the screen has the class `-touch` (in `boggle web`, or a terminal too narrow for the side by side
layout, a phone's); each button runs its screen's action, as the key would, and is hidden while the screen
says the action does not apply (`check_action`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid
from textual.dom import NoScreen
from textual.widgets import Button

from boggle_tui.i18n import _


@dataclass(frozen=True)
class Touch:
    """A button: its label (marked with N_), and the action it runs on its screen, with its arguments."""

    label: str
    action: str
    arguments: tuple[object, ...] = ()

    @property
    def call(self) -> str:
        return f"{self.action}({', '.join(repr(a) for a in self.arguments)})" if self.arguments else self.action


class TouchBar(Grid):
    def __init__(self, touches: Sequence[Touch], *, id: str | None = None) -> None:
        super().__init__(id=id, classes="touch-bar")
        self.touches = tuple(touches)

    def compose(self) -> ComposeResult:
        for n, touch in enumerate(self.touches):
            # Never focused: a tap must leave the focus (and a phone's keyboard) where the player is typing.
            button = Button(_(touch.label), id=f"touch-{n}", classes="touch", compact=False)
            button.can_focus = False
            yield button

    def on_mount(self) -> None:
        self.refresh_touches()

    def refresh_touches(self) -> None:
        """Show the buttons whose action applies now (none while the bar's screen is on its way out: a room's
        message may still reach a round screen being replaced)."""
        try:
            screen = self.screen
        except NoScreen:
            return
        for n, touch in enumerate(self.touches):
            applies = screen.check_action(touch.action, touch.arguments) is not False
            self.query_one(f"#touch-{n}", Button).display = applies

    @on(Button.Pressed, ".touch")
    async def pressed(self, event: Button.Pressed) -> None:
        event.stop()
        touch = self.touches[int((event.button.id or "touch-0").removeprefix("touch-"))]
        await self.screen.run_action(touch.call)
