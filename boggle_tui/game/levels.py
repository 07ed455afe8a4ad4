"""The table's opponents as a player chooses them: their levels and names.

Apart from the model of play (bots.py), so that the command line can offer the levels without importing it.
"""

from __future__ import annotations

from boggle_tui.i18n import N_

# Five levels (θ, and wrong tries per word found), the beginner's about a tenth of a board's points with enable1;
# benchmarks/bots.py measures what each finds.
LEVELS = {
    "beginner": (1.5, 0.35),
    "casual": (2.3, 0.25),
    "regular": (3.0, 0.2),
    "strong": (3.7, 0.15),
    "expert": (4.7, 0.1),
}
MATCHED = "matched"
# Each level as a person reads it (the keys are what the history, the settings and the protocol keep).
LEVEL_NAMES = {
    "beginner": N_("beginner"),
    "casual": N_("casual"),
    "regular": N_("regular"),
    "strong": N_("strong"),
    "expert": N_("expert"),
    MATCHED: N_("matched to you"),
}
MATCHED_WRONG_TRIES = 0.2
DEFAULT_LEVEL = "regular"  # "matched" with too little history to fit
NAMES = ("Ada", "Basil", "Cleo", "Dmitri", "Edith", "Felix", "Greta")  # one per seat at the table
MAX_BOTS = len(NAMES)
