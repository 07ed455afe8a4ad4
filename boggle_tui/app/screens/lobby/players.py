"""The lobby's table of players: who is here, ready or not, with each one's points and wins over the evening.

Names come from strangers: each is a Text, never markup.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from boggle_tui.i18n import N_, _, number
from boggle_tui.net import messages as m


class PlayersTable(Static):
    """Drawn afresh with every lobby the room sends (`always_update`: the same lobby twice is drawn twice, as
    the screen asks)."""

    lobby: reactive[m.Lobby] = reactive(m.Lobby, always_update=True, init=False)

    def __init__(self, me: int, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.me = me

    def watch_lobby(self, lobby: m.Lobby) -> None:
        self.update(players_table(lobby, self.me))


def players_table(lobby: m.Lobby, me: int) -> Table:
    """Who is here, ready or not, with each one's points and wins over the evening; then who played tonight and
    has left."""
    table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
    for heading in (N_("player"), N_("ready"), N_("tonight"), N_("wins")):
        table.add_column(_(heading), no_wrap=heading != "player")  # a long name gives way, never "▶ in the round"
    table.add_column("")  # notes: host, you, away
    evening = {s.name: s for s in lobby.scoreboard}
    for p in lobby.players:
        name = Text(p.name, style="bold" if p.id == me else "")  # literal, never markup
        ready = seat_state(p)
        standing = evening.pop(p.name, None)
        table.add_row(name, ready, *_evening(standing), _notes(p.host, p.id == me, p.connected))
    for standing in evening.values():  # played earlier tonight, gone now
        # Translators: in the lobby's list of players: this player has left the room.
        table.add_row(Text(standing.name, style="dim"), "", *_evening(standing), _("left"))
    return table


def seat_state(seat: m.Seat) -> str:
    """The ready column: in the round under way, or ready for the next one, or not yet."""
    if seat.playing:
        # Translators: in the lobby's list of players, the ready column: this player is in the round under way.
        return _("▶ in the round")
    return _("✓ ready") if seat.ready else _("· not yet")


def _evening(standing: m.Standing | None) -> tuple[str, str]:
    if standing is None:
        return "", ""
    return number(standing.total), f"{standing.wins}" if standing.wins else ""


def _notes(host: bool, me: bool, connected: bool) -> str:
    """What the lobby notes after a player: `host, you`, and `(away)` while their connection is lost."""
    # Translators: notes after a player's name in the lobby; "you" is the player reading it.
    notes = ", ".join(note for note, shown in ((_("host"), host), (_("you"), me)) if shown)
    return notes if connected else notes + " " + _("(away)")
