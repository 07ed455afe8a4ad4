"""A plain seat at the table: `join`/`host --plain` in a room on a real server on 127.0.0.1 (an ephemeral port),
played line by line against a client that speaks the protocol, and `play --bots N --plain` to its results.

Time in rooms and at the table is the test's own; every wait is bounded, and no test sleeps on the wall clock
for longer than 0.02 s at a time.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from support import FakeTime, FakeWall
from test_online import WAIT, Bot, running_server
from test_plain import CONTROL, ScriptedLines

from boggle_tui.cli import plain_room
from boggle_tui.cli.main import main
from boggle_tui.cli.plain import Read, Signal, play_plain
from boggle_tui.cli.plain_rivals import COUNTS_EVERY
from boggle_tui.cli.plain_room import PlainTarget, play_room
from boggle_tui.game.contest import winner_line
from boggle_tui.game.request import Roll, RoundRequest
from boggle_tui.game.rules import Rules
from boggle_tui.game.table import TableRules
from boggle_tui.net.messages import Settings
from boggle_tui.net.room import COUNTDOWN
from boggle_tui.storage.history import History

BOGGLE = [sys.executable, "-m", "boggle_tui"]


class TypedLines:
    """What the player types, as the test types it; `end()` is the end of input (Ctrl+D)."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[Read] = asyncio.Queue()

    def type(self, *lines: str) -> None:
        for line in lines:
            self.queue.put_nowait(line)

    def end(self) -> None:
        self.queue.put_nowait(Signal.ENDED)

    async def read(self) -> Read:
        return await self.queue.get()


class Seat:
    """A plain seat running in the test's loop: what it said, line by line, and a way to wait for a line."""

    def __init__(
        self,
        url: str,
        room: str,
        name: str,
        time_: FakeTime,
        folder: Path,
        settings: Settings | None = None,
        is_common: Callable[[str], bool] | None = lambda _word: False,
    ) -> None:
        """`is_common`: the required words (None: the language's own, as the game reads them)."""
        self.said: list[str] = []
        self.keys = TypedLines()
        self.history = History.open(folder)
        target = PlainTarget(url=url, room=room, name=name, settings=settings)
        self.task = asyncio.create_task(
            play_room(target, self.keys, self.said.append, now=time_, wall=FakeWall(), history=self.history,
                      folder=folder, is_common=is_common)
        )  # fmt: skip

    async def line(self, wanted: str | Callable[[str], bool], after: int = 0) -> int:
        """The index of the first line said (from `after`) that is `wanted`, or for which it holds."""
        test = wanted if callable(wanted) else (lambda line: line == wanted)
        for _ in range(int(WAIT / 0.02)):
            for n, line in enumerate(self.said[after:], after):
                if test(line):
                    return n
            if self.task.done():
                self.task.result()
                break
            await asyncio.sleep(0.02)
        raise AssertionError(f"{wanted!r} never came; said: {self.said}")

    async def leave(self) -> None:
        self.keys.end()
        await asyncio.wait_for(self.task, WAIT)
        self.history.close()


