"""What a choice of word list or dice shows, on the start screen and in a room's lobby alike; and how wide a
dialog of labelled choices must be for its longest label and longest option to show whole.

A compact Select draws one line and cuts what does not fit, and an option is as long as its language makes
it (the Spanish scoring rule is 62 columns): the dialog widens to its options instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.text import Text
from textual.css.scalar import Unit
from textual.widget import Widget

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.i18n import N_, _, number

# Each shipped list: how it is described, and about how many words it holds.
WORD_LISTS = {
    "enable1": (N_("ENABLE: every playable word ({words})"), 172_000),
    "popular": (N_("Popular: common words only ({words})"), 25_000),
    "es": ("Español: wspanish ({words})", 85_000),
    "de": ("Deutsch: Wikidata ({words})", 565_000),
    "fr": ("Français: Grammalecte ({words})", 477_000),
    "nl": ("Nederlands: OpenTaal ({words})", 314_000),
    "pt": ("Português: wportuguese ({words})", 379_000),
    "pl": ("Polski: sjp.pl ({words})", 3_531_000),
}
SELECT_CHROME = 3  # a compact Select's columns beside its option: the arrow, a space before it, one after


def list_label(name: str) -> str:
    """A shipped list's description, its size rounded as a person says it; a file of the player's by its name."""
    if name not in WORD_LISTS:
        return name
    label, words = WORD_LISTS[name]
    return _(label).format(words=number(words))


def dice_label(key: str) -> str:
    """A dice set as a choice names it: `New Boggle (2008+), 4x4`, or `Deutsch 4x4` for a generated set (its
    whole description does not fit the choice's width)."""
    dice = load_dice_set(key)
    if dice.generated:
        return dice.short_label
    return f"{dice.label}, {dice.height}x{dice.width}"


def choices_width(labels: Iterable[str], options: Iterable[str | Text], gutter: int = 1) -> int:
    """The columns a two-column grid of labels and compact Selects needs to show every label and option whole."""
    label = max((cell_len(str(text)) for text in labels), default=0)
    option = max((cell_len(str(text)) for text in options), default=0)
    return label + gutter + option + SELECT_CHROME


def widen_to_fit(dialog: Widget, content: int) -> None:
    """Widen `dialog` (a fixed width in its CSS) so that `content` columns fit inside its border and padding;
    never narrower than its CSS says, and its max-width still holds it inside a narrow terminal."""
    needed = content + dialog.styles.gutter.width
    width = dialog.styles.width
    if width is not None and width.unit is Unit.CELLS and width.value < needed:
        dialog.styles.width = needed
