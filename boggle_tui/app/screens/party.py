"""A room on a shared screen (`boggle party ADDRESS/ROOM`): the big TV a game night gathers around.

It watches and never plays: a spectator's seat (no words, no ready, no vote), with a bigger picture. While a round
runs: the board as large as the screen allows, the clock in big digits, each player's count of words (never which)
and, in a team's round, the team's points against its goal. Between rounds: the last round's outcome on its board,
and the evening's leaderboard. Always: how to join, and (given the browser's link) its QR code for phones.
At 160x45 and larger it fills the screen; at 80x24 the board, the clock and the counts still show, the code gives way.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.widgets import Digits, Label, Static

from boggle_tui.app.screens.translated import TranslatedScreen
from boggle_tui.app.widgets.board import BoardView
from boggle_tui.app.widgets.footer import Footer
from boggle_tui.app.widgets.qr import QrCode
from boggle_tui.game.clock import format_seconds
from boggle_tui.game.contest import winner_line
from boggle_tui.game.team import team_outcome, teams_outcome
from boggle_tui.i18n import N_, _, counted, number
from boggle_tui.net import messages as m
from boggle_tui.net.session import OnlineSession

TICK_SECONDS = 0.2
SIDE_WIDTH = 38  # the side column: the clock's digits, the counts, the leaderboard, the join line
CODE_ROOM = 120  # columns from which the QR code is shown beside the board (below it, the board comes first)
MAX_ROWS = 12  # players in the counts and the leaderboard (a room holds 8, an evening may have seen more)


class PartyScreen(TranslatedScreen[None]):
    """A room's round and evening, to look at from across a room."""

    BINDINGS = [Binding("escape", "leave", N_("Leave"), id="party-leave")]

    def __init__(self, room: str, address: str, link: str = "") -> None:
        super().__init__()
        self.room, self.address, self.link = room, address, link
        self.session: OnlineSession | None = None
        self.lobby: m.Lobby | None = None
        self.board_view: BoardView | None = None
        self.composed = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="party"):
            with Vertical(id="party-main"):
                yield Label("", id="party-title")
                yield Container(id="party-board")
                yield Static("", id="party-outcome")
            with Vertical(id="party-side"):
                yield Digits("", id="party-clock")
                yield Static("", id="party-team")
                yield Static("", id="party-counts")
                yield Static("", id="party-evening")
                # Translators: a shared screen's line: what a player types to join the room
                yield Static(Text(_("Join: boggle join {address}").format(address=self.address)), id="party-join")
                if self.link:
                    yield Static(Text(_("or open: {link}").format(link=self.link)), id="party-link")
                    yield QrCode(self.link, id="party-qr")
        yield Footer()

    def on_mount(self) -> None:
        self.composed = True  # its widgets are there to be drawn on (is_mounted is not, within on_mount)
        self.set_interval(TICK_SECONDS, self._tick)
        if self.session is not None and not self.session.over:
            self._draw_round(self.session)
        else:
            self._show_waiting()

    def on_resize(self) -> None:
        self._fit()

    # What the room says

    def show_lobby(self, lobby: m.Lobby) -> None:
        """Between rounds: who is here and ready, and the evening so far."""
        self.lobby = lobby
        if self.session is None or self.session.over:
            self._show_waiting()

    def show_round(self, session: OnlineSession) -> None:
        """A board dealt: drawn large, with the clock and the counts as they change (once the screen is up: a
        round under way when the screen came comes with the room's first messages)."""
        self.session = session
        session.on_change(self.refresh_round)
        session.on_end(lambda _: self._show_end())
        if self.composed:
            self._draw_round(session)

    def _draw_round(self, session: OnlineSession) -> None:
        box = self.query_one("#party-board", Container)
        box.remove_children()  # the last round's board (removed once this returns: the new one has no id to clash)
        self.board_view = BoardView(session.board)
        box.mount(self.board_view)
        self.query_one("#party-outcome", Static).update("")
        self.query_one("#party-evening", Static).update("")
        self._title(_("Room {room} · round {round}").format(room=self.room, round=session.start_message.round))
        self.call_after_refresh(self._fit)
        self.refresh_round()

    def refresh_round(self) -> None:
        session = self.session
        if session is None or session.over or not self.composed:
            return
        self.query_one("#party-team", Static).update(Text(session.team_line(), style="bold") if session.team else "")
        ranked = sorted(session.standings, key=lambda s: (-s.words, s.name))[:MAX_ROWS]
        rows = Table.grid(padding=(0, 2))
        rows.add_column(no_wrap=True, overflow="ellipsis", max_width=SIDE_WIDTH - 10)
        rows.add_column(justify="right", no_wrap=True)
        for s in ranked:
            tags = ("" if s.connected else " " + _("(away)")) + (" " + _("✓end") if s.voted_end else "")
            rows.add_row(Text(s.name + tags, style="bold"), counted(s.words, "{count} word", "{count} words"))
        self.query_one("#party-counts", Static).update(rows)

    def _show_end(self) -> None:
        session = self.session
        if session is None or not self.composed:
            return
        ended = session.end_reason.text if session.end_reason else _("Over")
        if session.two_teams:
            outcome = teams_outcome(session.team_score, session.rival_score or 0, ended, watching=True)
        elif session.team:
            outcome = team_outcome(session.team_score, session.goal, session.reached, ended)
        else:
            outcome = winner_line(session.winners, ended)
        self.query_one("#party-outcome", Static).update(Text(outcome, style="bold"))
        self.query_one("#party-team", Static).update("")
        self._show_waiting()

    def _show_waiting(self) -> None:
        """The lobby's side: who is ready for the next round, and the evening's leaderboard."""
        if not self.composed:
            return
        lobby = self.lobby
        if self.session is None and lobby is not None and lobby.rounds:  # a round voided by the server's restart
            self._title(_("Room {room} · waiting for round {round}").format(room=self.room, round=lobby.rounds + 1))
        elif self.session is None:
            self._title(_("Room {room} · waiting for the first round").format(room=self.room))
        self.query_one("#party-clock", Digits).update("")
        players = [p for p in lobby.players if not p.bot or p.connected] if lobby else []
        ready = sum(1 for p in players if p.ready)
        # Translators: a shared screen between rounds: how many of the room's players are ready
        waiting = Text(_("{ready} of {players} ready").format(ready=ready, players=len(players)), style="bold")
        self.query_one("#party-counts", Static).update(waiting)
        self.query_one("#party-evening", Static).update(self._leaderboard(lobby.scoreboard if lobby else ()))

    def _leaderboard(self, evening: tuple[m.Standing, ...]) -> Table | str:
        if not evening:
            return ""
        table = Table(title=_("Tonight"), box=None, padding=(0, 1), show_header=False, title_justify="left")
        table.add_column(justify="right")
        table.add_column(no_wrap=True, overflow="ellipsis", max_width=SIDE_WIDTH - 16)
        table.add_column(justify="right")
        table.add_column(justify="right", style="dim")
        for n, s in enumerate(evening[:MAX_ROWS], start=1):
            wins = counted(s.wins, "{count} win", "{count} wins") if s.wins else ""
            table.add_row(f"{n}.", Text(s.name, style="bold"), number(s.total), wins)
        return table

    # The clock and the layout

    def _tick(self) -> None:
        session = self.session
        if session is not None and not session.over:
            self.query_one("#party-clock", Digits).update(format_seconds(session.remaining))

    def _title(self, text: str) -> None:
        self.query_one("#party-title", Label).update(Text(text, style="bold"))

    def _fit(self) -> None:
        """The board as large as the screen leaves it; the QR code only where there is room for it beside. Narrower
        than two side columns (a phone), the side column comes under the board, and the screen scrolls."""
        width, height = self.size
        narrow = width < 2 * SIDE_WIDTH
        self.set_class(narrow, "-narrow")
        qr = self.query("#party-qr")
        show_code = width >= CODE_ROOM and height >= 30
        for widget in (*qr, *self.query("#party-link")):
            widget.display = show_code
        if self.board_view is not None:
            side = 0 if narrow else self.query_one("#party-side").outer_size.width or SIDE_WIDTH
            self.board_view.fit(width - side - 2, height - 4)  # the title, the outcome, the footer

    def action_leave(self) -> None:
        self.app.exit(0)
