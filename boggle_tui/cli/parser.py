"""The `boggle` command line: its commands, flags and the checks on their values."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from boggle_tui import __version__
from boggle_tui.cli.translated_parser import TranslatedParser
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.deal import RICH_TRIES
from boggle_tui.game.levels import LEVELS, MATCHED, MAX_BOTS
from boggle_tui.game.rules import MIN_LENGTHS, ROUND_SECONDS, SCORINGS, SEEDS, TARGETS
from boggle_tui.i18n import N_, _, number
from boggle_tui.net.protocol import Limits
from boggle_tui.net.ssh_limits import Limits as SshLimits

# `boggle bench` solves every board with every structure, ~10 ms a board in all: 100,000 boards is a quarter of an
# hour; 10**9 would have run for years.
BENCH_BOARDS = 100_000
MAX_GAMES = 16  # boggle web's game processes at once: each is a Python process of some 40-60 MB

COMMANDS = (
    "play",
    "solve",
    "bench",
    "best",
    "prove",
    "stats",
    "history",
    "define",
    "study",
    "host",
    "join",
    "server",
    "web",
    "daily",
    "ssh-server",
)


def _count(minimum: int, maximum: int = 10**9) -> Any:
    """A whole number in [minimum, maximum]: every value is bounded where it enters."""

    def parse(text: str) -> int:
        # ASCII digits only: int() also reads Arabic-Indic and full-width digits, which nobody means on a command line.
        try:
            value = int(text) if len(text) <= 20 and text.strip().lstrip("+-").isascii() else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text[:20])))
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(
                _("{value} is not between {minimum} and {maximum}").format(
                    value=value, minimum=minimum, maximum=number(maximum)
                )
            )
        return value

    return parse


def parse_size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"([0-9]+)(?:x([0-9]+))?", text.strip().lower())
    if not match:
        raise argparse.ArgumentTypeError(_("{text} is not a size like 4, 5 or 4x5").format(text=repr(text)))
    height = int(match.group(1))
    width = int(match.group(2) or height)
    if not (1 <= height <= 12 and 1 <= width <= 12) or height * width < 2:
        raise argparse.ArgumentTypeError(_("{text}: sizes run from 1x2 to 12x12").format(text=repr(text)))
    return height, width


def _seconds(text: str) -> float:
    try:
        value = float(text if text.isascii() else "not ASCII")  # float() reads other scripts' digits too
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds").format(text=repr(text))) from None
    if not 0 < value < 10**6:  # NaN and infinity too
        raise argparse.ArgumentTypeError(_("{text} seconds is out of range").format(text=text))
    return value


def _given(text: str) -> str:
    """A value that must say something: an empty one (`--store ''`) is an error, never taken as not given."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("an empty value: leave the option out instead"))
    return text


def _given_path(text: str) -> Path:
    return Path(_given(text))


def _host(text: str) -> str:
    from boggle_tui.game.address import check_host

    try:
        return check_host(text)
    except BoggleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _server(text: str) -> str:
    """A room server a served game may join: HOST:PORT (the default port when none is given), no room."""
    from boggle_tui.game.address import parse_address

    try:
        host, port, room = parse_address(text)
    except BoggleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if room:
        raise argparse.ArgumentTypeError(_("{text}: a server is HOST:PORT, with no room").format(text=repr(text)))
    return f"{host}:{port}"


def _add_rooms(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rooms", action="append", default=[], type=_server, metavar=_("HOST:PORT"),
        help=_("a room server the visitors' games may join (repeatable; none by default: they host and join nothing)"),
    )  # fmt: skip


def _add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        # Translators: a placeholder in a command's usage, in capitals: a language's code (es) or a board's code
        metavar=_("CODE"),
        help=_("the language: en (default), es, de, fr, nl, pt, pl; brings its word list, dice and shortest word"),
    )


