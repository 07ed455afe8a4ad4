"""The results of an online round: the solo results, with every player's words side by side and the room's
evening so far, in the contest results' layout (contest_results.py)."""

from __future__ import annotations

from textual.binding import Binding

from boggle_tui.app.screens.contest_results import ContestResultsScreen
from boggle_tui.app.screens.lobby import LobbyScreen, SayScreen
from boggle_tui.game.session import ContestRound
from boggle_tui.i18n import N_
from boggle_tui.net import messages as m


class OnlineResultsScreen(ContestResultsScreen):
    BINDINGS = [
        Binding("n,enter", "again", N_("Again"), id="online-again", tooltip=N_("online: back to the room's lobby")),
        Binding("escape", "again", N_("Lobby"), id="online-lobby", tooltip=N_("online: back to the room's lobby")),
        Binding("f2", "talk", N_("Chat"), id="online-chat", tooltip=N_("online: say something to the room")),
    ]

    @property
    def online(self) -> ContestRound:
        """The room's round (the contest, by the name its callers know it)."""
        return self.contest

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "menu":
            return False  # the room's lobby is where this round leads (n, Enter or Escape)
        return super().check_action(action, parameters)

    def action_talk(self) -> None:
        def said(text: str | None) -> None:
            if text:
                self.post_message(LobbyScreen.Outgoing(m.Say(text=text)))

        self.app.push_screen(SayScreen(), said)

    def action_again(self) -> None:
        self.post_message(self.Menu())  # the app takes an online Menu back to the lobby
