"""The command palette, remapped keys, the help that shows them, and the themes."""

from __future__ import annotations

import json
from pathlib import Path

from support import make_app, shown, type_word, until
from textual.command import CommandPalette
from textual.widgets import Markdown

from boggle_tui.app.screens.code import CodeScreen
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.game.preferences import Preferences
from boggle_tui.game.session import Hold
from boggle_tui.storage.settings import load_preferences


def _best_match(commands, title: str) -> bool:
    highlighted = commands.highlighted
    if highlighted is None:
        return False
    prompt = commands.get_option_at_index(highlighted).prompt
    return str(getattr(prompt, "plain", prompt)).lower().startswith(title.lower())


async def run_command(pilot, title: str) -> None:
    await pilot.press("ctrl+k")
    await shown(pilot, CommandPalette)
    await pilot.press(*title)
    palette = pilot.app.screen
    commands = palette.query("CommandList").first()
    await until(pilot, lambda: commands.option_count > 0, f"the command {title!r}")
    await until(pilot, lambda: _best_match(commands, title), f"the best match for {title!r}")  # the search settles
    await pilot.press("enter")


async def test_ctrl_k_opens_the_palette_over_a_round_which_holds_it(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await pilot.press("ctrl+k")
        await shown(pilot, CommandPalette)
        assert screen.session.hidden and Hold.COVERED in screen.session.holds  # the clock stops, the board hides
        await pilot.press("escape")
        await shown(pilot, RoundScreen)
        assert not screen.session.hidden


async def test_a_command_does_what_its_key_does(enable1, popular) -> None:
    app, _ = make_app(enable1, popular)
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await run_command(pilot, "Rotate the board")
        await until(pilot, lambda: screen.board_view.rotation == 1, "a quarter turn")
        await type_word(pilot, "howl")  # typing reaches the entry again
        await until(pilot, lambda: "howl" in screen.session.found, "the word")


async def test_a_board_by_code_from_the_palette(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        await run_command(pilot, "Open a board by code")
        dialog = await shown(pilot, CodeScreen)
        await pilot.press(*"N-XYZ", "enter")
        await until(pilot, lambda: "✗" in str(dialog.query_one("#code-error").render()), "the refusal")
        assert app.screen is dialog  # a bad code keeps the dialog open, with the reason
        dialog.query_one("#code-input").value = ""
        await pilot.press(*"N-PLSTEAIERTNRSGES", "enter")
        screen = await shown(pilot, RoundScreen)
        assert screen.session.board.text() == "plsteaiertnrsges"


async def test_remapped_keys_work_and_the_help_shows_them(enable1, popular, tmp_path: Path) -> None:
    app, _ = make_app(enable1, popular, preferences=Preferences(keys={"rotate": "f4", "nothing-here": "f9"}))
    async with app.run_test() as pilot:
        screen = await shown(pilot, RoundScreen)
        await until(pilot, lambda: app._notifications, "the notice")
        assert any("nothing-here" in n.message for n in app._notifications)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.board_view.rotation == 0  # the old key is gone
        await pilot.press("f4")
        await until(pilot, lambda: screen.board_view.rotation == 1, "the new key")
        await pilot.press("f1")
        help_screen = await shown(pilot, HelpScreen)
        text = help_screen.query_one(Markdown).source
        assert "| F4 | rotate the board a quarter turn |" in text
        assert "Ctrl+R" not in text
        assert "| Ctrl+K | the command palette: every command by name |" in text


def test_keys_in_the_settings_file_are_checked(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"keys": {"rotate": "f4"}, "new_cards_per_day": 3}))
    preferences, notices = load_preferences(tmp_path)
    assert preferences.keys == {"rotate": "f4"} and preferences.new_cards_per_day == 3 and not notices
    (tmp_path / "settings.json").write_text(json.dumps({"keys": {"rotate": ["f4"]}, "new_cards_per_day": -1}))
    preferences, notices = load_preferences(tmp_path)
    assert preferences.keys == {} and preferences.new_cards_per_day == Preferences().new_cards_per_day
    assert len(notices) == 2


async def test_the_colour_blind_theme_is_offered_and_remembered(enable1, popular, tmp_path: Path) -> None:
    app, _ = make_app(enable1, popular, None, folder=tmp_path)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        assert {"okabe-ito", "ansi-dark", "ansi-light"} <= set(app.available_themes)
        app.theme = "okabe-ito"
        await until(pilot, lambda: (tmp_path / "settings.json").exists(), "the settings")
    assert load_preferences(tmp_path)[0].theme == "okabe-ito"


async def test_the_palette_offers_only_what_the_screen_allows_a_spectator_no_study_card(enable1, popular) -> None:
    """A spectator's results listed "Study the selected word" (and a result to copy, a new board) in the palette,
    where each is disabled: a command is offered where its screen's action is."""
    from contest_support import a_room_round
    from support import past_the_guard

    from boggle_tui.app.commands import commands
    from boggle_tui.app.screens.online_results import OnlineResultsScreen

    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=(100, 32)) as pilot:
        await shown(pilot, StartScreen)
        titles = {}
        for watched in (True, False):
            session = a_room_round(enable1)
            session.watching = watched
            await pilot.app.push_screen(OnlineResultsScreen(session, None))
            results = await shown(pilot, OnlineResultsScreen)
            past_the_guard(pilot)
            titles[watched] = {str(command.title) for command in commands(app, results)}
            pilot.app.pop_screen()
            await shown(pilot, StartScreen)
        assert "Study the selected word" not in titles[True] and "Copy the result" not in titles[True]
        assert "Copy the board code" in titles[True]
        assert {"Study the selected word", "Copy the result"} <= titles[False]  # a player's own round
        assert "Replay this board" not in titles[False]  # a room deals its own boards


async def test_no_key_does_anything_once_the_game_is_ending(enable1, popular) -> None:
    """Ctrl+Q then Ctrl+K at once, in a terminal: the palette opened on a closing app, and Textual's traceback (the
    server's paths with it, over ssh) reached the terminal."""
    app, _ = make_app(enable1, popular, None)
    async with app.run_test() as pilot:
        await shown(pilot, StartScreen)
        app.exit()
        assert await app.run_action("command_palette") is False
        app.action_command_palette()
        assert not any(isinstance(screen, CommandPalette) for screen in app.screen_stack)
