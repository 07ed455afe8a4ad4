"""The `boggle` command line: its commands, flags and the checks on their values."""

from __future__ import annotations

import argparse
import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boggle_tui import __version__
from boggle_tui.cli.translated_parser import TranslatedParser
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.deal import RICH_TRIES
from boggle_tui.game.levels import LEVELS, MATCHED, MAX_BOTS
from boggle_tui.game.reports import Report
from boggle_tui.game.rules import CONTESTS, GOALS, MIN_LENGTHS, ROUND_SECONDS, SCORINGS, SEEDS, TARGETS
from boggle_tui.i18n import N_, _, number

# `boggle bench` solves every board with every structure, ~10 ms a board in all: 100,000 boards is a quarter of an
# hour; 10**9 would have run for years.
BENCH_BOARDS = 100_000
MAX_GAMES = 16  # boggle web's game processes at once: each is a Python process of some 40-60 MB


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


def _past_day(text: str) -> dt.date:
    """A date in ISO form; whether it is one of the last days `daily --date` plays (game/daily.py PAST_DAYS) is the
    command's to say: it knows today."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a date: write it as YYYY-MM-DD").format(text=repr(text))
        ) from None


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
    parser.add_argument(
        "--scoring", choices=SCORINGS, help=_("unique (default): shared words score 0; all; team: play together")
    )
    parser.add_argument(
        "--seed", type=_count(0, SEEDS[-1]), metavar="N", help=_("the room's boards follow this seed (round n: N+n-1)")
    )
    parser.add_argument(
        "--target", type=_count(TARGETS[0], TARGETS[-1]), metavar="N", help=_("the evening: first to N points wins it")
    )
    parser.add_argument(
        "--goal",
        type=_count(GOALS[0], GOALS[-1]),
        metavar="N",
        help=_("--scoring team: the team's points to reach in a round (default: a quarter of the common words')"),
    )
    parser.add_argument(
        "--teams", type=int, choices=(1, 2), help=_("--scoring team: one team (default), or two from four players up")
    )
    parser.add_argument(
        "--between", choices=CONTESTS, help=_("--teams 2: a word both teams found scores for both (all) or neither")
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


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    _add_board_options(parser)
    parser.add_argument("--board", metavar=_("BOARD"), help=_("play this board, e.g. plsteaiertnrsges"))
    parser.add_argument("--code", metavar=_("CODE"), help=_("play the board with this code, e.g. N-PLSTEAIERTNRSGES"))
    parser.add_argument("--daily", action="store_true", help=_("play today's board: the same for everyone (UTC)"))
    parser.add_argument(
        "--best",
        action="store_true",
        help=_("deal a rich board: the most words of {rolls} rolls").format(rolls=RICH_TRIES),
    )
    parser.add_argument(
        "--time",
        type=_count(0, ROUND_SECONDS[-1]),
        metavar=_("SECONDS"),
        help=_("round length (default 180; 0: no clock)"),
    )
    parser.add_argument("--practice", action="store_true", help=_("untimed, with hints, against the full word list"))
    parser.add_argument(
        "--challenge", metavar=_("LINE"), help=_("play a friend's board under their rules: the result line they shared")
    )
    parser.add_argument(
        "--plain", action="store_true", help=_("play line by line with no screen drawing (screen readers, pipes, ssh)")
    )
    parser.add_argument(
        "--bots",
        type=_count(1, MAX_BOTS),
        metavar="N",
        help=_("play against the table: N computer opponents (1-{most})").format(most=MAX_BOTS),
    )
    parser.add_argument(
        "--level", choices=(*LEVELS, MATCHED), help=_("the opponents' level (default matched: fitted to your history)")
    )
    parser.add_argument(
        "--scoring", choices=CONTESTS, help=_("against the table: unique (default: shared words score 0) or all")
    )


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "board", nargs="?", metavar=_("BOARD"), help=_("the board, e.g. plsteaiertnrsges; - reads one per line")
    )
    parser.add_argument("--code", metavar=_("CODE"), help=_("solve the board with this code, e.g. N-PLSTEAIERTNRSGES"))
    _add_board_options(parser)
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def _bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--boards", type=_count(1, BENCH_BOARDS), default=1000, metavar="N", help=_("boards to solve (default 1000)")
    )
    parser.add_argument(
        "--seed", type=_count(0, SEEDS[-1]), default=1, metavar="N", help=_("seed of the first board (default 1)")
    )
    parser.add_argument(
        "--dictionary", default="enable1", metavar=_("NAME|PATH"), help=_("word list (default enable1)")
    )
    parser.add_argument("--skip-unsorted", action="store_true", help=_("leave out the (very slow) unsorted list"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def _best_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=parse_size, metavar="N|RxC", help=_("board size: 4 (default), 5, 6 or RxC"))
    _add_language(parser)
    parser.add_argument("--dice", metavar=_("SET"), help=_("only boards this dice set can roll"))
    parser.add_argument("--dictionary", metavar=_("NAME|PATH"), help=_("enable1 (default), popular or a file"))
    parser.add_argument(
        "--min-length", type=_count(1, MIN_LENGTHS[-1]), metavar="N", help=_("shortest word that counts")
    )
    parser.add_argument(
        "--seconds", type=_seconds, default=60.0, metavar="S", help=_("how long to search (default 60)")
    )
    parser.add_argument("--seed", type=_count(0, SEEDS[-1]), metavar="N", help=_("seed of the search, to repeat it"))
    parser.add_argument(
        "--jobs", type=_count(1, 256), metavar="N", help=_("searches side by side, one per core (default: every core)")
    )
    parser.add_argument(
        "--objective",
        choices=("points", "words"),  # research/search.py OBJECTIVES, not imported: the parser stays light
        default="points",
        help=_("what makes a board best: points (default) or words"),
    )
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def _prove_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size", type=parse_size, metavar="RxC", help=_("board size: 3 (default), 3x4, 4 ... (16 cells)")
    )
    _add_language(parser)
    parser.add_argument("--dictionary", metavar=_("NAME|PATH"), help=_("enable1 (default), popular or a file"))
    parser.add_argument(
        "--letters", metavar=_("LETTERS"), help=_("only boards of these letters (q is Qu), e.g. aeirst")
    )
    parser.add_argument("--dice", metavar=_("SET"), help=_("only boards this dice set can roll"))
    parser.add_argument(
        "--min-length", type=_count(1, MIN_LENGTHS[-1]), metavar="N", help=_("shortest word that counts")
    )
    parser.add_argument(
        "--threshold",
        type=_count(1),
        metavar="N",
        help=_("find every board of N points or more (default: a search's best)"),
    )
    parser.add_argument("--jobs", type=_count(1, 256), metavar="N", help=_("classes proved side by side (default 1)"))
    parser.add_argument(
        "--out", metavar=_("FILE"), type=_given, help=_("write each finished class to FILE (JSON lines)")
    )
    parser.add_argument(
        "--resume",
        metavar=_("FILE"),
        type=_given,
        help=_("go on with the proof in FILE: its finished classes are kept"),
    )
    parser.add_argument(
        "--verify", action="store_true", help=_("with --resume: prove every class of the file again to check it")
    )
    parser.add_argument(
        "--cluster",
        metavar=_("ADDRESS"),
        type=_given,
        help=_("run the classes on a Dask cluster (the [cluster] extra)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def _stats_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def _history_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--limit", type=_count(1, 10**9), metavar="N", help=_("only the last N rounds"))
    parser.add_argument(
        "--repair", action="store_true", help=_("move a damaged history aside and start a fresh one (as a game would)")
    )


def _study_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--list", action="store_true", help=_("print the study cards instead of opening the game"))
    parser.add_argument(
        "--json", action="store_true", help=_("with --list: print JSON, a list of {word, box, due, ...}")
    )
    parser.add_argument("--dictionary", metavar=_("NAME|PATH"), help=_("only this word list's cards"))
    parser.add_argument("--restore", metavar=_("WORD"), help=_("bring a suspended card back into study"))


def _host_arguments(parser: argparse.ArgumentParser) -> None:
    _add_room_options(parser)
    parser.add_argument(
        "--host", default="127.0.0.1", type=_host, metavar="H", help=_("address to listen on (0.0.0.0: your LAN)")
    )
    parser.add_argument("--port", type=_count(1, 65535), default=8765, metavar="P", help=_("port (default 8765)"))


def _join_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "address", metavar=_("HOST:PORT/ROOM"), help=_("the server and room, e.g. 192.168.1.5:8765/friends")
    )
    _add_room_options(parser)
    parser.add_argument("--watch", action="store_true",
                      help=_("watch the room without a seat: the boards and the counts, never playing"))  # fmt: skip


def _party_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "address", metavar=_("HOST:PORT/ROOM"), help=_("the server and room, e.g. 192.168.1.5:8765/friends")
    )
    parser.add_argument(
        "--web", metavar="URL", help=_("the page of boggle web (http://HOST:8000): its join link is shown as a QR code")
    )
    parser.add_argument("--name", metavar=_("NAME"), help=_("the screen's name in the room (default: Party screen)"))


def _server_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", type=_host, metavar="H", help=_("address to listen on (default 127.0.0.1)")
    )
    parser.add_argument(
        "--port", type=_count(0, 65535), default=8765, metavar="P", help=_("port (default 8765; 0: any)")
    )
    from boggle_tui.net.protocol import Limits  # a server's defaults: read when its options are made

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
        parser.add_argument(flag, type=_count(1, 10**6), default=default, metavar="N", help=help)
    parser.add_argument(
        "--only-room", metavar=_("ROOM"), help=_("serve this one room and no other (a host's own server)")
    )
    parser.add_argument("--word-list", action="append", default=[], metavar=_("NAME=PATH"),
                        help=_("a word list rooms may use besides the shipped ones (repeatable)"))  # fmt: skip
    parser.add_argument("--exit-when-idle", type=_count(1, 10**6), metavar=_("SECONDS"),
                        help=_("end once the server has had no room for this long"))  # fmt: skip
    parser.add_argument("--announce-port", action="store_true", help=_("print 'port N' on stdout once listening"))
    parser.add_argument("--state", metavar=_("DIR"), type=_given_path,
                        help=_("keep each room's state in this folder, brought back after a restart "
                               "(default: a folder in your data folder)"))  # fmt: skip
    store_help = _("the daily table: a SQLite file (default: in the data folder) or postgresql://...")
    parser.add_argument("--store", metavar=_("PATH|URL"), type=_given, help=store_help)
    parser.add_argument("--keep-days", type=_count(1, 10**5), default=400, metavar="N",
                        help=_("days of daily tables kept (400)"))  # fmt: skip
    parser.add_argument("--daily-per-address", type=_count(0, 10**6), default=5, metavar="N",
                        help=_("daily rounds one address may begin a day (5; 0: no limit; behind a proxy every "
                               "player shares its address)"))  # fmt: skip
    parser.add_argument("--no-daily", action="store_true", help=_("serve rooms only, not today's board"))


def _daily_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", metavar=_("HOST:PORT"),
                       help=_("play on this server and join its table (remembered; \"\" forgets it)"))  # fmt: skip
    parser.add_argument("--name", metavar=_("NAME"), help=_("your name on the server's table (remembered)"))
    _add_language(parser)
    parser.add_argument("--plain", action="store_true", help=_("play line by line with no screen drawing"))
    parser.add_argument("--table", action="store_true", help=_("show today's table again"))
    parser.add_argument("--friends", action="store_true",
                       help=_("with --table: only the players you played rooms with on that server"))  # fmt: skip
    parser.add_argument("--share", action="store_true",
                       help=_("print a line to share today's result, with no word of the board in it"))  # fmt: skip
    parser.add_argument("--date", type=_past_day, metavar=_("YYYY-MM-DD"),
                       help=_("a past day's board (the last 30 days), played as practice and never ranked; with "
                              "--table, that day's table"))  # fmt: skip
    json_help = _("print the table as JSON: {date, language, board, players, average, top, rows, share}")
    parser.add_argument("--json", action="store_true", help=json_help)


def _web_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", type=_host, metavar="H", help=_("address to listen on (0.0.0.0: your LAN)")
    )
    parser.add_argument("--port", type=_count(1, 65535), default=8000, metavar="P", help=_("port (default 8000)"))
    parser.add_argument(
        "--max-games",
        type=_count(1, 1000),
        default=MAX_GAMES,
        metavar="N",
        help=_("games at once (default {count})").format(count=MAX_GAMES),
    )
    _add_rooms(parser)


def _ssh_server_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", type=_host, metavar="H", help=_("address to listen on (0.0.0.0: your LAN)")
    )
    parser.add_argument("--port", type=_count(1, 65535), default=2222, metavar="P", help=_("port (default 2222)"))
    from boggle_tui.net.ssh_limits import Limits as SshLimits

    seats = SshLimits()
    for flag, default, what in (
        ("--max-sessions", seats.sessions, N_("games at once ({default})")),
        ("--sessions-per-address", seats.per_address, N_("games one address may play at once ({default})")),
    ):
        help = _(what).format(default=number(default))
        parser.add_argument(flag, type=_count(1, 10**4), default=default, metavar="N", help=help)
    parser.add_argument(
        "--memory-per-game",
        type=_count(256, 10**6),  # under 256 MB the game cannot even start
        default=seats.memory_mb,
        metavar="MB",
        help=_("the memory each game's process may take, in MB ({default})").format(default=number(seats.memory_mb)),
    )
    idle = round(seats.idle_seconds / 60)
    parser.add_argument(
        "--idle-minutes",
        type=_count(1, 24 * 60),
        default=idle,
        metavar="M",
        help=_("end a game after this many minutes with no key pressed ({default})").format(default=number(idle)),
    )
    _add_rooms(parser)


def _define_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("words", nargs="+", metavar=_("WORD"), help=_("the words to define"))
    parser.add_argument("--json", action="store_true", help=_("print JSON: a list of {word, definition}"))


def _words_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "words", nargs="*", metavar=_("WORD"), help=_("words to look up: required, bonus or not listed")
    )
    parser.add_argument("--reports", action="store_true", help=_("list the words you reported from the results"))
    parser.add_argument(
        "--report",
        choices=[report.value for report in Report],
        metavar=_("KIND"),
        help=_("report the words, as the results' x does (after a --plain round): {kinds}").format(
            kinds=", ".join(report.value for report in Report)
        ),
    )
    parser.add_argument("--withdraw", action="store_true", help=_("take back your reports of the words"))
    parser.add_argument("--dictionary", metavar=_("NAME"), help=_("the word list to look in (the language's own)"))
    parser.add_argument(
        "--lang", metavar=_("CODE"), help=_("the language of the words: en (default), es, de, fr, nl, pt, pl")
    )
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


@dataclass(frozen=True)
class Command:
    """A command: its help line, the function that runs it (`module` of boggle_tui.cli, imported only when that
    command runs, so that a command pays for its own machinery alone: `solve` loads neither Textual nor the
    network), and its options."""

    help: str
    module: str
    function: str
    arguments: Callable[[argparse.ArgumentParser], None]


# Every command, in the order `boggle --help` lists them.
COMMANDS: dict[str, Command] = {
    "play": Command(N_("play a round (the default command)"), "play", "run_play", _play_arguments),
    "solve": Command(N_("list every word on a board"), "solve", "run_solve", _solve_arguments),
    "bench": Command(
        N_("compare unsorted list, sorted list, trie and the engine's solver"), "bench", "run_bench", _bench_arguments
    ),
    "best": Command(N_("search for the highest-scoring board"), "best", "run_best", _best_arguments),
    "prove": Command(
        N_("prove the best board of a size: every class of boards accounted for"),
        "prove",
        "run_prove",
        _prove_arguments,
    ),
    "stats": Command(N_("your statistics over the rounds played"), "history", "run_stats", _stats_arguments),
    "history": Command(N_("the rounds played, newest first"), "history", "run_history", _history_arguments),
    "study": Command(
        N_("study the words you missed (or list the cards with --list)"), "study", "run_study", _study_arguments
    ),
    "host": Command(N_("host a room: friends join it with boggle join"), "online", "run_host", _host_arguments),
    "join": Command(
        N_("join a room: boggle join HOST:PORT/ROOM (no ROOM: list the rooms)"), "online", "run_join", _join_arguments
    ),
    "party": Command(
        N_("show a room on a shared screen: the board, the clock, the counts, the evening"),
        "online",
        "run_party",
        _party_arguments,
    ),
    "server": Command(N_("run a room server with no game of its own"), "online", "run_server", _server_arguments),
    "daily": Command(N_("today's board, with everyone who plays it (UTC)"), "daily", "run_daily", _daily_arguments),
    "web": Command(N_("serve the game to browsers (needs the [web] extra)"), "web", "run_web", _web_arguments),
    "ssh-server": Command(
        N_("serve the game over ssh: ssh -p 2222 HOST (needs the [ssh] extra)"),
        "ssh",
        "run_ssh_server",
        _ssh_server_arguments,
    ),
    "define": Command(
        N_("a short definition of each word (from WordNet 3.0)"), "define", "run_define", _define_arguments
    ),
    "words": Command(
        N_("whether words are required or bonus, and the words you reported"), "words", "run_words", _words_arguments
    ),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or (`only`) of that one alone: a command that runs pays for its own options
    only (some 5 ms for all of them, a twentieth of `boggle solve`'s whole run)."""
    parser = TranslatedParser(prog="boggle", description=_("Boggle in the terminal."))
    parser.add_argument(
        "--version", action=_Version, nargs=0, help=_("show the version and the engine in use, then exit")
    )
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for name, command in COMMANDS.items():
        if only is None or name == only:
            command.arguments(commands.add_parser(name, help=_(command.help)))
    for sub in commands.choices.values():  # every command speaks a language: those that play one say so
        if not any("--lang" in action.option_strings for action in sub._actions):
            sub.add_argument(
                "--lang",
                metavar=_("CODE"),
                help=_("the language this command speaks: en (default), es, de, fr, nl, pt, pl"),
            )
    return parser
