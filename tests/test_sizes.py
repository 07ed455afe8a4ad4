"""Every screen at every size a player brings (#39): a phone held upright (43x42), the same with its keyboard up
(43x20), a phone on its side with the keyboard up (60x18), the classic 80x24 and a roomy 100x32.

One rule for size: each screen draws whole at or above the size it asks for, and below it the same calm notice says
what it needs. "Whole" is checked on every widget the screen shows: none runs off the screen's sides, a text is
never narrower than its longest word (a word broken across lines, or a column of one letter a line), and what lies
below the screen's bottom is in a part that scrolls. One app a screen, resized through the sizes."""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from contest_support import a_room_round, a_table_round
from rich.text import Text
from support import SEED_42, make_app, record, shown
from test_snapshots_daily import a_daily_round
from test_snapshots_online import LOBBY
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from boggle_tui.app.app import MIN_SIZE
from boggle_tui.app.screens.friends import FriendsScreen
from boggle_tui.app.screens.help import HelpScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.app.screens.study import StudyScreen
from boggle_tui.app.screens.waiting import TooSmallScreen
from boggle_tui.game.round import EndReason
from boggle_tui.storage import study
from boggle_tui.storage.history import History

SIZES = [(43, 42), (43, 20), (60, 18), (80, 24), (100, 32)]


def plain(widget: Widget) -> str | None:
    """The text a label, a static or a button shows, or None for what is not text (a table, a board)."""
    if isinstance(widget, Button):
        return str(widget.label)
    if isinstance(widget, (Label, Static)):
        shown_ = widget.render()
        if isinstance(shown_, (str, Text, Content)):
            return str(shown_.plain if isinstance(shown_, (Text, Content)) else shown_)
    return None


def scrolls(widget: Widget, across: bool = False) -> bool:
    """Whether a container around `widget` scrolls to it, down (its scrollbar is the hint that there is more) or
    `across` (the footer, whose keys a narrow screen shows in part)."""
    return any(node.allow_horizontal_scroll if across else node.allow_vertical_scroll for node in widget.ancestors
               if isinstance(node, Widget) and not isinstance(node, Screen))  # fmt: skip


def faults(app: Any) -> list[str]:
    """What is not drawn whole on the app's screen now: empty when every widget is."""
    screen = app.screen
    width, height = app.size
    found: list[str] = []
    if isinstance(screen, TooSmallScreen):
        notice = screen.query_one("#too-small", Label)
        if notice.region.right > width or notice.region.width < 20:
            found.append(f"the notice is cut: {notice.region}")
        return found
    for widget in screen.query("*"):
        if not widget.display or not widget.visible or not widget.region.area:
            continue
        name = f"{type(widget).__name__}#{widget.id}"
        region = widget.region
        if (region.x < 0 or region.right > width) and not scrolls(widget, across=True):
            found.append(f"{name} runs off the side: {region}")
        if region.bottom > height and not scrolls(widget):
            found.append(f"{name} runs off the bottom with nothing to scroll: {region}")
        text = plain(widget)
        parent = widget.parent
        if text and isinstance(parent, Widget) and not scrolls(widget, across=True):
            inside = parent.scrollable_content_region  # less its padding and scrollbars
            if region.x < inside.x or region.right > inside.right:
                found.append(f"{name} is cut by {type(parent).__name__}#{parent.id}: {region} in {inside}")
        if text and text.strip():
            longest = max(len(word) for word in text.split())
            room = widget.content_region.width
            if room < min(longest, width - 6):
                found.append(f"{name} breaks its words, {room} columns for {text[:30]!r}")
    return found


async def check_every_size(pilot: Any, opened: type[Screen[Any]], need: tuple[int, int] = MIN_SIZE) -> None:
    """Resize through SIZES: at each, the screen is whole, or the notice stands where the screen needs more."""
    problems: dict[tuple[int, int], list[str]] = {}
    for width, height in SIZES:
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        await pilot.pause()
        small = width < need[0] or height < need[1]
        screen = pilot.app.screen
        if small != isinstance(screen, TooSmallScreen):
            problems[width, height] = [f"{type(screen).__name__} shown where {need[0]}x{need[1]} is needed"]
        elif not small and not isinstance(screen, opened):
            problems[width, height] = [f"{type(screen).__name__} shown, not {opened.__name__}"]
        elif found := faults(pilot.app):
            problems[width, height] = found
    assert not problems, "\n".join(f"{w}x{h}: {'; '.join(p)}" for (w, h), p in problems.items())


Opener = Callable[[Any, Any, Any], Awaitable[type[Screen[Any]]]]


async def push(pilot: Any, screen: Screen[Any]) -> type[Screen[Any]]:
    await pilot.app.push_screen(screen)
    await shown(pilot, type(screen))
    return type(screen)


