"""The game in a browser: `boggle web` served by textual-serve, driven by Playwright with Debian's chromium.

Skipped where chromium, Playwright or textual-serve is missing (the `[web]` extra and
`apt-get install chromium`). The tests read the screen's text from xterm's buffer (the page keeps its terminal
in `window.boggleTerminal`), look at the screenshots' pixels where the text says something is drawn, and read
what the game judged from the verdict log it writes when BOGGLE_VERDICT_LOG asks for one. BOGGLE_WEB_SHOTS names
a folder to keep the screenshots in.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from ports import free_port, free_ports

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytest.importorskip("textual_serve")
playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)")

# How long a tab may take to show what a step waits for: several games start at once, each a Python process drawing
# its first screen, and under the whole suite on two cores (4 workers) 30 s was once not enough for the last of them
# (a wait returns as soon as the screen shows it: only a failure waits this long).
WAIT = 90.0


def wait_for(condition, what: str, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


# Each screen the tests play on: (name, CSS width, height, devicePixelRatio, a touch screen). At a ratio of 3
# textual-serve's page (xterm's WebGL renderer) drew nothing, at 2 a quarter of the game (#26).
SCREENS = [
    ("phone-upright", 390, 844, 3, True),
    ("phone-on-its-side", 844, 390, 3, True),
    ("tablet", 820, 1180, 2, True),
    ("laptop", 1280, 800, 2, False),
]
# Chromium with WebGL (SwiftShader where there is no GPU) and without.
WEBGL = {
    "on": ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
    "off": ["--disable-webgl", "--disable-3d-apis"],
}
SCREEN_TEXT = """() => {
    const terminal = window.boggleTerminal, rows = [];
    if (!terminal || !terminal.element) return rows;  // the page is still loading
    const buffer = terminal.buffer.active;
    for (let y = 0; y < terminal.rows; y++) rows.push(buffer.getLine(y).translateToString());
    return rows;
}"""
DIE = re.compile(r"╭─+╮")  # a die's top (its face is a letter, or a large letter of blocks)


class Page:
    """A tab of the browser game: its terminal's text (xterm's buffer), where a cell is, and taps or clicks."""

    def __init__(self, page, touch: bool) -> None:
        self.page, self.touch = page, touch

    def text(self) -> list[str]:
        return self.page.evaluate(SCREEN_TEXT)

    def wait_for(self, found, what: str, seconds: float = WAIT) -> list[str]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            rows = self.text()
            if found(rows):
                return rows
            self.page.wait_for_timeout(200)
        raise AssertionError(f"timed out waiting for {what}; the screen shows:\n" + "\n".join(self.text()))

    def cell_box(self, column: int, row: int, columns: int = 1, rows: int = 1) -> dict[str, float]:
        """The CSS pixels of a block of cells."""
        screen = self.page.locator(".xterm-screen").bounding_box()
        terminal = self.page.evaluate("() => [window.boggleTerminal.cols, window.boggleTerminal.rows]")
        width, height = screen["width"] / terminal[0], screen["height"] / terminal[1]
        return {"x": screen["x"] + column * width, "y": screen["y"] + row * height,
                "width": columns * width, "height": rows * height}  # fmt: skip

    def place(self, label: str) -> tuple[int, int]:
        """The cell where `label` stands alone on its line, once it stays there (a screen's layout settles)."""
        pattern = re.compile(rf"(^|\s){re.escape(label)}(\s|$)")
        seen = None
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            rows = self.text()
            found = next(((m.start(), y) for y, line in enumerate(rows) for m in [pattern.search(line)] if m), None)
            if found is not None and found == seen:
                return found[0] + (rows[found[1]][found[0]] != label[0]), found[1]
            seen = found
            self.page.wait_for_timeout(300)
        raise AssertionError(f"{label!r} did not settle on the screen:\n" + "\n".join(self.text()))

    def press(self, label: str) -> None:
        """Tap (or click) the button whose label stands alone on its line."""
        column, row = self.place(label)
        box = self.cell_box(column, row, len(label))
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def drawn(self, box: dict[str, float]) -> float:
        """How much the pixels of a box differ (their standard deviation): 0 where nothing is drawn."""
        return spread(self.page.screenshot(clip=box))


def spread(png: bytes) -> float:
    """The standard deviation of an 8-bit RGB(A) PNG's grey levels (Chromium's screenshots): no imaging library
    for one number."""
    chunks, at = {}, 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        chunks.setdefault(kind, b"")
        chunks[kind] += png[at + 8 : at + 8 + length]
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert depth == 8 and colour in (2, 6), (depth, colour)
    step = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(chunks[b"IDAT"]), width * step
    previous, greys = bytearray(stride), []
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
                line[i] = (line[i] + near[2]) & 255
        greys.extend(sum(line[x : x + 3]) // 3 for x in range(0, stride, step))
        previous = line
    mean = sum(greys) / len(greys)
    return (sum((g - mean) ** 2 for g in greys) / len(greys)) ** 0.5


def keyed(rows: list[str]) -> bool:
    """Whether the footer is drawn, its keys on the last row: a screen's footer comes a frame after the screen, and
    a resized terminal shows the rows of the screen before until the game draws again."""
    return bool(rows) and rows[-1].rstrip().endswith("Commands")


def check_drawn(tab: Page, rows: list[str], what: str, shots: Path) -> None:
    """The whole terminal is drawn, to its last cell: the footer's last words at the bottom right (a page drawn at
    the wrong scale leaves that corner blank) and the board's dice; the terminal fits the window."""
    page = tab.page
    viewport = page.viewport_size
    screen = page.locator(".xterm-screen").bounding_box()
    assert screen["x"] >= 0 and screen["y"] >= 0, what
    assert screen["x"] + screen["width"] <= viewport["width"] + 1, (what, screen, viewport)
    assert screen["y"] + screen["height"] <= viewport["height"] + 1, (what, screen, viewport)
    page.screenshot(path=shots / f"{what}.png")
    last = len(rows) - 1
    words = rows[last].rstrip()
    end = len(words)
    begin = max(words.rfind(" ", 0, end - 1) + 1, 0)
    corner = tab.cell_box(begin, last, end - begin)
    assert tab.drawn(corner) > 8, f"{what}: the bottom right ({words[begin:]!r}) is not drawn"
    dice = [(y, match) for y, line in enumerate(rows) for match in DIE.finditer(line)]
    for y, match in (dice[0], dice[-1]) if dice else ():  # the board's first and last dice
        box = tab.cell_box(match.start(), y, match.end() - match.start(), 3)
        assert tab.drawn(box) > 8, f"{what}: the die at row {y}, column {match.start()} is not drawn"


@pytest.fixture(scope="module")
def web_game(tmp_path_factory):
    """One `boggle web` for the module's tests, writing the verdicts its games give to a log."""
    folder = tmp_path_factory.mktemp("web")
    port = free_port()
    log = folder / "verdicts.log"
    env = {**os.environ, "BOGGLE_VERDICT_LOG": str(log), "BOGGLE_DATA_DIR": str(folder / "data")}
    # The lists compiled once, before the tabs: four games started at once on a cold cache (a fresh CI machine)
    # each compiled them side by side, and the last one's board took longer than a tab's wait.
    warm = "from boggle_tui.engine.dictionary import load_dictionary as load; load('enable1'); load('popular')"
    subprocess.run([sys.executable, "-c", warm], env=env, check=True, timeout=300)
    server = subprocess.Popen(
        [sys.executable, "-m", "boggle_tui", "web", "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_for(lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0, "boggle web to listen")
        yield f"http://127.0.0.1:{port}", log, folder
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.parametrize("webgl", ["on", "off"])
def test_the_game_is_drawn_whole_and_played_by_touch_at_every_pixel_ratio(web_game, webgl: str) -> None:
    """On each screen: the start screen drawn whole, Play tapped (clicked on the laptop), a word typed and
    submitted with the round's touch button (Enter on the laptop), and its verdict shown, the board drawn whole."""
    url, log, folder = web_game
    shots = Path(os.environ.get("BOGGLE_WEB_SHOTS", folder))  # where the screenshots go, to look at
    shots.mkdir(parents=True, exist_ok=True)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", *WEBGL[webgl]])
        tabs = {}
        for name, width, height, ratio, touch in SCREENS:  # every game starts at once: they start in parallel
            context = browser.new_context(
                viewport={"width": width, "height": height}, device_scale_factor=ratio, is_mobile=touch,
                has_touch=touch,
            )  # fmt: skip
            tabs[name] = Page(context.new_page(), touch)
            tabs[name].page.goto(url)
        first = next(iter(tabs.values())).page
        has_webgl = first.evaluate("() => !!document.createElement('canvas').getContext('webgl2')")
        assert has_webgl == (webgl == "on")  # the flags did what they say
        for n, (name, *_size, touch) in enumerate(SCREENS):
            tab, what = tabs[name], f"{name}-webgl-{webgl}"
            ratio = tab.page.evaluate("() => window.devicePixelRatio")
            assert ratio == _size[2], (what, ratio)
            rows = tab.wait_for(
                lambda rows: any("Word list" in row for row in rows) and keyed(rows), f"{what}: the start screen"
            )
            check_drawn(tab, rows, f"{what}-start", shots)
            tab.press("Play")
            rows = tab.wait_for(lambda rows: len(DIE.findall("\n".join(rows))) == 16, f"{what}: the board")
            word = "qzx" + "abcdefgh"[n] + ("a" if webgl == "on" else "b")  # never on a board, never a word
            tab.page.keyboard.type(word)
            if touch:
                tab.press("Submit")
            else:
                tab.page.keyboard.press("Enter")
            rows = tab.wait_for(
                lambda rows, word=word: any(f"✗ {word.upper()}" in row for row in rows) and keyed(rows),
                f"{what}: the verdict",
            )
            check_drawn(tab, rows, f"{what}-round", shots)
            if n == 0:  # a phone held upright: its results stacked, the required words' line whole (#37, #39)
                tab.page.keyboard.press("Control+g")
                tab.wait_for(lambda rows: any("End this round" in row for row in rows), f"{what}: the question")
                tab.page.keyboard.press("y")
                rows = tab.wait_for(
                    lambda rows: (
                        any(row.strip() == "You ended the round" for row in rows)  # stacked: whole
                        and any(row.strip().startswith("Required ") for row in rows)
                    ),
                    f"{what}: the results stacked",
                )
                tab.page.screenshot(path=shots / f"{what}-results.png")
        browser.close()
    verdicts = dict(line.split("\t") for line in log.read_text().splitlines())
    for n in range(len(SCREENS)):
        word = "qzx" + "abcdefgh"[n] + ("a" if webgl == "on" else "b")
        assert verdicts[word] in ("not on the board", "not a word"), word


def test_a_phone_with_its_keyboard_up_plays_and_reads_its_results_by_touch(web_game) -> None:
    """#39: a phone held upright (390x844 at ratio 3) whose keyboard takes half its height (a visible part of
    390x420) keeps playing: the start screen, the round, its verdict and the results are each drawn whole with the
    keyboard up, never the "too small" notice; the keyboard down, the round's End button and the question's are
    tapped; on its side (844x390) the results are whole again."""
    url, log, folder = web_game
    shots = Path(os.environ.get("BOGGLE_WEB_SHOTS", folder))
    shots.mkdir(parents=True, exist_ok=True)
    up, down, side = {"width": 390, "height": 420}, {"width": 390, "height": 844}, {"width": 844, "height": 390}

    def whole(rows: list[str]) -> bool:
        return not any("too small" in row for row in rows)

    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", *WEBGL["off"]])
        context = browser.new_context(viewport=down, device_scale_factor=3, is_mobile=True, has_touch=True)
        tab = Page(context.new_page(), touch=True)
        tab.page.goto(url)
        tab.wait_for(lambda rows: any("Word list" in row for row in rows), "the start screen")
        tab.page.set_viewport_size(up)  # the keyboard comes up: the page keeps to the part above it
        rows = tab.wait_for(
            lambda rows: len(rows) < 24 and any(r.strip() == "Play" for r in rows) and keyed(rows), "Play, keys"
        )
        assert whole(rows), "\n".join(rows)
        check_drawn(tab, rows, "keyboard-up-start", shots)
        tab.press("Play")
        rows = tab.wait_for(lambda rows: len(DIE.findall("\n".join(rows))) == 16, "the board, keyboard up")
        word = "qzxkb"  # never on a board, never a word
        tab.page.keyboard.type(word)
        tab.page.keyboard.press("Enter")  # the phone keyboard's own Enter: the touch buttons give way to it
        rows = tab.wait_for(
            lambda rows: any(f"✗ {word.upper()}" in row for row in rows) and keyed(rows), "the verdict and keys"
        )
        assert whole(rows), "\n".join(rows)
        check_drawn(tab, rows, "keyboard-up-round", shots)
        tab.page.set_viewport_size(down)  # the keyboard goes down: the touch buttons come back
        tab.wait_for(lambda rows: any("Submit" in row for row in rows), "the touch buttons")
        tab.press("End")
        tab.wait_for(lambda rows: any("End this round" in row for row in rows), "the question")
        tab.press("End round")
        tab.wait_for(lambda rows: any(row.strip() == "You ended the round" for row in rows), "the results")
        tab.page.set_viewport_size(up)
        rows = tab.wait_for(
            lambda rows: len(rows) < 24 and any(row.strip() == "You ended the round" for row in rows) and keyed(rows),
            "the results, keyboard up",
        )
        assert whole(rows) and any("Board code" in row for row in rows), "\n".join(rows)
        check_drawn(tab, rows, "keyboard-up-results", shots)
        tab.page.set_viewport_size(side)
        rows = tab.wait_for(lambda rows: len(rows[0]) > 60 if rows else False, "the results on its side")
        rows = tab.wait_for(
            lambda rows: any("You ended the round" in row for row in rows) and keyed(rows), "the outcome on its side"
        )
        assert whole(rows), "\n".join(rows)
        check_drawn(tab, rows, "on-its-side-results", shots)
        browser.close()
    verdicts = dict(line.split("\t") for line in log.read_text().splitlines())
    assert verdicts[word] in ("not on the board", "not a word")


@contextlib.contextmanager
def web_and_room_servers(tmp_path: Path) -> Iterator[tuple[int, int, Path, dict[str, str]]]:
    """`boggle web` and a room server on free ports, sharing one data folder (as the tabs of 127.0.0.1 do): their
    ports, the room server's log and the environment they run in; both stopped at the end."""
    web_port, room_port = free_ports(2)
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path / "data")}
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
        yield web_port, room_port, log, env
    finally:
        web.terminate()
        room_server.terminate()
        web.wait(10)
        room_server.wait(10)


def test_two_tabs_opened_by_a_link_sit_in_one_room_under_their_own_names(tmp_path: Path) -> None:
    """Every tab once read the same saved token and played under the first tab's name. Each link here names
    its player (`&name=`), so the tabs join at once: typing a name raced the game's start (a key could reach
    the start screen before Play with friends opened)."""
    with web_and_room_servers(tmp_path) as (web_port, room_port, log, _env), playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        tabs = [browser.new_page(viewport={"width": 1100, "height": 760}) for _ in range(2)]
        for name, tab in zip(("tabone", "tabtwo"), tabs, strict=True):  # each link names its player: no typing
            tab.goto(f"http://127.0.0.1:{web_port}/?join=127.0.0.1:{room_port}/tabs&name={name}")
        for name in ("tabone", "tabtwo"):
            wait_for(lambda name=name: f"'{name}' joined" in log.read_text(), f"{name} in the room", 90)
        browser.close()
    joined = [line for line in log.read_text().splitlines() if "joined" in line]
    assert len(joined) == 2 and "(2 here)" in joined[1]  # two seats, two names


def test_a_phone_with_its_keyboard_up_reads_the_lobby_and_readies_by_touch(tmp_path: Path) -> None:
    """#39: the lobby on a phone held upright with its keyboard up (390x420 at ratio 3): every player named, Ready
    tapped in the footer, and the round that follows drawn whole."""
    with web_and_room_servers(tmp_path) as (web_port, room_port, log, env):
        seat = subprocess.Popen(  # bo is in the room first: a lobby of two, each named
            [sys.executable, "-m", "boggle_tui", "join", f"127.0.0.1:{room_port}/night", "--plain", "--name", "bo"],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            wait_for(lambda: "'bo' joined" in log.read_text(), "bo in the room")
            with playwright.sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", *WEBGL["off"]])
                context = browser.new_context(viewport={"width": 390, "height": 420}, device_scale_factor=3,
                                              is_mobile=True, has_touch=True)  # fmt: skip
                tab = Page(context.new_page(), touch=True)
                tab.page.goto(f"http://127.0.0.1:{web_port}/?join=127.0.0.1:{room_port}/night&name=ada")
                rows = tab.wait_for(lambda rows: any("ada · you" in r for r in rows) and keyed(rows), "the lobby")
                names = [row.split()[1] for row in rows if row.lstrip("│ ").startswith(("ada", "bo "))]
                assert not any("too small" in row for row in rows) and len(names) == 2, "\n".join(rows)
                check_drawn(tab, rows, "keyboard-up-lobby", Path(os.environ.get("BOGGLE_WEB_SHOTS", tmp_path)))
                tab.press("Ready")  # the footer's key: the lobby's own buttons are further down its box
                tab.wait_for(lambda rows: any("ada · you" in r and "not yet" not in r for r in rows), "ada ready")
                seat.stdin.write(b"ready\n")  # type: ignore[union-attr]
                seat.stdin.flush()  # type: ignore[union-attr]
                rows = tab.wait_for(
                    lambda rows: len(DIE.findall("\n".join(rows))) == 16 and keyed(rows), "the round and its keys"
                )
                check_drawn(tab, rows, "keyboard-up-room-round", Path(os.environ.get("BOGGLE_WEB_SHOTS", tmp_path)))
                browser.close()
        finally:
            seat.terminate()
            seat.wait(10)


def test_a_tab_for_the_tv_shows_the_party_screen_with_the_room_s_qr_code(tmp_path: Path) -> None:
    """`?party=ADDRESS/ROOM`: the party screen (boggle party) in a browser tab at a TV's size, with the QR code of
    this page's own link into the room, as a spectator of the room (the server's log says so)."""
    with web_and_room_servers(tmp_path) as (web_port, room_port, log, env):
        seat = subprocess.Popen(  # ann makes the room (a party screen watches a room, it never makes one)
            [sys.executable, "-m", "boggle_tui", "join", f"127.0.0.1:{room_port}/night", "--plain", "--name", "ann"],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_for(lambda: "'ann' joined" in log.read_text(), "ann in the room")
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1600, "height": 900})
            page.goto(f"http://127.0.0.1:{web_port}/?join=x&party=127.0.0.1:{room_port}/night")
            tab = Page(page, touch=False)
            rows = tab.wait_for(lambda rows: any("waiting for the first round" in r for r in rows), "the party screen")
            text = "\n".join(rows)
            assert "Room night" in text and "0 of 1 ready" in text
            squashed = re.sub(r"\s+", "", text)  # the side column wraps the long lines
            assert f"bogglejoin127.0.0.1:{room_port}/night" in squashed
            assert f"127.0.0.1:{web_port}/?join=127.0.0.1:{room_port}" in squashed
            code = [y for y, row in enumerate(rows) if "▀▀▀▀▀▀▀" in row]  # the finder patterns' lower edges
            assert len(code) >= 2, text
            column = rows[code[0]].index("▀▀▀▀▀▀▀")
            assert tab.drawn(tab.cell_box(column, code[0] - 3, 7, 3)) > 0  # its squares are drawn, not only text
            wait_for(lambda: "watches" in log.read_text(), "the party screen watching the room", 30)
            if shots := os.environ.get("BOGGLE_WEB_SHOTS"):
                page.screenshot(path=str(Path(shots) / "party-tv.png"))
            browser.close()
        seat.terminate()
        seat.wait(10)
