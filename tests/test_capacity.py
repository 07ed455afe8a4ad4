"""What lets one server process carry thousands of players: the room in the address, rooms ticked in short
stretches, the collector kept off the heap (and nothing on a round's path for it to find), and messages
written and read by per-type code that keeps every check (issue #29, benchmarks/NOTES.md)."""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import threading
import unicodedata
from contextlib import asynccontextmanager

import pytest
from support import FakeTime
from websockets import protocol as ws_protocol
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, broadcast
from websockets.server import ServerProtocol

from boggle_tui.game.rules import Rules
from boggle_tui.net import collector as collector_module
from boggle_tui.net import messages as m
from boggle_tui.net import server as server_module
from boggle_tui.net.client import room_url
from boggle_tui.net.collector import Collector
from boggle_tui.net.protocol import clean_text
from boggle_tui.net.room import COUNTDOWN, GRACE, Room, State
from boggle_tui.net.server import RoomServer

WAIT = 5.0


@asynccontextmanager
async def running_server(time_: FakeTime, **options):
    server = RoomServer(now=time_, dictionaries={"enable1": "enable1"}, **options)
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.stop()


async def answer(url: str, hello: m.Hello) -> m.ServerMessage:
    async with connect(url) as ws:
        await ws.send(m.encode(hello))
        return m.decode_server(await asyncio.wait_for(ws.recv(), WAIT))


# The room in the address


async def test_the_address_names_the_room_and_a_hello_for_another_is_refused() -> None:
    async with running_server(FakeTime()) as (server, url):
        other = await answer(f"{url}/friends", m.Hello(version=m.VERSION, name="ann", room="strangers"))
        assert isinstance(other, m.Error) and other.fatal and "friends" in other.message
        assert "strangers" not in server.rooms and "friends" not in server.rooms
        unnamed = await answer(f"{url}/friends", m.Hello(version=m.VERSION, name="ann"))
        assert isinstance(unnamed, m.Welcome) and unnamed.room == "friends"
        same = await answer(f"{url}/friends?x=1", m.Hello(version=m.VERSION, name="bo", room="friends"))
        assert isinstance(same, m.Welcome) and same.room == "friends"
        bare = await answer(f"{url}/", m.Hello(version=m.VERSION, name="cy", room="others"))
        assert isinstance(bare, m.Welcome) and bare.room == "others"  # no path: the hello's room, as before
        for path in ("a/b", "sp%20ace", "x" * 41):
            refused = await answer(f"{url}/{path}", m.Hello(version=m.VERSION, name="di", room="friends"))
            assert isinstance(refused, m.Error) and refused.fatal, path


def test_a_game_puts_its_room_in_the_address_unless_the_name_is_no_rooms() -> None:
    assert room_url("ws://10.0.0.2:8765", "friends") == "ws://10.0.0.2:8765/friends"
    assert room_url("ws://10.0.0.2:8765/", "friends") == "ws://10.0.0.2:8765/friends"
    assert room_url("ws://10.0.0.2:8765", "") == "ws://10.0.0.2:8765"  # listing the rooms
    assert room_url("ws://10.0.0.2:8765", "bad room!") == "ws://10.0.0.2:8765"  # the server refuses it in words


# Rooms ticked in stretches


async def test_the_rooms_ticks_leave_the_loop_to_other_work_between_stretches(monkeypatch, enable1) -> None:
    monkeypatch.setattr(server_module, "TICK_SECONDS", 0.001)
    monkeypatch.setattr(server_module, "TICK_STRETCH", 0.0)  # a stretch ends after every room
    time_ = FakeTime()
    server = RoomServer(now=time_)
    log: list[str] = []
    for n in range(20):
        room = Room(f"r{n}", Rules(), lambda *_: enable1, now=time_)
        room.join("ann")  # someone is in it: it stays open
        server.rooms[room.name] = room
        room.tick = lambda name=room.name: log.append(name) or []  # type: ignore[method-assign]

    async def other_work() -> None:
        while True:
            log.append("other")
            await asyncio.sleep(0)

    others = asyncio.create_task(other_work())
    ticker = asyncio.create_task(server._tick_forever())
    for _ in range(1000):
        await asyncio.sleep(0.001)
        if sum(1 for entry in log if entry != "other") >= 20:
            break
    ticker.cancel()
    others.cancel()
    ticks = [i for i, entry in enumerate(log) if entry != "other"][:20]
    assert len(ticks) == 20 and all(b - a > 1 for a, b in itertools.pairwise(ticks))


