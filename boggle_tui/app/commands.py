"""The command palette's commands (Ctrl+K): what can be done from the screen it was opened on.

Commands call the same actions as the keys, so a command and its key never differ. Nothing
here can throw away a round being played: a new round or a board by code is offered only
where no round is running.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from textual.app import App, SystemCommand
from textual.dom import DOMNode
from textual.screen import Screen

from boggle_tui.app.screens.results import ResultsScreen
from boggle_tui.app.screens.round import RoundScreen

PALETTE_KEY = "ctrl+k"  # Ctrl+P is the round's pause


def _on(node: DOMNode, action: str) -> Callable[[], object]:
    return lambda: node.run_action(action)


def commands(app: App[int], screen: Screen[object]) -> Iterator[SystemCommand]:
    """The app's actions named here are BoggleApp's (new_round, open_code, study, stats, help, request_quit)."""
    in_round = isinstance(screen, RoundScreen) and not screen.session.over
    if isinstance(screen, RoundScreen) and in_round:
        yield SystemCommand("Rotate the board", "A quarter turn (Ctrl+R)", _on(screen, "rotate"))
        yield SystemCommand("Copy the board code", "To the clipboard (Ctrl+Y)", _on(screen, "copy_code"))
        if screen.session.practice:
            yield SystemCommand("Hint: words left by length", "Practice (F5)", _on(screen, "hint('lengths')"))
            yield SystemCommand("Hint: heat map", "Where words start (F6)", _on(screen, "hint('heat')"))
            yield SystemCommand(
                "Hint: first letters", "Words left by first letters (F7)", _on(screen, "hint('starts')")
            )
            yield SystemCommand("Reveal a word", "It scores nothing (F8)", _on(screen, "reveal"))
            yield SystemCommand("Give up", "End the practice round (Ctrl+G)", _on(screen, "give_up"))
        else:
            yield SystemCommand("Pause", "Stop the clock and hide the board (Ctrl+P)", _on(screen, "pause"))
            yield SystemCommand("End the round", "It asks first (Ctrl+G)", _on(screen, "end_round"))
    if isinstance(screen, ResultsScreen):
        yield SystemCommand("New round", "A fresh board under the same rules (n)", _on(screen, "new_game"))
        yield SystemCommand("Replay this board", "The same board again (r)", _on(screen, "replay"))
        yield SystemCommand("Copy the board code", "To the clipboard (c)", _on(screen, "copy_code"))
        yield SystemCommand("Copy the result", "One line to share (y)", _on(screen, "copy_result"))
        yield SystemCommand("Study the selected word", "Make it a study card (a)", _on(screen, "study_word"))
    elif not in_round:
        yield SystemCommand("New round", "With the start screen's choices", _on(app, "new_round"))
    if not in_round:
        yield SystemCommand("Open a board by code", "Play the board a code names", _on(app, "open_code"))
        yield SystemCommand("Study", "Review the words you missed (F3)", _on(app, "study"))
        yield SystemCommand("Statistics", "How you are doing (F2)", _on(app, "stats"))
    yield SystemCommand("Theme", "Change the colours (the choice is remembered)", _on(app, "change_theme"))
    yield SystemCommand("Help", "The rules and the keys in force (F1)", _on(app, "help"))
    yield SystemCommand("Quit", "Asks first during a round (Ctrl+Q)", _on(app, "request_quit"))
