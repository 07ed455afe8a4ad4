"""Draw the README's pictures: the game as it looks, headless, on seeded boards and a clock of its own.

    python tools/screenshots.py            # writes docs/screenshots/*.svg

Each picture is Textual's own SVG export of a real screen (as the snapshot tests draw them): a round in play,
its results, a room's lobby with friends in it, and a round in German. Nothing here is mocked but the clock.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"
SIZE = (100, 32)

scratch = Path(tempfile.mkdtemp(prefix="boggle-screenshots-"))
os.environ.setdefault("BOGGLE_DATA_DIR", str(scratch / "data"))  # never the player's own history
os.environ["LANG"] = "C.UTF-8"

from boggle_tui.app.app import BoggleApp  # noqa: E402
from boggle_tui.app.launch import AT_START, Round  # noqa: E402
from boggle_tui.app.online import OnlinePlay, OnlineTarget  # noqa: E402
from boggle_tui.app.screens.lobby import LobbyScreen  # noqa: E402
from boggle_tui.app.screens.results import ResultsScreen  # noqa: E402
from boggle_tui.app.screens.round import RoundScreen  # noqa: E402
from boggle_tui.game.request import Roll, RoundRequest  # noqa: E402
from boggle_tui.game.rules import Rules  # noqa: E402
from boggle_tui.i18n import use_language  # noqa: E402


class Clock:
    """The app's clock, moved by the script: a round's time passes only when it says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def wall() -> dt.datetime:
    return dt.datetime(2026, 11, 27, 20, 0, tzinfo=dt.UTC)


async def until(pilot: Any, condition: Callable[[], object]) -> None:
    for _ in range(500):
        if condition():
            return
        await pilot.pause(0.02)
    raise RuntimeError("the screen never came")


Scene = Callable[[Any, BoggleApp, Clock], Awaitable[None]]


async def draw(name: str, scene: Scene, request: RoundRequest | None = None) -> None:
    clock = Clock()
    app = BoggleApp(launch=AT_START if request is None else Round(request), now=clock, wall=wall)
    async with app.run_test(size=SIZE) as pilot:
        await scene(pilot, app, clock)
        await pilot.pause()
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / f"{name}.svg").write_text(app.export_screenshot(title="boggle"), encoding="utf-8")
    print(f"wrote {(OUT / f'{name}.svg').relative_to(ROOT)}")


async def playing(pilot: Any, app: BoggleApp, clock: Clock) -> None:
    await until(pilot, lambda: isinstance(app.screen, RoundScreen))
    for word in ("tine", "tonier", "shawl", "howled"):
        await pilot.press(*word, "enter")
    clock.now += 47
    await pilot.press(*"holde")


async def results(pilot: Any, app: BoggleApp, clock: Clock) -> None:
    await until(pilot, lambda: isinstance(app.screen, RoundScreen))
    for word in ("tine", "tonier", "shawl", "howled", "lowed", "sawed", "heron"):
        await pilot.press(*word, "enter")
    clock.now += 181
    await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
    clock.now += 5  # past the moment in which the results take no keys
    await pilot.press("down", "down")


async def room(pilot: Any, app: BoggleApp, clock: Clock) -> None:
    from websockets.asyncio.client import connect

    from boggle_tui.net import messages as m

    lobby = await _lobby(pilot, app)
    server = app.online.server if app.online is not None else None
    assert server is not None
    port = next(iter(server._server.sockets)).getsockname()[1]
    friends = []
    for name in ("bob", "carol"):
        ws = await connect(f"ws://127.0.0.1:{port}")
        await ws.send(m.encode(m.Hello(version=m.VERSION, name=name, room="evening")))
        friends.append(ws)
    await until(pilot, lambda: len(lobby.lobby.players) == 3)
    await friends[0].send(m.encode(m.Ready(ready=True)))
    await friends[1].send(m.encode(m.Say(text="ready when you are!")))
    await until(pilot, lambda: lobby.chat)
    await pilot.pause()
    app._friends = friends  # type: ignore[attr-defined]  # kept open until the picture is taken


