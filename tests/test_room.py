"""One online room without sockets: the lobby, the countdown, verdicts, progress and the table's scoring."""

from __future__ import annotations

import json
import typing

import pytest
from support import FakeTime, messages

from boggle_tui.game.round import Verdict
from boggle_tui.game.rules import Rules, Scoring
from boggle_tui.net.messages import Settings, VerdictText, decode_client, decode_server, verdict_text
from boggle_tui.net.protocol import MAX_FRAME, ProtocolError, clean_name
from boggle_tui.net.room import AWAY_VOTE_SECONDS, CHAT_BURST, COUNTDOWN, GRACE, WORD_BURST, Room, RoomFull, State


def start(room, *names: str):
    players = [room.join(name)[0] for name in names]
    for p in players:
        room.set_ready(p, True)
    assert room.state is State.COUNTDOWN
    room.time.now += COUNTDOWN
    started = room.tick()
    assert room.state is State.PLAYING and messages(started, "start")
    return players


def words_on(room, n: int) -> list[str]:
    return list(room.solution.paths)[:n]


def test_the_round_starts_when_everyone_is_ready(room) -> None:
    alice, _ = room.join("alice")
    bob, _ = room.join("bob")
    assert alice.host and not bob.host
    room.set_ready(alice, True)
    assert room.state is State.LOBBY
    sends = room.set_ready(bob, True)
    assert room.state is State.COUNTDOWN and messages(sends, "countdown")[0]["seconds"] == COUNTDOWN
    room.time.now += COUNTDOWN - 0.1
    assert not messages(room.tick(), "start")
    room.time.now += 0.1
    start_message = messages(room.tick(), "start")[0]
    assert "solution" not in start_message and len(start_message["board"]) == 4  # the board, never the answers


def test_a_word_found_by_two_scores_for_nobody(room) -> None:
    alice, bob = start(room, "alice", "bob")
    shared, alone = words_on(room, 2)
    for entry_id, word in enumerate((shared, alone)):
        (verdict,) = messages(room.enter(alice, entry_id, word), "verdict")
        assert verdict["verdict"] == "accepted"
    progress = messages(room.enter(bob, 0, shared), "progress")[0]["players"]
    assert {p["name"]: p["words"] for p in progress} == {"alice": 2, "bob": 1}
    assert all("found" not in p for p in progress)  # how many, never which
    room.time.now += 60 + GRACE
    end = messages(room.tick(), "end")[0]
    scores = {p["name"]: p for p in end["players"]}
    assert scores["alice"]["words"] == {shared: 0, alone: (len(alone) >= 5 and 2) or 1} or scores["alice"]["score"] > 0
    assert scores["alice"]["words"][shared] == 0 and scores["bob"]["words"][shared] == 0
    assert scores["bob"]["score"] == 0 and end["shared"] == [shared]
    assert room.state is State.LOBBY


def test_scoring_all_scores_shared_words(room) -> None:
    room.settings = Rules(seconds=60, scoring=Scoring.ALL)
    alice, bob = start(room, "alice", "bob")
    (shared,) = words_on(room, 1)
    room.enter(alice, 0, shared)
    room.enter(bob, 0, shared)
    room.time.now += 61
    end = messages(room.tick(), "end")[0]
    assert all(p["score"] > 0 for p in end["players"])


def test_an_entry_is_judged_once_even_when_sent_again(room) -> None:
    (alice,) = start(room, "alice")
    (word,) = words_on(room, 1)
    assert messages(room.enter(alice, 0, word), "verdict")
    assert room.enter(alice, 0, word) == []  # the same id after a reconnect: no second verdict
    assert messages(room.enter(alice, 1, word), "verdict")[0]["verdict"] == "already found"


def test_late_words_and_floods_get_their_own_verdicts(room) -> None:
    (alice,) = start(room, "alice")
    verdicts = [messages(room.enter(alice, i, "zzz"), "verdict")[0]["verdict"] for i in range(WORD_BURST + 5)]
    assert verdicts.count("too fast") == 5 and verdicts[0] == "not on the board"
    room.time.now += 60 + GRACE / 2
    assert messages(room.enter(alice, 100, "zzz"), "verdict")[0]["verdict"] == "not on the board"  # in the grace
    room.time.now += GRACE
    assert messages(room.enter(alice, 101, "zzz"), "verdict")[0]["verdict"] == "too late"


