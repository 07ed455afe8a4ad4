"""What a player can say of a word of a list, for the list's maintainers: kept in the player's history
(storage/reports.py), listed by `boggle words --reports`, and sent nowhere.

Each kind says what the game does with the word for this player from then on: a word reported as not a word, not
for them or offensive is never again a ★, a study card or a required word for them (it stays playable: the list
decides that); one reported as "should be a word" was refused, and is only kept to be sent.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import Enum

from boggle_tui.i18n import N_, _


class Report(Enum):
    NOT_A_WORD = "not-a-word"
    NOT_FOR_ME = "not-for-me"
    OFFENSIVE = "offensive"
    SHOULD_BE_A_WORD = "should-be-a-word"

    @property
    def text(self) -> str:
        return _(REPORT_TEXTS[self])

    @property
    def unwanted(self) -> bool:
        """Whether the word is never again starred, carded or required for the player who reported it."""
        return self is not Report.SHOULD_BE_A_WORD


REPORT_TEXTS = {
    Report.NOT_A_WORD: N_("not a word"),
    Report.NOT_FOR_ME: N_("not for me"),
    Report.OFFENSIVE: N_("offensive"),
    Report.SHOULD_BE_A_WORD: N_("should be a word"),
}
# What the results' report key offers for a word of the list, in its order (a refused word can only be "should be")
OF_A_LISTED_WORD = (Report.NOT_A_WORD, Report.NOT_FOR_ME, Report.OFFENSIVE)
MAX_REPORTS = 10_000  # a player's reports kept at most: the oldest go first (a key held down cannot fill a disk)
MAX_WORD = 64  # the longest word a report keeps (a refused entry is whatever was typed)


@dataclass(frozen=True)
class Reported:
    word: str
    dictionary: str
    language: str
    report: Report
    day: dt.date
