"""`boggle ssh-server`'s SSH side, on asyncssh (the optional `[ssh]` extra, imported only by that command).

Every connection may open one session, and a session may only be the game: a shell request starts the
player's own game on a pty (net/ssh_game.py); a command, a subsystem, port forwarding of either
direction, agent and X11 forwarding are all refused. A client that offers a public key is that key's
player, whose history and study cards are kept for next time; one with no key gets in by a
keyboard-interactive login that asks nothing, and plays as a guest whose data goes when they leave.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import stat
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from boggle_tui.engine.atomic import write_bytes_atomic
from boggle_tui.engine.errors import BoggleError
from boggle_tui.i18n import _
from boggle_tui.net.reach import environment, served
from boggle_tui.net.ssh_game import (
    GRACE_SECONDS,
    TERMINAL_RESET,
    Limits,
    Newcomers,
    PtyGame,
    Seats,
    forget,
    forget_guests,
    game_command,
    game_environment,
    guest_folder,
    idle_line,
    needs_terminal_line,
    no_command_line,
    player_folder,
    window,
)

HOST_KEY_FILE = "host_key"
LOGIN_SECONDS = 30  # from connecting to logged in (asking nothing), or the connection is dropped
FIRST_STEP_SECONDS = 10.0  # from connecting to the login's first step (version, key exchange, a user name)
GAME_SECONDS = 10.0  # from logged in to asking for a game (a client asks at once)
CLOSE_SECONDS = 0.5  # after a game's end or a refusal, for its last words to go, before the connection is closed
KEEPALIVE_SECONDS = 30  # a client that answers none of 3 of these in a row is gone
# Two pools of connections, so that silent sockets cannot take the places of players. Waiting to log in: a few
# per address, and many in all (a connection that has not logged in costs little, and is gone within 30 s).
# Logged in: two per game the server runs, and two per game an address may play.
WAITING_PER_ADDRESS = 3
WAITING = 64
CONNECTIONS_PER_SEAT = 2
IDLE_CHECK_SECONDS = 15.0
# A client that stops reading: asyncssh queues what the game writes without bound (its connection ignores the
# transport's pause_writing, and the client chooses the channel's window, up to 4 GiB). Past HIGH bytes queued the
# game is paused (its pty fills and it waits), and goes on below LOW.
QUEUED_HIGH = 1 << 20
QUEUED_LOW = 256 << 10
QUEUED_CHECK_SECONDS = 0.05
# ... and a client that reads nothing for this long has its game ended: a game held back keeps its seat, and the
# game's own process goes on growing what it means to draw (about 1.5 MB a second, measured).
STALLED_SECONDS = 60.0
MIN_RSA_BITS = 2048
MAX_KEY_BYTES = 64 * 1024  # an RSA key of 16,384 bits is about 13 KB


@dataclass
class SshServer:
    """One server's settings and what it is doing: its players' folders, its seats and the game it runs."""

    state_dir: Path
    limits: Limits
    game: Sequence[str] | None = None  # the game's command line; None: boggle itself (tests give a small one)
    clock: Callable[[], float] = time.monotonic  # idle time is measured on it
    idle_check_seconds: float = IDLE_CHECK_SECONDS
    login_seconds: float = LOGIN_SECONDS  # from connecting to logged in (asyncssh's login_timeout)
    game_seconds: float = GAME_SECONDS  # from logged in to asking for a game
    rooms: tuple[str, ...] = ()  # the room servers the games may join (HOST:PORT); they never host one
    first_step_seconds: float = FIRST_STEP_SECONDS
    stalled_seconds: float = STALLED_SECONDS

    def __post_init__(self) -> None:
        self.seats = Seats(self.limits)
        self.waiting: Counter[str] = Counter()  # connections not logged in yet, per address
        self.logged_in: Counter[str] = Counter()  # connections logged in, per address
        self.newcomers = Newcomers(clock=self.clock)
        self.playing: set[_GameSession] = set()
        self.all_ended = asyncio.Event()
        self.all_ended.set()

    def began(self, session: _GameSession) -> None:
        self.playing.add(session)
        self.all_ended.clear()

    def ended(self, session: _GameSession) -> None:
        self.playing.discard(session)
        if not self.playing:
            self.all_ended.set()

    async def stop(self) -> None:
        """Every game hung up, and waited for (a guest's folder goes with each): the server can then exit."""
        for session in list(self.playing):
            session.hang_up()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.all_ended.wait(), GRACE_SECONDS + 2)

    def command(self) -> list[str]:
        return game_command(self.limits.memory_mb, self.game)

    def player_folder(self, public_key: bytes, address: str) -> Path | None:
        """The key's player's folder; None (a guest) for a new key from an address that made many lately."""
        in_use = {session.folder for session in self.playing if session.folder is not None}
        folder, made = player_folder(self.state_dir, public_key, may_make=self.newcomers.may_make(address),
                                     in_use=in_use)  # fmt: skip
        if made:
            self.newcomers.make(address)
        return folder

    @property
    def connections(self) -> int:
        return self.waiting.total() + self.logged_in.total()

    def admits(self, address: str) -> bool:
        """May one more connection from `address` begin to log in?"""
        return self.waiting.total() < WAITING and self.waiting[address] < WAITING_PER_ADDRESS

    def seats_login(self, address: str) -> bool:
        """May one more connection from `address` be logged in?"""
        return (
            self.logged_in.total() < self.limits.sessions * CONNECTIONS_PER_SEAT
            and self.logged_in[address] < self.limits.per_address * CONNECTIONS_PER_SEAT
        )


