"""Help: the rules and the keys. Opening it over a round stops the clock and hides the board."""

from __future__ import annotations

from textual.actions import parse
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import Screen

from boggle_tui.app.keys import binding_keys, either, keys_for
from boggle_tui.app.screens.keeps_typing import KeepsTyping
from boggle_tui.app.screens.translated import TranslatedModalScreen
from boggle_tui.engine.scoring import MIN_LENGTH_BY_CELLS, MIN_LENGTH_ON_LARGER, score_bands
from boggle_tui.game.session import Hold
from boggle_tui.i18n import N_, _

MOUSE = N_(
    "With the mouse: click a die to start a word, click a neighbour to extend it, click the last die again to submit."
)


def keys_in_force(app: App[object], screen: Screen[object] | None) -> list[tuple[str, str]]:
    """(keys, what they do) for the screen the help was opened over, then the app's: remapped keys as remapped.

    A binding's tooltip (an `N_` text, shown here in the player's language) says what it does for the help; one
    without is left out, and so is one whose action the screen turns off (a practice hint in a timed round): the
    help lists what works there.
    """
    owned: list[tuple[DOMNode | None, BindingType]] = [(screen, b) for b in (screen.BINDINGS if screen else [])]
    owned += [(app, b) for b in app.BINDINGS]
    rows: dict[str, list[str]] = {}  # what it does -> keys, so that one line names every key for it
    for owner, binding in owned:
        if not isinstance(binding, Binding) or not binding.tooltip or not _works(owner, binding):
            continue
        named = rows.setdefault(binding.tooltip, [])
        named += [name for name in binding_keys(app, binding) if name not in named]
    return [(either(keys), _(what)) for what, keys in rows.items()]


def _works(owner: DOMNode | None, binding: Binding) -> bool:
    """Whether `owner` lets the binding's action run now (Textual hides a binding whose check says False)."""
    destination, action, parameters = parse(binding.action)
    if owner is None or destination:
        return True  # an action on another node (`app.stats`): that node always offers it
    return owner.check_action(action, parameters) is not False


UPRIGHT = 60  # columns: narrower (a phone held upright), the scoring table stands a row a length


def _scoring_table(bands: list[tuple[str, int]], upright: bool) -> list[str]:
    """The scoring table in Markdown: the lengths across and their points under them, or (`upright`) a row each."""
    # Translators: the scoring table's heads: a word's length (the rows or columns), and the points it scores.
    letters, points = _("letters"), _("points")
    if upright:
        return [f"| {letters} | {points} |", "|---|---|", *(f"| {name} | {score} |" for name, score in bands)]
    return [
        "| " + letters + " | " + " | ".join(name for name, _score in bands) + " |",
        "|---" * (len(bands) + 1) + "|",
        "| " + points + " | " + " | ".join(str(score) for _name, score in bands) + " |",
    ]


def help_text(keys: list[tuple[str, str]], back: str, upright: bool = False) -> str:
    """The rules and `keys`; `back` names the keys that close the help; `upright`: laid out for a narrow screen."""
    bands = score_bands()
    most, shortest = MIN_LENGTH_BY_CELLS[0]
    side = int(most**0.5)
    lines = [
        _("# How to play"),
        "",
        _("Find words by joining **adjacent dice**: across, up, down or diagonally."),
        # Translators: Markdown: a line break inside a paragraph is a space; keep the ** around the bold words.
        _(
            "Each die is used at most once in a word. Words need at least **{shortest} letters**\n"
            "({larger} on boards larger than {side}x{side}). **Qu** is one die and counts as two letters."
        ).format(shortest=shortest, larger=MIN_LENGTH_ON_LARGER, side=side),
        "",
        *_scoring_table(bands, upright),
        "",
        _(
            "Every entry gets a verdict: *accepted*, *already found*, *too short*,\n"
            "*not on the board* or *not a word*. Wrong entries cost nothing."
        ),
        "",
        _("# Keys"),
        "",
        "| " + _("key") + " | " + _("what it does") + " |",
        "|---|---|",
        *(f"| {key} | {what} |" for key, what in keys),
        "",
        _(MOUSE),
        "",
        _("*The clock is stopped and the board hidden while this help is open. Press {keys} to go back.*").format(
            keys=back
        ),
    ]
    return "\n".join(lines)


class HelpScreen(KeepsTyping, TranslatedModalScreen[None]):
    """The keys and rules, over the game; what the player types meanwhile goes to a round beneath."""

    HOLD = Hold.HELP
    BINDINGS = [Binding("escape,f1,q", "close", N_("Back to the game"), id="close")]

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # markdown-it is a tenth of start-up: load it when asked for

        stack = self.app.screen_stack  # this help is on top of it
        beneath = stack[-2] if len(stack) > 1 else None
        self.keys_shown = keys_in_force(self.app, beneath)
        self.upright = self.app.size.width < UPRIGHT
        with VerticalScroll(id="help"):
            yield Markdown(self._text())

    def _text(self) -> str:
        return help_text(self.keys_shown, keys_for(self.app, self, "close"), self.upright)

    def on_resize(self) -> None:
        upright = self.app.size.width < UPRIGHT
        if upright != self.upright:
            self.upright = upright
            from textual.widgets import Markdown

            self.query_one(Markdown).update(self._text())

    def action_close(self) -> None:
        self.dismiss()
