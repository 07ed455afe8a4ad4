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
CHAT_ROWS = 6  # rows they take at most; SHORT_CHAT_ROWS on a short screen, where the lobby's last lines need them
SHORT_CHAT_ROWS = 3
SHORT = 30  # a screen of fewer rows is short


class ChatLog(Static):
    """The newest lines that fit its rows, a line that wraps taking more than one: the oldest go first."""

    lines: reactive[tuple[m.Said, ...]] = reactive((), always_update=True, init=False)

    def watch_lines(self, lines: tuple[m.Said, ...]) -> None:
        shown = [Text.assemble((said.name, "bold"), ": ", said.text) for said in lines]  # literal, never markup
        width = self.content_size.width
        rows = SHORT_CHAT_ROWS if self.screen.size.height < SHORT else CHAT_ROWS
        self.styles.max_height = rows
        if width:  # laid out: the rows each line wraps to are known
            while len(shown) > 1 and sum(len(text.wrap(self.app.console, width)) for text in shown) > rows:
                shown.pop(0)
        self.update(Text("\n").join(shown) if shown else "")

    def on_resize(self) -> None:
        self.watch_lines(self.lines)


class Chat(Vertical):
    """The log over the line to type in; a line typed is posted as `Said`, and the focus leaves the line as Enter
    says it (Enter means ready again)."""

    DEFAULT_CSS = "Chat { height: auto; }"

    @dataclass
    class Said(Message):
        text: str

    def compose(self) -> ComposeResult:
        yield ChatLog("", id="lobby-chat-log")
        yield Line(placeholder=_("F2: say something to the room (between rounds)"), max_length=m.MAX_CHAT,
                   compact=True, clear=True, leave=True, id="lobby-say")  # fmt: skip

    @on(Input.Submitted, "#lobby-say")
    def say(self, event: Input.Submitted) -> None:
        text = event.value.strip()  # the line emptied itself, and gave up the focus, as it submitted
        if text:
            self.post_message(self.Said(text))


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