async def _lobby(pilot: Any, app: BoggleApp) -> LobbyScreen:
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    await until(pilot, lambda: screen.lobby.players)
    return screen


async def main() -> None:
    await draw("round", playing, RoundRequest(Roll(seed=42), Rules(seconds=180)))
    await draw("results", results, RoundRequest(Roll(seed=42), Rules(seconds=180)))
    address = "boggle.lan:8765/evening"  # as a friend on the network would type it
    target = OnlineTarget(url="", room="evening", name="alice", serve=("127.0.0.1", 0), address=address, detached=False)
    clock = Clock()
    app = BoggleApp(now=clock, wall=wall)
    app.online = OnlinePlay(app, target, app.show, clock, scratch / "room", app.online_round)
    async with app.run_test(size=SIZE) as pilot:
        await room(pilot, app, clock)
        (OUT / "room.svg").write_text(app.export_screenshot(title="boggle"), encoding="utf-8")
    print("wrote docs/screenshots/room.svg")
    await party()
    use_language("de")
    await draw("german", playing_german, RoundRequest(Roll("de", seed=6), Rules(dictionary="de", seconds=180)))


async def party() -> None:
    """A team's round on the party screen at 160x45, 1:12 left: a room in this process (net/room.py, no socket)
    whose messages reach the screen as a spectator's game hands them on."""
    import random

    from boggle_tui.app.screens.party import PartyScreen
    from boggle_tui.engine.dictionary import load_dictionary
    from boggle_tui.engine.scoring import score
    from boggle_tui.game.rules import Scoring
    from boggle_tui.net import messages as m
    from boggle_tui.net.room import COUNTDOWN, Room
    from boggle_tui.net.session import OnlineSession

    clock = Clock()
    enable1 = load_dictionary("enable1")
    rules = Rules(seconds=180, scoring=Scoring.TEAM, seed=42)
    room = Room("night", rules, lambda *_: enable1, now=clock, rng=random.Random(1))
    screen = PartyScreen("night", "boggle.lan:8765/night", "http://boggle.lan:8000/?join=boggle.lan:8765/night")
    tv, _ = room.spectate("TV")
    sessions: list[OnlineSession] = []

    def deliver(sends: list[Any]) -> None:
        for s in sends:
            if s.to is None or tv.id in s.to:
                message = m.decode_server(s.text)
                if isinstance(message, m.Lobby):
                    screen.show_lobby(message)
                elif isinstance(message, m.Start):
                    sessions.append(OnlineSession(message, "night", tv.id, lambda _: None, now=clock))
                    screen.show_round(sessions[-1])
                elif sessions:
                    sessions[-1].apply(message)

    players = [room.join(name)[0] for name in ("alice", "bob", "carol")]
    for player in players:
        room.set_ready(player, True)
    clock.now += COUNTDOWN
    app = BoggleApp(now=clock, wall=wall)
    async with app.run_test(size=(160, 45)) as pilot:
        await app.push_screen(screen)
        deliver(room.tick())
        words = sorted(room.solution.paths, key=lambda w: (score(w), w))
        for n, word in enumerate(words[: 3 * 7]):
            clock.now += 5
            deliver(room.enter(players[n % 3], n, word))
        await pilot.pause(0.5)
        (OUT / "party.svg").write_text(app.export_screenshot(title="boggle party"), encoding="utf-8")
    print("wrote docs/screenshots/party.svg")


async def playing_german(pilot: Any, app: BoggleApp, clock: Clock) -> None:
    await until(pilot, lambda: isinstance(app.screen, RoundScreen))
    screen = app.screen
    assert isinstance(screen, RoundScreen)
    words = sorted(screen.session.round.solution.paths, key=lambda w: (w.isascii(), -len(w), w))[:3]  # ä first  # type: ignore[attr-defined]
    for word in words:
        await pilot.press(*word, "enter")
    clock.now += 30
    screen.tick()


if __name__ == "__main__":
    asyncio.run(main())
