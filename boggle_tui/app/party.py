"""The party screen's link to its room (`boggle party ADDRESS/ROOM`): a spectator's seat, every round and every
lobby shown on one screen (app/screens/party.py) instead of the lobby, round and results screens a player goes
through. The connection, its drops and its returns are the spectator's own (app/online.py)."""

from __future__ import annotations

from typing import Any

from boggle_tui.app.online import OnlinePlay
from boggle_tui.app.screens.party import PartyScreen
from boggle_tui.net import messages as m
from boggle_tui.net.session import OnlineSession


class PartyPlay(OnlinePlay):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As OnlinePlay's (the target a spectator's, `party` set)."""
        super().__init__(*args, **kwargs)
        self.start = self._round  # a board dealt is drawn here, never played
        self.party = PartyScreen(self.target.room, self.target.address, self.target.link)

    def lobby_screen(self) -> PartyScreen:  # type: ignore[override]  # the one screen, in place of the lobby's
        if self.lobby is not None:
            self.party.show_lobby(self.lobby)
        return self.party

    def _handle(self, message: m.ServerMessage) -> None:
        super()._handle(message)
        if isinstance(message, m.Lobby):
            if self.session is None:  # a round the server's restart voided: the screen waits for the next
                self.party.session = None
            self.party.show_lobby(message)

    def _round(self, session: OnlineSession) -> None:
        self.party.show_round(session)
