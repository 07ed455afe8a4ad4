"""`boggle ssh-server`: the game over ssh, played through a real client (asyncssh's; OpenSSH's where installed).

The end-to-end tests run the command itself and play the real game, reading its screen from the
terminal output with the escape sequences taken out. The others serve a small stand-in game (a few
lines of Python on the same pty) to check the server's own rules quickly: sizes, limits, idle time,
who keeps which folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from ports import free_port
from support import FakeTime, until_true

import boggle_tui.net
from boggle_tui.cli.main import main
from boggle_tui.cli.play import ssh_notice
from boggle_tui.engine.errors import BoggleError
from boggle_tui.net.ssh_game import (
    DEFAULT_TERM,
    MAX_SIDE,
    PLAYER_VARIABLE,
    Limits,
    Seats,
    game_environment,
    window,
)

asyncssh = pytest.importorskip("asyncssh")

from boggle_tui.net.ssh import SshServer, _Connection, fingerprint, host_key, serve  # noqa: E402  (needs asyncssh)

WAIT = 60.0  # a real game's start on a busy machine
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1bP[^\x1b]*\x1b\\|\x1b.")
MOVES = re.compile(rb"\x1b\[[0-9;]*[Hf]")
F2 = "\x1bOQ"
CTRL_G = "\x07"


def screen_text(raw: bytes) -> str:
    """The words a terminal would show: each cursor move a line break, every other escape sequence gone."""
    return ESCAPES.sub(b"", MOVES.sub(b"\n", raw)).decode("utf-8", "replace")


class Screen:
    """A shell session's output, read until the words looked for are on it."""

    def __init__(self, process: Any) -> None:
        self.process = process
        self.raw = b""

    async def until(self, *words: str, seconds: float = WAIT) -> str:
        deadline = time.monotonic() + seconds
        while not all(word in screen_text(self.raw) for word in words):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"never shown: {words}; last: {screen_text(self.raw)[-1500:]!r}")
            chunk = await asyncio.wait_for(self.process.stdout.read(65536), left)
            if not chunk:
                raise AssertionError(f"the session ended before {words}: {screen_text(self.raw)[-1500:]!r}")
            self.raw += chunk
        return screen_text(self.raw)

    def since(self) -> Screen:
        """From here on: what was shown before is forgotten."""
        self.raw = b""
        return self

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())


