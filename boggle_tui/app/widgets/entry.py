"""The word entry: an input that hands over each word the moment Enter is pressed.

Keys are handled one at a time, in the order typed, by this widget alone: Enter takes the
text typed so far and empties the entry before the next key is read, so words typed or
pasted in a burst are never merged, dropped or submitted twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual import events
from textual.message import Message
from textual.widgets import Input

from boggle_tui.i18n import _

MAX_ENTRY = 40  # longer than any word in the shipped lists (28 letters at most)
_NOT_LETTERS = re.compile(r"[\W\d_]+")  # letters of any language stay: ñ, ä, ł, ç


class WordEntry(Input):
    @dataclass
    class Word(Message):
        """A word the player submitted, exactly as it stood when Enter was pressed."""

        text: str

    def __init__(self, *, id: str | None = None) -> None:
        # Translators: the entry's placeholder: type a word, then press Enter.
        super().__init__(placeholder=_("type a word, Enter"), restrict=r"[^\W\d_]*", max_length=MAX_ENTRY, id=id)

    async def _on_key(self, event: events.Key) -> None:
        # Runs before Input's own handler, which sees only the keys let through here.
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.submit_word()

    def submit_word(self) -> None:
        text, self.value = self.value, ""
        if text:
            self.post_message(self.Word(text))

    def _on_paste(self, event: events.Paste) -> None:
        """A paste of several lines submits each finished line as a word; the last line stays to be typed on."""
        event.stop()
        event.prevent_default()  # Input's own handler would paste the first line again
        *finished, rest = event.text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        rest = _NOT_LETTERS.sub("", rest)
        if not finished:
            self.insert_text_at_cursor(rest)
            return
        words = [self.value + _NOT_LETTERS.sub("", finished[0])]  # the first line finishes what was typed
        words += [_NOT_LETTERS.sub("", line) for line in finished[1:]]
        for word in words:
            if word:
                self.post_message(self.Word(word[:MAX_ENTRY]))
        self.value = rest[:MAX_ENTRY]
        self.cursor_position = len(self.value)
