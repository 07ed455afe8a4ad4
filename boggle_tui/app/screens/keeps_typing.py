"""A screen that covers a round's board (the terminal too small, the help) keeps what the player types meanwhile.

The board never hides a typed word: each key that types a word (a letter, Backspace, Enter) is handed to the round
beneath (`typed_away`), which types it in when its board shows again, so each word finished is judged then and
none is lost. A key the covering screen binds (Escape, F1, q for the help) stays its own.
"""

from __future__ import annotations

from typing import Any

from textual import events

TYPING_KEYS = ("enter", "backspace")


def typed(event: events.Key) -> str | None:
    """The key as a round's entry takes it: a letter, "enter" or "backspace"; None for any other key."""
    if event.is_printable and event.character:
        return event.character
    return event.key if event.key in TYPING_KEYS else None


class KeepsTyping:
    """A mixin for a screen over a round: its typing keys go to the round beneath, for when it shows again."""

    app: Any

    def on_key(self, event: events.Key) -> None:
        key = typed(event)
        stack: list[object] = self.app.screen_stack
        beneath = stack[-2] if len(stack) > 1 and stack[-1] is self else None
        if key is None or not hasattr(beneath, "typed_away"):
            return
        beneath.typed_away.append(key)
        event.stop()