async def listening(port: int, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        await asyncio.sleep(0.05)
    raise AssertionError("boggle ssh-server did not listen")


class KeylessClient(asyncssh.SSHClient):
    """Asks for the keyboard-interactive login (OpenSSH's does by itself) and answers its questions: none."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> list[str]:
        return []


def connect(port: int, key: Any = None, source: str = "127.0.0.1") -> Any:
    """A client with `key`, or with none (then the keyboard-interactive login that asks nothing), from `source`
    (another loopback address is another address to the server)."""
    return asyncssh.connect(
        "127.0.0.1", port, username="player", known_hosts=None, client_keys=[key] if key else [],
        agent_path=None, config=[], client_factory=KeylessClient, local_addr=(source, 0),
    )  # fmt: skip


async def shell(conn: Any, size: tuple[int, int] = (110, 34)) -> Screen:
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    return Screen(process)


@contextlib.contextmanager
def ssh_server_command(tmp_path: Path, *flags: str) -> Any:
    """`boggle ssh-server` on a free port, its data in tmp_path."""
    port = free_port()
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path / "data")}
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "boggle_tui", "ssh-server", "--port", str(port), *flags], env=env, stderr=log
    )
    try:
        yield port
    finally:
        server.terminate()
        assert server.wait(10) == 0
        log.close()


# The real game, through the command.


async def test_a_player_with_a_key_plays_a_round_and_finds_it_in_their_history_next_time(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    with ssh_server_command(tmp_path) as port:
        await listening(port)
        async with connect(port, key) as conn:
            screen = await shell(conn)
            await screen.until("Play with friends", "kept for your key")
            screen.since().press("\r")  # Play: a timed round on the defaults
            await screen.until("type a word")
            screen.since().press(CTRL_G)
            await screen.until("End this round now?")
            screen.since().press("y")
            await screen.until("You ended the round", "Missed")
        async with connect(port, key) as conn:  # the same key: the same player
            screen = await shell(conn)
            await screen.until("Play with friends")
            screen.since().press(F2)
            shown = await screen.until("Statistics", "timed")
            assert "No rounds played yet" not in shown
            assert re.search(r"timed\s+1\b", shown), shown[-1500:]
    players = list((tmp_path / "data" / "ssh-server" / "players").iterdir())
    assert len(players) == 1 and (players[0] / "history.sqlite3").exists()
    assert oct((tmp_path / "data" / "ssh-server" / "host_key").stat().st_mode & 0o777) == "0o600"


async def test_a_ninth_session_past_eight_is_told_the_game_is_full(tmp_path: Path) -> None:
    with ssh_server_command(tmp_path, "--max-sessions", "8", "--sessions-per-address", "8") as port:
        await listening(port)
        async with contextlib.AsyncExitStack() as stack:
            for _ in range(8):
                conn = await stack.enter_async_context(connect(port))
                await shell(conn)  # its game starts: the seat is taken
            async with connect(port) as ninth:
                process = await ninth.create_process(term_type="xterm", encoding=None)
                said = (await asyncio.wait_for(process.stdout.read(), WAIT)).decode()
                await process.wait_closed()
            assert said.startswith("Boggle is full: all 8 games this server runs at once are being played.")
            assert process.exit_status == 1
            guests = tmp_path / "data" / "ssh-server" / "guests"
            assert len(list(guests.iterdir())) == 8  # keyless: eight guests, eight folders
    assert list(guests.iterdir()) == []  # the server stopped (SIGTERM): its games first, and their folders


async def test_a_command_is_refused_and_no_program_runs(tmp_path: Path) -> None:
    with ssh_server_command(tmp_path) as port:
        await listening(port)
        async with connect(port, asyncssh.generate_private_key("ssh-ed25519")) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.run("ls")
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.start_sftp_client()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client (apt-get install openssh-client)")
def test_openssh_is_refused_a_command(tmp_path: Path) -> None:
    """The refusal is the protocol's (exec fails); the line the server writes first says why, but OpenSSH drops
    a channel's pending output when a request fails, so it shows only now and then, and is not asked for here."""
    key = tmp_path / "id"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    options = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
               "-o", "IdentitiesOnly=yes", "-F", "/dev/null", "-i", str(key)]  # fmt: skip
    with ssh_server_command(tmp_path) as port:
        asyncio.run(listening(port))
        ran = subprocess.run(
            ["ssh", "-p", str(port), *options, "127.0.0.1", "ls"], capture_output=True, text=True, timeout=WAIT
        )
    assert ran.returncode == 255 and ran.stdout == ""
    assert "exec request failed on channel 0" in ran.stderr


