"""The interface's language: which one is chosen, and how numbers and plurals follow it."""

from __future__ import annotations

import gettext

import pytest

from boggle_tui.cli.main import interface_language
from boggle_tui.i18n import (
    DOMAIN,
    INTERFACE_LANGUAGES,
    LOCALE_DIR,
    counted,
    current_language,
    decimal,
    language_from_environment,
    number,
    use_language,
)


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, None),
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": "POSIX"}, None),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "ja_JP.UTF-8"}, None),
        ({"LC_ALL": "fr_FR@euro", "LANG": "de_DE.UTF-8"}, "fr"),  # LC_ALL overrides LANG
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, None),
        ({"LC_MESSAGES": "nl_NL.UTF-8", "LANG": "en_GB.UTF-8"}, "nl"),
        ({"LANGUAGE": "ja:pl:de", "LANG": "en_US.UTF-8"}, "pl"),  # the first of its preferences we speak
        ({"LANGUAGE": "ja", "LANG": "es_ES.UTF-8"}, "es"),
    ],
)
def test_the_locale_chooses_a_language_only_if_it_is_one_of_ours(environ: dict[str, str], language: str | None) -> None:
    assert language_from_environment(environ) == language


def test_lang_on_the_command_line_goes_before_the_locale(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))  # no language remembered by an earlier test
    assert interface_language(["play", "--lang", "DE"], {"LANG": "fr_FR.UTF-8"}) == "de"
    assert interface_language(["solve", "--lang=es", "x"], {}) == "es"
    assert interface_language(["play"], {"LANG": "fr_FR.UTF-8"}) == "fr"
    assert interface_language(["play"], {}) == "en"
    (tmp_path / "settings.json").write_text('{"language": "nl"}')
    assert interface_language(["play"], {"LANG": "fr_FR.UTF-8"}) == "nl"  # the start screen's choice, then
    assert interface_language(["play", "--lang", "es"], {}) == "es"


def test_an_unknown_language_is_english() -> None:
    assert use_language("xx") == "en"
    assert use_language(None) == "en"
    assert current_language() == "en"


def test_every_language_has_a_compiled_catalogue_with_its_plural_rule() -> None:
    for language in INTERFACE_LANGUAGES[1:]:
        catalogue = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])  # raises if it is missing
        assert catalogue.info()["language"] == language
        assert "plural=" in catalogue.info()["plural-forms"]  # a header left fuzzy would drop it from the .mo


@pytest.mark.parametrize(("language", "shown"), [("en", "3,623"), ("de", "3.623"), ("pl", "3\u00a0623")])
def test_numbers_are_grouped_as_the_language_writes_them(language: str, shown: str) -> None:
    use_language(language)
    assert number(3623) == shown
    assert number(999) == "999"


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "1,234.5"), ("es", "1.234,5"), ("de", "1.234,5"), ("fr", "1\u202f234,5"), ("pl", "1\u00a0234,5")],
)
def test_decimals_are_written_as_the_language_writes_them(language: str, shown: str) -> None:
    use_language(language)
    assert decimal(1234.46, 1) == shown
    assert decimal(8, 1) == ("8.0" if language == "en" else "8,0")
    assert decimal(0.25, 2) == ("0.25" if language == "en" else "0,25")
    assert decimal(99.6, 0) == "100"  # no places: a whole number, without a separator


def test_english_counts_one_and_many() -> None:
    assert counted(1, "{count} word", "{count} words") == "1 word"
    assert counted(1044, "{count} word", "{count} words") == "1,044 words"
    assert counted(0, "{count} word", "{count} words") == "0 words"


def test_polish_chooses_among_three_forms_by_its_own_rule() -> None:
    use_language("pl")
    rule = gettext.translation(DOMAIN, LOCALE_DIR, languages=["pl"]).plural  # type: ignore[attr-defined]
    assert [rule(n) for n in (1, 2, 4, 5, 12, 22, 25, 101)] == [0, 1, 1, 2, 2, 1, 2, 2]
