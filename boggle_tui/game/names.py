"""A player's name, and any text a person gives that others will see: the rule for every floor above (a room's
seat, the day's table, the identity kept on this machine), so that storage and the network need not ask each
other for it. Text is cleaned of anything a terminal would act on (control, format and separator characters)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

MAX_NAME = 20  # characters of a player's name
# A player's secret, which holds their name on a daily server: what storage/identity.py makes (43 characters of
# token_urlsafe), and what a server takes.
SECRET = re.compile(r"[A-Za-z0-9_-]{32,64}")


def clean_text(text: str, limit: int) -> str:
    """Printable characters only (no escape sequences, no control or format characters), at most `limit`.

    Rich markup is not interpreted where these are shown (the app shows them as plain text).
    """
    if text.isprintable():  # no character of C or Z but the space (str.isprintable's own definition): most text
        if "  " not in text and text[:1] != " " and text[-1:] != " ":
            return text[:limit]  # nothing to drop, no space to fold: what the loop below would give, without it
        kept = text
    else:
        kept = "".join(ch for ch in text if unicodedata.category(ch)[0] not in "CZ" or ch == " ")
    return " ".join(kept.split())[:limit]


def clean_name(text: Any) -> str:
    return clean_text(text, MAX_NAME) if isinstance(text, str) else ""
