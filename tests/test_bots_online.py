"""Bots in an online room: the host fills seats with them and the server plays them on the room's clock."""

from __future__ import annotations

from support import messages

from boggle_tui.engine.scoring import score
from boggle_tui.net.messages import HostCommand, decode_client, encode
from boggle_tui.net.room import COUNTDOWN, GRACE, State


def test_the_host_command_carries_a_level() -> None:
    sent = decode_client(encode(HostCommand(action="bot", level="expert")))
    assert sent == HostCommand(action="bot", level="expert")


def test_a_bot_plays_its_plan_on_the_rooms_clock(room) -> None:
    alice, _ = room.join("alice")
    bob, _ = room.join("bob")
    assert messages(room.command(bob, "bot", None, "expert")[0], "error")  # only the host
    sends, _ = room.command(alice, "bot", None, "expert")
    bot = next(p for p in room.players.values() if p.level)
    assert bot.name == "Ada (bot)" and bot.ready
    assert messages(room.command(alice, "bot", None, "grandmaster")[0], "error")
    lobby = messages(sends, "lobby")[0]
    assert [(p["name"], p["bot"]) for p in lobby["players"]] == [("alice", False), ("bob", False), ("Ada (bot)", True)]
    room.set_ready(alice, True)
    assert room.state is State.LOBBY  # bob is not ready; the bot does not count either way
    room.set_ready(bob, True)
    assert room.state is State.COUNTDOWN
    room.time.now += COUNTDOWN
    assert messages(room.tick(), "start")
    assert bot.plan and all(t.word in room.solution.paths for t in bot.plan if t.found)
    counts, ends = [], []
    for _ in range(62):
        room.time.now += 1
        sends = room.tick()
        ends += messages(sends, "end")
        elapsed = room.clock.elapsed
        if room.state is State.PLAYING:
            reached = {t.word for t in bot.plan if t.found and t.at <= elapsed}
            assert set(bot.round.found) == reached  # never a word sooner than its plan
            counts.append(len(bot.round.found))
        for progress in messages(sends, "progress"):
            assert all("found" not in p for p in progress["players"])  # counts, never words
    assert counts[0] < counts[-1]
    (end,) = ends
    words = {p["name"]: p["words"] for p in end["players"]}
    assert set(words) == {"alice", "bob", "Ada (bot)"}
    assert sum(words["Ada (bot)"].values()) == sum(score(w) for w in words["Ada (bot)"])  # nobody shared its words


def test_the_shared_word_rule_holds_against_a_bot(room) -> None:
    alice, _ = room.join("alice")
    room.command(alice, "bot", None, "expert")
    bot = next(p for p in room.players.values() if p.level)
    room.set_ready(alice, True)
    room.time.now += COUNTDOWN
    room.tick()
    first = next(t for t in bot.plan if t.found)
    room.enter(alice, 0, first.word)
    room.time.now += 60 + GRACE
    end = messages(room.tick(), "end")[0]
    assert first.word in end["shared"]
    assert all(p["words"][first.word] == 0 for p in end["players"])


def test_a_bot_never_keeps_a_room_open_votes_or_hosts(room) -> None:
    alice, _ = room.join("alice")
    room.command(alice, "bot", None, "")
    bot = next(p for p in room.players.values() if p.level)
    assert bot.level == "regular"
    room.set_ready(alice, True)
    room.time.now += COUNTDOWN
    room.tick()
    assert messages(room.command(alice, "bot", None, "")[0], "error")  # between rounds only
    assert messages(room.vote_end(alice), "end")  # the bot does not hold up the vote
    room.leave(alice)
    assert room.empty and not bot.host
