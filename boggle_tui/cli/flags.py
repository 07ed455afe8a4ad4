"""Flags that cannot go together: each command lists its pairs with the reason, checked in one place."""

from __future__ import annotations

import argparse
from collections.abc import Iterable

from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import _

Conflicts = Iterable[tuple[tuple[str, str], str]]  # each reason marked N_: it is translated when refused


def given_flags(args: argparse.Namespace, names: Iterable[str]) -> set[str]:
    """The flags among `names` whose value says something.

    `--time 0` does; an absent flag or a switch left off does not.
    """
    return {name for name in names if (value := getattr(args, name, None)) is not None and value is not False}


def refuse_conflicts(given: set[str], conflicts: Conflicts) -> None:
    for pair, why in conflicts:
        if set(pair) <= given:
            raise BoggleError(_(why))
