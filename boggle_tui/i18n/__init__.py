"""The game's words in the player's language: gettext catalogues, one per interface language.

Contract: every text the game shows a person goes through `_` (or `counted` for a number of things), called
when the text is shown, so that choosing another language takes effect at the next drawing. A text written
down before any language is chosen (a binding's description, a table at module level) is marked with `N_`
where it is written and passed through `_` where it is shown. English is the source language: its texts are
the message ids, so English needs no catalogue and a missing translation shows English, never nothing.

The catalogues are `locale/<code>/LC_MESSAGES/boggle.po` (edited by people) compiled to `boggle.mo` (read
here) by `tools/build_catalogues.py`, which uses Babel at development time; at run time only the standard
library's gettext reads them, so Babel is not a dependency of the game.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "boggle"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
INTERFACE_LANGUAGES = ("en", "es", "de", "fr", "nl", "pt", "pl")

# How each language groups the digits of a large number: 1,044 / 1.044 / 1 044 (a no-break space).
GROUP_SEPARATORS = {"en": ",", "es": ".", "de": ".", "fr": "\u202f", "nl": ".", "pt": "\u00a0", "pl": "\u00a0"}
# How each language writes a number's fraction: 8.5 / 8,5.
DECIMAL_SEPARATORS = {"en": ".", "es": ",", "de": ",", "fr": ",", "nl": ",", "pt": ",", "pl": ","}
# The key that answers yes to a question, the first letter of each language's yes (sí, ja, oui, ja, sim, tak);
# no is n in all of them (no, nein, non, nee, não, nie).
YES_KEYS = {"en": "y", "es": "s", "de": "j", "fr": "o", "nl": "j", "pt": "s", "pl": "t"}
YES = "y"  # taken in every language too: English's, and the one a player may know already

_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def use_language(code: str | None) -> str:
    """Show the game's texts in `code` from now on (English if None or not an interface language); its code."""
    global _catalogue, _language
    chosen = code if code in INTERFACE_LANGUAGES else SOURCE_LANGUAGE
    if chosen == SOURCE_LANGUAGE:
        _catalogue = gettext.NullTranslations()
    else:
        _catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[chosen], fallback=True)
    _language = chosen
    return chosen


def current_language() -> str:
    return _language


def yes_keys() -> tuple[str, ...]:
    """The keys that answer yes in the current language: its own first (the one shown), then YES."""
    return tuple(dict.fromkeys((YES_KEYS.get(_language, YES), YES)))


def _(message: str) -> str:
    """`message` (an English text) in the current language."""
    return _catalogue.gettext(message)


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it now: it is translated where it is shown."""
    return message


def counted(count: int, singular: str, plural: str) -> str:
    """A number of things in the current language's grammar, e.g. counted(n, "{count} word", "{count} words").

    `{count}` in the chosen form is the number with the language's digit grouping; other placeholders are
    left for the caller's `.format`. Polish has three forms, French counts 0 as singular: the catalogue's
    plural rule chooses, not `count == 1`."""
    form = _catalogue.ngettext(singular, plural, count)
    return form.replace("{count}", number(count))


def plural_form(count: int, singular: str, plural: str) -> str:
    """The form `counted` fills in for `count`, its `{count}` left as it is: for callers that write the number
    themselves (`boggle solve -`'s compiled batch, which takes the forms of 0-199 and, for a larger count, that of
    100 + count % 100: the plural rules of every interface language give the same form, tests/test_cli_language.py)."""
    return _catalogue.ngettext(singular, plural, count)


def number(value: int) -> str:
    """An integer with the current language's digit grouping: 3,623 / 3.623 / 3 623."""
    return f"{value:,}".replace(",", GROUP_SEPARATORS.get(_language, ","))


def decimal(value: float, places: int) -> str:
    """A number rounded to `places` decimals, written as the current language writes it: 1,234.5 / 1.234,5 /
    1 234,5 (its digits grouped as `number` groups them)."""
    whole, _point, fraction = f"{value:,.{places}f}".partition(".")
    grouped = whole.replace(",", GROUP_SEPARATORS.get(_language, ","))
    return grouped + DECIMAL_SEPARATORS.get(_language, ".") + fraction if places else grouped


def sentence(text: str) -> str:
    """A phrase as a notice on its own begins: its first letter a capital. The server's texts and the command
    line's errors are phrases, to follow "boggle: error:" or "Room:" ("too many lines: wait a moment")."""
    return text[:1].upper() + text[1:]


def language_from_environment(environ: Mapping[str, str]) -> str | None:
    """The interface language a POSIX locale asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in gettext's
    order), if it is one of ours; None for C, POSIX, an unset locale or another language."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for entry in value.split(":"):  # LANGUAGE lists several, by preference
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in INTERFACE_LANGUAGES:
                return code
        if variable != "LANGUAGE":
            return None  # the first locale variable set decides (LANGUAGE only adds preferences)
    return None