# The collector


@pytest.fixture
def collector_restored():
    """The process's collector as it was, whatever the test did to it."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


async def test_a_servers_own_process_freezes_its_heap_at_start_up_and_after_each_deal(collector_restored) -> None:
    before = gc.get_threshold()
    time_ = FakeTime()
    async with running_server(time_, collector=Collector(time_)) as (server, url):
        assert gc.get_freeze_count() > 0 and gc.get_threshold()[0] == collector_module.GEN0
        async with connect(f"{url}/night") as ws:
            await ws.send(m.encode(m.Hello(version=m.VERSION, name="ann")))
            await ws.send(m.encode(m.Ready(ready=True)))
            for _ in range(int(WAIT / 0.01)):
                if "night" in server.rooms and server.rooms["night"].state is State.COUNTDOWN:
                    break
                await asyncio.sleep(0.01)
            kept = [[n] for n in range(1000)]  # objects made since start-up, alive through the deal
            frozen = gc.get_freeze_count()
            time_.now += COUNTDOWN
            server.tick()
            assert server.rooms["night"].state is State.PLAYING
            assert gc.get_freeze_count() >= frozen + len(kept)
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before  # stopped: put back as it was


def test_a_full_pass_comes_only_after_connections_closed_and_at_most_once_a_sweep(collector_restored) -> None:
    time_ = FakeTime()
    collector = Collector(time_)
    collector.settle()
    time_.now += collector_module.SWEEP_SECONDS
    assert not collector.tick()  # nothing closed: nothing frozen became garbage
    collector.connection_closed()
    time_.now += 1
    assert collector.tick()
    assert gc.get_freeze_count() > 0  # what the pass kept is frozen again
    collector.connection_closed()
    time_.now += collector_module.SWEEP_SECONDS - 2
    assert not collector.tick()
    time_.now += 2
    assert collector.tick()
    collector.restore()
    assert gc.get_freeze_count() == 0


def test_a_round_leaves_nothing_for_the_collector(room) -> None:
    """Frozen objects are freed only by their reference counts: a round's objects must form no cycles."""
    gc.collect()
    gc.disable()
    try:
        players = [room.join(name)[0] for name in ("ann", "bo", "cy")]
        sends = [s for p in players for s in room.set_ready(p, True)]
        room.time.now += COUNTDOWN
        sends += room.tick()
        words = list(room.solution.paths)[:5]
        for n, word in enumerate([*words, words[0], "zzzq", "  "]):
            for p in players:
                sends += room.enter(p, n, word)
        room.time.now += 30
        sends += room.tick()
        sends += room.leave(players[2])
        room.time.now += 60 + GRACE
        sends += room.tick()
        for p in players[:2]:
            sends += room.leave(p)
        decoded = [m.decode_server(s.text) for s in sends]
        assert room.state is State.LOBBY and any(isinstance(d, m.End) for d in decoded)
        del decoded, sends, players
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0


# The rooms' states on disk


def test_whatever_changes_a_rooms_kept_state_marks_it_unsaved(room) -> None:
    """The server looks only at the rooms marked: a change that did not mark its room would never be written."""
    missed = []

    def step(what: str, action) -> None:
        before = room.saved()
        room.unsaved = False
        action()
        if room.saved() != before and not room.unsaved:
            missed.append(what)

    people = []
    for name in ("ann", "bo", "cy"):
        step(f"join {name}", lambda name=name: people.append(room.join(name)[0]))
    ann, bo, cy = people
    step("bot", lambda: room.command(ann, "bot", None))
    step("lock", lambda: room.command(ann, "lock", None))
    step("unlock", lambda: room.command(ann, "unlock", None))
    step("promote", lambda: room.command(ann, "promote", bo.id))
    step("settings", lambda: room.change_settings(bo, Rules(seconds=60, target=10)))
    for p in people:
        step("ready", lambda p=p: room.set_ready(p, True))
    room.time.now += COUNTDOWN
    step("deal", room.tick)
    for n, word in enumerate(sorted(room.solution.paths, key=len, reverse=True)[:8]):
        step("word", lambda n=n, word=word: room.enter(bo, n, word))
    step("drop", lambda: room.leave(cy))
    step("back", lambda: room.rejoin(cy, ""))
    step("drop again", lambda: room.leave(cy))
    step("remove", lambda: room.command(bo, "remove", ann.id))
    room.time.now += 60 + GRACE
    step("end", room.tick)
    step("leave", lambda: room.leave(bo))
    assert room.state is State.LOBBY and room.champion and not missed