def test_the_command_refuses_in_one_line_without_the_ssh_extra(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # import asyncssh: ImportError
    monkeypatch.delitem(sys.modules, "boggle_tui.net.ssh", raising=False)
    monkeypatch.delattr(boggle_tui.net, "ssh", raising=False)
    assert main(["ssh-server", "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert err == "boggle: error: boggle ssh-server needs the ssh extra: pip install 'boggle-tui[ssh]'\n"


@pytest.mark.parametrize("flag", ["--max-sessions", "--sessions-per-address", "--idle-minutes", "--memory-per-game"])
def test_limits_out_of_range_are_one_line(flag: str, capsys) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["ssh-server", flag, "0"])
    assert exit.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()[-1:]) == 1


# The server's rules, around a small stand-in game.

STAND_IN = r"""
import os, resource, signal, sys, time
def size(*_):
    columns, rows = os.get_terminal_size(0)
    print(f"size {columns}x{rows}", flush=True)
signal.signal(signal.SIGWINCH, size)
print("player", os.environ.get("BOGGLE_SSH_PLAYER"), "data", os.environ["BOGGLE_DATA_DIR"], flush=True)
print("term", os.environ["TERM"], "lang", os.environ.get("LANG"), "columns", os.environ.get("COLUMNS"), flush=True)
print("memory", resource.getrlimit(resource.RLIMIT_AS)[0], "leader", os.getsid(0) == os.getpid(), flush=True)
print("reach", repr(os.environ.get("BOGGLE_SERVED_ROOMS")), "sigint", signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
      flush=True)
size()
for line in sys.stdin:
    if line.strip() == "quit":
        sys.exit(3)
    if line.strip() == "flood":
        while True:
            sys.stdout.write("x" * 65536)
    print("got", line.strip(), flush=True)
"""


@contextlib.asynccontextmanager
async def stand_in_server(tmp_path: Path, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
                          game_seconds: float = 30, rooms: tuple[str, ...] = (),
                          ) -> AsyncIterator[tuple[int, SshServer]]:  # fmt: skip
    limits = limits or Limits()
    server = SshServer(tmp_path / "state", limits, [sys.executable, "-c", STAND_IN], clock, idle_check_seconds=0.01,
                       game_seconds=game_seconds, rooms=rooms)  # fmt: skip
    acceptor = await serve(server, host_key(server.state_dir), "127.0.0.1", 0)
    try:
        yield acceptor.sockets[0].getsockname()[1], server
    finally:
        acceptor.close()
        await acceptor.wait_closed()


def data_folder(shown: str) -> Path:
    match = re.search(r"data (\S+)", shown)
    assert match, shown
    return Path(match.group(1))


async def test_a_window_change_reaches_the_game_as_its_new_size(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path) as (port, _), connect(port) as conn:
        screen = await shell(conn, (100, 30))
        await screen.until("size 100x30")
        screen.process.change_terminal_size(61, 17)
        await screen.until("size 61x17")
        screen.process.change_terminal_size(10**9, 0)  # a hostile size is bounded, a missing one the usual
        await screen.until(f"size {MAX_SIDE}x24")


async def test_the_game_leads_its_own_session_under_the_memory_cap(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path, Limits(memory_mb=300)) as (port, _), connect(port) as conn:
        shown = await (await shell(conn)).until("leader True")  # the whole line: "leader" alone may come first
    assert f"memory {300 * 1024 * 1024} leader True" in shown


async def test_a_key_keeps_its_folder_and_a_guest_folder_goes_with_its_game(tmp_path: Path) -> None:
    key, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    async with stand_in_server(tmp_path) as (port, server):
        folders = []
        for client in (key, key, other, None):
            async with connect(port, client) as conn:
                screen = await shell(conn)
                shown = await screen.until("leader")
                folders.append(data_folder(shown))
                assert f"player {'key' if client else 'guest'} " in shown
                screen.press("quit\r")
                await screen.process.wait_closed()
                assert screen.process.exit_status == 3  # the game's own
        assert folders[0] == folders[1] != folders[2]
        assert folders[0].parent == tmp_path / "state" / "players"
        assert folders[0].is_dir() and folders[2].is_dir()
        assert not folders[3].exists()  # the guest's went when their game did
        assert server.seats.playing == 0


async def test_the_game_gets_the_clients_terminal_and_language_and_not_the_servers_size(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "33")
    async with stand_in_server(tmp_path) as (port, _), connect(port) as conn:
        process = await conn.create_process(
            term_type="screen-256color", term_size=(80, 24), env={"LANG": "de_DE.UTF-8"}, encoding=None
        )
        shown = await Screen(process).until("leader")
    assert "term screen-256color lang de_DE.UTF-8 columns None" in shown


def test_the_environment_takes_only_what_looks_like_a_terminal_and_a_language(tmp_path: Path) -> None:
    base = {"PATH": "/bin", "COLUMNS": "33", "LINES": "9", "LANG": "fr_FR.UTF-8", "BOGGLE_TAB_DATA": "1"}
    client = {"LANG": "de_DE.UTF-8; rm -rf ~", "LC_ALL": "pl_PL.UTF-8", "LD_PRELOAD": "/tmp/evil.so"}
    env = game_environment(base, "xterm\x1b]0;x\x07", client, tmp_path, kept=False)
    assert env == {
        "PATH": "/bin", "TERM": DEFAULT_TERM, "LC_ALL": "pl_PL.UTF-8", "BOGGLE_DATA_DIR": str(tmp_path),
        PLAYER_VARIABLE: "guest",
    }  # fmt: skip


def test_a_window_is_bounded() -> None:
    assert window(0, 0) == (80, 24)
    assert window(10**9, 10**9) == (MAX_SIDE, MAX_SIDE)
    assert window(120, 40) == (120, 40)


def test_seats_in_all_and_per_address() -> None:
    seats = Seats(Limits(sessions=3, per_address=2))
    assert seats.take("10.0.0.1") is None and seats.take("10.0.0.1") is None
    assert "already plays the 2 games" in (seats.take("10.0.0.1") or "")
    assert seats.take("10.0.0.2") is None
    assert (seats.take("10.0.0.3") or "").startswith("Boggle is full: all 3 games")
    seats.free("10.0.0.1")
    assert seats.take("10.0.0.3") is None and seats.playing == 3


async def test_one_address_past_its_games_is_told_so(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path, Limits(per_address=1)) as (port, _), connect(port) as first:
        await (await shell(first)).until("leader")
        async with connect(port) as second:
            process = await second.create_process(term_type="xterm", encoding=None)
            said = (await asyncio.wait_for(process.stdout.read(), WAIT)).decode()
    assert said == "Your address already plays the 1 game it may play at once: end it to start another.\r\n"


async def test_an_idle_game_is_ended_with_a_line_and_the_terminal_put_back(tmp_path: Path) -> None:
    clock = FakeTime()
    async with stand_in_server(tmp_path, Limits(idle_seconds=600), clock) as (port, server), connect(port) as conn:
        screen = await shell(conn)
        await screen.until("leader")
        clock.now += 599
        screen.press("word\r")  # a key: the game is not idle
        await screen.until("got word")
        clock.now += 599
        assert server.seats.playing == 1
        clock.now += 2
        said = await screen.since().until("No key was pressed for 10 minutes")
        await screen.process.wait_closed()
    assert "\x1b[?1049l" in screen.raw.decode() and said.rstrip().endswith("Connect again to play.")
    assert server.seats.playing == 0


async def test_a_session_with_no_terminal_is_told_to_ask_for_one(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path) as (port, server), connect(port) as conn:
        process = await conn.create_process(encoding=None)  # no pty, as `ssh -T`
        said = (await asyncio.wait_for(process.stdout.read(), WAIT)).decode()
        await process.wait_closed()
    assert said == "Boggle needs a terminal: connect with ssh -t HOST (and no command).\r\n"
    assert process.exit_status == 2 and server.seats.playing == 0


async def test_forwarding_is_refused(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path) as (port, _), connect(port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", port)  # -L: the server connects nowhere for a client
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port)  # -R: it listens for nobody


async def test_a_client_that_leaves_ends_its_game_and_frees_its_seat(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path) as (port, server):
        async with connect(port) as conn:
            shown = await (await shell(conn)).until("leader True")  # the whole line: "leader" alone may come first
            assert server.seats.playing == 1
        for _ in range(500):  # a bound of 10 s for the game's process to end, not a wait
            if server.seats.playing == 0:
                break
            await asyncio.sleep(0.02)
        assert server.seats.playing == 0 and not data_folder(shown).exists()


def test_the_host_key_is_made_once_kept_private_and_refused_when_it_is_not(tmp_path: Path) -> None:
    first = host_key(tmp_path / "state")
    path = tmp_path / "state" / "host_key"
    assert path.stat().st_mode & 0o777 == 0o600
    assert fingerprint(host_key(tmp_path / "state")) == fingerprint(first)
    path.chmod(0o644)
    with pytest.raises(Exception, match="may be read by others"):
        host_key(tmp_path / "state")


def test_the_start_screen_says_whose_data_the_game_keeps() -> None:
    assert ssh_notice({PLAYER_VARIABLE: "key"}) == [
        "Playing over ssh: your history and study cards are kept for your key, for next time."
    ]
    assert ssh_notice({PLAYER_VARIABLE: "guest"}) == [
        "Playing over ssh without a key: your history and study cards go when you leave."
    ]
    assert ssh_notice({}) == [] and ssh_notice({PLAYER_VARIABLE: "\x1b[2J"}) == []


def test_a_key_tried_before_a_keyless_login_does_not_make_a_guest_that_keys_player(tmp_path: Path) -> None:
    """A key the client was asked about (or failed to sign with) names nobody once the login asks nothing."""
    connection = _Connection(SshServer(tmp_path, Limits()))
    key = asyncssh.generate_private_key("ssh-ed25519")
    assert connection.validate_public_key("player", key) is True
    assert connection.get_kbdint_challenge("player", "", "") is True
    assert connection.key is None


async def test_a_client_that_logs_in_and_asks_for_no_game_is_let_go(tmp_path: Path) -> None:
    # Only the wait for a game is short: the login itself (key exchange included) keeps its 30 s on a slow machine.
    async with stand_in_server(tmp_path, game_seconds=0.2) as (port, server):
        conn = await connect(port)
        await asyncio.wait_for(conn.wait_closed(), WAIT)  # closed by the server: the test never closes it
        for _ in range(500):  # a bound of 10 s, not a wait
            if server.connections == 0:
                break
            await asyncio.sleep(0.02)
        assert server.connections == 0


async def test_guest_folders_a_killed_server_left_are_removed_when_it_starts_again(tmp_path: Path) -> None:
    left = tmp_path / "state" / "guests" / "tmp1234"
    left.mkdir(parents=True)
    async with stand_in_server(tmp_path):
        assert not left.exists()


async def test_one_connection_plays_one_game(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path) as (port, server), connect(port) as conn:
        await (await shell(conn)).until("leader")
        with pytest.raises(asyncssh.ChannelOpenError):
            await shell(conn)
        assert server.seats.playing == 1


# A public host, against strangers (#36).


@pytest.mark.parametrize("rooms", [(), ("rooms.example.org:8765",)])
async def test_every_game_is_told_it_hosts_nothing_and_joins_only_the_named_servers(tmp_path: Path, rooms) -> None:
    async with stand_in_server(tmp_path, rooms=rooms) as (port, _), connect(port) as conn:
        shown = await (await shell(conn)).until("sigint", "size")  # the line after it: the reach line is whole
    assert f"reach {' '.join(rooms)!r} sigint True" in shown  # and Ctrl+C while its terminal is cooked is no signal


async def test_silent_sockets_from_one_address_lock_out_no_player_from_another(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path) as (port, server):
        silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(32)]
        try:
            await until_true(lambda: server.connections == 3, "three waiting", 10)
            assert server.connections == 3 and server.waiting["127.0.0.1"] == 3  # the rest were let go at once
            async with connect(port, source="127.0.0.2") as conn:
                await (await shell(conn)).until("leader")
                assert server.seats.playing == 1
        finally:
            for sock in silent:
                sock.close()


