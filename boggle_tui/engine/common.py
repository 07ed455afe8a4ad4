"""Which words are common (★, the misses worth learning): the popular list's, less its names and abbreviations.

The popular list (`dictionaries/popular.txt`) is ENABLE's words that film and TV subtitles use most. Those
counts take in what is said on screen, names and abbreviations too, so a few of its words are common only as a
name (Clark KENT, TED) or an abbreviation (GEN for general, DEL the key), not as the word ENABLE holds (kent: to
know; del: an operator). The rule: a word of the list that the subtitles use mainly as a proper noun or an
abbreviation is not common. Each is listed below with its reason; it stays a playable word, of the popular list
too (what is common decides only the star, the study cards' source and the statistics' common misses).
"""

from __future__ import annotations

from collections.abc import Callable, Container

NAME, ABBREVIATION = "mainly a name", "mainly an abbreviation"

NAMES = (
    "alec", "alma", "ana", "ava", "beth", "ben", "carl", "dom", "hank", "jane", "jerry", "jess", "joe", "kat", "kay",
    "kent", "kirk", "kris", "lars", "lex", "mae", "matt", "mel", "mike", "milo", "otto", "pam", "rick", "ted",
    "terry", "vera",
)  # fmt: skip
# AMA "ask me anything", the association; ATT AT&T, attorney; DEL Delaware, the key; ENG English, engineering;
# ETH Ethernet, the university; GED the diploma; GEN general, generation
ABBREVIATIONS = ("ama", "att", "del", "eng", "eth", "ged", "gen")
NOT_COMMON: dict[str, str] = dict.fromkeys(NAMES, NAME) | dict.fromkeys(ABBREVIATIONS, ABBREVIATION)


def is_common(word: str, common: Container[str] | None) -> bool:
    """Whether `word` is common: in the common words given (the popular list), and not mainly a name or an
    abbreviation there."""
    return common is not None and word in common and word not in NOT_COMMON


def common_test(common: Container[str] | None) -> Callable[[str], bool]:
    """`is_common` for one list of common words (None: no word is common)."""
    return lambda word: is_common(word, common)
