"""The game in another language, with the real catalogues: the start screen's choice redraws it at once,
a round judges in it, the command line speaks it. Expected texts are read from the catalogue itself, so a
test fails when a text is shown untranslated, not when a translator rewords it."""

from __future__ import annotations

import gettext

import pytest
from support import make_app, shown, type_word, until
from textual.widgets import Button, Select

from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.cli.main import main
from boggle_tui.game.request import Given
from boggle_tui.i18n import DOMAIN, LOCALE_DIR, use_language


def catalogue(language: str) -> gettext.GNUTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


def footer_descriptions(screen) -> set[str]:
    return {active.binding.description for active in screen.active_bindings.values() if active.binding.show}


async def test_choosing_a_language_redraws_the_start_screen_and_its_keys_in_it(enable1, popular, tmp_path) -> None:
    spanish = catalogue("es")
    assert spanish.gettext("Play") != "Play"
    app, _ = make_app(enable1, popular, None, folder=tmp_path)
    async with app.run_test() as pilot:
        start = await shown(pilot, StartScreen)
        start.query_one("#language", Select).focus()  # where a player who chooses a language is
        await pilot.pause()
        start.query_one("#language", Select).value = "es"
        await until(pilot, lambda: str(start.query_one("#go", Button).label) == spanish.gettext("Play"), "Spanish")
        assert {spanish.gettext("Help"), spanish.gettext("Statistics")} <= footer_descriptions(start)
        assert app.focused is start.query_one("#language", Select)  # the player's place is kept
        start.query_one("#language", Select).value = "en"
        await until(pilot, lambda: str(start.query_one("#go", Button).label) == "Play", "English again")
        assert {"Help", "Statistics"} <= footer_descriptions(start)


@pytest.mark.parametrize("language", ["de", "pl"])
async def test_a_round_gives_its_verdicts_in_the_players_language(language: str, enable1, popular) -> None:
    use_language(language)
    words = catalogue(language)
    from boggle_tui.engine.board import parse_board

    app, _ = make_app(enable1, popular, Given(parse_board("plsteaiertnrsges")), seconds=None)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await type_word(pilot, "ta")
        await type_word(pilot, "qzx")
        shown_log = str(screen.query_one("#verdict").render())
        assert words.gettext("too short") in shown_log or words.gettext("not on the board") in shown_log
        assert "too short" not in shown_log and "not on the board" not in shown_log


def test_the_command_line_speaks_lang_and_the_locale(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))  # no language remembered: the locale decides
    german, french = catalogue("de"), catalogue("fr")
    with pytest.raises(SystemExit) as help_given:
        main(["solve", "--lang", "de", "--help"])
    assert help_given.value.code == 0
    assert german.gettext("usage: ") in capsys.readouterr().out
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["solve", "zzzz/zz"]) == 2  # a board with rows of two lengths
    reason = french.gettext("every row of a board must have the same number of faces")
    assert capsys.readouterr().err == french.gettext("boggle: error: {reason}").format(reason=reason) + "\n"
    assert reason != "every row of a board must have the same number of faces"


def test_every_command_takes_lang_before_or_after_it(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    german = catalogue("de")
    none_yet = german.gettext("No rounds played yet: play one with `boggle`.")
    for args in (["--lang", "de", "stats"], ["stats", "--lang", "de"], ["--lang=de", "stats"]):
        assert main(args) == 0
        assert none_yet in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--help"])
    assert german.gettext("COMMAND") in capsys.readouterr().out  # the commands' list, not play's usage
