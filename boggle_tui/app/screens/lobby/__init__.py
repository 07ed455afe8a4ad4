"""An online room's lobby (screen.py), made of one module per part; the names the rest of the app uses."""

from boggle_tui.app.screens.lobby.chat import CHAT_LINES, SayScreen
from boggle_tui.app.screens.lobby.controls import HOST_KEYS, TOUCHES, PickPlayerScreen
from boggle_tui.app.screens.lobby.screen import LobbyScreen

__all__ = ["CHAT_LINES", "HOST_KEYS", "TOUCHES", "LobbyScreen", "PickPlayerScreen", "SayScreen"]