def test_the_round_ends_early_when_everyone_votes(room) -> None:
    alice, bob = start(room, "alice", "bob")
    assert not messages(room.vote_end(alice), "end")
    end = messages(room.vote_end(bob), "end")[0]
    assert end["reason"] == "ended"


def test_a_player_away_keeps_a_vote_while_their_game_tries_to_come_back(room) -> None:
    """Both dropped; bob came back and voted to end at once: the round ended before alice's words, sent again on her
    way back, could be judged (a play-test). An away player's vote waits AWAY_VOTE_SECONDS, then lapses."""
    alice, bob = start(room, "alice", "bob")
    room.leave(alice, dropped=True)
    assert not messages(room.vote_end(bob), "end")  # alice is on her way back
    room.time.now += AWAY_VOTE_SECONDS - 1
    assert not messages(room.tick(), "end")
    room.rejoin(alice, "game-2")  # back: her words are judged, and the round waits for her vote
    room.time.now += 5
    assert not messages(room.tick(), "end")
    assert messages(room.vote_end(alice), "end")[0]["reason"] == "ended"
    for player in (alice, bob):  # the next round
        room.set_ready(player, True)
    room.time.now += COUNTDOWN
    assert messages(room.tick(), "start")
    room.leave(alice, dropped=True)  # gone for good this time
    room.vote_end(bob)
    room.time.now += AWAY_VOTE_SECONDS
    assert messages(room.tick(), "end")[0]["reason"] == "ended"  # her vote lapsed: bob's is everyone's
    room.rejoin(alice, "game-3")  # back for the next round
    for player in (alice, bob):
        room.set_ready(player, True)
    room.time.now += COUNTDOWN
    assert messages(room.tick(), "start")
    room.leave(alice)  # she quit (her game closed the connection): no vote to wait for
    assert messages(room.vote_end(bob), "end")[0]["reason"] == "ended"


def test_a_dropped_player_comes_back_with_their_words(room) -> None:
    alice, bob = start(room, "alice", "bob")
    (word,) = words_on(room, 1)
    room.enter(alice, 0, word)
    room.leave(alice)
    assert bob.host and room.state is State.PLAYING  # the round goes on without her
    assert room.seat_for("not the token") is None
    back = room.seat_for(alice.token)
    assert back is alice
    room.rejoin(alice, "game-2")
    state = room.welcome_state(alice)
    assert messages(state, "start") and messages(state, "entries")[0]["entries"][0]["word"] == word


def test_names_are_shown_literally_and_kept_apart(room) -> None:
    evil, _ = room.join("\x1b[31mred[/]\x07" + "x" * 100)
    assert "\x1b" not in evil.name and "\x07" not in evil.name and len(evil.name) <= 20
    assert clean_name("[bold]me[/bold]") == "[bold]me[/bold]"  # shown as text, never read as markup
    twin, _ = room.join(evil.name)
    assert twin.name != evil.name


def test_a_room_holds_so_many(room) -> None:
    for n in range(8):
        room.join(f"p{n}")
    with pytest.raises(RoomFull):
        room.join("one too many")


@pytest.mark.parametrize(
    "frame",
    [
        b"\x00\x01binary",
        "not json",
        "[1, 2]",
        '{"type": "dance"}',
        '{"type": "word", "id": 1}',
        '{"type": "word", "id": true, "word": "cat"}',
        '{"type": "word", "id": -1, "word": "cat"}',
        '{"type": "ready", "ready": true, "extra": 1}',
        '{"type": "hello", "version": 2, "name": ' + '"' + "a" * MAX_FRAME + '"}',
        '{"type": "host", "action": "nuke"}',
        '{"type": "say", "text": 5}',
        '{"type": "hello", "version": 2, "settings": {"a": [1]}}',
        "[" * 100_000,
    ],
)
def test_hostile_frames_are_refused_in_words(frame) -> None:
    with pytest.raises(ProtocolError):
        decode_client(frame)


