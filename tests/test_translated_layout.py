"""The translated interface at 100x32, with the real catalogues: dialogs, the lobby, the help and the online
results show their longest texts whole (a play-tester found them cut in German and Spanish, issue 19).
Expected texts are read from the catalogue, so a test fails when a text is cut, not when it is reworded."""

from __future__ import annotations

import gettext
import io
import json
from types import SimpleNamespace
from typing import cast

import pytest
from rich.console import Console
from support import SEED_42, drawn, make_app, settle, shown, until
from textual.command import CommandInput, CommandPalette
from textual.widget import Widget
from textual.widgets import Select

from boggle_tui.app.screens.friends import FriendsScreen
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.lobby import HOST_KEYS, LobbyScreen
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.table import SCORING_CHOICES, TableScreen
from boggle_tui.app.widgets.choices import dice_label, list_label
from boggle_tui.app.widgets.toggle import WrappingCheckbox
from boggle_tui.engine.board import parse_board
from boggle_tui.engine.dice import dice_set_names
from boggle_tui.engine.solver import solve
from boggle_tui.game.languages import shipped_lists
from boggle_tui.game.table import TableRules
from boggle_tui.i18n import DOMAIN, LOCALE_DIR, _, use_language
from boggle_tui.net import messages as m
from boggle_tui.net.messages import decode_server
from boggle_tui.net.session import OnlineSession

SIZE = (100, 32)


def said(language: str, message: str) -> str:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language]).gettext(message)


def on_screen(widget: Widget) -> str:
    """What the screen shows in `widget`'s region, its children and anything over it included."""
    app = widget.app
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True, color_system=None)
    console.print(app.screen._compositor.render_update(full=True))
    lines = console.export_text().splitlines()
    x, y, width, height = widget.region
    return "\n".join(line[x : x + width].rstrip() for line in lines[y : y + height])


def flat(text: str) -> str:
    """The words of `text` in order, whatever lines and borders they were drawn in."""
    return " ".join(word for word in text.split() if word not in {"▊", "▎", "▐X▌"})


def lobby(dice: str, dictionary: str) -> m.Lobby:
    return cast(m.Lobby, decode_server(json.dumps({
        "type": "lobby", "room": "freunde", "state": "lobby",
        "settings": {"dice": dice, "seconds": 120, "dictionary": dictionary, "min_length": None, "scoring": "unique"},
        "description": "",
        "players": [
            {"id": 1, "name": "alice", "host": True, "ready": False, "connected": True},
            {"id": 2, "name": "bob", "host": False, "ready": False, "connected": True},
        ],
    })))  # fmt: skip


@pytest.mark.parametrize("language", ["en", "de", "fr"])
async def test_the_friends_checkbox_wraps_its_whole_label(language: str, enable1, popular) -> None:
    use_language(language)
    label = (
        said(language, "Open my room to my network (others on the LAN can join)")
        if language != "en"
        else ("Open my room to my network (others on the LAN can join)")
    )
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, StartScreen)
        await pilot.press("f4")
        dialog = await shown(pilot, FriendsScreen)
        await pilot.pause()
        box = dialog.query_one("#friends-open", WrappingCheckbox)
        assert flat(label) in flat(drawn(box))
        assert box.content_size.height >= 2  # too long for one line of the dialog: wrapped, not cut


@pytest.mark.parametrize("language", ["es", "de"])
async def test_the_table_dialog_widens_to_its_longest_choice(language: str, enable1, popular) -> None:
    use_language(language)
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, StartScreen)
        await app.push_screen(TableScreen(TableRules(2, "regular")))
        dialog = await shown(pilot, TableScreen)
        await pilot.pause()
        scoring = said(language, SCORING_CHOICES[0][0])
        assert scoring != SCORING_CHOICES[0][0]
        assert scoring in on_screen(dialog.query_one("#table-scoring", Select))


async def test_the_table_dialog_keeps_its_width_in_english(enable1, popular) -> None:
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, StartScreen)
        await app.push_screen(TableScreen(TableRules(2, "regular")))
        dialog = await shown(pilot, TableScreen)
        await pilot.pause()
        assert dialog.query_one("#table").outer_size.width == 64  # its longest choice fits the CSS width


@pytest.mark.parametrize("language", ["es", "de"])
async def test_the_lobby_offers_the_rooms_dice_and_lists_by_name_and_shows_every_choice_whole(
    language: str, enable1, popular
) -> None:
    use_language(language)
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, StartScreen)
        await app.push_screen(LobbyScreen("freunde", 1, "192.168.1.5:8765/freunde", lobby("de", "de")))
        screen = await shown(pilot, LobbyScreen)
        await pilot.pause()
        dice = screen.query_one("#lobby-dice", Select)
        assert [value for _label, value in dice._options] == dice_set_names("de")  # the room's language's
        assert [label for label, _value in dice._options] == [dice_label(key) for key in dice_set_names("de")]
        lists = screen.query_one("#lobby-dictionary", Select)
        assert [value for _label, value in lists._options] == shipped_lists("de")
        assert list_label("de") in on_screen(lists)
        for label in ("Round length", "Word list", "Scoring"):
            assert said(language, label) in on_screen(screen.query_one("#lobby-choices"))
        rule = said(language, "Shared words score 0 (the table rule)")
        assert rule in on_screen(screen.query_one("#lobby-scoring", Select))


