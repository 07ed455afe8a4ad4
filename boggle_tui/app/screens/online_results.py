"""The results of an online round: the solo results, with every player's words side by side and the room's
evening so far, in the contest results' layout (contest_results.py). A round watched (a spectator's) has no score
of the watcher's own: the totals say what the board held, and its words are listed as the board's, not as missed."""

from __future__ import annotations

from textual.binding import Binding

from boggle_tui.app.screens.contest_results import ContestResultsScreen
from boggle_tui.app.screens.lobby import LobbyScreen, SayScreen
from boggle_tui.game.session import ContestRound, watching
from boggle_tui.i18n import N_, _, number
from boggle_tui.net import messages as m


class OnlineResultsScreen(ContestResultsScreen):
    BINDINGS = [
        Binding("n,enter", "again", N_("Again"), id="online-again", tooltip=N_("online: back to the room's lobby")),
        Binding("escape", "again", N_("Lobby"), id="online-lobby", tooltip=N_("online: back to the room's lobby")),
        # A round only watched has no "again" (n, Enter): Escape alone goes back, and the footer says so.
        Binding(
            "escape", "lobby", N_("Lobby"), id="online-watched-lobby", tooltip=N_("online: back to the room's lobby")
        ),
        Binding("f2", "talk", N_("Chat"), id="online-chat", tooltip=N_("online: say something to the room")),
    ]

    @property
    def online(self) -> ContestRound:
        """The room's round (the contest, by the name its callers know it)."""
        return self.contest

    @property
    def watched(self) -> bool:
        """The round was only watched: nothing in it is this player's."""
        return watching(self.contest)

    def on_mount(self) -> None:  # Textual calls ResultsScreen's on_mount after this one
        if self.watched:
            self.query_one("#found-list").display = False  # nothing was found here: the board's words are listed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "menu":
            return False  # the room's lobby is where this round leads (n, Enter or Escape)
        if action == "lobby":  # Escape, when "again" is not offered; held back as "again" is, by the guard
            return self.watched and (None if self.guarded("again") else True)
        if self.watched and action in ("copy_result", "study_word", "again"):
            return False  # a result to share, a word missed and a round to play again are a player's
        return super().check_action(action, parameters)

    def _totals(self) -> str:
        if not self.watched:
            return super()._totals()
        solution = self.results.solution
        # Translators: the results of a round the player only watched, instead of their own score
        watched = _("You watched: {words} words on the board, {most} points in all")
        return watched.format(words=number(len(solution)), most=number(self.results.max_score))

    def _fill(self, selector: str, words: list[str], title: str) -> None:
        if self.watched and selector == "#missed-list":
            # Translators: the list of a watched round's words (none were the watcher's to find)
            title = _("On the board {count}").format(count=len(words))
        super()._fill(selector, words, title)

    def action_talk(self) -> None:
        def said(text: str | None) -> None:
            if text:
                self.post_message(LobbyScreen.Outgoing(m.Say(text=text)))

        self.app.push_screen(SayScreen(), said)

    @property
    def shows_found(self) -> bool:
        return not self.watched  # nothing was found here: no row of the watcher's finds in the lengths table

    def action_again(self) -> None:
        self.post_message(self.Menu())  # the app takes an online Menu back to the lobby

    def action_lobby(self) -> None:
        self.action_again()