async def test_the_server_looks_only_at_rooms_whose_kept_state_changed(tmp_path, monkeypatch, enable1) -> None:
    time_ = FakeTime()
    server = RoomServer(now=time_, state=tmp_path, dictionaries={"enable1": "enable1"})
    looked: list[str] = []
    saved = Room.saved
    monkeypatch.setattr(Room, "saved", lambda self: looked.append(self.name) or saved(self))
    rooms = [Room(f"r{n}", Rules(), lambda *_: enable1, now=time_) for n in range(20)]
    for room in rooms:
        room.join("ann")
        server.rooms[room.name] = room

    async def saving() -> list[str]:
        looked.clear()
        time_.now += server_module.SAVE_SECONDS
        server.tick()
        if server._writing is not None:
            await server._writing
        return looked

    assert len(await saving()) == 20 and len(list(tmp_path.glob("*.room.json"))) == 20
    assert await saving() == []  # nothing changed: no room is even encoded
    rooms[3].command(rooms[3].players[1], "lock", None)
    assert await saving() == ["r3"] and json.loads((tmp_path / "r3.room.json").read_text())["locked"]


async def test_the_rooms_files_are_written_off_the_loop_and_a_room_closed_meanwhile_keeps_none(
    tmp_path, monkeypatch, enable1
) -> None:
    time_ = FakeTime()
    server = RoomServer(now=time_, state=tmp_path, dictionaries={"enable1": "enable1"})
    room = Room("night", Rules(), lambda *_: enable1, now=time_)
    ann, _ = room.join("ann")
    server.rooms[room.name] = room
    release, threads = threading.Event(), []
    write_text = server_module.disk.write_text

    def slow_write(*args) -> None:
        threads.append(threading.current_thread())
        release.wait(WAIT)  # a disk that takes its time: the loop goes on meanwhile
        write_text(*args)

    monkeypatch.setattr(server_module.disk, "write_text", slow_write)
    server.tick()
    for _ in range(int(WAIT / 0.01)):
        if threads:
            break
        await asyncio.sleep(0.01)
    assert threads and threads[0] is not threading.main_thread()
    server.deliver(room, room.leave(ann))
    server._close_if_empty(room)  # closed while its file is being written
    release.set()
    assert server._writing is not None
    await server._writing
    assert "night" not in server.rooms and list(tmp_path.iterdir()) == []


# Sending