def test_verdicts_travel_as_a_fixed_set_and_a_server_s_other_verdict_is_refused() -> None:
    """The verdicts a room judges are game/round.py's, but three a game says only to itself; a message carrying any
    other (a server's invention, or a "sent", which would pass for this game's own) is refused whole at decode."""
    to_itself = {Verdict.SENT, Verdict.SENT_TO_SERVER, Verdict.ALREADY_SHOWN}
    assert set(typing.get_args(VerdictText)) == {v.value for v in Verdict if v not in to_itself}
    assert [verdict_text(v) for v in Verdict if v not in to_itself] == [v.value for v in Verdict if v not in to_itself]
    for verdict in to_itself:
        with pytest.raises(ValueError):
            verdict_text(verdict)
    judgement = {"type": "verdict", "id": 0, "word": "cat", "points": 1}
    assert decode_server(json.dumps({**judgement, "verdict": "too late"})).verdict == "too late"
    for bad in ("sent", "already shown", "ACCEPTED", "accepted ", "winner", "", 5, None):
        with pytest.raises(ProtocolError):
            decode_server(json.dumps({**judgement, "verdict": bad}))
        with pytest.raises(ProtocolError):
            decode_server(json.dumps({"type": "entries", "entries": [{"word": "cat", "verdict": bad}]}))
    with pytest.raises(ProtocolError, match="verdict is missing"):
        decode_server(json.dumps(judgement))


def test_settings_are_checked_field_by_field() -> None:
    """As every message's fields: decoded by type and bound, then checked against what the server plays."""
    hello = {"type": "hello", "version": 2, "name": "a", "room": "r"}
    asked = decode_client(json.dumps({**hello, "settings": {"dice": "big", "seconds": 120, "scoring": "all",
                                                             "min_length": 4}}))  # fmt: skip
    rules = asked.settings.rules()
    assert (rules.dice, rules.seconds, rules.scoring, rules.min_length) == ("big", 120, Scoring.ALL, 4)
    bad_settings = ({"dice": "../etc"}, {"seconds": 10**9}, {"dictionary": "/etc/passwd"}, {"seconds": True},
                    {"x": 1}, {"scoring": "most"}, {"target": 5}, {"seed": -1}, {"dice": "es", "dictionary": "enable1"},
                    [])  # fmt: skip
    for bad in bad_settings:
        with pytest.raises(ProtocolError):
            decode_client(json.dumps({**hello, "settings": bad})).settings.rules()
    with pytest.raises(ProtocolError, match="seconds"):
        Settings(seconds=1200).rules(max_seconds=600)  # within the wire's bound, past this server's


def test_a_seeded_room_deals_the_same_boards_in_order(enable1) -> None:
    def boards(seed: int) -> list[str]:
        time_ = FakeTime()
        room = Room("s", Rules(seconds=60, seed=seed), lambda *_: enable1, now=time_)
        (player,) = [room.join("alice")[0]]
        dealt = []
        for _ in range(2):
            room.set_ready(player, True)
            time_.now += COUNTDOWN
            dealt.append(messages(room.tick(), "start")[0]["code"])
            time_.now += 61
            room.tick()
        return dealt

    first, second = boards(42)
    assert boards(42) == [first, second] and first != second
    from boggle_tui.engine.dice import load_dice_set
    from boggle_tui.game.codes import board_code

    assert first == board_code(load_dice_set("new").roll(42), "new")  # the board `boggle play --seed 42` deals


def test_a_player_who_leaves_the_lobby_is_gone_and_their_name_is_free(room) -> None:
    (_stay, _) = room.join("stay")
    for visit in range(40):  # far more visits than the room has seats
        visitor, _ = room.join("vic")
        assert visitor.name == "vic", visit
        room.leave(visitor)
    assert [p.name for p in room.players.values()] == ["stay"]
    lobby = messages([room._lobby()], "lobby")[0]
    assert [p["name"] for p in lobby["players"]] == ["stay"]  # nobody "(away)"


def test_a_second_player_of_one_name_is_numbered_in_brackets(room) -> None:
    room.join("fay")
    assert room.join("fay")[0].name == "fay (2)"
    assert room.join("fay")[0].name == "fay (3)"