async def test_a_room_whose_dice_change_language_offers_that_languages_choices(enable1, popular) -> None:
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, StartScreen)
        await app.push_screen(LobbyScreen("friends", 1, "", lobby("new", "enable1")))
        screen = await shown(pilot, LobbyScreen)
        await pilot.pause()
        assert {v for _label, v in screen.query_one("#lobby-dice", Select)._options} == set(dice_set_names("en"))
        screen.show_lobby(lobby("es", "es"))
        await pilot.pause()
        assert [v for _label, v in screen.query_one("#lobby-dice", Select)._options] == dice_set_names("es")
        assert screen.query_one("#lobby-dice", Select).value == "es"
        assert screen.query_one("#lobby-dictionary", Select).value == "es"


@pytest.mark.parametrize("language", ["en", "de"])
async def test_the_hosts_keys_are_a_line_of_the_lobby_not_the_footer_and_still_work(
    language: str, enable1, popular
) -> None:
    use_language(language)
    app, _time = make_app(enable1, popular, None)
    sent: list[m.ClientMessage] = []
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, StartScreen)
        app.online = SimpleNamespace(send=sent.append)  # type: ignore[assignment]  # what the lobby sends the room
        await app.push_screen(LobbyScreen("freunde", 1, "", lobby("de", "de")))
        screen = await shown(pilot, LobbyScreen)
        await pilot.pause()
        footer = {active.binding.id for active in screen.active_bindings.values() if active.binding.show}
        assert footer.isdisjoint(HOST_KEYS)
        line = flat(drawn(screen.query_one("#lobby-host-keys")))
        for name in ("Start now", "Remove", "Hand on", "Lock", "Add a bot"):
            assert said(language, name) in line if language != "en" else name in line
        await pilot.press("f5")
        await until(pilot, lambda: sent, "the host's start")
        assert sent == [m.HostCommand(action="start")]
        app.action_command_palette()
        palette = await shown(pilot, CommandPalette)
        titles = {command.title for command in app.get_system_commands(screen)}
        assert {_("Start now"), _("Add a bot")} <= titles
        assert palette.query_one(CommandInput).placeholder == _("Search for commands…")


async def test_a_guest_sees_no_hosts_keys(enable1, popular) -> None:
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, StartScreen)
        await app.push_screen(LobbyScreen("freunde", 2, "", lobby("new", "enable1")))
        screen = await shown(pilot, LobbyScreen)
        await pilot.pause()
        assert not screen.query_one("#lobby-host-keys").display
        assert not {_("Start now")} & {command.title for command in app.get_system_commands(screen)}


async def test_the_helps_key_column_is_as_wide_as_its_longest_key(enable1, popular) -> None:
    use_language("de")
    app, _time = make_app(enable1, popular, SEED_42, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, RoundScreen)
        await pilot.press("f1")
        screen = await shown(pilot, HelpScreen)
        await settle(pilot)
        keys = said("de", "{keys} or {key}").format(keys="Ctrl+L", key="F5")
        (cell,) = [cell for cell in screen.query(".cell") if str(cell.content) == keys]
        assert cell.content_size.height == 1 and cell.content_size.width >= len(keys)  # not "Ctrl+L oder" / "F5"


@pytest.mark.parametrize("language", ["es", "de"])
async def test_a_long_outcome_wraps_and_leaves_the_online_results_lists_whole(language: str, enable1, popular):
    use_language(language)
    board = parse_board("tinreonrhwldases")
    start = {"round": 1, "board": [list(row) for row in board.rows], "dice": "new", "code": "N-TINREONRHWLDASES",
             "min_length": 3, "seconds": 120, "remaining": 120, "dictionary": "enable1"}  # fmt: skip
    began = cast(m.Start, decode_server(json.dumps({"type": "start", **start})))
    session = OnlineSession(began, "friends", 1, lambda *_: None, now=lambda: 0.0)
    session.apply(decode_server(json.dumps({
        "type": "end", "reason": "ended", "round": 1, "scoring": "unique", "shared": ["howl"],
        "players": [
            {"id": 1, "name": "Anastasia", "score": 2, "words": {"howl": 0, "shawl": 2}},
            {"id": 2, "name": "Maximiliane", "score": 2, "words": {"howl": 0, "slow": 1, "hot": 1}},
        ],
        "solution": {word: list(path) for word, path in solve(board, enable1.trie, 3).paths.items()},
    })))  # fmt: skip
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, StartScreen)
        await app.push_screen(OnlineResultsScreen(session, None))
        screen = await shown(pilot, OnlineResultsScreen)
        await pilot.pause()
        outcome = drawn(screen.query_one("#outcome"))
        assert flat(screen._outcome()) == flat(outcome)  # whole, over two lines
        code = said(language, "Board code {code}").format(code="N-TINREONRHWLDASES")
        assert code in drawn(screen.query_one("#code"))
        lengths = drawn(screen.query_one("#lengths"))
        assert said(language, "letters") in lengths and said(language, "found") in lengths
