"""Required and bonus words, and a round's rank by its share of the required points.

A board's words are split in two: **required**, the common words of its language that are neither never common nor
offensive (engine/common.py), and less any the player marked "not for me"; **bonus**, every other word of the
list. Bonus words score as any word does; they only do not count towards the rank, so that a player who knows the
everyday words can clear a board without the list's rarities (Squaredle's required and bonus words). The rank is
the share of the board's required points found, on a ladder like the Spelling Bee's.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass
from enum import Enum

from boggle_tui.engine.common import common_words
from boggle_tui.engine.scoring import score
from boggle_tui.i18n import N_, _


class Tier(Enum):
    REQUIRED = "required"
    BONUS = "bonus"


# (the share of the required points reached, in %, the rank's name): each rank from its share up to the next's.
LADDER: tuple[tuple[int, str], ...] = (
    (0, N_("Beginner")),
    (2, N_("Good start")),
    (5, N_("Moving up")),
    (8, N_("Good")),
    (15, N_("Solid")),
    (25, N_("Nice")),
    (40, N_("Great")),
    (50, N_("Amazing")),
    (70, N_("Genius")),
    (100, N_("Every word")),
)


def required_test(language: str, unwanted: Container[str] = frozenset()) -> Callable[[str], bool]:
    """The test of a required word of `language` for a player who reported `unwanted` (storage/reports.py) as not
    theirs. The language's tables are read on the first call, in the caller's thread."""
    common = common_words(language)
    return lambda word: common.is_common(word) and word not in unwanted


def tier(word: str, is_required: Callable[[str], bool]) -> Tier:
    return Tier.REQUIRED if is_required(word) else Tier.BONUS


def rank_for(share: float) -> str:
    """The ladder's rank for a share of the required points (0 to 100), in the interface's language."""
    return _(next(name for least, name in reversed(LADDER) if share >= least))


@dataclass(frozen=True)
class Tally:
    """A round's words by tier: how many the board holds, how many were found, and the required points."""

    required: int
    required_found: int
    bonus: int
    bonus_found: int
    required_score: int  # the board's required words' points
    required_points: int  # the points of the required words found (by length: the shared-word rule aside)

    @property
    def share(self) -> float:
        """The share of the required points found, in %; a board with no required word is cleared by any."""
        return 100.0 * self.required_points / self.required_score if self.required_score else 100.0

    @property
    def rank(self) -> str:
        return rank_for(self.share)

    @property
    def every_required(self) -> bool:
        """Whether every required word was found (a board with none has nothing to clear)."""
        return self.required > 0 and self.required_found == self.required

    def line(self) -> str:
        """`Required 31 of 48 · bonus 6 · Great`: the results' line, in the interface's language (a board with no
        required word has no rank: `No required words · bonus 2`)."""
        if not self.required:
            # Translators: a board none of whose words are common; the bonus words found
            return _("No required words · bonus {bonus}").format(bonus=self.bonus_found)
        # Translators: the required words found of a board's, the bonus words found, and the rank reached
        return _("Required {found} of {words} · bonus {bonus} · {rank}").format(
            found=self.required_found, words=self.required, bonus=self.bonus_found, rank=self.rank
        )


def tally(words: Iterable[str], found: Container[str], is_required: Callable[[str], bool]) -> Tally:
    """The tally of a board's `words` (its solution), of which the player found `found`."""
    required = required_found = bonus = bonus_found = required_score = required_points = 0
    for word in words:
        if is_required(word):
            required += 1
            required_score += score(word)
            if word in found:
                required_found += 1
                required_points += score(word)
        else:
            bonus += 1
            bonus_found += word in found
    return Tally(required, required_found, bonus, bonus_found, required_score, required_points)