def host_key(state_dir: Path) -> Any:
    """The server's host key: generated on first start (Ed25519) and kept, readable by this user alone."""
    path = state_dir / HOST_KEY_FILE
    state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519", comment="boggle ssh-server")
        write_bytes_atomic(path, key.export_private_key())  # mkstemp's file: 0600 from the start
        return key
    status = path.stat()
    if not stat.S_ISREG(status.st_mode):  # a FIFO would be read for ever, a device without end
        raise BoggleError(_("the host key {path} is not a file").format(path=path))
    if status.st_size > MAX_KEY_BYTES:  # read whole into memory: a key is a few kilobytes
        raise BoggleError(_("the host key {path} is too large to be a key").format(path=path))
    mode = status.st_mode
    if mode & 0o077:
        raise BoggleError(_("the host key {path} may be read by others: chmod 600 it").format(path=path))
    try:
        key = asyncssh.read_private_key(str(path))
    except (asyncssh.KeyImportError, ValueError) as error:
        raise BoggleError(_("the host key {path} cannot be read: {reason}").format(path=path, reason=error)) from None
    weak = weakness(key.algorithm, key.public_data)
    if weak:
        raise BoggleError(_("the host key {path} is too weak: {reason}").format(path=path, reason=weak))
    return key


def weakness(algorithm: bytes, public_data: bytes) -> str | None:
    """Why a host key is too weak to serve strangers (DSA; RSA under 2048 bits), or None."""
    if algorithm == b"ssh-dss":
        return _("DSA keys are broken: remove it, and a new Ed25519 key is made")
    if algorithm.startswith(b"ssh-rsa") or algorithm.startswith(b"rsa-sha2"):
        bits = _rsa_bits(public_data)
        if bits < MIN_RSA_BITS:
            return _("an RSA key of {bits} bits (at least {least}): remove it, and a new Ed25519 key is made").format(
                bits=bits, least=MIN_RSA_BITS
            )
    return None


def _rsa_bits(public_data: bytes) -> int:
    """The modulus's size of an RSA key in its SSH wire form: string "ssh-rsa", mpint e, mpint n (RFC 4253)."""
    fields, at = [], 0
    for _field in range(3):
        size = int.from_bytes(public_data[at : at + 4], "big")
        fields.append(public_data[at + 4 : at + 4 + size])
        at += 4 + size
    return int.from_bytes(fields[2], "big").bit_length()


async def serve(server: SshServer, key: Any, host: str, port: int) -> Any:
    """Listen for players, as `key` (from host_key); the returned acceptor's close() stops listening."""
    forget_guests(server.state_dir)  # left by a server killed before it could remove them
    return await asyncssh.create_server(
        lambda: _Connection(server),
        host,
        port,
        server_host_keys=[key],
        encoding=None,  # the game's bytes, as they are
        line_editor=False,
        allow_pty=True,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        public_key_auth=True,
        kbdint_auth=True,
        password_auth=False,
        host_based_auth=False,
        gss_host=None,
        rdns_lookup=False,
        login_timeout=server.login_seconds,
        keepalive_interval=KEEPALIVE_SECONDS,
        keepalive_count_max=3,
        server_version="boggle",
    )