async def test_a_connection_that_never_begins_to_log_in_is_let_go(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path) as (port, server):
        server.first_step_seconds = 0.2
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        # The server's version line, then the end: no login began. (An end by our timeout would fail the test.)
        await asyncio.wait_for(reader.read(), WAIT)
        writer.close()
        assert server.connections == 0 and not server.waiting


async def test_a_client_that_stops_reading_pauses_its_game_and_the_server_holds_a_bounded_queue(tmp_path) -> None:
    from boggle_tui.net.ssh import QUEUED_HIGH, QUEUED_LOW

    async with stand_in_server(tmp_path) as (port, server), connect(port) as conn:
        # The widest window a client may give: flow control over the channel never holds the game back.
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None, window=2**31 - 1)
        screen = Screen(process)
        await screen.until("leader")
        (session,) = server.playing
        conn._transport.pause_reading()  # the client stops reading its socket
        screen.press("flood\r")
        await until_true(
            lambda: session.game is not None and session.game.paused,
            "the game paused",
            20,
        )
        assert session.game is not None and session.game.paused
        held = session.queued()
        assert QUEUED_HIGH < held < QUEUED_HIGH + 256 * 1024, held
        for _ in range(25):  # the game is held: nothing more is queued while it floods on
            await asyncio.sleep(0.02)
            assert session.queued() <= held
        conn._transport.resume_reading()
        await until_true(lambda: not session.game.paused, "the game going on", 20)
        assert not session.game.paused and session.queued() <= QUEUED_LOW * 4