async def test_a_plain_seat_plays_a_round_to_its_results_against_another_client(tmp_path, enable1) -> None:
    time_ = FakeTime()
    async with running_server(time_) as (_server, url):
        alice = Seat(url, "duel", "alice", time_, tmp_path, Settings(seed=42))  # T I N R / E O N R / H W L D / A S E S
        await alice.line("You are in room duel as alice.")
        spelt_out = "Settings: Boggle (1987+) · 3 min round · words of 3 letters or more · word list enable1 · shared"
        await alice.line(lambda line: line.startswith(spelt_out))
        await alice.line(lambda line: line.startswith("You host the room: start, remove NAME"))
        bob = await Bot.join(url, "duel", "bob")
        await alice.line("bob joined.")
        alice.keys.type("who", "ready", "say hello, bob")
        await alice.line("Room duel: 2 players, 0 ready.")
        listed = alice.said.index("Room duel: 2 players, 0 ready.")
        assert alice.said[listed + 1 : listed + 3] == ["  alice (host, you): not ready", "  bob: not ready"]
        await alice.line("You are ready.")
        await alice.line("You said: hello, bob")
        await bob.send("say", text="hi \x1b[2Jalice\x07")
        await alice.line("bob says: hi [2Jalice")  # a stranger's text, shown cleaned: no escape reaches the terminal
        await bob.wait_for("lobby")
        await bob.send("ready", ready=True)
        await alice.line("bob is ready.")
        await alice.line("The board comes in 3 seconds.")
        time_.now += COUNTDOWN
        opening = await alice.line(lambda line: line.startswith("Online · room duel · round 1 · board N-"))
        board = await alice.line("Type a word and press Enter; help lists the commands. The clock is running: 3:00.")
        assert alice.said[opening + 1] == "3 min round · words of 3 letters or more · word list enable1"
        rows = ["row 1: T I N R", "row 2: E O N R", "row 3: H W L D", "row 4: A S E S"]
        assert alice.said[opening + 2 : board] == rows
        shared, mine, third = "owl", "towel", "tin"
        alice.keys.type(shared, mine, "xq", "help")
        await alice.line("OWL: accepted, 1 point")
        await alice.line("TOWEL: accepted, 2 points")
        await alice.line("XQ: too short")
        await alice.line("A word that is also a command: type = before it, as =end.")
        assert "  end    vote to end the round: it ends when every player has voted" in alice.said

        # The others' counts: a line when they change, never two within COUNTS_EVERY seconds
        await bob.send("word", id=0, word=shared)
        first = await alice.line("Found so far: bob 1 · you: 2")
        await bob.send("word", id=1, word=third)
        await bob.wait_for("verdict", lambda message: message["id"] == 1)
        time_.now += COUNTS_EVERY - 1  # the server's ticks wake the seat: nothing yet
        await bob.wait_for("tick")
        await asyncio.sleep(0.02)  # the seat has the same tick
        assert not any(line.startswith("Found so far: bob 2") for line in alice.said)
        time_.now += 1
        assert await alice.line("Found so far: bob 2 · you: 2") > first

        alice.keys.type("time", f"={'end'}", "end")
        await alice.line("2:50 left · score 3 · 2 words")
        await alice.line("END: not on the board")  # a word, not the vote
        await alice.line("You voted to end the round: it ends when every player has voted.")
        await bob.send("end")
        ended = await alice.line("Everyone here voted to end.")
        results = alice.said[ended:]
        assert results[1] == "Winner: you"  # why it ended is the line before, said once; "you", as the scores say
        assert results[2] == "Scores: you 2, bob 1"
        assert "3 words found, and who found it:" in results
        assert results[4:7] == ["  TOWEL: you (2)", "  OWL: you, bob (shared, 0)", "  TIN: bob (1)"]
        assert "A shared word, found by two or more players, scores 0 for everyone." in results
        assert any(line.startswith("Score ") and " of " in line for line in results)
        await alice.line(lambda line: line.startswith("Tonight: alice "))
        await alice.line(lambda line: line.startswith("Saved in your history"))
        await alice.line("Back in the lobby: type ready for the next round.")
        alice.keys.type("dance")
        await alice.line("DANCE: too late")  # typed as the round ended: within the grace, a word too late
        time_.now += 2
        alice.keys.type("dance")
        await alice.line("'dance' is not a command here: help lists them.")
        await alice.leave()
        assert alice.said[-1] == "You left room duel."
        assert not any(CONTROL.search(line) for line in alice.said)
        await bob.wait_for("lobby", lambda message: len(message["players"]) == 1)  # she left the room, cleanly
        await bob.ws.close()
    (record,) = History.open(tmp_path).rounds()
    assert (
        record.mode == "online"
        and record.found[shared] == 0
        and {p["name"] for p in record.players}
        == {
            "alice",
            "bob",
        }
    )