def test_a_player_who_drops_mid_round_keeps_the_seat_till_the_end_then_sees_the_results(room) -> None:
    alice, _bob = start(room, "alice", "bob")
    (word,) = words_on(room, 1)
    room.enter(alice, 0, word)
    room.leave(alice)
    assert alice.id in room.players  # the seat is kept while the round runs
    room.time.now += 60 + GRACE
    messages(room.tick(), "end")
    assert alice.id not in room.players  # gone at the end...
    back = room.seat_for(alice.token)
    assert back is alice  # ...but her token still brings her back, to the round she missed the end of
    room.rejoin(back, "game-2")
    state = room.welcome_state(back)
    (end,) = messages(state, "end")
    assert {p["name"]: p["words"] for p in end["players"]}["alice"] == {word: room_score(word)}
    assert messages(state, "start") and messages(state, "entries")[0]["entries"][0]["word"] == word
    assert not messages(room.welcome_state(back), "end")  # shown once


def room_score(word: str) -> int:
    from boggle_tui.engine.scoring import score

    return score(word)


def test_the_host_starts_without_waiting_and_others_cannot(room) -> None:
    alice, _ = room.join("alice")
    bob, _ = room.join("bob")
    sends, _ = room.command(bob, "start", None)
    assert messages(sends, "error") and room.state is State.LOBBY
    sends, _ = room.command(alice, "start", None)
    assert messages(sends, "countdown") and room.state is State.COUNTDOWN  # bob never said ready


def test_the_host_removes_a_player_hands_the_role_on_and_locks_the_door(room) -> None:
    alice, _ = room.join("alice")
    bob, _ = room.join("bob")
    carol, _ = room.join("carol")
    _sends, removed = room.command(alice, "remove", carol.id)
    assert removed is carol and carol.id not in room.players and room.seat_for(carol.token) is None
    room.command(alice, "promote", bob.id)
    assert bob.host and not alice.host
    assert messages(room.command(alice, "lock", None)[0], "error")  # no longer the host
    room.command(bob, "lock", None)
    with pytest.raises(RoomFull, match="closed to newcomers"):
        room.join("dave")
    room.command(bob, "unlock", None)
    assert room.join("dave")[0].name == "dave"


def test_chat_is_literal_bounded_rate_limited_and_silent_during_a_round(room) -> None:
    alice, _ = room.join("alice")
    (said,) = messages(room.say(alice, "[b]hi[/b] \x1b]0;owned\x07" + "x" * 500), "said")
    assert said["text"].startswith("[b]hi[/b]") and "\x1b" not in said["text"] and "\x07" not in said["text"]
    assert len(said["text"]) <= 120
    lines = [messages(room.say(alice, f"line {n}"), "said") for n in range(10)]
    assert sum(1 for line in lines if line) < 10  # a flood is cut short
    room.time.now += 60
    room.set_ready(alice, True)
    room.time.now += COUNTDOWN
    room.tick()
    assert room.state is State.PLAYING
    assert messages(room.say(alice, "the word is cat"), "error") and not messages(room.say(alice, "x"), "said")


def test_a_refused_chat_line_goes_back_to_the_player_who_typed_it(room) -> None:
    alice, _ = room.join("alice")
    sent = [room.say(alice, f"line {n}") for n in range(CHAT_BURST + 1)]
    (refused,) = [s for s in sent if messages(s, "error")]
    (error,) = messages(refused, "error")
    assert error["returned"] == f"line {CHAT_BURST}" and refused[0].to == (alice.id,)  # to alice alone
    assert [messages(s, "said")[0]["text"] for s in sent[:CHAT_BURST]] == [f"line {n}" for n in range(CHAT_BURST)]
    room.time.now += 60
    room.set_ready(alice, True)
    room.time.now += COUNTDOWN
    room.tick()
    (error,) = messages(room.say(alice, " \x1b[31mthe word is cat "), "error")
    assert error["returned"] == "[31mthe word is cat"  # cleaned as a said line would be: never a control character


def test_the_evening_adds_up_and_names_the_first_to_the_target(room) -> None:
    room.settings = Rules(seconds=60, target=10)
    alice, _bob = start(room, "alice", "bob")
    words = [w for w in room.solution.paths if len(w) >= 5][:8]
    for n, word in enumerate(words):
        room.enter(alice, n, word)
    room.time.now += 60 + GRACE
    room.tick()
    lobby = messages([room._lobby()], "lobby")[0]
    board = {s["name"]: s for s in lobby["scoreboard"]}
    assert board["alice"]["wins"] == 1 and board["bob"]["wins"] == 0 and board["alice"]["rounds"] == 1
    assert board["alice"]["total"] == sum(room_score(w) for w in words)
    assert lobby["champion"] == ("alice" if board["alice"]["total"] >= 10 else "")