async def start(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.start import StartScreen

    return type(await shown(pilot, StartScreen))


async def solo_results(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.results import ResultsScreen
    from boggle_tui.game.request import Roll, RoundRequest
    from boggle_tui.game.session import SoloSession

    session = SoloSession(RoundRequest(Roll(seed=42)), enable1.trie)
    session.start()
    for word in ("howl", "hot", "shawl", "wol", "zzz"):
        session.submit(word)
    session.end(EndReason.ENDED)
    return await push(pilot, ResultsScreen(session, None))


async def table_results(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.table_results import TableResultsScreen

    return await push(pilot, TableResultsScreen(a_table_round(enable1), None))


async def room_results(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.online_results import OnlineResultsScreen

    return await push(pilot, OnlineResultsScreen(a_room_round(enable1), None))


async def daily_results(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.daily_results import DailyResultsScreen

    return await push(pilot, DailyResultsScreen(a_daily_round(enable1), None, lambda _: "a word, as defined"))


async def lost_round(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.lost_round import LostRoundScreen

    return await push(pilot, LostRoundScreen(a_room_round(enable1)))


async def lobby(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.lobby import LobbyScreen

    return await push(pilot, LobbyScreen("friends", 2, "192.168.1.5:8765/friends", LOBBY))


async def question(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.confirm import ConfirmScreen

    return await push(pilot, ConfirmScreen("Quit this round? It will not be scored.", "Quit", "Keep playing"))


def by_key(key: str, screen_type: type[Screen[Any]]) -> Opener:
    """The screen a key of the start screen opens."""

    async def opener(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
        await pilot.press(key)
        return type(await shown(pilot, screen_type))

    return opener


async def party(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.party import PartyScreen

    return await push(pilot, PartyScreen("night", "192.168.1.5:8765/night", "http://192.168.1.5:8000/?join=x"))


async def day_table(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.daily_results import DayTableScreen

    session = a_daily_round(enable1)

    async def ask(friends: bool) -> Any:
        assert session.table is not None
        return session.table

    screen = DayTableScreen(ask, "boggle.example.org:8770")
    opened = await push(pilot, screen)
    await pilot.app.workers.wait_for_complete()
    assert screen.table is not None
    return opened


async def table_setup(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.table import TableScreen
    from boggle_tui.game.table import TableRules

    return await push(pilot, TableScreen(TableRules(3, "regular")))


async def report(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.report import ReportScreen

    refused = ["qwertyuiopasdfgh", "zzz"]
    return await push(pilot, ReportScreen("howl", refused, {w: w.upper() for w in ("howl", *refused)}))


async def code(pilot: Any, enable1: Any, tmp_path: Path) -> type[Screen[Any]]:
    from boggle_tui.app.screens.code import CodeScreen

    return await push(pilot, CodeScreen())


SCREENS: dict[str, Opener] = {
    "start": start,
    "solo results": solo_results,
    "table results": table_results,
    "room results": room_results,
    "daily results": daily_results,
    "lost round": lost_round,
    "lobby": lobby,
    "question": question,
    "help": by_key("f1", HelpScreen),
    "statistics": by_key("f2", StatsScreen),
    "study": by_key("f3", StudyScreen),
    "friends": by_key("f4", FriendsScreen),
    "party": party,
    "day's table": day_table,
    "table setup": table_setup,
    "report": report,
    "code": code,
}


def a_history(folder: Path) -> History:
    history = History.open(folder)
    for n in range(1, 12):
        history.record(record(n, score=n * 7))
    for word in ("howl", "hold", "awe", "hot", "when", "shawl", "rowdies"):
        study.add_card(history, word, "enable1", study.Source.HAND, dt.date(2026, 11, 20))
    return history


@pytest.mark.parametrize("name", list(SCREENS))
async def test_every_screen_draws_whole_at_every_size(enable1, popular, tmp_path, name: str) -> None:
    app, _ = make_app(enable1, popular, None, history=a_history(tmp_path / "history"))
    async with app.run_test(size=(100, 32)) as pilot:
        opened = await SCREENS[name](pilot, enable1, tmp_path)
        await check_every_size(pilot, opened)


async def test_the_round_draws_whole_at_every_size(enable1, popular) -> None:
    from boggle_tui.app.screens.round import RoundScreen

    app, _ = make_app(enable1, popular, SEED_42)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shown(pilot, RoundScreen)
        problems = []
        for width, height in SIZES:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            await pilot.pause()
            if isinstance(app.screen, TooSmallScreen):
                problems.append(f"{width}x{height}: too small, needs {app.screen.need}")
            elif found := faults(app):
                problems.append(f"{width}x{height}: {'; '.join(found)}")
        assert not problems and screen is app.screen, "\n".join(problems)


async def test_the_statistics_stack_their_standings_where_the_table_would_be_cut(enable1, popular, tmp_path) -> None:
    """On a phone the standings' table cut its headings ("pl…", "ave…"): there each kind of round stands over its
    figures, each named in full; where the table fits, it is the table, and a resize moves between the two."""
    from support import drawn

    app, _ = make_app(enable1, popular, None, history=a_history(tmp_path / "history"))
    async with app.run_test(size=(43, 42)) as pilot:
        await pilot.press("f2")
        stats = await shown(pilot, StatsScreen)
        standings = stats.query_one("#standings", Static)
        await pilot.pause()
        stacked = standings.render()
        assert isinstance(stacked, (Text, Content)), stacked
        lines = stacked.plain.splitlines()
        assert " · ".join(lines[1:3]).startswith("played 11 · best 77 · average 42.0 · found"), lines
        assert all(len(line) <= 43 for line in lines), lines  # broken between figures, never inside one
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.pause()
        headings = drawn(standings).splitlines()[0].split()  # the table's heading row, each heading whole
        assert headings == ["rounds", "of", "played", "best", "average", "found"], headings
