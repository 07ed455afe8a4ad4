"""The lobby's table of players: who is here, ready or not, with each one's points and wins over the evening.

Names come from strangers: each is a Text, never markup.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from boggle_tui.i18n import _, number
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
    has left. Names come first: the name column takes what the others leave, a name and its notes (host, you,
    away) cut with "…" where the screen is narrow; the evening's columns only once it has begun (at 42 columns the
    empty `tonight` and `wins` and the notes' column left the names none)."""
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold", expand=True)
    table.add_column(_("player"), no_wrap=True, overflow="ellipsis", ratio=1)
    states = [seat_state(p) for p in lobby.players]
    table.add_column(_("ready"), no_wrap=True, min_width=max(map(len, [_("ready"), *states])))
    evening_shown = bool(lobby.scoreboard)
    if evening_shown:
        for heading in (_("tonight"), _("wins")):
            table.add_column(heading, no_wrap=True, justify="right", min_width=len(heading))
    evening = {s.name: s for s in lobby.scoreboard}
    for p, state in zip(lobby.players, states, strict=True):
        notes = _notes(p.host, p.id == me, p.connected)
        if lobby.settings.teams == 2 and p.side:
            # Translators: two teams: the one a player is on ("ben · team 2")
            notes = ", ".join(filter(None, (notes, _("team {side}").format(side=p.side))))
        name = Text.assemble((p.name, "bold" if p.id == me else ""), (f" · {notes}" if notes else "", "dim"))
        standing = evening.pop(p.name, None)
        table.add_row(name, state, *(_evening(standing) if evening_shown else ()))
    for standing in evening.values():  # played earlier tonight, gone now
        # Translators: in the lobby's list of players: this player has left the room.
        gone = Text.assemble((standing.name, "dim"), (" · " + _("left"), "dim"))
        table.add_row(gone, "", *_evening(standing))
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