def test_a_word_that_arrives_after_the_end_gets_its_verdict(room) -> None:
    (alice,) = start(room, "alice")
    room.time.now += 60 + GRACE
    room.tick()
    (verdict,) = messages(room.enter(alice, 0, "stone"), "verdict")
    assert verdict["verdict"] == "too late" and verdict["id"] == 0


def test_a_hosts_own_list_is_read_in_the_rooms_language(tmp_path) -> None:
    """A Dutch room with the host's own list reads IJ as one Dutch letter; the same file in an English room
    is English words; a shipped list keeps its own language whatever the room's dice."""
    from boggle_tui.net.server import RoomServer

    mine = tmp_path / "woorden.txt"
    mine.write_text("ijs\nprijs\nwijn\n", encoding="utf-8")
    server = RoomServer(dictionaries={"woorden": str(mine), "es": "es"})
    dutch = server.dictionary_for("woorden", Rules(dice="nl").language)
    assert dutch.alphabet.code == "nl" and "ĳs" in dutch and "prĳs" in dutch
    english = server.dictionary_for("woorden", Rules(dice="classic").language)
    assert english.alphabet.code == "en" and "ijs" in english and "ĳs" not in english
    assert server.dictionary_for("es", "nl").alphabet.code == "es"


def test_a_player_who_arrives_mid_round_waits_in_the_lobby_and_plays_the_next_one(room) -> None:
    """A late joiner is not put into the round under way (the lobby says a round is on, and how long is left):
    their words there go nowhere, the counts do not list them, and the next round seats them."""
    alice, _bob = start(room, "alice", "bob")
    room.time.now += 20
    carol, sends = room.join("carol")
    (lobby,) = messages(sends, "lobby")
    assert lobby["state"] == "playing" and lobby["remaining"] == 40.0
    assert {p["name"]: p["playing"] for p in lobby["players"]} == {"alice": True, "bob": True, "carol": False}
    assert carol.round is None and not messages(room.welcome_state(carol), "start")
    (word,) = words_on(room, 1)
    assert messages(room.enter(carol, 0, word), "verdict")[0]["verdict"] == "too late"  # not in this round
    assert [p["name"] for p in messages(room.enter(alice, 0, word), "progress")[0]["players"]] == ["alice", "bob"]
    assert [p["name"] for p in messages(room.watch(carol), "progress")[0]["players"]] == ["alice", "bob"]
    room.vote_end(alice)
    end = messages(room.vote_end(_bob), "end")[0]  # carol is not waited for
    assert [p["name"] for p in end["players"]] == ["alice", "bob"] and "carol" not in {
        s["name"] for s in end["scoreboard"]
    }
    for p in (alice, _bob, carol):
        room.set_ready(p, True)
    room.time.now += COUNTDOWN
    room.tick()
    assert carol.round is not None  # seated for the next round


def test_a_late_joiner_who_leaves_mid_round_leaves_no_seat_and_no_results(room) -> None:
    start(room, "alice", "bob")
    carol, _ = room.join("carol")
    room.leave(carol)
    assert carol.id not in room.players and room.seat_for(carol.token) is None
    room.time.now += 60 + GRACE
    room.tick()
    assert room.seat_for(carol.token) is None  # nothing of a round she had no part in waits for her


def test_a_player_back_with_their_token_mid_round_plays_on(room) -> None:
    """A reconnect, not a late join: the seat in the running round is theirs, with their words."""
    alice, _bob = start(room, "alice", "bob")
    (word,) = words_on(room, 1)
    room.enter(alice, 0, word)
    room.leave(alice)
    back = room.seat_for(alice.token)
    assert back is alice
    room.rejoin(back, "game-2")
    state = room.welcome_state(back)
    assert messages(state, "start") and not messages(state, "start")[0]["watching"]
    assert messages(state, "entries")[0]["entries"][0]["word"] == word
    assert messages(room.enter(alice, 1, words_on(room, 2)[1]), "verdict")[0]["verdict"] == "accepted"