async def test_the_host_starts_adds_a_bot_locks_and_removes_a_player(tmp_path, enable1) -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        alice = Seat(url, "hosted", "alice", time_, tmp_path)
        await alice.line(lambda line: line.startswith("You host the room"))
        bob = await Bot.join(url, "hosted", "bob")
        await alice.line("bob joined.")
        alice.keys.type("help")
        await alice.line("The host's commands:")
        alice.keys.type("remove nobody", "bot wizard", "remove", "remove alice")
        await alice.line("Nobody here is called 'nobody': who lists the players.")
        await alice.line("No bot level is called 'wizard': beginner, casual, regular, strong, expert.")
        await alice.line("Remove whom? Type remove and the player's name, as remove bob.")
        await alice.line("You cannot remove yourself: leave leaves the room.")
        alice.keys.type("bot casual", "lock")
        await alice.line("Ada (bot) joined.")
        await alice.line("The room is closed to newcomers.")
        assert server.rooms["hosted"].locked
        alice.keys.type("remove BOB")
        error = await bob.wait_for("error")
        assert error["code"] == "removed"
        await alice.line("bob left.")
        alice.keys.type("unlock", "start")
        await alice.line("The room is open to newcomers.")
        await alice.line("The board comes in 3 seconds.")  # started by the host, though nobody is ready
        time_.now += COUNTDOWN
        await alice.line(lambda line: line.startswith("Online · room hosted · round 1"))
        alice.keys.type("say hi")
        await alice.line("Chat waits for the end of the round.")
        alice.keys.type("end")  # the bot never votes: her vote ends it
        await alice.line("Everyone here voted to end.")
        await alice.line(lambda line: line.startswith("Scores: "))
        alice.keys.type("remove ada")  # a bot goes by its name without "(bot)"
        await alice.line("Ada (bot) left.")
        await alice.leave()


async def test_a_seat_that_does_not_host_is_told_so_and_a_removed_seat_leaves_with_the_reason(tmp_path) -> None:
    time_ = FakeTime()
    async with running_server(time_) as (_server, url):
        host = await Bot.join(url, "theirs", "carol")
        await host.wait_for("lobby")
        alice = Seat(url, "theirs", "alice", time_, tmp_path)
        await alice.line("  carol (host): not ready")
        alice.keys.type("start", "lock")
        first = await alice.line("Only the host can do that; the host is carol.")
        await alice.line("Only the host can do that; the host is carol.", after=first + 1)  # for lock as for start
        lobby = await host.wait_for("lobby", lambda message: len(message["players"]) == 2)
        await host.send("host", action="remove", player=lobby["players"][1]["id"])
        with pytest.raises(plain_room.RoomClosed, match="the host removed you from the room"):
            await asyncio.wait_for(alice.task, WAIT)
        alice.history.close()
        await host.ws.close()


def test_play_against_the_table_plainly_to_its_results_with_the_shared_words(enable1, tmp_path) -> None:
    clock, said = FakeTime(), []
    # Common words, which the bots find too; `who` a minute in; then the clock runs out.
    script: list[str | float] = ["tin", "owl", "towel", "hold", "how", "show", 60.0, "who", 200.0]
    history = History.open(tmp_path)

    def write(line: str) -> None:
        said.append((clock.now, line))

    code = play_plain(
        RoundRequest(Roll(seed=42), Rules(seconds=120)), lines=ScriptedLines(clock, *script), write=write, now=clock,
        wall=FakeWall(), history=history, table=TableRules(2, "expert"), rng=random.Random(7),
    )  # fmt: skip
    assert code == 0
    lines = [line for _at, line in said]
    assert lines[0] == "Boggle (1987+) · seed 42 · against 2 (expert) · board N-TINREONRHWLDASES"
    asked = lines.index("Type a word and press Enter; help lists the commands. The clock is running: 2:00.") + 7
    assert re.fullmatch(r"Found so far: Ada \d+, Basil \d+ · you: 6", lines[asked])  # `who`, after six words
    ended = lines.index("Time is up.")
    results = lines[ended + 1 :]
    assert re.fullmatch(r"Winner: .+|A tie: .+", results[0])  # why it ended was said once, on its own line
    assert re.fullmatch(r"Scores: .*you \d+.*", results[1]) and "Ada " in results[1] and "Basil " in results[1]
    shared = [line for line in results if line.endswith("(shared, 0)")]
    assert shared and all(line.count(",") >= 1 for line in shared)  # two players or more found each
    assert "A shared word, found by two or more players, scores 0 for everyone." in results
    assert any(line.startswith("  TOWEL: you") for line in results)
    assert any(line.startswith("Score ") for line in results)
    (record,) = History.open(tmp_path).rounds()
    assert record.mode == "bots" and len(record.players) == 3


