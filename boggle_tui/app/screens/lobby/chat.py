"""The room's chat: the evening's last lines and the line to say one in, in the lobby; and a dialog to say one
from where that line is not (the results of a round). Names and lines come from strangers: plain text, never
markup."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Input, Label, Static

from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.app.widgets.line import Line
from boggle_tui.i18n import N_, _
from boggle_tui.net import messages as m

CHAT_LINES = 6  # lines of chat kept on screen


class ChatLog(Static):
    lines: reactive[tuple[m.Said, ...]] = reactive((), always_update=True, init=False)

    def watch_lines(self, lines: tuple[m.Said, ...]) -> None:
        shown = [Text.assemble((said.name, "bold"), ": ", said.text) for said in lines]  # literal, never markup
        self.update(Text("\n").join(shown) if shown else "")


class Chat(Vertical):
    """The log over the line to type in; a line typed is posted as `Said` and the focus leaves the line (Enter
    means ready again)."""

    DEFAULT_CSS = "Chat { height: auto; }"

    @dataclass
    class Said(Message):
        text: str

    def compose(self) -> ComposeResult:
        yield ChatLog("", id="lobby-chat-log")
        yield Line(placeholder=_("F2: say something to the room (between rounds)"), max_length=m.MAX_CHAT,
                   compact=True, clear=True, id="lobby-say")  # fmt: skip

    @on(Input.Submitted, "#lobby-say")
    def say(self, event: Input.Submitted) -> None:
        text = event.value.strip()  # the line emptied itself as it submitted
        if text:
            self.post_message(self.Said(text))
        self.screen.set_focus(None)


class SayScreen(TranslatedModalScreen[str | None]):
    """A line to say to the room from where the lobby's chat line is not (the results of a round)."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="say-cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="say"):
            yield Label(_("Say something to the room"))
            yield Line(max_length=m.MAX_CHAT, compact=True, id="say-line")

    @on(Input.Submitted, "#say-line")
    def said(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
