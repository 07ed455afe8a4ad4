"""`boggle web` as a server (no browser needed): its cap on games, the page it shows when full, links into rooms."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ports import free_port
from support import make_app, shown, until

from boggle_tui.app.launch import AtStart
from boggle_tui.app.screens.friends import FriendsScreen
from boggle_tui.cli.web import browser_language, invited_address, invited_name
from boggle_tui.net.address import join_link

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")


async def wait_until_listening(port: int, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        await asyncio.sleep(0.05)
    raise AssertionError("boggle web did not listen")


async def test_boggle_web_caps_its_games_and_says_so_when_full(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path / "data")}
    server = subprocess.Popen(
        [sys.executable, "-m", "boggle_tui", "web", "--port", str(port), "--max-games", "1"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        await wait_until_listening(port)
        url = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as http:
            async with http.get(url) as page:
                assert page.status == 200
            async with http.ws_connect(f"{url}/ws?width=80&height=24") as game:  # one tab plays
                await asyncio.wait_for(game.receive(), 30)  # the game process talks: it is running
                async with http.get(url) as page:
                    assert page.status == 503 and "Boggle is full" in await page.text()
                async with http.ws_connect(f"{url}/ws") as refused:
                    message = await asyncio.wait_for(refused.receive(), 10)
                    assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            for _ in range(200):  # the tab closed: its game ends and the place is free again (at most 10 s)
                async with http.get(url) as page:
                    if page.status == 200:
                        break
                await asyncio.sleep(0.05)
            assert page.status == 200
    finally:
        server.terminate()
        server.wait(10)


async def test_the_page_is_the_games_own_and_fetches_nothing_from_elsewhere(tmp_path: Path) -> None:
    """boggle web's page (cli/web_page/): a phone's viewport, xterm.js served by the game itself with its licence,
    a switch for screen readers, and no address of another host (textual-serve's page fetched Google's fonts)."""
    port = free_port()
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path / "data")}
    server = subprocess.Popen(
        [sys.executable, "-m", "boggle_tui", "web", "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        await wait_until_listening(port)
        url = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as http:
            async with http.get(url) as page:
                text = await page.text()
            assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
            assert 'id="reader"' in text and "Screen reader" in text
            for fetched in re.findall(r'(?:src|href)="([^"]+)"', text):
                assert fetched.startswith("/"), fetched  # this server's own
            for path in ("/page/xterm/xterm.js", "/page/xterm/LICENSE.xterm", "/page/boggle.js", "/page/boggle.css"):
                async with http.get(url + path) as served:
                    assert served.status == 200, path
    finally:
        server.terminate()
        server.wait(10)


def test_a_link_names_a_room_and_nothing_else() -> None:
    link = join_link("http://192.168.1.5:8000", "192.168.1.5:8765/Xq3vK9")
    assert link == "http://192.168.1.5:8000/?join=192.168.1.5:8765/Xq3vK9"
    assert invited_address("192.168.1.5:8765/Xq3vK9") == "192.168.1.5:8765/Xq3vK9"
    for hostile in ("x; rm -rf ~", "$(reboot)/room", "host:8765", "h:1/" + "a" * 300, "", None):
        assert invited_address(hostile) is None, hostile


@pytest.mark.parametrize(
    ("header", "language"),
    [("de-DE,de;q=0.9,en;q=0.8", "de"), ("ja,pl;q=0.5,fr;q=0.7", "fr"), ("en-GB", "en"), ("pt-BR", "pt"),
     ("ja, zh;q=0.9", None), ("", None), (None, None), ("de;q=x,es", "es"), ("x" * 600, None)],
)  # fmt: skip
def test_a_tab_speaks_the_first_of_its_browsers_languages_the_game_speaks(header, language) -> None:
    assert browser_language(header) == language


def test_a_name_in_a_link_is_cleaned_as_any_name_and_can_never_be_a_path() -> None:
    assert invited_name("fay") == "fay"
    assert invited_name("\x1b]0;pwned\x07fay") == "]0;pwnedfay"  # control characters go, as from any player
    for hostile in ("a/b", "..", ".", "\x1b\x07", "x" * 201, "", None):
        assert invited_name(hostile) is None, hostile


async def test_a_link_opens_play_with_friends_for_its_room(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    app.launch = AtStart(invite="127.0.0.1:8765/friends")
    async with app.run_test() as pilot:
        dialog = await shown(pilot, FriendsScreen)
        assert dialog.query_one("#friends-address").value == "127.0.0.1:8765/friends"
        assert app.focused is dialog.query_one("#friends-name")  # only the name is asked


async def test_a_link_that_names_the_player_joins_at_once(enable1, popular) -> None:
    app, _ = make_app(enable1, popular, None)
    app.launch = AtStart(invite="127.0.0.1:9/friends", invited_as="fay")  # nothing listens on port 9: no join
    joined: list[object] = []
    app.go_online = joined.append  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await until(pilot, lambda: joined, "the join")
        assert not isinstance(app.screen, FriendsScreen)  # no dialog: the link said who and where
    assert [(c.name, c.join) for c in joined] == [("fay", "127.0.0.1:9/friends")]  # type: ignore[attr-defined]


def descendants(pid: int) -> list[int]:
    """The processes started by `pid`, and by them, as /proc lists them."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads a game's environment in /proc")
async def test_a_public_web_servers_games_host_nothing_and_join_only_its_rooms(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path / "data")}
    server = subprocess.Popen(  # 127.0.0.2: not the machine's own user's address, so its visitors are strangers
        [sys.executable, "-m", "boggle_tui", "web", "--host", "127.0.0.2", "--port", str(port),
         "--rooms", "127.0.0.1:9"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.2", port)) == 0:
                    break
            await asyncio.sleep(0.05)
        async with aiohttp.ClientSession() as http, http.ws_connect(f"http://127.0.0.2:{port}/ws") as game:
            await asyncio.wait_for(game.receive(), 30)  # the tab's game is running
            environments = []
            for pid in descendants(server.pid):
                with contextlib.suppress(OSError):
                    environments.append(Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"))
            games = [e for e in environments if any(v.startswith(b"BOGGLE_TAB_DATA=") for v in e)]
            assert games and all(b"BOGGLE_SERVED_ROOMS=127.0.0.1:9" in e for e in games)
    finally:
        server.terminate()
        server.wait(10)
