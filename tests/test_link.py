"""The link every front end plays a served round through (net/link.py), with no socket: a scripted server hands it
wires, the clock is the test's, and each rule is checked as events and as what went out on each wire."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from support import FakeTime
from websockets.exceptions import ConnectionClosed

from boggle_tui.game.round import EndReason
from boggle_tui.net import link
from boggle_tui.net import messages as m
from boggle_tui.net.client import JoinError
from boggle_tui.net.daily_session import DailySession
from boggle_tui.net.link import Back, Dropped, Link, Lost
from boggle_tui.net.session import OnlineSession

WAIT = 10.0
BOARD = tuple(tuple("abcd") for _ in range(4))
WELCOME = m.Welcome(version=m.VERSION, room="night", player=3, name="ann", token="t" * 22)
START = m.Start(round=1, board=BOARD, dice="classic", min_length=3, seconds=60, remaining=60.0, dictionary="enable1")


class Wire:
    """One connection as the link sees it: what it sent (decoded), and what the test has the server say."""

    def __init__(self) -> None:
        self.sent: list[m.ClientMessage] = []
        self.frames: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    async def send(self, message: str) -> None:
        if self.closed:
            raise ConnectionClosed(None, None)
        self.sent.append(m.decode_client(message))

    async def close(self) -> None:
        self.closed = True
        self.frames.put_nowait(None)

    def __aiter__(self) -> AsyncIterator[str]:
        return self

    async def __anext__(self) -> str:
        frame = await self.frames.get()
        if frame is None:
            raise ConnectionClosed(None, None)
        return frame

    def say(self, *messages: m.ServerMessage | str) -> None:
        for message in messages:
            self.frames.put_nowait(message if isinstance(message, str) else m.encode(message))


class Server:
    """Answers each hello in turn from a script: a reply (on a new wire), or a refusal; every try moves the clock."""

    def __init__(self, clock: FakeTime, *answers: m.ServerMessage | JoinError) -> None:
        self.clock = clock
        self.answers = list(answers)
        self.hellos: list[m.Hello | m.DailyHello] = []
        self.wires: list[Wire] = []

    async def connect(self, _url: str, hello: m.Hello | m.DailyHello) -> tuple[Wire, m.ServerMessage]:
        self.hellos.append(hello)
        self.clock.now += 1.0
        answer = self.answers.pop(0)
        if isinstance(answer, JoinError):
            raise answer
        wire = Wire()
        self.wires.append(wire)
        return wire, answer


class Tokens:
    def __init__(self, **kept: str) -> None:
        self.kept = kept
        self.forgotten: list[tuple[str, str]] = []

    def token_for(self, _url: str, room: str, name: str) -> str | None:
        return self.kept.get(name)

    def remember(self, _url: str, room: str, token: str, name: str) -> None:
        self.kept[name] = token

    def forget(self, _url: str, room: str, name: str = "") -> None:
        self.forgotten.append((room, name))
        self.kept = {k: v for k, v in self.kept.items() if name and k != name}


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link, "RETRY_SECONDS", 0.0)  # each try moves the test's clock instead


def room_hello(**fields: Any) -> m.Hello:
    return m.Hello(version=m.VERSION, name="ann", room="night", game="g" * 32, **fields)


async def events_until(link_: Link, count: int) -> list[link.Event]:
    got: list[link.Event] = []
    async for event in link_.events():
        got.append(event)
        if len(got) == count:
            break
    return got


async def settled() -> None:
    """Every task ready to run has run (the link's sender among them)."""
    for _ in range(5):
        await asyncio.sleep(0)


async def test_messages_go_out_in_order_and_the_server_s_noise_is_passed_over() -> None:
    clock = FakeTime()
    server = Server(clock, WELCOME)
    link_ = Link("ws://x", room_hello(), now=clock, connect=server.connect)
    assert await link_.open() == WELCOME
    for message in (m.Ready(ready=True), m.Say(text="hi"), m.Ready(ready=False)):
        link_.send(message)
    await link_.flush(WAIT)
    assert server.wires[0].sent == [m.Ready(ready=True), m.Say(text="hi"), m.Ready(ready=False)]
    server.wires[0].say("not json", '{"type": "nonsense"}', m.Countdown(seconds=3))
    assert await asyncio.wait_for(events_until(link_, 1), WAIT) == [m.Countdown(seconds=3)]
    await link_.close()


async def test_a_drop_is_tried_again_on_the_clock_and_words_wait_for_the_session_while_chat_waits_in_order() -> None:
    clock = FakeTime()
    refused = JoinError("cannot reach ws://x", unreachable=True)
    server = Server(clock, WELCOME, refused, refused, WELCOME)
    link_ = Link(
        "ws://x", room_hello(settings=m.Settings(seconds=120), private=True), now=clock, connect=server.connect
    )
    await link_.open()
    first = server.wires[0]
    await first.close()  # the network drops
    link_.send(m.Word(id=4, word="dab"))  # typed while away: the session sends it again, once it is back
    link_.send(m.Say(text="still here?"))
    link_.send(m.VoteEnd())
    events = await asyncio.wait_for(events_until(link_, 4), WAIT)
    assert events == [Dropped(30), Dropped(29), Dropped(28), Back(WELCOME)]  # a second a try, on the test's clock
    await link_.flush(WAIT)
    assert server.wires[1].sent == [m.Say(text="still here?")]  # the chat line, never lost; no word, no vote
    # Back as the seat the server gave: its token, and no new room's settings.
    assert server.hellos[-1] == room_hello(token=WELCOME.token)
    await link_.close()


async def test_patience_that_runs_out_is_lost_in_the_room_s_words_and_the_day_s() -> None:
    clock = FakeTime()
    refused = JoinError("cannot reach ws://x", unreachable=True)
    server = Server(clock, WELCOME, *[refused] * 5)
    room = Link("ws://x", room_hello(), now=clock, connect=server.connect, patience=lambda: 3.0)
    await room.open()
    await server.wires[0].close()
    assert await asyncio.wait_for(events_until(room, 4), WAIT) == [
        Dropped(3),
        Dropped(2),
        Dropped(1),
        Lost("the connection to the room was lost"),
    ]
    day = Link("ws://x", m.DailyHello(version=m.VERSION, name="ann", secret="s" * 43, language="en"), now=clock,
               connect=Server(clock, START, refused).connect, patience=lambda: 0.5)  # fmt: skip
    await day.open()
    await day._wire.close()  # type: ignore[union-attr]
    assert (await asyncio.wait_for(events_until(day, 2), WAIT))[-1] == Lost("the connection to the server was lost")


@pytest.mark.parametrize(
    ("code", "gives_up"),
    [("room_gone", True), ("removed", True), ("version", True), ("full", False), ("limit", False)],
)
async def test_a_room_s_refusals_that_cannot_change_give_up_and_forget_the_seat(code: str, gives_up: bool) -> None:
    clock = FakeTime()
    tokens = Tokens()
    server = Server(clock, WELCOME, JoinError(f"no: {code}", code), WELCOME)  # type: ignore[arg-type]
    link_ = Link("ws://x", room_hello(), now=clock, connect=server.connect, tokens=tokens)
    await link_.open()
    await server.wires[0].close()
    events = await asyncio.wait_for(events_until(link_, 3), WAIT)
    if gives_up:
        assert events[-1] == Lost(f"no: {code}", code)  # type: ignore[arg-type]
        assert tokens.forgotten == ([("night", "ann")] if code in ("room_gone", "removed") else [])
    else:
        assert events[-1] == Back(WELCOME) and tokens.forgotten == []


async def test_the_day_s_round_over_on_the_server_is_lost_with_its_code() -> None:
    clock = FakeTime()
    hello = m.DailyHello(version=m.VERSION, name="ann", secret="s" * 43, language="en")
    server = Server(clock, START, JoinError("played", "played"))
    link_ = Link("ws://x", hello, now=clock, connect=server.connect, patience=lambda: 60.0)
    await link_.open()
    await server.wires[0].close()
    assert (await asyncio.wait_for(events_until(link_, 2), WAIT))[-1] == Lost("played", "played")
    assert server.hellos == [hello, hello]  # the same secret: the same round


async def test_a_kept_token_brings_the_seat_back_and_a_room_gone_since_is_joined_afresh() -> None:
    clock = FakeTime()
    tokens = Tokens(ann="old" * 7)
    server = Server(clock, JoinError("gone", "room_gone"), WELCOME)
    link_ = Link("ws://x", room_hello(), now=clock, connect=server.connect, tokens=tokens)
    assert await link_.open() == WELCOME
    assert [h.token for h in server.hellos] == ["old" * 7, ""]  # type: ignore[union-attr]
    assert tokens.forgotten == [("night", "")]  # the room is gone: every name's token with it
    assert tokens.kept == {"ann": WELCOME.token}
    spectator = Link("ws://x", room_hello(watch=True), now=clock, connect=Server(clock, WELCOME).connect,
                     tokens=Tokens(ann="old" * 7))  # fmt: skip
    await spectator.open()  # a spectator has no seat: no token is sent
    await link_.close()
    await spectator.close()


async def test_a_hello_answered_with_the_wrong_message_is_a_join_error() -> None:
    clock = FakeTime()
    link_ = Link("ws://x", room_hello(), now=clock, connect=Server(clock, START).connect)
    with pytest.raises(JoinError, match="did not welcome us"):
        await link_.open()


@pytest.mark.parametrize("kind", ["room", "day"])
async def test_back_after_a_drop_the_session_sends_its_unjudged_words_then_its_vote(kind: str) -> None:
    """The end typed while away went out before the words sent again: the server ended the round without them."""
    clock = FakeTime()
    if kind == "room":
        hello: m.Hello | m.DailyHello = room_hello()
        server = Server(clock, WELCOME, WELCOME)
    else:
        hello = m.DailyHello(version=m.VERSION, name="ann", secret="s" * 43, language="en")
        server = Server(clock, START, START)
    link_ = Link("ws://x", hello, now=clock, connect=server.connect, patience=lambda: 60.0)
    await link_.open()
    if kind == "room":
        session: OnlineSession | DailySession = OnlineSession(START, "night", 3, link_.send, clock)
    else:
        session = DailySession(START, link_.send, day=None, server="x", now=clock, dictionary="enable1",  # type: ignore[arg-type]
                               ask=None)  # type: ignore[arg-type]  # fmt: skip
    session.submit("dab")
    await link_.flush(WAIT)
    await server.wires[0].close()
    session.submit("bad")
    session.end(EndReason.VOTED)
    events = link_.events()
    assert isinstance(await asyncio.wait_for(anext(events), WAIT), Dropped)
    assert isinstance(await asyncio.wait_for(anext(events), WAIT), Back)
    await settled()
    assert server.wires[1].sent == []  # nothing of the round's until the server says what it judged
    server.wires[1].say(m.Entries(entries=(), last_id=server.wires[0].sent[0].id))  # type: ignore[union-attr]
    session.apply(await asyncio.wait_for(anext(events), WAIT))
    await link_.flush(WAIT)
    assert [type(s).__name__ for s in server.wires[1].sent] == ["Word", "VoteEnd"]
    assert server.wires[1].sent[0] == m.Word(id=server.wires[0].sent[0].id + 1, word="bad")  # type: ignore[union-attr]
    await events.aclose()
    await link_.close()


async def test_back_as_a_new_seat_the_link_keeps_the_new_seat_s_token() -> None:
    """The room gave the seat up while away (in the lobby it does at once) and welcomed a newcomer: the link came
    back next time with the old token (a third seat), and the player's game never learnt its new id."""
    clock = FakeTime()
    tokens = Tokens()
    newcomer = m.Welcome(version=m.VERSION, room="night", player=7, name="ann", token="u" * 22)
    server = Server(clock, WELCOME, newcomer, newcomer)
    link_ = Link("ws://x", room_hello(), now=clock, connect=server.connect, tokens=tokens)
    await link_.open()
    await server.wires[0].close()
    assert (await asyncio.wait_for(events_until(link_, 2), WAIT))[-1] == Back(newcomer)
    assert tokens.kept == {"ann": newcomer.token}
    await server.wires[1].close()
    await asyncio.wait_for(events_until(link_, 2), WAIT)
    assert server.hellos[-1].token == newcomer.token  # type: ignore[union-attr]
    await link_.close()


async def test_patience_that_shrinks_while_away_brings_the_end_nearer() -> None:
    """The day's round ended by the player while away: the link waits for its table alone, not the round's time."""
    clock = FakeTime()
    refused = JoinError("cannot reach ws://x", unreachable=True)
    server = Server(clock, START, *[refused] * 200)
    wait = [120.0]
    link_ = Link("ws://x", m.DailyHello(version=m.VERSION, name="ann", secret="s" * 43, language="en"), now=clock,
                 connect=server.connect, patience=lambda: wait[0])  # fmt: skip
    await link_.open()
    await server.wires[0].close()
    events = link_.events()
    assert await asyncio.wait_for(anext(events), WAIT) == Dropped(120)
    wait[0] = 3.0  # ended: the table's wait alone, from now
    seen = [await asyncio.wait_for(anext(events), WAIT) for _ in range(4)]
    assert seen[-1] == Lost("the connection to the server was lost") and len(server.hellos) <= 5
    wait[0] = 600.0  # never longer than it was
    await events.aclose()
    await link_.close()
