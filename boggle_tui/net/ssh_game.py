"""One ssh player's game: its own process on a pseudo-terminal, and the limits around every game.

Nothing here needs asyncssh (net/ssh.py speaks SSH and hands each session to a `PtyGame`). The game
runs in a child process attached to a pty sized to the client's window: the child becomes the pty's
session leader (its controlling terminal), so a window change set on the pty with TIOCSWINSZ reaches
the game as SIGWINCH, and closing the pty hangs it up. Run as a module, this file is that child's
first step: take the terminal, cap the address space (RLIMIT_AS), then exec the game itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import os
import re
import resource
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path

from boggle_tui.i18n import _, counted
from boggle_tui.net.ssh_limits import Limits

PLAYER_VARIABLE = "BOGGLE_SSH_PLAYER"  # the game says on its start screen whose data it keeps, and for how long
KEPT = "key"  # the data is the player's key's, kept for next time
GUEST = "guest"  # no key: the data goes when the session ends

TERM_TYPE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")  # the client's TERM, if it looks like one
LOCALE_VALUE = re.compile(r"[A-Za-z0-9_.@:-]{1,64}")
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # the client's, so the game speaks its language
SERVER_ONLY = ("COLUMNS", "LINES", "BOGGLE_DATA_DIR", "BOGGLE_TAB_DATA", "TEXTUAL_DRIVER", "TERM", "COLORTERM",
               "BOGGLE_SERVED_ROOMS")  # fmt: skip
DEFAULT_TERM = "xterm-256color"
DEFAULT_WINDOW = (80, 24)
MAX_SIDE = 1000  # columns or rows a client may claim
MAX_PENDING_INPUT = 64 * 1024  # keys the game has not read yet; past that, more are dropped
MAX_PLAYERS = 10_000  # player folders kept; past that, the one used least lately makes way for a new key
NEW_PLAYERS_PER_HOUR = 10  # new players' folders one address may make in an hour; past that a new key is a guest
MAX_ADDRESSES = 10_000  # addresses whose new folders are remembered (the oldest forgotten first)
GRACE_SECONDS = 3.0  # after a hang-up, the game's time to end before it is killed
READ_SIZE = 64 * 1024

# What a game killed mid-screen leaves the client's terminal in, undone: the alternate screen, a hidden
# cursor, mouse reports, bracketed paste and the kitty keyboard protocol (harmless where none was on).
TERMINAL_RESET = (
    b"\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l\x1b[<u\x1b[0m\r\n"
)


class Seats:
    """The games being played, in all and per address: a new one is refused, with a line that says why."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.taken: Counter[str] = Counter()

    @property
    def playing(self) -> int:
        return self.taken.total()

    def take(self, address: str) -> str | None:
        """A seat for a game from `address`: None when taken, else the line that refuses it."""
        if self.playing >= self.limits.sessions:
            return counted(
                self.limits.sessions,
                "Boggle is full: the {count} game this server runs at once is being played. "
                "Try again in a few minutes.",
                "Boggle is full: all {count} games this server runs at once are being played. "
                "Try again in a few minutes.",
            )
        if self.taken[address] >= self.limits.per_address:
            return counted(
                self.limits.per_address,
                "Your address already plays the {count} game it may play at once: end it to start another.",
                "Your address already plays the {count} games it may play at once: end one to start another.",
            )
        self.taken[address] += 1
        return None

    def free(self, address: str) -> None:
        self.taken[address] -= 1
        if self.taken[address] <= 0:
            del self.taken[address]


def window(columns: int, rows: int) -> tuple[int, int]:
    """A window size a client claims, bounded; 0 (a client that does not say) is the usual 80x24."""
    columns = columns or DEFAULT_WINDOW[0]
    rows = rows or DEFAULT_WINDOW[1]
    return min(max(columns, 1), MAX_SIDE), min(max(rows, 1), MAX_SIDE)


