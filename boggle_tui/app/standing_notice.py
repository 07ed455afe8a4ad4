"""One notice kept up while something lasts, its text changed in place: "reconnecting… (N seconds left)" while a
served round's link tries again (app/online.py, app/daily.py)."""

from __future__ import annotations

import contextlib
from typing import Protocol

from textual.message import Message
from textual.notifications import Notification, Notify

from boggle_tui.net.client import CONNECT_SECONDS
from boggle_tui.net.link import RETRY_SECONDS

SHOWN_SECONDS = RETRY_SECONDS + CONNECT_SECONDS  # each text outlives a try: it is replaced, never left to blink out


class Notifying(Protocol):
    def post_message(self, message: Message) -> bool: ...
    def _unnotify(self, notification: Notification) -> None: ...  # Textual's App: takes one notice down


class StandingNotice:
    """A warning with a title, shown by `say` (the last text replaced) and taken down by `down`."""

    def __init__(self, app: Notifying, title: str) -> None:
        self.app = app
        self.title = title
        self._shown: Notification | None = None

    def say(self, text: str) -> None:
        self.down()
        self._shown = Notification(text, self.title, "warning", SHOWN_SECONDS, markup=False)
        self.app.post_message(Notify(self._shown))

    def down(self) -> None:
        if self._shown is not None:
            with contextlib.suppress(KeyError):  # it timed out by itself
                self.app._unnotify(self._shown)  # Textual's notices have no public way to take one down
            self._shown = None