def address_key(address: str) -> str:
    """Whose connection it is, for the limits per address: an IPv6 address by its /64 (one host is given a whole /64,
    and could otherwise be as many addresses as it likes); an IPv4 address (mapped or not) as it is."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def fingerprint(key: Any) -> str:
    return str(key.get_fingerprint("sha256"))


class _Connection(asyncssh.SSHServer):
    """One client: who it is (its key, if it proved one) and its one game."""

    def __init__(self, server: SshServer) -> None:
        self.server = server
        self.key: Any = None
        self.pool: Counter[str] | None = None  # the server's pool it is counted in: waiting, then logged in
        self.began = False  # the login's first step came
        self.session: _GameSession | None = None

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = address_key(str(peer[0]))
        if not self.server.admits(self.address):
            conn.abort()  # silent sockets: each address has a few, the logged-in players keep their places
            return
        self._count_in(self.server.waiting)
        asyncio.get_running_loop().call_later(self.server.first_step_seconds, self._begun_or_gone)

    def _count_in(self, pool: Counter[str] | None) -> None:
        if self.pool is not None:
            self.pool[self.address] -= 1
            if self.pool[self.address] <= 0:
                del self.pool[self.address]
        if pool is not None:
            pool[self.address] += 1
        self.pool = pool

    def _begun_or_gone(self) -> None:
        if self.pool is self.server.waiting and not self.began:
            self.conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._count_in(None)

    def begin_auth(self, username: str) -> bool:
        self.began = True
        return True  # "none" is refused: a key, else the keyboard-interactive login that asks nothing

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        """Any key is welcome: it names the player. asyncssh checks the client holds it before letting it in;
        the last key asked about before the login succeeds is the one it signed with."""
        self.key = key
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key = None  # in without a key: a guest, whatever keys were tried before
        return True

    def password_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        if not self.server.seats_login(self.address):  # logged-in connections of its address, or of all, are many
            self._count_in(None)
            self.conn.close()
            return
        self._count_in(self.server.logged_in)
        asyncio.get_running_loop().call_later(self.server.game_seconds, self._playing_or_gone)

    def _playing_or_gone(self) -> None:
        """Logged in but never asked for a game: the connection is let go, as one that never logs in is."""
        if self.session is None or not self.session.started:
            self.conn.close()

    def session_requested(self) -> Any:
        if self.session is not None:
            return False  # one game per connection
        self.session = _GameSession(self)
        return self.session


class _GameSession(asyncssh.SSHServerSession):
    """The player's game: a pty, a shell request, then the game until it ends or the client leaves."""

    def __init__(self, connection: _Connection) -> None:
        self.connection = connection
        self.server = connection.server
        self.chan: Any = None
        self.game: PtyGame | None = None
        self.folder: Path | None = None
        self.guest = False
        self.seated = False
        self.started = False  # a shell was asked for (a command is refused, and its connection let go)
        self.gone = False  # the client left: nothing more is written to it
        self.idle = False
        self.last_key = self.server.clock()
        self.idle_timer: asyncio.TimerHandle | None = None
        self.holds: set[str] = set()  # why the game is paused: "window" (the channel's), "queued" (ours)
        self.held_since = 0.0  # when the game was last paused, for whatever reason
        self.spell = 0  # each pause counted: a check of an earlier one is let go

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.chan.write_stderr((no_command_line() + "\r\n").encode())
        self._close_connection()
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        self.started = True
        asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        if self.chan.get_terminal_type() is None:
            self._say_and_close(needs_terminal_line(), 2)
            return
        refusal = self.server.seats.take(self.connection.address)
        if refusal:
            self._say_and_close(refusal, 1)
            return
        self.seated = True
        key = self.connection.key
        folder = self.server.player_folder(key.public_data, self.connection.address) if key is not None else None
        self.guest = folder is None
        self.folder = folder or guest_folder(self.server.state_dir)
        env = game_environment(
            os.environ, self.chan.get_terminal_type(), self.chan.get_environment(), self.folder, not self.guest
        )
        env.update(environment(served(self.server.rooms)))  # hosts nothing, joins only --rooms (net/reach.py)
        columns, rows, *_ = self.chan.get_terminal_size()
        self.game = PtyGame(self._write, self._ended)
        self.server.began(self)
        try:
            await self.game.start(self.server.command(), env, *window(columns, rows))
        except OSError:
            self.game = None
            self._release()
            self.server.ended(self)
            self._say_and_close(_("The game could not be started. Try again in a few minutes."), 1)
            return
        if self.gone:  # the client left while the game was starting
            self.game.hang_up()
        elif self.holds:  # the client stopped reading while the game was starting
            self.game.pause()
        self._watch_idle()

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_key = self.server.clock()
        if self.game is not None:
            self.game.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.game is not None:
            self.game.resize(*window(width, height))

    def eof_received(self) -> bool:
        return True  # no more keys (a client's input ran out): the game still draws, until it ends or idles

    def pause_writing(self) -> None:
        self._hold("window")

    def resume_writing(self) -> None:
        self._let_go("window")

    def _hold(self, why: str) -> None:
        paused = bool(self.holds)
        self.holds.add(why)
        if self.game is not None:
            self.game.pause()
        if not paused:
            self.held_since = self.server.clock()
            self.spell += 1
            self._check_stall(self.spell)

    def _check_stall(self, spell: int) -> None:
        """A client that reads nothing for `stalled_seconds` has its game ended and its seat freed, whichever held
        the game back: the channel's window (a client's ordinary window fills in the kernel's buffers, and asyncssh
        pauses at 64 KiB) or the bytes queued past QUEUED_HIGH (a client's huge window)."""
        if self.gone or spell != self.spell or not self.holds:
            return
        if self.server.clock() - self.held_since >= self.server.stalled_seconds:
            self.gone = True  # nothing more is written to a client that reads nothing
            self.hang_up()
            self.connection.conn.abort()
            return
        wait = min(1.0, self.server.stalled_seconds / 4)
        asyncio.get_running_loop().call_later(wait, self._check_stall, spell)

    def _let_go(self, why: str) -> None:
        self.holds.discard(why)
        if self.game is not None and not self.holds:
            self.game.resume()

    def queued(self) -> int:
        """Bytes written to the client and not yet taken by its socket: the channel's and the connection's."""
        transport = getattr(self.connection.conn, "_transport", None)  # asyncssh has no public way to ask
        behind = transport.get_write_buffer_size() if transport is not None else 0
        return int(self.chan.get_write_buffer_size()) + int(behind)

    def _watch_queue(self) -> None:
        if self.gone or "queued" not in self.holds:
            return
        if self.queued() <= QUEUED_LOW:
            self._let_go("queued")
        else:
            asyncio.get_running_loop().call_later(QUEUED_CHECK_SECONDS, self._watch_queue)

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        self.hang_up()

    def hang_up(self) -> None:
        """End the game (it ends as a closed terminal would): `_ended` gives back its seat and folder."""
        if self.idle_timer is not None:
            self.idle_timer.cancel()
        if self.game is not None:
            self.game.hang_up()

    def _write(self, data: bytes) -> None:
        if self.gone:
            return
        with contextlib.suppress(BrokenPipeError):  # the channel closing under us: connection_lost follows
            self.chan.write(data)
        if "queued" not in self.holds and self.queued() > QUEUED_HIGH:
            self._hold("queued")
            asyncio.get_running_loop().call_later(QUEUED_CHECK_SECONDS, self._watch_queue)

    def _ended(self, status: int) -> None:
        """The game is over: its seat and a guest's folder are given back, and the client told why if it idled."""
        self.game = None
        if self.idle_timer is not None:
            self.idle_timer.cancel()
        self._release()
        self.server.ended(self)
        if not self.gone:
            self._write(TERMINAL_RESET)
            if self.idle:
                self._say_and_close(idle_line(self.server.limits.idle_seconds), 0)
            else:
                self.chan.exit(status if status >= 0 else 128 - status)  # killed by signal N: 128+N, as shells say
                self._close_connection()

    def _release(self) -> None:
        if self.seated:
            self.server.seats.free(self.connection.address)
            self.seated = False
        if self.guest and self.folder is not None:
            forget(self.folder)
            self.folder = None

    def _say_and_close(self, line: str, status: int) -> None:
        if not self.gone:
            self._write((line + "\r\n").encode())
            self.chan.exit(status)
            self._close_connection()

    def _close_connection(self) -> None:
        """One game a connection: once it is over (or refused), the connection goes too, a moment later (its last
        words sent): a client that kept it open would keep a place a player could have."""
        asyncio.get_running_loop().call_later(CLOSE_SECONDS, self.connection.conn.close)

    def _watch_idle(self) -> None:
        self.idle_timer = asyncio.get_running_loop().call_later(self.server.idle_check_seconds, self._check_idle)

    def _check_idle(self) -> None:
        if self.game is None:
            return
        if self.server.clock() - self.last_key >= self.server.limits.idle_seconds:
            self.idle = True
            self.game.hang_up()
        else:
            self._watch_idle()