def _add_board_options(parser: argparse.ArgumentParser) -> None:
    _add_language(parser)
    parser.add_argument(
        "--dice",
        # Translators: a placeholder in a command's usage, in capitals: the name of a set of dice
        metavar=_("SET"),
        help=_("dice set to roll: new (default), classic, big, master, superbig"),
    )
    parser.add_argument(
        "--seed", type=_count(0, SEEDS[-1]), metavar="N", help=_("seed for the roll: the same seed, the same board")
    )
    parser.add_argument("--dictionary", metavar=_("NAME|PATH"), help=_("enable1 (default), popular or a file"))
    parser.add_argument(
        "--min-length",
        type=_count(1, MIN_LENGTHS[-1]),
        metavar="N",
        help=_("shortest word that counts (3 on 4x4, else 4)"),
    )


def _add_room_options(parser: argparse.ArgumentParser) -> None:
    """A room's settings: used when this player makes the room, left aside (with a note) otherwise."""
    parser.add_argument("--name", metavar=_("NAME"), help=_("your name in the room (default: your user name)"))
    _add_language(parser)
    parser.add_argument("--dice", metavar=_("SET"), help=_("dice set: new (default), classic, big, master, superbig"))
    parser.add_argument("--time", type=_count(1, ROUND_SECONDS[-1]), metavar=_("SECONDS"), help=_("round length (180)"))
    parser.add_argument(
        "--dictionary", metavar=_("NAME|PATH"), help=_("enable1 (default) or popular (host: or a file)")
    )
    parser.add_argument("--min-length", type=_count(1, MIN_LENGTHS[-1]), metavar="N", help=_("shortest word"))
    parser.add_argument("--scoring", choices=SCORINGS, help=_("unique (default): shared words score 0"))
    parser.add_argument(
        "--seed", type=_count(0, SEEDS[-1]), metavar="N", help=_("the room's boards follow this seed (round n: N+n-1)")
    )
    parser.add_argument(
        "--target", type=_count(TARGETS[0], TARGETS[-1]), metavar="N", help=_("the evening: first to N points wins it")
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help=_("sit in the room line by line with no screen drawing (screen readers, pipes)"),
    )