@pytest.mark.parametrize("window", [2 * 1024 * 1024, 2**31 - 1], ids=["an-ordinary-window", "the-widest-window"])
async def test_a_client_that_reads_nothing_for_a_minute_has_its_game_ended_and_its_seat_freed(tmp_path, window) -> None:
    """Whatever holds the game back: the channel's window (an ordinary one fills in the kernel's buffers) or the
    bytes queued past the bound (the widest)."""
    async with stand_in_server(tmp_path) as (port, server):
        server.stalled_seconds = 0.5  # a minute, as the server's clock counts it here
        conn = await connect(port)
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None, window=window)
        await Screen(process).until("leader")
        conn._transport.pause_reading()
        process.stdin.write(b"flood\r")
        await until_true(
            lambda: server.seats.playing == 0 and not server.playing,
            "the seat freed",
            20,
        )
        assert server.seats.playing == 0 and not server.playing
        conn.close()


def test_the_host_key_is_refused_when_it_is_no_file_or_too_weak(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    os.mkfifo(state / "host_key", 0o600)
    with pytest.raises(BoggleError, match="is not a file"):  # never a read that waits for ever
        host_key(state)
    (state / "host_key").unlink()
    weak = asyncssh.generate_private_key("ssh-rsa", key_size=1024)
    (state / "host_key").write_bytes(weak.export_private_key())
    (state / "host_key").chmod(0o600)
    with pytest.raises(BoggleError, match="RSA key of 1024 bits"):
        host_key(state)
    (state / "host_key").write_bytes(asyncssh.generate_private_key("ssh-rsa", key_size=2048).export_private_key())
    assert host_key(state).algorithm == b"ssh-rsa"
    os.truncate(state / "host_key", 3 * 2**30)  # 3 GB (sparse): never read whole into memory
    with pytest.raises(BoggleError, match="too large to be a key"):
        host_key(state)


def test_a_dsa_host_key_is_one_line_with_no_warning_of_its_libraries(tmp_path: Path) -> None:
    state = tmp_path / "data" / "ssh-server"
    state.mkdir(parents=True, mode=0o700)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (state / "host_key").write_bytes(asyncssh.generate_private_key("ssh-dss").export_private_key())
    (state / "host_key").chmod(0o600)
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path / "data"), "PYTHONWARNINGS": "default"}
    done = subprocess.run([sys.executable, "-m", "boggle_tui", "ssh-server", "--port", str(free_port())], env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "DSA keys are broken" in done.stderr


def test_new_keys_from_one_address_make_a_few_folders_and_the_least_used_make_way(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("boggle_tui.net.ssh_game.MAX_PLAYERS", 3)
    time_ = FakeTime()
    server = SshServer(tmp_path / "state", Limits(), clock=time_)
    server.newcomers.per_hour = 2
    keys = [bytes([n]) * 32 for n in range(6)]
    first = server.player_folder(keys[0], "10.0.0.1")
    assert first is not None and server.player_folder(keys[1], "10.0.0.1") is not None
    assert server.player_folder(keys[2], "10.0.0.1") is None  # a third new key this hour: a guest
    assert server.player_folder(keys[0], "10.0.0.1") == first  # a known key is always its player
    time_.now += 3601
    os.utime(first, (1, 1))  # used long ago
    assert server.player_folder(keys[2], "10.0.0.1") is not None
    assert server.player_folder(keys[3], "10.0.0.2") is not None  # a fourth folder: the least used one goes
    kept = sorted(p.name for p in (tmp_path / "state" / "players").iterdir())
    assert len(kept) == 3 and first.name not in kept


def test_the_command_prints_no_warnings_of_its_libraries(tmp_path: Path) -> None:
    env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path / "data"), "PYTHONWARNINGS": "default"}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = subprocess.run([sys.executable, "-m", "boggle_tui", "ssh-server", "--port", port], env=env,
                              capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "cannot listen" in done.stderr, done.stderr


async def test_a_connection_whose_game_is_refused_or_over_is_closed_by_the_server(tmp_path: Path) -> None:
    async with stand_in_server(tmp_path) as (port, server):
        conn = await connect(port)
        process = await conn.create_process(encoding=None)  # no pty: refused, with a line
        await process.wait_closed()
        await asyncio.wait_for(conn.wait_closed(), WAIT)  # closed by the server: the test never closes it
        conn = await connect(port)
        screen = await shell(conn)
        await screen.until("leader")
        screen.press("quit\r")
        await asyncio.wait_for(conn.wait_closed(), WAIT)  # the game over, its connection goes too
        await until_true(lambda: server.connections == 0, "no connection", 10)
        assert server.connections == 0


async def test_logins_that_ask_for_no_game_from_one_address_lock_out_no_player_from_another(tmp_path: Path) -> None:
    limits = Limits(sessions=4, per_address=1)  # 8 logged-in connections in all, 2 from one address
    async with stand_in_server(tmp_path, limits) as (port, server):
        idle = []
        for _ in range(6):  # logged in, never asking for a game: two are kept, the others closed at once
            with contextlib.suppress(asyncssh.Error, OSError):
                idle.append(await connect(port))
        await until_true(
            lambda: server.logged_in.total() == 2 and not server.waiting,
            "two logged in, none waiting",
            10,
        )
        assert server.logged_in == {"127.0.0.1": 2}
        async with connect(port, source="127.0.0.2") as conn:
            await (await shell(conn)).until("leader")
        for conn in idle:
            conn.close()


def test_an_ipv6_host_is_one_address_to_the_limits_whatever_its_64_bits_of_interface() -> None:
    from boggle_tui.net.ssh import address_key

    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("127.0.0.2") == "127.0.0.2" and address_key("::ffff:10.1.2.3") == "10.1.2.3"
    assert address_key("fe80::1%eth0") == "fe80::/64" and address_key("?") == "?"
