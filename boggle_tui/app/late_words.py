"""A word typed on through the buzzer: onto the results' too-late line, never lost, never judged.

At 0:00 the round hands the word left in its entry line to the session as too late. The player's fingers do not
stop there: the letters typed as the results replace the round (keys of the run begun in the round, app/late_keys.py)
belong to that word, not to the results' single-key commands. They join it (`stam` before the buzzer, `ped` after:
STAMPED, one entry), Backspace takes a letter off as the entry line would, and Enter ends it: the letters after it
are another word, too late as well. Each word is one too-late entry of the session's, changed as it is typed.
The round makes one of these at 0:00 and takes the keys that reach it before the results are up (its entry line is
closed); the results carry on with it (app/solo.py hands it over), for every kind of results.
"""

from __future__ import annotations

import re

from boggle_tui.app.widgets.entry import MAX_ENTRY
from boggle_tui.game.round import Entry
from boggle_tui.game.session import RoundSession

LETTER = re.compile(r"[^\W\d_]")  # what the round's entry line lets through (app/widgets/entry.py)


class LateWords:
    def __init__(self, session: RoundSession, unfinished: Entry | None) -> None:
        """`unfinished`: the too-late entry the round made of its entry line at 0:00, which the letters continue."""
        self.session = session
        self.word = unfinished if any(e is unfinished for e in session.entries) else None  # the word being typed

    def key(self, key: str, character: str | None) -> bool:
        """A typing key of the run begun in the round: whether it changed the too-late words."""
        if key == "enter":
            self.word = None  # the next letter begins another word
            return False
        typed = self.word.word if self.word is not None else ""
        if key == "backspace":
            return bool(typed) and self._retype(typed[:-1])
        if character is None or not LETTER.fullmatch(character) or len(typed) >= MAX_ENTRY:
            return False  # not a letter of a word: it goes nowhere, as in the entry line
        return self._retype(typed + character)

    def _retype(self, text: str) -> bool:
        """The word as it now stands, in place of the entry it was: one entry, however many keys typed it."""
        entries = self.session.entries
        for index, entry in enumerate(entries):
            if entry is self.word:
                del entries[index]
                break
        self.word = self.session.late(text)  # None once every letter is taken off: no entry
        return True
