"""Keep the game's translation catalogues in step with its code (development time only; needs Babel).

    python tools/build_catalogues.py          # extract every message, merge into each language's .po, compile .mo
    python tools/build_catalogues.py --check  # say what a catalogue misses or what is stale; exit 1 if anything

The messages are every `_("...")`, `N_("...")` and `counted(n, "...", "...")` in boggle_tui/. English is the
source: a language's `boggle.po` holds its translation of each, and `boggle.mo` (what the game reads, with the
standard library's gettext) is compiled from it. The .pot template is not kept: it is extracted afresh each time.
"""

from __future__ import annotations

import argparse
import gettext
import io
import string
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boggle_tui"
LOCALE_DIR = PACKAGE / "i18n" / "locale"
DOMAIN = "boggle"
LANGUAGES = ("es", "de", "fr", "nl", "pt", "pl")
KEYWORDS = {"_": None, "N_": None, "counted": (2, 3), "forms": (1, 2)}  # forms: net/phrases.py
# A fixed date, so that extracting twice writes the same bytes: the catalogues' history is git's.
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
WIDTH = 120
AUTHORS = {"copyright_holder": "the boggle-tui authors (MIT licence)", "msgid_bugs_address": "the project's issues"}


def extract() -> Catalog:
    """Every message the game's code can show, with the files it comes from and any `# Translators:` note."""
    catalog = Catalog(project="boggle-tui", domain=DOMAIN, creation_date=EPOCH, charset="utf-8", **AUTHORS)
    for filename, _lineno, message, comments, context in extract_from_dir(
        PACKAGE, keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True
    ):
        catalog.add(message, locations=[(f"boggle_tui/{filename}", None)], auto_comments=comments, context=context)
    return catalog


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(
            locale=language, domain=DOMAIN, project="boggle-tui", creation_date=EPOCH, charset="utf-8", **AUTHORS
        )
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, ignore_obsolete=True, include_lineno=False, sort_output=True)
    return buffer.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


# Header fields that name the tool and not the catalogue: left out when two catalogues are compared.
TOOL_FIELDS = ("generated-by",)


def mo_content(data: bytes) -> dict[object, object]:
    """What the game reads from a compiled catalogue: every message's translation (plural forms by index) and the
    header's fields, less those that only name the tool that wrote it. Two .mo files with the same content are
    the same catalogue to the game, whichever Babel compiled them."""
    translations = gettext.GNUTranslations(io.BytesIO(data))
    content: dict[object, object] = dict(translations._catalog)  # type: ignore[attr-defined]
    header = str(content.pop("", ""))
    fields = (line.partition(":") for line in header.splitlines() if line.strip())
    content[""] = {
        name.strip().lower(): value.strip() for name, _, value in fields if name.strip().lower() not in TOOL_FIELDS
    }
    return content


def compiled_from_source(language: str) -> bool:
    """The language's .mo holds what its .po says (compared by content, not by bytes)."""
    mo = po_path(language).with_suffix(".mo")
    return mo.exists() and mo_content(mo.read_bytes()) == mo_content(mo_bytes(read_catalogue(language)))


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of a message: a translation must keep exactly these, or `.format` fails."""
    try:
        return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def forms(message: Message) -> list[str]:
    """A translation's texts: one, or one per plural form."""
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def problems(language: str, template: Catalog) -> list[str]:
    """What the language's catalogue lacks: untranslated, fuzzy or missing messages, broken placeholders."""
    catalog = read_catalogue(language)
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        key = message.id if not isinstance(message.id, tuple) else message.id[0]
        translated = catalog.get(key, context=message.context)
        if translated is None or translated.fuzzy or not all(forms(translated)):
            found.append(f"{language}: untranslated: {key!r}")
            continue
        wanted = placeholders(key if not isinstance(message.id, tuple) else message.id[1])
        for text in forms(translated):
            if placeholders(text) - wanted - {"count"}:
                found.append(f"{language}: {key!r} -> {text!r} has fields the message does not give")
    return found


def update(template: Catalog) -> None:
    for language in LANGUAGES:
        catalog = read_catalogue(language)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False  # a fuzzy header is left out of the .mo, and its plural rule with it
        catalog.creation_date = EPOCH
        catalog.revision_date = EPOCH
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(po_bytes(catalog))
        path.with_suffix(".mo").write_bytes(mo_bytes(read_catalogue(language)))
        left = len(problems(language, template))
        print(f"{language}: {len(template):,} messages, {left:,} to translate")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report what is missing or stale")
    args = parser.parse_args()
    template = extract()
    if not args.check:
        update(template)
    found = [problem for language in LANGUAGES for problem in problems(language, template)]
    for language in LANGUAGES:
        if not compiled_from_source(language):
            mo = po_path(language).with_suffix(".mo")
            found.append(f"{language}: {mo.relative_to(ROOT)} is not compiled from its .po")
    for language in LANGUAGES:  # a few of each language's, so one language's many never hide another's
        own = [problem for problem in found if problem.startswith(f"{language}:")]
        for problem in own[:20]:
            print(problem, file=sys.stderr)
        if len(own) > 20:
            print(f"{language}: ... and {len(own) - 20:,} more", file=sys.stderr)
    return 1 if found and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
