"""A server stopped and started again brings its rooms back (net/saved.py): seats by their tokens, the evening,
the champion and the settings; a round under way is voided, never half-saved; a damaged file is moved aside."""

from __future__ import annotations

import json
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from support import FakeTime, make_app, shown, until
from test_online import Bot, start_round, words_of

from boggle_tui.app.online import OnlinePlay, OnlineTarget
from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.net import link
from boggle_tui.net import saved as disk
from boggle_tui.net.room import COUNTDOWN, RESTORED_SECONDS, State
from boggle_tui.net.server import RoomServer


@asynccontextmanager
async def server_over(folder: Path, time_: FakeTime, lines: list[str] | None = None):
    server = RoomServer(now=time_, state=folder, log=(lines.append if lines is not None else lambda _: None))
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.stop()


async def play_a_round(time_: FakeTime, server: RoomServer, room: str, alice: Bot, bob: Bot) -> dict:
    await start_round(time_, alice, bob)
    for n, word in enumerate(sorted(words_of(server, room), key=len, reverse=True)[:8]):  # 10 points or more
        await alice.send("word", id=n, word=word)
    await alice.wait_for("verdict", lambda m: m["id"] == 7)
    await alice.send("end")
    await bob.send("end")
    return await alice.wait_for("end")


async def test_a_restarted_server_brings_back_the_room_its_evening_and_its_players(tmp_path) -> None:
    time_ = FakeTime()
    async with server_over(tmp_path, time_) as (first, url):
        settings = {"seconds": 60, "target": 10, "dice": "classic", "seed": 42}
        alice = await Bot.join(url, "night", "alice", settings=settings)
        tokens = [(await alice.wait_for("welcome"))["token"]]  # alice makes the room, with her settings
        bob = await Bot.join(url, "night", "bob")
        tokens.append((await bob.wait_for("welcome"))["token"])
        end = await play_a_round(time_, first, "night", alice, bob)
        assert end["champion"] == "alice", end["players"]
        await start_round(time_, alice, bob)  # round 2 is under way when the server stops
        await alice.send("word", id=0, word=words_of(first, "night")[0])
        await alice.wait_for("verdict")
    assert json.loads((tmp_path / "night.room.json").read_text())["playing"] is True

    lines: list[str] = []
    async with server_over(tmp_path, time_, lines) as (_, url):
        assert "room night: brought back (2 seats, 1 rounds, round 2 voided)" in lines
        back = []
        for token in reversed(tokens):  # bob first: alice, the host, is still on her way
            back.insert(0, await Bot.join(url, "night", "", token=token))
            await back[0].wait_for("welcome")
        assert [bot.seen[0]["name"] for bot in back] == ["alice", "bob"]
        told = await back[0].wait_for("error")
        assert told["message"] == "the server restarted: round 2 was not counted" and not told["fatal"]
        lobby = await back[1].wait_for("lobby", lambda m: all(p["connected"] for p in m["players"]))
        assert lobby["state"] == "lobby" and lobby["rounds"] == 1 and lobby["champion"] == "alice"
        assert lobby["scoreboard"] == end["scoreboard"]
        assert lobby["settings"]["seconds"] == 60 and lobby["settings"]["target"] == 10
        assert [p["name"] for p in lobby["players"] if p["host"]] == ["alice"]
        for bot in back:
            await bot.send("ready", ready=True)
        await back[0].wait_for("countdown", lambda m: m["seconds"])
        time_.now += COUNTDOWN
        assert (await back[0].wait_for("start"))["round"] == 2  # the voided round's number is played again


async def test_a_room_brought_back_waits_for_its_players_then_closes_and_forgets_its_file(tmp_path) -> None:
    time_ = FakeTime()
    async with server_over(tmp_path, time_) as (_, url):
        alice = await Bot.join(url, "wait", "alice")
        await alice.wait_for("lobby")
    async with server_over(tmp_path, time_) as (second, _):
        second.tick()
        assert "wait" in second.rooms  # nobody is back yet: the room waits
        time_.now += RESTORED_SECONDS
        second.tick()
        assert "wait" not in second.rooms and not (tmp_path / "wait.room.json").exists()


async def test_a_damaged_or_forged_state_file_is_moved_aside_with_one_line(tmp_path) -> None:
    time_ = FakeTime()
    async with server_over(tmp_path, time_) as (_, url):
        _alice, bob = await Bot.join(url, "good", "alice"), await Bot.join(url, "good", "bob")
        await bob.wait_for("lobby", lambda m: len(m["players"]) == 2)
    good = json.loads((tmp_path / "good.room.json").read_text())
    forged = dict(good, room="forged", players=[dict(p, token=good["players"][0]["token"]) for p in good["players"]])
    (tmp_path / "forged.room.json").write_text(json.dumps(forged))
    (tmp_path / "junk.room.json").write_bytes(b"\x00{not json")
    (tmp_path / "huge.room.json").write_text(" " * (disk.MAX_BYTES + 1))
    (tmp_path / "other.room.json").write_text(json.dumps(dict(good, room="other", settings={"seconds": 10**9})))
    lines: list[str] = []
    async with server_over(tmp_path, time_, lines) as (server, _):
        assert set(server.rooms) == {"good"}
        aside = [line for line in lines if "moved aside" in line]
        assert len(aside) == 4 and any("two seats share their tokens" in line for line in aside)
        assert any("over 65536 bytes" in line for line in aside) and any("not JSON" in line for line in aside)
    for name in ("forged", "junk", "huge", "other"):
        assert (tmp_path / f"{name}.room.json.damaged").exists() and not (tmp_path / f"{name}.room.json").exists()


