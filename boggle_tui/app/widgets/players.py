"""Every player's words side by side, as a table: the results of a round played against others.

One table for the online results (app/screens/online_results.py) and the table's (table_results.py), over
anything that has players, shared words, a scoring rule and who found what; with the line that names the winner
and the note on the scoring rule, which stands under the table (as its caption it wrapped mid-phrase).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from rich.table import Table
from rich.text import Text

from boggle_tui.engine.alphabets import capitals
from boggle_tui.game.rules import Scoring
from boggle_tui.i18n import _, counted

MAX_ROWS = 12  # words per player shown in the table; the lists below have them all
MIN_COLUMN = 10  # the narrowest a player's column is cut to (three fit a phone's 43 columns)


class PlayerWords(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def words(self) -> dict[str, int]: ...
    @property
    def me(self) -> bool: ...


def players_table(
    players: Sequence[PlayerWords], shared: Sequence[str], scoring: Scoring, found_by: Callable[[str, str], list[str]]
) -> Table:
    """Each player's score and words, best first; a word two or more found is marked = with who else found it,
    and scores 0 unless every word scores. Names are Text: shown literally, never read as markup."""
    table = Table(box=None, padding=(0, 2), header_style="bold")
    ranked = sorted(players, key=lambda p: (-p.score, p.name))
    struck = set(shared)
    for p in ranked:
        heading = Text.assemble((p.name, "bold"), f" {p.score}", (" " + _("(you)") if p.me else "", "italic"))
        # Each keeps some room: on a phone, three players' columns let the middle one shrink to a letter, its name gone.
        table.add_column(heading, no_wrap=True, min_width=min(heading.cell_len, MIN_COLUMN))
    columns = []
    for p in ranked:
        words = sorted(p.words, key=lambda w: (-len(w), w))
        if scoring is Scoring.TEAM:  # a word is its finder's, with who typed it after them (struck: both teams')
            cells = [
                _cell(w, 0, found_by(w, p.name))
                if w in struck and not p.words[w]
                else _also(w, p.words[w], found_by(w, p.name))
                for w in words[:MAX_ROWS]
            ]
        else:
            cells = [_cell(w, p.words[w], found_by(w, p.name) if w in struck else None) for w in words[:MAX_ROWS]]
        if len(words) > MAX_ROWS:
            cells.append(Text(counted(len(words) - MAX_ROWS, "… {count} more", "… {count} more"), style="dim"))
        columns.append(cells)
    for row in range(max((len(c) for c in columns), default=0)):
        table.add_row(*(c[row] if row < len(c) else Text("") for c in columns))
    return table


def scoring_note(scoring: Scoring, two_teams: bool = False) -> Text:
    """What `=` means under the table, or that every word scores."""
    if scoring is Scoring.UNIQUE:
        return Text(_("= a shared word, with who else found it: 0 for all"), style="dim")
    if scoring is Scoring.TEAM and two_teams:
        return Text(_("two teams: a word counts once for each, and both score it (also: found too)"), style="dim")
    if scoring is Scoring.TEAM:
        return Text(_("one team: each word counts once, for whoever found it first (also: typed after)"), style="dim")
    return Text(_("every word scores"), style="dim")


def _also(word: str, points: int, others: list[str]) -> Text:
    """A team's word, and who typed it after its finder: `TOWEL 2 (also ben)`."""
    if not others:
        return Text(f"{capitals(word)} {points}")
    # Translators: a team's word that teammates typed too, after its finder: "(also ben, cy)"
    also = _("(also {players})").format(players=", ".join(others))
    return Text.assemble(f"{capitals(word)} {points} ", (also, "dim"))


def _cell(word: str, points: int, others: list[str] | None) -> Text:
    if others is None:
        return Text(f"{capitals(word)} {points}")
    return Text.assemble(f"= {capitals(word)} {points} ", (f"({', '.join(others)})", "dim"))