def test_the_bots_counts_come_at_most_one_every_ten_seconds_on_the_injected_clock(enable1, tmp_path) -> None:
    clock, said = FakeTime(), []
    script = [170.0]  # the player types nothing: the bots' finds are the only news

    def write(line: str) -> None:
        said.append((clock.now, line))

    play_plain(
        RoundRequest(Roll(seed=42), Rules(seconds=180)), lines=ScriptedLines(clock, *script), write=write, now=clock,
        wall=FakeWall(), history=History.open(tmp_path), table=TableRules(3, "expert"), rng=random.Random(1),
    )  # fmt: skip
    times = [at for at, line in said if line.startswith("Found so far: ")]
    assert len(times) >= 5, said[:20]
    assert all(later - earlier >= COUNTS_EVERY for earlier, later in itertools.pairwise(times))
    assert all(re.fullmatch(r"Found so far: Ada \d+, Basil \d+, Cleo \d+ · you: 0", line) for _, line in said
               if line.startswith("Found so far"))  # fmt: skip


# Through the command line


def test_join_and_host_take_plain_and_bots_no_longer_refuse_it(monkeypatch, capsys, tmp_path, enable1) -> None:
    seats: list[PlainTarget] = []

    def sit(target: PlainTarget, notices: object = ()) -> int:
        seats.append(target)
        return 0

    monkeypatch.setattr(plain_room, "run_plain_room", sit)
    assert main(["join", "127.0.0.1:9/friends", "--plain", "--name", "alice"]) == 0
    assert main(["host", "--plain", "--name", "bob", "--time", "60", "--port", "9"]) == 0
    joined, hosted = seats
    assert (joined.url, joined.room, joined.name, joined.serve) == ("ws://127.0.0.1:9", "friends", "alice", None)
    assert hosted.serve == ("127.0.0.1", 9) and hosted.private and hosted.settings and hosted.settings.seconds == 60
    assert hosted.address.startswith("127.0.0.1:9/") and hosted.name == "bob"
    monkeypatch.setenv("BOGGLE_DATA_DIR", str(tmp_path))
    assert main(["play", "--bots", "1", "--plain", "--seed", "42", "--level", "beginner"]) == 0  # input ended at once
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Boggle (1987+) · seed 42 · against 1 (beginner) · board N-TINREONRHWLDASES"
    assert "You ended the round." in out and "Nobody found a word." in out  # at once: Ada had not read the board


