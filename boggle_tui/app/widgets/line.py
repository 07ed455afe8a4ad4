"""A line of text that Enter submits: the text as it stood at that Enter, in the order the keys were typed.

Textual's `Input` submits through a binding, which the app runs only once the Enter key has bubbled back up to
it; letters typed behind it in the same burst (a paste, a browser's keys over the network) have been typed
into the line by then, and every Enter of the burst submits all of them: "tea⏎ate⏎" said "teaate" twice. Here
Enter is taken by the line itself, in turn with the letters, as the word entry does with words.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class Line(Input):
    def __init__(self, value: str | None = None, *, clear: bool = False, leave: bool = False, placeholder: str = "",
                 max_length: int = 0, compact: bool = False, id: str | None = None) -> None:  # fmt: skip
        """`clear`: the line empties as it submits, so the next line typed in the same burst starts fresh.
        `leave`: the focus leaves it as it submits, in turn with the keys (a handler of the line's message would
        take it away later, from under the next F2 and the line typed after it in the same burst)."""
        # Focus keeps what the line holds (a half-typed line, or a chat line the server gave back): the next key
        # goes after it, never replacing it unseen.
        super().__init__(value, placeholder=placeholder, max_length=max_length, compact=compact, id=id,
                         select_on_focus=False)  # fmt: skip
        self.empties = clear
        self.leaves = leave

    async def _on_key(self, event: events.Key) -> None:
        # Runs before Input's own handler; only Enter is taken here.
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()
            if self.empties:
                self.value = ""
            if self.leaves and self.screen.focused is self:
                self.screen.set_focus(None)