async def test_files_the_server_did_not_write_are_never_read_or_moved(tmp_path) -> None:
    """`--state .` in a project folder: its package.json and the like are not rooms, and stay as they are."""
    (tmp_path / "package.json").write_text('{"name": "my-app"}')
    (tmp_path / "notes.json").write_text("not even JSON")
    lines: list[str] = []
    async with server_over(tmp_path, FakeTime(), lines) as (server, _):
        assert server.rooms == {} and not [line for line in lines if "moved aside" in line]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json", "package.json"]


def test_the_saved_state_is_read_field_by_field(tmp_path) -> None:
    base = {"format": 1, "room": "r", "next_id": 3,
            "players": [{"id": 1, "name": "a", "token": "x" * 22, "host": True}]}  # fmt: skip
    cases = {
        "unknown field": dict(base, extra=1),
        "out of range": dict(base, rounds=-1),
        "wrong type": dict(base, locked="yes"),
        "not past every seat's id": dict(base, next_id=1),
        "unknown level": dict(base, players=[{"id": 1, "name": "a", "token": "x" * 22, "level": "god"}]),
        "not the file's": dict(base, room="s"),
        "format 2": dict(base, format=2),
    }
    (tmp_path / "r.room.json").write_text(json.dumps(base))
    assert disk.read(tmp_path / "r.room.json").players[0].name == "a"
    for why, raw in cases.items():
        (tmp_path / "r.room.json").write_text(json.dumps(raw))
        try:
            disk.read(tmp_path / "r.room.json")
        except disk.Damaged as error:
            assert why in str(error) or why in ("out of range", "wrong type", "unknown field"), (why, error)
        else:
            raise AssertionError(why)


async def test_a_game_in_a_round_finds_its_room_again_after_a_restart(enable1, popular, tmp_path, monkeypatch) -> None:
    """The game says how long it keeps trying, and is back in the lobby, told why the round did not count."""
    monkeypatch.setattr(link, "RETRY_SECONDS", 0.02)
    time_ = FakeTime()
    state = tmp_path / "state"
    first = RoomServer(now=time_, state=state)
    port = await first.start("127.0.0.1", 0)
    app, _ = make_app(enable1, popular, None, folder=tmp_path / "alice", now=time_)
    target = OnlineTarget(url=f"ws://127.0.0.1:{port}", room="night", name="alice")
    app.online = OnlinePlay(app, target, app.show, time_, tmp_path / "alice", app.online_round)

    def notices() -> str:
        return " | ".join(str(n.message) for n in app._notifications)

    async with app.run_test() as pilot:
        await shown(pilot, LobbyScreen)
        await pilot.press("enter")  # alone and ready: the countdown
        await until(pilot, lambda: first.rooms["night"].state is State.COUNTDOWN, "the countdown")
        time_.now += COUNTDOWN
        await shown(pilot, RoundScreen)
        await first.stop()
        await until(pilot, lambda: "seconds left before the seat is given up" in notices(), notices)
        second = RoomServer(now=time_, state=state)
        await second.start("127.0.0.1", port)
        try:
            await shown(pilot, LobbyScreen)
            await until(pilot, lambda: "round 1 was not counted" in notices(), notices)
            await until(pilot, lambda: "reconnecting" not in notices(), notices)
            assert app.online.session is None and app.online.lobby.rounds == 0
        finally:
            await second.stop()


def test_a_state_that_is_not_a_folder_is_one_line_and_exit_2(capsys, tmp_path) -> None:
    from boggle_tui.cli.main import main

    a_file = tmp_path / "state"
    a_file.write_text("not a folder")
    assert main(["server", "--port", "0", "--state", str(a_file)]) == 2
    err = capsys.readouterr().err
    assert "--state takes a folder, not" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_full_room_brought_back_lets_go_of_the_seats_not_taken_back_in_time(enable1) -> None:
    """Eight seats saved, one player back: newcomers are refused while the others may still be on their way, and
    seated once RECLAIM_SECONDS have passed (the seats not taken back are let go); the one back keeps theirs."""
    from support import FakeTime

    from boggle_tui.game.rules import Rules
    from boggle_tui.net.room import RECLAIM_SECONDS, Room, RoomFull

    time_ = FakeTime()
    full = Room("friends", Rules(seconds=60), lambda *_: enable1, now=time_, max_players=8)
    seats = [full.join(f"p{n}")[0] for n in range(8)]
    with pytest.raises(RoomFull):
        full.join("late")
    back = Room.restored(full.saved(), Rules(seconds=60), lambda *_: enable1, now=time_, max_players=8)
    returning = back.seat_for(seats[3].token)
    assert returning is not None
    back.rejoin(returning, "")
    time_.now += RECLAIM_SECONDS - 1
    with pytest.raises(RoomFull):  # the others may still be reconnecting
        back.join("newcomer")
    time_.now += 1
    newcomer, _sends = back.join("newcomer")
    assert sorted(p.name for p in back.players.values()) == ["newcomer", "p3"]
    assert back.seat_for(seats[0].token) is None  # a token kept past it finds no seat, and joins afresh
    assert newcomer.host or returning.host