async def test_join_plain_through_a_pipe_to_the_results(tmp_path, enable1) -> None:
    """`boggle join ADDRESS --plain` as a process: its stdin and stdout, and nothing else, against a real server."""
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        env = {**os.environ, "BOGGLE_DATA_DIR": str(tmp_path)}
        address = url.removeprefix("ws://") + "/piped"
        process = await asyncio.create_subprocess_exec(
            *BOGGLE, "join", address, "--plain", "--name", "alice", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=env,
        )  # fmt: skip
        assert process.stdin is not None and process.stdout is not None
        out: list[str] = []

        async def read_until(test: Callable[[str], bool]) -> str:
            while True:
                line = (await asyncio.wait_for(process.stdout.readline(), 60)).decode()  # type: ignore[union-attr]
                assert line, f"stdout ended; so far: {out}"
                out.append(line.rstrip("\n"))
                if test(out[-1]):
                    return out[-1]

        try:
            await read_until(lambda line: line.startswith("Type ready when you are"))
            bob = await Bot.join(url, "piped", "bob")
            await read_until(lambda line: line == "bob joined.")
            process.stdin.write(b"ready\n")
            await bob.send("ready", ready=True)
            await read_until(lambda line: line.startswith("The board comes in"))
            time_.now += COUNTDOWN
            await read_until(lambda line: line.startswith("Type a word and press Enter"))
            shared, mine = list(server.rooms["piped"].solution.paths)[:2]
            process.stdin.write(f"{shared}\n{mine}\nend\n".encode())
            await read_until(lambda line: line.startswith("You voted to end"))
            await bob.send("word", id=0, word=shared)
            await bob.wait_for("verdict")
            await bob.send("end")
            await read_until(lambda line: line.startswith("Back in the lobby"))
            process.stdin.close()  # the end of input leaves the room
            rest = (await asyncio.wait_for(process.stdout.read(), 60)).decode().splitlines()
            assert await asyncio.wait_for(process.wait(), 60) == 0
        finally:
            if process.returncode is None:
                process.kill()
        assert rest[-1] == "You left room piped."
        assert f"  {shared.upper()}: you, bob (shared, 0)" in out
        assert not any(CONTROL.search(line) for line in out + rest)
        assert (await process.stderr.read()) == b""  # type: ignore[union-attr]
        await bob.ws.close()


# The lines themselves


def test_words_are_shown_in_the_board_s_own_capitals_and_names_are_shown_cleaned() -> None:
    from boggle_tui.cli.plain_rivals import CountsLine, contest_lines
    from boggle_tui.engine.alphabets import alphabet_for
    from boggle_tui.game.session import Standing
    from boggle_tui.game.table import Player

    class Finished:
        players = [Player("alice", 2, {"glück": 2, "öde": 0}, me=True), Player("\x1b[2Jbob\x07", 0, {"öde": 0})]
        shared = ["öde"]
        scoring = "unique"
        winners = ["alice"]

    lines = contest_lines(Finished(), alphabet_for("de"))
    assert lines[:3] == ["Winner: you", "Scores: you 2, [2Jbob 0", "2 words found, and who found it:"]
    assert lines[3:5] == ["  GLÜCK: you (2)", "  ÖDE: you, [2Jbob (shared, 0)"]  # GLÜCK, never GLUCK
    dutch = contest_lines(Finished(), alphabet_for("nl"))
    assert "  GLÜCK: you (2)" in dutch
    clock = FakeTime()
    counts = CountsLine(clock)
    standings = [Standing("alice", 1, me=True), Standing("\x1b]0;evil\x07eve", 0)]
    assert counts.due(standings) == []  # the round's first counts are no news
    standings[1] = Standing("\x1b]0;evil\x07eve", 3, connected=False)
    assert counts.due(standings) == ["Found so far: ]0;evileve 3 (away) · you: 1"]
    assert not any(CONTROL.search(line) for line in [*lines, *dutch])


def test_the_winner_line_after_a_line_that_said_why_the_round_ended() -> None:
    """--plain says "Time is up." as the round ends: its results' first line names the winner without saying it
    again ("Time is up." then "Time is up · winner: alice" read twice to a screen reader)."""
    assert winner_line(["alice"]) == "Winner: alice"
    assert winner_line(["alice", "bob", "carol"]) == "A tie: alice, bob and carol"
    assert winner_line([]) == "Winner: nobody"
    assert winner_line(["alice"], "Time is up") == "Time is up · winner: alice"  # the app's, under the board