def set_window(fd: int, columns: int, rows: int) -> None:
    """The pty's size: the kernel signals SIGWINCH to the game it is the terminal of."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def game_environment(
    base: Mapping[str, str], term: str | None, client: Mapping[str, str], data_dir: Path, kept: bool
) -> dict[str, str]:
    """The game's environment: the server's, less what belongs to the server's own terminal and data, with the
    client's terminal type and language (when they look like one) and the player's own data folder."""
    env = {name: value for name, value in base.items() if name not in SERVER_ONLY and name not in LOCALE_VARIABLES}
    env["TERM"] = term if term and TERM_TYPE.fullmatch(term) else DEFAULT_TERM
    for name in LOCALE_VARIABLES:
        value = client.get(name, "")
        if LOCALE_VALUE.fullmatch(value):
            env[name] = value
    env["BOGGLE_DATA_DIR"] = str(data_dir)
    env[PLAYER_VARIABLE] = KEPT if kept else GUEST
    return env


def player_folder(state_dir: Path, public_key: bytes, *, may_make: bool = True,
                  in_use: Collection[Path] = ()) -> tuple[Path | None, bool]:  # fmt: skip
    """The folder of the player with this public key (its SSH wire form), private to the server's user, marked as
    used now, and whether it is new. A new key's is made when `may_make` (its address has not made too many lately;
    else None: it plays as a guest); once the server keeps MAX_PLAYERS folders, the one used least lately (and not
    `in_use`) goes."""
    players = state_dir / "players"
    players.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder = players / hashlib.sha256(public_key).hexdigest()
    if folder.is_dir():
        os.utime(folder)  # its last use: the folders used least lately are the first to go
        return folder, False
    if not may_make:
        return None, False
    kept = [f for f in players.iterdir() if f not in in_use]
    if len(kept) >= MAX_PLAYERS:
        for old in sorted(kept, key=_last_use)[: len(kept) - MAX_PLAYERS + 1]:
            forget(old)
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder, True


def _last_use(folder: Path) -> float:
    try:
        return folder.stat().st_mtime
    except OSError:
        return 0.0


class Newcomers:
    """New players' folders made per address over the last hour: a stream of fresh keys from one address makes a
    few, then plays as guests (a key is free to make; a folder is the server's disk)."""

    def __init__(self, per_hour: int = NEW_PLAYERS_PER_HOUR, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_hour = per_hour
        self.clock = clock
        self.made: OrderedDict[str, deque[float]] = OrderedDict()

    def may_make(self, address: str) -> bool:
        times = self.made.get(address)
        if times is None:
            return True
        while times and times[0] <= self.clock() - 3600:
            times.popleft()
        return len(times) < self.per_hour

    def make(self, address: str) -> None:
        times = self.made.pop(address, None) or deque()
        times.append(self.clock())
        self.made[address] = times  # the newest last: the oldest address is forgotten first
        while len(self.made) > MAX_ADDRESSES:
            self.made.popitem(last=False)


def guest_folder(state_dir: Path) -> Path:
    """A fresh folder for a player with no key, removed by `forget` when the session ends (and, should the server
    have been killed before it could, by `forget_guests` when it starts again)."""
    guests = state_dir / "guests"
    guests.mkdir(mode=0o700, parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(dir=guests))


def forget_guests(state_dir: Path) -> None:
    forget(state_dir / "guests")


def forget(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def game_command(memory_mb: int, game: Sequence[str] | None = None) -> list[str]:
    """The child's command line: this module's first step, then the game (`boggle`, unless a test gives one)."""
    game = list(game) if game is not None else [sys.executable, "-m", "boggle_tui"]
    return [sys.executable, "-m", "boggle_tui.net.ssh_game", str(memory_mb * 1024 * 1024), *game]


class PtyGame:
    """The game's process on a pty: its output handed to `write`, keys fed to it, its window resized;
    `ended` is called once with its exit status when it is gone (and the pty closed)."""

    def __init__(self, write: Callable[[bytes], None], ended: Callable[[int], None]) -> None:
        self.write = write
        self.ended = ended
        self.master = -1
        self.process: asyncio.subprocess.Process | None = None
        self.pending = bytearray()  # keys the pty could not take yet
        self.reading = False
        self.paused = False

    async def start(self, command: Sequence[str], env: Mapping[str, str], columns: int, rows: int) -> None:
        master, slave = os.openpty()
        try:
            set_window(master, columns, rows)
            modes = termios.tcgetattr(slave)
            modes[3] &= ~termios.ECHO  # keys typed before the game takes the terminal are not echoed back
            termios.tcsetattr(slave, termios.TCSANOW, modes)
            self.process = await asyncio.create_subprocess_exec(
                *command, stdin=slave, stdout=slave, stderr=slave, env=dict(env), start_new_session=True
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        self._read_again()
        asyncio.get_running_loop().create_task(self._wait())

    def feed(self, data: bytes) -> None:
        """Keys from the player; what the game has not read is held, up to MAX_PENDING_INPUT."""
        if self.master < 0:
            return
        room = MAX_PENDING_INPUT - len(self.pending)
        self.pending += data[: max(room, 0)]
        self._flush()

    def resize(self, columns: int, rows: int) -> None:
        if self.master >= 0:
            set_window(self.master, columns, rows)

    def pause(self) -> None:
        """The client reads slower than the game draws: stop reading, and the pty makes the game wait."""
        self.paused = True
        self._stop_reading()

    def resume(self) -> None:
        self.paused = False
        self._read_again()

    def hang_up(self) -> None:
        """End the game as a closed terminal would (SIGHUP to its process group), killed if it lingers."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        _signal_group(process.pid, signal.SIGHUP)
        asyncio.get_running_loop().call_later(GRACE_SECONDS, self._kill)

    def _kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            _signal_group(self.process.pid, signal.SIGKILL)

    def _read_again(self) -> None:
        if self.master >= 0 and not self.reading and not self.paused:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self.reading = True

    def _stop_reading(self) -> None:
        if self.reading:
            asyncio.get_running_loop().remove_reader(self.master)
            self.reading = False

    def _readable(self) -> None:
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: nothing holds the pty's other end any more
            data = b""
        if data:
            self.write(data)
        else:
            self._stop_reading()

    def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self.master, self.pending) if self.pending else 0
        except BlockingIOError:
            written = 0
        except OSError:
            written = len(self.pending)  # the game is gone: its keys with it
        del self.pending[:written]
        loop.remove_writer(self.master)
        if self.pending:
            loop.add_writer(self.master, self._flush)

    async def _wait(self) -> None:
        assert self.process is not None
        status = await self.process.wait()
        self._drain()
        loop = asyncio.get_running_loop()
        self._stop_reading()
        loop.remove_writer(self.master)
        os.close(self.master)
        self.master = -1
        self.ended(status)

    def _drain(self) -> None:
        """What the game wrote just before it ended, still in the pty (its last screen, a farewell line)."""
        for _chunk in range(64):
            try:
                data = os.read(self.master, READ_SIZE)
            except OSError:
                return
            if not data:
                return
            self.write(data)


def _signal_group(pid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signum)  # the game leads its own session: its group is its pid


def idle_line(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    return counted(
        minutes,
        "No key was pressed for {count} minute: the game has ended. Connect again to play.",
        "No key was pressed for {count} minutes: the game has ended. Connect again to play.",
    )


def needs_terminal_line() -> str:
    return _("Boggle needs a terminal: connect with ssh -t HOST (and no command).")


def no_command_line() -> str:
    return _("This server runs Boggle and nothing else: connect with no command.")


def _child(argv: Sequence[str]) -> None:
    """In the child, before the game: its pty becomes its controlling terminal (the child leads a new session),
    its address space is capped, then the game replaces this process."""
    memory, *game = argv
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    limit = int(memory)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    # Ctrl+C, Ctrl+\ and Ctrl+Z are keys to the game, but signals while its terminal is not raw (starting, ending):
    # a traceback with the server's paths sent to the client, or a game ended with status 130. Ignored here, they
    # stay ignored across exec (Python installs its KeyboardInterrupt handler only over the default one).
    for signum in (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP):
        signal.signal(signum, signal.SIG_IGN)
    os.execvp(game[0], game)


if __name__ == "__main__":
    _child(sys.argv[1:])