class Written(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.data = b""
        self.closing = False

    def write(self, data) -> None:
        self.data += bytes(data)

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return 0  # written at once: nothing waits


def open_connection() -> ServerConnection:
    protocol = ServerProtocol()
    protocol.state = ws_protocol.OPEN
    connection = ServerConnection(protocol, None)  # type: ignore[arg-type]  # never served: only written to
    connection.transport = Written()
    return connection


async def test_a_broadcast_is_framed_once_and_each_receiver_gets_what_websockets_would_send() -> None:
    text = m.encode(m.Progress(players=(m.Count(id=1, name="Zoë", words=2), m.Count(id=2, name="bo"))))
    ours, theirs, closed, waiting = (open_connection() for _ in range(4))
    broadcast([theirs], text)
    closed.protocol.state = ws_protocol.CLOSED
    waiting.protocol.send_ping(b"1")  # something of its own to send first, in order
    server_module._broadcast([ours, closed, waiting], text)
    assert ours.transport.data == theirs.transport.data and theirs.transport.data.endswith(text.encode())
    assert closed.transport.data == b""
    assert waiting.transport.data.endswith(theirs.transport.data) and waiting.transport.data != theirs.transport.data


# Messages


def test_messages_are_written_compactly_type_first_and_text_as_it_is() -> None:
    progress = m.Progress(players=(m.Count(id=1, name="Zoë", words=2), m.Count(id=2, name="bo", connected=False)))
    assert m.encode(progress) == (
        '{"type":"progress","players":[{"id":1,"name":"Zoë","words":2,"connected":true,"voted_end":false,"side":0},'
        '{"id":2,"name":"bo","words":0,"connected":false,"voted_end":false,"side":0}],"team":0,"rival":0}'
    )
    assert m.encode(m.VoteEnd()) == '{"type":"end"}'
    assert m.encode(m.Countdown(seconds=None)) == '{"type":"countdown","seconds":null}'


def test_every_part_of_every_message_round_trips() -> None:
    settings = m.Settings(dice="new", seconds=120, dictionary="enable1", min_length=4, seed=7, target=100)
    full = [
        m.Hello(version=2, name="ann", room="r", token="t", settings=settings, private=True, game="g"),
        m.HostCommand(action="bot", player=3, level="expert"),
        m.Welcome(version=2, room="r", player=1, name="ann", token="t", host=True, notes=("one", "two")),
        m.Rooms(rooms=(m.RoomInfo(room="r", players=2, state="lobby", settings="3 min"),)),
        m.Lobby(
            room="r",
            state="playing",
            settings=settings,
            description="d",
            dictionary_hash="h",
            locked=True,
            players=(m.Seat(id=1, name="ann", host=True, ready=True, words=3, bot=True),),
            rounds=2,
            scoreboard=(m.Standing(name="ann", total=9, wins=1, rounds=2),),
            champion="ann",
        ),
        m.Start(
            round=1,
            board=(("a", "b"), ("qu", "d")),
            dice="new",
            code="c",
            min_length=3,
            seconds=60,
            remaining=59.5,
            dictionary="enable1",
            next_id=4,
        ),
        m.Entries(entries=(m.Judged(word="cat", verdict="accepted", points=1),), last_id=0),
        m.End(
            reason="ended",
            round=1,
            scoring="all",
            players=(m.Score(id=1, name="ann", score=1, words={"cat": 1}),),
            shared=("dog",),
            solution={"cat": (0, 1, 2)},
            scoreboard=(m.Standing(name="ann"),),
            champion="",
        ),
        m.Progress(players=(m.Count(id=1, name="ann", words=1, voted_end=True),)),
        m.Judgement(id=5, word="été", verdict="accepted", points=1),
        m.Tick(remaining=3.25),
    ]
    for message in full:
        decode = m.decode_client if type(message) in m.CLIENT_KINDS.values() else m.decode_server
        assert decode(m.encode(message)) == message, type(message).__name__


@pytest.mark.parametrize(
    ("frame", "why"),
    [
        ({"type": "word", "id": True, "word": "cat"}, "word.id must be a whole number"),
        ({"type": "word", "id": 1.0, "word": "cat"}, "word.id must be a whole number"),
        ({"type": "word", "id": -1, "word": "cat"}, "word.id out of range"),
        ({"type": "word", "id": 1}, "word: word is missing"),
        ({"type": "word", "id": 1, "word": 5}, "word.word must be text"),
        ({"type": "word", "id": 1, "word": "cat", "type2": 1}, "word: unknown field 'type2'"),
        ({"type": "ready", "ready": 1}, "ready.ready must be true or false"),
        ({"type": "hello", "version": 2, "settings": {"seconds": 1e999}}, "hello.settings has the wrong type"),
        ({"type": "hello", "version": 2, "settings": {"bogus": 1}}, "hello.settings has the wrong type"),
    ],
)
def test_a_refusal_still_says_where_the_field_is(frame, why) -> None:
    with pytest.raises(m.ProtocolError, match=f"^{why}$"):
        m.decode_client(json.dumps(frame))


def test_a_servers_long_frame_is_measured_in_bytes() -> None:
    frame = json.dumps({"type": "tick", "remaining": 1.0, "pad": "é" * (m.MAX_SERVER_FRAME // 2)}, ensure_ascii=False)
    assert len(frame) < m.MAX_SERVER_FRAME < len(frame.encode())
    with pytest.raises(m.ProtocolError, match="at most"):
        m.decode_server(frame)


def test_text_is_cleaned_as_the_unicode_categories_say() -> None:
    """Printable text is passed as it is: str.isprintable is exactly 'no C or Z character but the space'."""
    for code in range(0x110000):
        char = chr(code)
        assert char.isprintable() == (unicodedata.category(char)[0] not in "CZ" or char == " "), hex(code)
    assert clean_text("  two  words ", 20) == "two words"
    assert clean_text("a\u200bb\tc\u2028d\x1b[31m", 20) == "abcd[31m"
    assert clean_text("Zoë", 2) == "Zo"
