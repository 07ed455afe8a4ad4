"""The game in a browser: `boggle web` served by textual-serve, driven by Playwright with Debian's chromium.

Skipped where chromium, Playwright or textual-serve is missing (the `[web]` extra and
`apt-get install chromium`). The page is a canvas, so the test reads what the game judged
from the verdict log the game writes when BOGGLE_VERDICT_LOG asks for one.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytest.importorskip("textual_serve")
playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)")

WAIT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition, what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_word_typed_in_the_browser_reaches_the_game(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "verdicts.log"
    env = {**os.environ, "BOGGLE_VERDICT_LOG": str(log), "BOGGLE_DATA_DIR": str(tmp_path / "data")}
    server = subprocess.Popen(
        [sys.executable, "-m", "boggle_tui", "web", "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_for(lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0, "boggle web to listen")
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"http://127.0.0.1:{port}")
            page.wait_for_timeout(6000)  # the game process starts and draws its start screen
            page.mouse.click(20, 20)  # focus the page on an empty corner: the Play button keeps the focus
            page.keyboard.press("Enter")  # Play: a timed round on the start screen's defaults
            page.wait_for_timeout(3000)
            page.keyboard.type("qzx")  # never on any board, never a word
            page.keyboard.press("Enter")
            wait_for(lambda: log.exists() and "qzx\t" in log.read_text(), "the game's verdict on the browser's word")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    word, verdict = log.read_text().splitlines()[0].split("\t")
    assert word == "qzx" and verdict in ("not on the board", "not a word")


def test_two_tabs_opened_by_a_link_sit_in_one_room_under_their_own_names(tmp_path: Path) -> None:
    """Every tab once read the same saved token and played under the first tab's name. Each link here names
    its player (`&name=`), so the tabs join at once: typing a name raced the game's start (a key could reach
    the start screen before Play with friends opened)."""
    web_port, room_port = free_port(), free_port()
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path / "data")}  # one data folder for both tabs, as on 127.0.0.1
    log = tmp_path / "server.log"
    with log.open("w") as errors:
        room_server = subprocess.Popen(
            [sys.executable, "-m", "boggle_tui", "server", "--port", str(room_port)], env=env, stderr=errors
        )
    web = subprocess.Popen(
        [sys.executable, "-m", "boggle_tui", "web", "--port", str(web_port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for port in (web_port, room_port):
            wait_for(lambda port=port: socket.socket().connect_ex(("127.0.0.1", port)) == 0, "the servers")
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            tabs = [browser.new_page(viewport={"width": 1100, "height": 760}) for _ in range(2)]
            for name, tab in zip(("tabone", "tabtwo"), tabs, strict=True):  # each link names its player: no typing
                tab.goto(f"http://127.0.0.1:{web_port}/?join=127.0.0.1:{room_port}/tabs&name={name}")
            for name in ("tabone", "tabtwo"):
                wait_for(lambda name=name: f"'{name}' joined" in log.read_text(), f"{name} in the room", 90)
            browser.close()
    finally:
        web.terminate()
        room_server.terminate()
        web.wait(10)
        room_server.wait(10)
    joined = [line for line in log.read_text().splitlines() if "joined" in line]
    assert len(joined) == 2 and "(2 here)" in joined[1]  # two seats, two names