class _Version(argparse.Action):
    """`boggle --version`: the release, and which engine solves boards (the core is imported only here)."""

    def __call__(self, parser: argparse.ArgumentParser, *_given: object) -> None:
        from boggle_tui.engine.core import engine_name

        print(_("boggle-tui {version} (engine: {engine})").format(version=__version__, engine=engine_name()))
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = TranslatedParser(prog="boggle", description=_("Boggle in the terminal."))
    parser.add_argument(
        "--version", action=_Version, nargs=0, help=_("show the version and the engine in use, then exit")
    )
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))

    play = commands.add_parser("play", help=_("play a round (the default command)"))
    _add_board_options(play)
    play.add_argument("--board", metavar=_("BOARD"), help=_("play this board, e.g. plsteaiertnrsges"))
    play.add_argument("--code", metavar=_("CODE"), help=_("play the board with this code, e.g. N-PLSTEAIERTNRSGES"))
    play.add_argument("--daily", action="store_true", help=_("play today's board: the same for everyone (UTC)"))
    play.add_argument(
        "--best",
        action="store_true",
        help=_("deal a rich board: the most words of {rolls} rolls").format(rolls=RICH_TRIES),
    )
    play.add_argument(
        "--time",
        type=_count(0, ROUND_SECONDS[-1]),
        metavar=_("SECONDS"),
        help=_("round length (default 180; 0: no clock)"),
    )
    play.add_argument("--practice", action="store_true", help=_("untimed, with hints, against the full word list"))
    play.add_argument(
        "--challenge", metavar=_("LINE"), help=_("play a friend's board under their rules: the result line they shared")
    )
    play.add_argument(
        "--plain", action="store_true", help=_("play line by line with no screen drawing (screen readers, pipes, ssh)")
    )
    play.add_argument(
        "--bots",
        type=_count(1, MAX_BOTS),
        metavar="N",
        help=_("play against the table: N computer opponents (1-{most})").format(most=MAX_BOTS),
    )
    play.add_argument(
        "--level", choices=(*LEVELS, MATCHED), help=_("the opponents' level (default matched: fitted to your history)")
    )
    play.add_argument(
        "--scoring", choices=SCORINGS, help=_("against the table: unique (default: shared words score 0) or all")
    )

    solve = commands.add_parser("solve", help=_("list every word on a board"))
    solve.add_argument(
        "board", nargs="?", metavar=_("BOARD"), help=_("the board, e.g. plsteaiertnrsges; - reads one per line")
    )
    solve.add_argument("--code", metavar=_("CODE"), help=_("solve the board with this code, e.g. N-PLSTEAIERTNRSGES"))
    _add_board_options(solve)
    solve.add_argument("--json", action="store_true", help=_("print JSON"))

    bench = commands.add_parser("bench", help=_("compare unsorted list, sorted list, trie and the engine's solver"))
    bench.add_argument(
        "--boards", type=_count(1, BENCH_BOARDS), default=1000, metavar="N", help=_("boards to solve (default 1000)")
    )
    bench.add_argument(
        "--seed", type=_count(0, SEEDS[-1]), default=1, metavar="N", help=_("seed of the first board (default 1)")
    )
    bench.add_argument("--dictionary", default="enable1", metavar=_("NAME|PATH"), help=_("word list (default enable1)"))
    bench.add_argument("--skip-unsorted", action="store_true", help=_("leave out the (very slow) unsorted list"))
    bench.add_argument("--json", action="store_true", help=_("print JSON"))
    best = commands.add_parser("best", help=_("search for the highest-scoring board"))
    best.add_argument("--size", type=parse_size, metavar="N|RxC", help=_("board size: 4 (default), 5, 6 or RxC"))
    _add_language(best)
    best.add_argument("--dice", metavar=_("SET"), help=_("only boards this dice set can roll"))
    best.add_argument("--dictionary", metavar=_("NAME|PATH"), help=_("enable1 (default), popular or a file"))
    best.add_argument("--min-length", type=_count(1, MIN_LENGTHS[-1]), metavar="N", help=_("shortest word that counts"))
    best.add_argument("--seconds", type=_seconds, default=60.0, metavar="S", help=_("how long to search (default 60)"))
    best.add_argument("--seed", type=_count(0, SEEDS[-1]), metavar="N", help=_("seed of the search, to repeat it"))
    best.add_argument(
        "--jobs", type=_count(1, 256), metavar="N", help=_("searches side by side, one per core (default: every core)")
    )
    best.add_argument("--json", action="store_true", help=_("print JSON"))

    prove = commands.add_parser("prove", help=_("prove the best board of a size: every class of boards accounted for"))
    prove.add_argument(
        "--size", type=parse_size, metavar="RxC", help=_("board size: 3 (default), 3x4, 4 ... (16 cells)")
    )
    _add_language(prove)
    prove.add_argument("--dictionary", metavar=_("NAME|PATH"), help=_("enable1 (default), popular or a file"))
    prove.add_argument("--letters", metavar=_("LETTERS"), help=_("only boards of these letters (q is Qu), e.g. aeirst"))
    prove.add_argument("--dice", metavar=_("SET"), help=_("only boards this dice set can roll"))
    prove.add_argument(
        "--min-length", type=_count(1, MIN_LENGTHS[-1]), metavar="N", help=_("shortest word that counts")
    )
    prove.add_argument(
        "--threshold",
        type=_count(1),
        metavar="N",
        help=_("find every board of N points or more (default: a search's best)"),
    )
    prove.add_argument("--jobs", type=_count(1, 256), metavar="N", help=_("classes proved side by side (default 1)"))
    prove.add_argument(
        "--out", metavar=_("FILE"), type=_given, help=_("write each finished class to FILE (JSON lines)")
    )
    prove.add_argument(
        "--resume",
        metavar=_("FILE"),
        type=_given,
        help=_("go on with the proof in FILE: its finished classes are kept"),
    )
    prove.add_argument(
        "--verify", action="store_true", help=_("with --resume: prove every class of the file again to check it")
    )
    prove.add_argument(
        "--cluster",
        metavar=_("ADDRESS"),
        type=_given,
        help=_("run the classes on a Dask cluster (the [cluster] extra)"),
    )
    prove.add_argument("--json", action="store_true", help=_("print JSON"))

    commands.add_parser("stats", help=_("your statistics over the rounds played"))
    history = commands.add_parser("history", help=_("the rounds played, newest first"))
    history.add_argument("--json", action="store_true", help=_("print JSON"))
    history.add_argument("--limit", type=_count(1, 10**9), metavar="N", help=_("only the last N rounds"))
    history.add_argument(
        "--repair", action="store_true", help=_("move a damaged history aside and start a fresh one (as a game would)")
    )
    study = commands.add_parser("study", help=_("study the words you missed (or list the cards with --list)"))
    study.add_argument("--list", action="store_true", help=_("print the study cards instead of opening the game"))
    study.add_argument(
        "--json", action="store_true", help=_("with --list: print JSON, a list of {word, box, due, ...}")
    )
    study.add_argument("--dictionary", metavar=_("NAME|PATH"), help=_("only this word list's cards"))
    study.add_argument("--restore", metavar=_("WORD"), help=_("bring a suspended card back into study"))
    host = commands.add_parser("host", help=_("host a room: friends join it with boggle join"))
    _add_room_options(host)
    host.add_argument(
        "--host", default="127.0.0.1", type=_host, metavar="H", help=_("address to listen on (0.0.0.0: your LAN)")
    )
    host.add_argument("--port", type=_count(1, 65535), default=8765, metavar="P", help=_("port (default 8765)"))
    join = commands.add_parser("join", help=_("join a room: boggle join HOST:PORT/ROOM (no ROOM: list the rooms)"))
    join.add_argument(
        "address", metavar=_("HOST:PORT/ROOM"), help=_("the server and room, e.g. 192.168.1.5:8765/friends")
    )
    _add_room_options(join)
    join.add_argument("--watch", action="store_true",
                      help=_("watch the room without a seat: the boards and the counts, never playing"))  # fmt: skip
    server = commands.add_parser("server", help=_("run a room server with no game of its own"))
    server.add_argument(
        "--host", default="127.0.0.1", type=_host, metavar="H", help=_("address to listen on (default 127.0.0.1)")
    )
    server.add_argument(
        "--port", type=_count(0, 65535), default=8765, metavar="P", help=_("port (default 8765; 0: any)")
    )
    limits = Limits()
    for flag, default, what in (
        ("--max-rooms", limits.rooms, N_("rooms open at once ({default})")),
        ("--max-connections", limits.connections, N_("connections at once ({default})")),
        ("--max-players", limits.players, N_("players in a room ({default})")),
        ("--max-seconds", limits.seconds, N_("the longest round a room may ask for, in seconds ({default})")),
        ("--rooms-per-address", limits.rooms_per_address, N_("rooms one address may keep open ({default})")),
        ("--max-spectators", limits.spectators, N_("spectators of a room, besides its players ({default})")),
    ):
        help = _(what).format(default=number(default))
        server.add_argument(flag, type=_count(1, 10**6), default=default, metavar="N", help=help)
    server.add_argument(
        "--only-room", metavar=_("ROOM"), help=_("serve this one room and no other (a host's own server)")
    )
    server.add_argument("--word-list", action="append", default=[], metavar=_("NAME=PATH"),
                        help=_("a word list rooms may use besides the shipped ones (repeatable)"))  # fmt: skip
    server.add_argument("--exit-when-idle", type=_count(1, 10**6), metavar=_("SECONDS"),
                        help=_("end once the server has had no room for this long"))  # fmt: skip
    server.add_argument("--announce-port", action="store_true", help=_("print 'port N' on stdout once listening"))
    server.add_argument("--state", metavar=_("DIR"), type=_given_path,
                        help=_("keep each room's state in this folder, brought back after a restart "
                               "(default: a folder in your data folder)"))  # fmt: skip
    store_help = _("the daily table: a SQLite file (default: in the data folder) or postgresql://...")
    server.add_argument("--store", metavar=_("PATH|URL"), type=_given, help=store_help)
    server.add_argument("--keep-days", type=_count(1, 10**5), default=400, metavar="N",
                        help=_("days of daily tables kept (400)"))  # fmt: skip
    server.add_argument("--daily-per-address", type=_count(0, 10**6), default=5, metavar="N",
                        help=_("daily rounds one address may begin a day (5; 0: no limit; behind a proxy every "
                               "player shares its address)"))  # fmt: skip
    server.add_argument("--no-daily", action="store_true", help=_("serve rooms only, not today's board"))
    daily = commands.add_parser("daily", help=_("today's board, with everyone who plays it (UTC)"))
    daily.add_argument("--server", metavar=_("HOST:PORT"),
                       help=_("play on this server and join its table (remembered; \"\" forgets it)"))  # fmt: skip
    daily.add_argument("--name", metavar=_("NAME"), help=_("your name on the server's table (remembered)"))
    _add_language(daily)
    daily.add_argument("--plain", action="store_true", help=_("play line by line with no screen drawing"))
    daily.add_argument("--table", action="store_true", help=_("show today's table again"))
    daily.add_argument("--friends", action="store_true",
                       help=_("with --table: only the players you played rooms with on that server"))  # fmt: skip
    daily.add_argument("--share", action="store_true",
                       help=_("print a line to share today's result, with no word of the board in it"))  # fmt: skip
    json_help = _("print the table as JSON: {date, language, board, players, average, top, rows, share}")
    daily.add_argument("--json", action="store_true", help=json_help)
    web = commands.add_parser("web", help=_("serve the game to browsers (needs the [web] extra)"))
    web.add_argument(
        "--host", default="127.0.0.1", type=_host, metavar="H", help=_("address to listen on (0.0.0.0: your LAN)")
    )
    web.add_argument("--port", type=_count(1, 65535), default=8000, metavar="P", help=_("port (default 8000)"))
    web.add_argument(
        "--max-games",
        type=_count(1, 1000),
        default=MAX_GAMES,
        metavar="N",
        help=_("games at once (default {count})").format(count=MAX_GAMES),
    )
    _add_rooms(web)
    ssh = commands.add_parser("ssh-server", help=_("serve the game over ssh: ssh -p 2222 HOST (needs the [ssh] extra)"))
    ssh.add_argument(
        "--host", default="127.0.0.1", type=_host, metavar="H", help=_("address to listen on (0.0.0.0: your LAN)")
    )
    ssh.add_argument("--port", type=_count(1, 65535), default=2222, metavar="P", help=_("port (default 2222)"))
    seats = SshLimits()
    for flag, default, what in (
        ("--max-sessions", seats.sessions, N_("games at once ({default})")),
        ("--sessions-per-address", seats.per_address, N_("games one address may play at once ({default})")),
    ):
        help = _(what).format(default=number(default))
        ssh.add_argument(flag, type=_count(1, 10**4), default=default, metavar="N", help=help)
    ssh.add_argument(
        "--memory-per-game",
        type=_count(256, 10**6),  # under 256 MB the game cannot even start
        default=seats.memory_mb,
        metavar="MB",
        help=_("the memory each game's process may take, in MB ({default})").format(default=number(seats.memory_mb)),
    )
    idle = round(seats.idle_seconds / 60)
    ssh.add_argument(
        "--idle-minutes",
        type=_count(1, 24 * 60),
        default=idle,
        metavar="M",
        help=_("end a game after this many minutes with no key pressed ({default})").format(default=number(idle)),
    )
    _add_rooms(ssh)
    define = commands.add_parser("define", help=_("a short definition of each word (from WordNet 3.0)"))
    define.add_argument("words", nargs="+", metavar=_("WORD"), help=_("the words to define"))
    define.add_argument("--json", action="store_true", help=_("print JSON: a list of {word, definition}"))
    for command in commands.choices.values():  # every command speaks a language: those that play one say so
        if not any("--lang" in action.option_strings for action in command._actions):
            command.add_argument(
                "--lang",
                metavar=_("CODE"),
                help=_("the language this command speaks: en (default), es, de, fr, nl, pt, pl"),
            )
    return parser
