"""The command palette's commands (Ctrl+K): what can be done from the screen it was opened on.

Commands call the same actions as the keys, so a command and its key never differ, and each names
the keys in force for its action on that screen (as remapped; none where no key does it). Nothing
here can throw away a round being played: a new round or a board by code is offered only where no
round is running.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.screen import Screen
from textual.widget import Widget

from boggle_tui.app.keys import all_bindings, binding_keys, either, find_binding
from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.game.session import practising
from boggle_tui.i18n import N_, _

if TYPE_CHECKING:
    from boggle_tui.app.screens.lobby import LobbyScreen

PALETTE_KEY = "ctrl+k"  # Ctrl+P is the round's pause

# (title, what it does, action): the action is the screen's for these tables, the app's for APP_COMMANDS.
# The title and what it does are translated when the palette asks for them.
ROUND_COMMANDS = (
    (N_("Rotate the board"), N_("A quarter turn"), "rotate"),
    (N_("Copy the board code"), N_("To the clipboard"), "copy_code"),
)
PRACTICE_COMMANDS = (
    (
        N_("Hint: words left by length"),
        # Translators: says the command works in a practice round (a noun, the kind of round).
        N_("Practice"),
        "hint('lengths')",
    ),
    (N_("Hint: heat map"), N_("Where words start"), "hint('heat')"),
    (N_("Hint: first letters"), N_("Words left by first letters"), "hint('starts')"),
    (N_("Reveal a word"), N_("It scores nothing"), "reveal"),
    (N_("Give up"), N_("End the practice round"), "give_up"),
)
TIMED_COMMANDS = (
    (N_("Pause"), N_("Stop the clock and hide the board"), "pause"),
    (N_("End the round"), N_("It asks first"), "end_round"),
)
RESULTS_COMMANDS = (
    (N_("New round"), N_("A fresh board under the same rules"), "new_game"),
    (N_("Replay this board"), N_("The same board again"), "replay"),
    (N_("Copy the board code"), N_("To the clipboard"), "copy_code"),
    (N_("Copy the result"), N_("One line to share"), "copy_result"),
    (N_("Study the selected word"), N_("Make it a study card"), "study_word"),
)
BETWEEN_ROUNDS_COMMANDS = (
    (N_("Open a board by code"), N_("Play the board a code names"), "open_code"),
    # Translators: a command's title: go and study the words you missed (a verb, as a button says it).
    (N_("Study"), N_("Review the words you missed"), "study"),
    (N_("Statistics"), N_("How you are doing"), "stats"),
)
APP_COMMANDS = (
    # Translators: a command's title: the colours the game is drawn in.
    (N_("Theme"), N_("Change the colours (the choice is remembered)"), "change_theme"),
    (N_("Help"), N_("The rules and the keys in force"), "help"),
    (N_("Quit"), N_("Asks first during a round"), "request_quit"),
)


def _on(node: App[Any] | Widget, action: str) -> Callable[[], object]:
    return lambda: node.run_action(action)


def keys_named(app: App[Any], screen: Screen[Any], action: str) -> str:
    """` (F5)`: the keys in force on `screen` for `action` (its own or the app's), or nothing where no key does it."""
    for owner in (screen, app):
        for binding in all_bindings(owner):
            if binding.action.removeprefix("app.") == action:
                return f" ({either(binding_keys(app, binding))})"
    return ""


def _each(
    app: App[Any], screen: Screen[Any], node: App[Any] | Widget, table: tuple[tuple[str, str, str], ...]
) -> Iterator[SystemCommand]:
    """The table's commands, less those the screen disables (a spectator's results have no study card or result to
    share); one held back a moment (the results' guard: None) is still offered."""
    for title, what, action in table:
        if node is screen and screen.check_action(action.partition("(")[0], ()) is False:
            continue
        yield SystemCommand(_(title), _(what) + keys_named(app, screen, action), _on(node, action))


def _host(app: App[Any], lobby: LobbyScreen) -> Iterator[SystemCommand]:
    """The host's keys in the lobby (kept out of its footer, which has no room for them): each named by its
    binding's description, with its tooltip as what it does."""
    from boggle_tui.app.screens.lobby import HOST_KEYS

    for binding_id in HOST_KEYS if lobby.host else ():
        binding = find_binding(lobby, binding_id)
        what = _(binding.tooltip) + keys_named(app, lobby, binding.action)
        yield SystemCommand(_(binding.description), what, _on(lobby, binding.action))


def commands(app: App[Any], screen: Screen[Any]) -> Iterator[SystemCommand]:
    """The app's actions named here are BoggleApp's (new_round, open_code, study, stats, help, request_quit)."""
    in_round = isinstance(screen, RoundScreen) and not screen.session.over
    if isinstance(screen, RoundScreen) and in_round:
        yield from _each(app, screen, screen, ROUND_COMMANDS)
        yield from _each(app, screen, screen, PRACTICE_COMMANDS if practising(screen.session) else TIMED_COMMANDS)
    if isinstance(screen, ResultsScreen):
        yield from _each(app, screen, screen, RESULTS_COMMANDS)
    elif not in_round:
        yield SystemCommand(_("New round"), _("With the start screen's choices"), _on(app, "new_round"))
    # The lobby (and the network's messages with it) is imported when a room is played: until then no screen is it.
    if "boggle_tui.app.screens.lobby" in sys.modules:
        from boggle_tui.app.screens.lobby import LobbyScreen

        if isinstance(screen, LobbyScreen):
            yield from _host(app, screen)
    if not in_round:
        yield from _each(app, screen, app, BETWEEN_ROUNDS_COMMANDS)
    yield from _each(app, screen, app, APP_COMMANDS)
