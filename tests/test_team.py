"""Playing together (game/team.py), in a room without sockets: a word is the team's once, whoever found it first;
the teammates hear of it at once; the goal, the results and the evening are the team's."""

from __future__ import annotations

import json
import math

import pytest
from support import drawn, messages, until
from test_room import start, words_on

from boggle_tui.cli.plain_room import PlainRoom
from boggle_tui.engine.scoring import score
from boggle_tui.game.round import Entry, Verdict
from boggle_tui.game.rules import GOAL_SHARE, Rules, Scoring, served
from boggle_tui.game.team import Team, by_finder, default_goal
from boggle_tui.game.tiers import required_test
from boggle_tui.net import messages as m
from boggle_tui.net.protocol import ProtocolError
from boggle_tui.net.room import COUNTDOWN, GRACE

TEAM = Rules(seconds=60, scoring=Scoring.TEAM)


def sent_to(sends, kind: str) -> list[tuple[tuple[int, ...] | None, dict]]:
    """Each message of one type with whom it went to."""
    return [(s.to, message) for s in sends if (message := json.loads(s.text))["type"] == kind]


def test_a_word_is_the_team_s_once_and_the_others_hear_of_it_at_once(room) -> None:
    room.settings = TEAM
    alice, bob, cy = start(room, "alice", "bob", "cy")
    watcher, _ = room.spectate("wen")
    word, other = words_on(room, 2)
    sends = room.enter(alice, 0, word)
    assert messages(sends, "verdict")[0]["verdict"] == "accepted"
    ((to, found),) = sent_to(sends, "team_found")
    assert set(to) == {bob.id, cy.id}  # never the finder, never a spectator: words stay hidden till the end
    assert (found["word"], found["name"], found["points"]) == (word, "alice", score(word))
    assert found["team"] == score(word) and found["goal"] == room.teams[1].goal
    ((everyone, progress),) = sent_to(sends, "progress")
    assert everyone is None and progress["team"] == score(word)  # the team's points: a spectator sees them too
    # Typed again by a teammate: who has it, and no points; their own find is theirs.
    (again,) = messages(room.enter(bob, 0, word.upper()), "verdict")
    assert (again["verdict"], again["by"], again["points"]) == ("found by a teammate", "alice", 0)
    assert messages(room.enter(bob, 1, other), "verdict")[0]["verdict"] == "accepted"
    assert messages(room.enter(alice, 1, other), "verdict")[0]["by"] == "bob"
    assert messages(room.enter(alice, 2, word), "verdict")[0]["verdict"] == "already found"  # her own, as ever
    assert watcher.id not in {i for to, _ in sent_to(room.enter(cy, 0, "zzzz"), "verdict") for i in to}


def test_the_team_s_results_keep_every_find_with_its_finder(room) -> None:
    room.settings = TEAM
    alice, bob = start(room, "alice", "bob")
    words = words_on(room, 3)
    room.enter(alice, 0, words[0])
    room.enter(bob, 0, words[1])
    room.enter(bob, 1, words[0])  # alice's: not bob's too
    room.enter(alice, 1, words[2])
    room.time.now += 60 + GRACE
    end = messages(room.tick(), "end")[0]
    assert end["scoring"] == "team" and end["shared"] == []  # nothing is struck: a word is found once
    mine = {p["name"]: p["words"] for p in end["players"]}
    assert mine == {"alice": {words[0]: score(words[0]), words[2]: score(words[2])}, "bob": {words[1]: score(words[1])}}
    assert by_finder(mine) == {words[0]: "alice", words[1]: "bob", words[2]: "alice"}
    also = {p["name"]: p["also"] for p in end["players"]}
    assert also == {"alice": [], "bob": [words[0]]}  # bob typed alice's word after her: found by both
    assert sum(p["score"] for p in end["players"]) == sum(score(w) for w in words)
    assert end["goal"] == room.teams[1].goal


def test_the_goal_is_a_share_of_the_common_points_or_the_host_s(room) -> None:
    room.settings = TEAM
    start(room, "alice")
    required = required_test("en")
    common = sum(score(w) for w in room.solution.words if required(w))
    assert common and room.teams[1].goal == math.ceil(common * GOAL_SHARE / 100)
    assert messages(room.welcome_state(room.players[1]), "start")[0]["goal"] == room.teams[1].goal
    assert default_goal(["zzzz", "zzzzz"], lambda _: False) == math.ceil(3 * GOAL_SHARE / 100)  # no common word
    room.time.now += 60 + GRACE
    room.tick()
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=7)
    room.set_ready(room.players[1], True)
    room.time.now += COUNTDOWN
    assert messages(room.tick(), "start")[0]["goal"] == 7


def test_reaching_the_goal_wins_the_round_for_everyone(room) -> None:
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=3)
    alice, bob = start(room, "alice", "bob")
    words = [w for w in words_on(room, 40) if score(w) == 1][:3]
    room.time.now += 10
    for n, word in enumerate(words):
        room.enter(alice if n % 2 else bob, n, word)
    assert room.teams[1].reached_at == 10
    room.time.now += 50 + GRACE
    end = messages(room.tick(), "end")[0]
    assert end["reached"] == 10
    assert {s["name"]: s["wins"] for s in end["scoreboard"]} == {"alice": 1, "bob": 1}
    # The next round, short of its goal: nobody wins it.
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=100_000)
    for p in (alice, bob):
        room.set_ready(p, True)
    room.time.now += COUNTDOWN
    room.tick()
    room.enter(alice, 0, words[0])
    room.time.now += 60 + GRACE
    end = messages(room.tick(), "end")[0]
    assert end["reached"] is None and {s["name"]: s["wins"] for s in end["scoreboard"]} == {"alice": 1, "bob": 1}


def test_bots_play_as_teammates_and_never_type_the_team_s_words(room) -> None:
    room.settings = TEAM
    alice, _ = room.join("alice")
    room.command(alice, "bot", None, "expert")
    room.command(alice, "bot", None, "expert")
    room.set_ready(alice, True)
    room.time.now += COUNTDOWN
    room.tick()
    bots = [p for p in room.players.values() if p.level]
    planned = {t.word for bot in bots for t in bot.plan if t.found}
    assert planned
    mine = next(iter(planned))
    room.enter(alice, 0, mine)  # a word the bots meant to find: hers now
    told = []
    for _ in range(600):
        room.time.now += 0.1
        told += sent_to(room.tick(), "team_found")
    assert told and all(to == (alice.id,) and found["name"] != "alice" for to, found in told)
    room.time.now += 60 + GRACE
    end = messages(room.tick(), "end")[0]
    words = {p["name"]: set(p["words"]) for p in end["players"]}
    everyone = [w for found in words.values() for w in found]
    assert len(everyone) == len(set(everyone))  # no word twice in one team
    assert mine in words["alice"] and all(mine not in found for name, found in words.items() if name != "alice")


def test_a_game_too_old_for_a_team_is_named_and_the_room_stays_a_contest(room) -> None:
    alice, _ = room.join("alice")
    old, _ = room.join("old", version=m.OLDEST_VERSION)
    (refused,) = messages(room.change_settings(alice, TEAM), "error")
    assert "old's game is too old to play in a team" in refused["message"] and room.settings.scoring is Scoring.UNIQUE
    room.leave(old)
    assert messages(room.change_settings(alice, TEAM), "lobby") and room.settings.team


def test_team_rules_travel_and_are_checked() -> None:
    rules = served(scoring="team", goal=60, dictionaries=frozenset({"enable1"}), max_seconds=600)
    assert rules.team and rules.goal == 60
    assert m.Settings.of(rules).rules(frozenset({"enable1"})) == rules
    assert "one team · goal 60 points" in rules.describe()
    assert f"one team · goal {GOAL_SHARE}%" in Rules(scoring=Scoring.TEAM).describe()
    for goal in (0, -1, 100_001, True):
        with pytest.raises(ProtocolError):
            m.decode_client(json.dumps({"type": "settings", "settings": {"scoring": "team", "goal": goal}}))
    with pytest.raises(ProtocolError):
        m.decode_server(json.dumps({"type": "team_found", "word": "cat", "player": 1, "name": "x", "points": 101}))
    hostile = {"type": "team_found", "word": "cat", "player": 1, "name": "[b]x\x1b", "team": 4}
    found = m.decode_server(json.dumps(hostile))
    assert isinstance(found, m.TeamFound) and found.name == "[b]x"  # cleaned, shown literally
    assert m.spoken(m.OLDEST_VERSION) and m.spoken(m.VERSION) and not m.spoken(m.VERSION + 1)


def test_the_team_rule_on_its_own() -> None:
    team = Team(goal=3)
    team.found("cats", 1, 5.0)
    team.found("cats", 2, 6.0)  # second: still the first finder's
    assert team.finder("cats") == 1 and team.score == 1 and not team.reached
    team.found("dogs", 2, 7.0)
    team.found("tines", 2, 8.0)
    assert team.reached_at == 8.0 and team.words_of(2) == {"dogs": 1, "tines": 2}
    assert Entry("cats", Verdict.TEAM_FOUND, by="ben").said == "found by ben"
    assert Entry("cats", Verdict.TEAM_FOUND).said == Verdict.TEAM_FOUND.text


class Wire:
    """Plain seats and a room joined without sockets: each message goes through the wire's encoding both ways."""

    def __init__(self, room) -> None:
        self.room = room
        self.seats: dict[int, PlainRoom] = {}
        self.said: dict[str, list[str]] = {}

    def sit(self, name: str) -> PlainRoom:
        player, sends = self.room.join(name)
        welcome = m.Welcome(version=m.VERSION, room=self.room.name, player=player.id, name=player.name)
        seat = PlainRoom(welcome, lambda message: self.sent(player, message), now=self.room.time,
                         is_common=lambda _: False)  # fmt: skip
        self.seats[player.id], self.said[name] = seat, []
        self.deliver(sends)
        return seat

    def sent(self, player, message: m.ClientMessage) -> None:
        message = m.decode_client(m.encode(message))
        match message:
            case m.Word(id=entry_id, word=word):
                self.deliver(self.room.enter(player, entry_id, word))
            case m.Ready(ready=ready):
                self.deliver(self.room.set_ready(player, ready))
            case m.HostCommand(action=action, player=target, level=level, side=side):
                self.deliver(self.room.command(player, action, target, level, side)[0])

    def deliver(self, sends) -> None:
        for s in sends:
            for player_id in s.to if s.to is not None else list(self.seats):
                seat = self.seats.get(player_id)
                if seat is not None:
                    self.said[seat.welcome.name] += seat.handle(m.decode_server(s.text))

    def typed(self, name: str, line: str) -> None:
        seat = next(s for s in self.seats.values() if s.welcome.name == name)
        self.said[name] += seat.take(line)


def test_a_team_round_in_plain_seats_from_the_first_find_to_the_results(room) -> None:
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=3)
    wire = Wire(room)
    wire.sit("ann"), wire.sit("ben")
    wire.typed("ann", "ready"), wire.typed("ben", "ready")
    room.time.now += COUNTDOWN
    wire.deliver(room.tick())
    words = [w for w in words_on(room, 40) if score(w) == 1][:3]
    wire.typed("ben", words[0])
    assert f"ben found {words[0].upper()}: +1 for the team, 1 of 3" in wire.said["ann"]
    assert not any("found" in line and "for the team" in line for line in wire.said["ben"])  # his verdict says it
    wire.typed("ann", words[0])
    assert f"{words[0].upper()}: found by ben" in wire.said["ann"]
    wire.typed("ann", words[1]), wire.typed("ann", words[2])
    assert f"{words[2].upper()}: accepted, 1 point · Team 3 / 3 · goal reached" in wire.said["ann"]
    session = wire.seats[1].session
    assert session.team_score == 3 and session.teammates == {words[0]: "ben"}
    room.time.now += 60 + GRACE
    wire.deliver(room.tick())
    ann = wire.said["ann"]
    assert "Together: 3 of 3 points · goal reached after 0:00" in ann
    assert not any(line.startswith("Winner") or "winner:" in line for line in ann)  # nobody wins against a teammate
    assert f"  {words[0].upper()}: ben (1), also you" in ann  # typed by both: ben first
    assert session.players and {p.name: set(p.words) for p in session.players} == {
        "ann": {words[1], words[2]},
        "ben": {words[0]},
    }


async def test_the_round_screen_shows_a_teammate_s_find_and_the_team_s_progress(
    room, enable1, popular, monkeypatch
) -> None:
    """The app's side of a team's round, fed by the room's own messages through the wire (no socket): the line of
    counts leads with the team's progress, a teammate's word joins Found with their name and lights its path."""
    from snapshot_support import still_app

    from boggle_tui.app.screens import round as round_screen
    from boggle_tui.app.screens.round import RoundScreen
    from boggle_tui.net.session import OnlineSession

    monkeypatch.setattr(round_screen, "TEAMMATE_LIT_SECONDS", 1.0)  # lit for a moment: the test's moment is short
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=9)
    ann, ben = start(room, "ann", "ben")
    (start_text,) = [s.text for s in room.welcome_state(ann) if json.loads(s.text)["type"] == "start"]
    sent: list[m.ClientMessage] = []
    session = OnlineSession(m.decode_server(start_text), "table", ann.id, sent.append, now=room.time)
    app = still_app(enable1, popular, None)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = RoundScreen(session)
        await app.push_screen(screen)
        await pilot.pause()
        word = words_on(room, 1)[0]
        for s in room.enter(ben, 0, word):
            if s.to is None or ann.id in s.to:
                session.apply(m.decode_server(s.text))
        await pilot.pause()
        counts = str(screen.standings.render())
        assert counts.startswith(f"Team {score(word)} / 9") and "ann (you)" in counts
        assert screen.found.teammates == ((word, "ben"),)
        assert screen.board_view.lit == tuple(room.solution.paths[word])  # its path, for a moment
        await until(pilot, lambda: screen.board_view.lit == (), "the path put out")  # after TEAMMATE_LIT_SECONDS
        entry = session.submit(word)  # typed again: who has it, at once (the room's verdict follows)
        assert entry is not None and entry.said == "found by ben" and sent[-1].word == word


async def test_the_host_chooses_playing_together_and_its_goal_in_the_lobby(enable1, popular, tmp_path) -> None:
    """The lobby's Scoring choice holds a team's goal too (`team:50`); a goal set with --goal is offered as it is."""
    from support import a_host, shown
    from textual.widgets import Select

    from boggle_tui.app.screens.lobby import LobbyScreen

    app, _ = a_host(enable1, popular, tmp_path, settings=m.Settings(scoring="team", goal=75))
    async with app.run_test() as pilot:
        lobby = await shown(pilot, LobbyScreen)
        await until(pilot, lambda: lobby.host, "the host's lobby")
        select = lobby.query_one("#lobby-scoring", Select)
        await until(pilot, lambda: select.value == "team:75", "the room's own goal shown")
        room = app.online.server.rooms["set"]
        select.focus()
        await pilot.pause()
        select.value = "team:50"
        await until(pilot, lambda: room.settings.goal == 50, "the new goal")
        assert room.settings.team
        select.value = "team"  # the default share again
        await until(pilot, lambda: room.settings.goal is None and room.settings.team, "the default goal")
        select.value = "unique"
        await until(pilot, lambda: not room.settings.team, "a contest again")


def test_the_players_table_of_a_team_says_who_typed_a_word_after_its_finder() -> None:
    from rich.console import Console

    from boggle_tui.app.widgets.players import players_table, scoring_note
    from boggle_tui.net.session import PlayerResult

    ann = PlayerResult("ann", 3, {"towel": 2, "tin": 1}, me=True)
    ben = PlayerResult("[b]ben", 1, {"net": 1}, also=("towel",))

    def found_by(word: str, besides: str) -> list[str]:
        return [p.name for p in (ann, ben) if p.name != besides and (word in p.words or word in p.also)]

    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(players_table([ann, ben], [], Scoring.TEAM, found_by))
    text = console.export_text()
    assert "TOWEL 2 (also [b]ben)" in text and "TIN 1" in text and "=" not in text  # nothing struck, names literal
    assert "first" in scoring_note(Scoring.TEAM).plain


def test_two_teams_from_four_players_each_with_its_own_words_and_the_better_one_wins(room) -> None:
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=2, teams=2)
    ann, ben, cy, dee = (room.join(name)[0] for name in ("ann", "ben", "cy", "dee"))
    room.command(ann, "side", ann.id, side=1)  # the host puts herself on team 1; the others are dealt
    refused = room.command(ben, "side", cy.id, side=2)[0]
    assert messages(refused, "error") and cy.side == 0  # only the host sets a side
    for p in (ann, ben, cy, dee):
        room.set_ready(p, True)
    room.time.now += COUNTDOWN
    started = room.tick()
    sides = {p.name: p.round_side for p in (ann, ben, cy, dee)}
    assert sides["ann"] == 1 and sorted(sides.values()) == [1, 1, 2, 2]  # even, at random
    starts = {to: msg for to, msg in sent_to(started, "start")}
    assert {msg["side"] for msg in starts.values()} == {1, 2}
    mate = next(p for p in (ben, cy, dee) if p.round_side == 1)
    other = [p for p in (ben, cy, dee) if p.round_side == 2]
    word, second = [w for w in words_on(room, 40) if score(w) == 1][:2]
    sends = room.enter(ann, 0, word)
    ((to, _found),) = sent_to(sends, "team_found")
    assert to == (mate.id,)  # her teammate hears of it, the other team never does
    assert messages(room.enter(mate, 0, word), "verdict")[0]["verdict"] == "found by a teammate"
    assert messages(room.enter(other[0], 0, word), "verdict")[0]["verdict"] == "accepted"  # theirs too: both score
    room.enter(other[1], 0, second)
    ((_, progress),) = sent_to(room.enter(ann, 1, second), "progress")
    assert (progress["team"], progress["rival"]) == (2, 2)
    assert (refused := messages(room.command(ann, "side", ben.id, side=2)[0], "error")) and refused  # not mid-round
    room.time.now += 60 + GRACE
    end = messages(room.tick(), "end")[0]
    assert {p["name"]: p["side"] for p in end["players"]} == sides
    assert end["reached"] is not None and end["rival_reached"] is not None
    assert {s["name"]: s["wins"] for s in end["scoreboard"]} == dict.fromkeys(sides, 1)  # a tie: both teams win
    assert ann.side == 1 and all(p.side == p.round_side for p in (ben, cy, dee))  # dealt sides kept for the evening


def test_two_teams_with_fewer_than_four_players_play_as_one(room) -> None:
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, teams=2)
    ann, ben, cy = start(room, "ann", "ben", "cy")
    assert {p.round_side for p in (ann, ben, cy)} == {1} and list(room.teams) == [1]
    word = words_on(room, 1)[0]
    ((to, _found),) = sent_to(room.enter(ann, 0, word), "team_found")
    assert set(to) == {ben.id, cy.id}
    assert "two teams · goal 25%" in room.settings.describe()


def test_two_teams_in_plain_seats_say_their_own_team_s_news_and_which_team_won(room) -> None:
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=50, teams=2)
    wire = Wire(room)
    for name in ("ann", "ben", "cy", "dee"):
        wire.sit(name)
    seats = {s.welcome.name: s for s in wire.seats.values()}
    wire.typed("ann", "side ann 1"), wire.typed("ann", "side ben 1"), wire.typed("ann", "side cy 2")
    assert any("ben (team 1)" in line for line in seats["ann"].room_lines())
    for name in seats:
        wire.typed(name, "ready")
    room.time.now += COUNTDOWN
    wire.deliver(room.tick())
    assert {n: s.session.side for n, s in seats.items()} == {"ann": 1, "ben": 1, "cy": 2, "dee": 2}
    one, two, three = [w for w in words_on(room, 40) if score(w) == 1][:3]
    wire.typed("ben", one)
    assert f"ben found {one.upper()}: +1 for the team, 1 of 50" in wire.said["ann"]
    assert not any(one.upper() in line for line in wire.said["cy"] + wire.said["dee"])  # the other team's news: none
    wire.typed("cy", one), wire.typed("dee", two), wire.typed("cy", three)
    assert seats["ann"].session.team_line() == "Your team 1 / 50 · the others 3"
    assert seats["dee"].session.team_line() == "Your team 3 / 50 · the others 1"
    room.time.now += 60 + GRACE
    wire.deliver(room.tick())
    assert "Your team lost, 1 to 3" in wire.said["ann"] and "Your team won, 3 to 1" in wire.said["cy"]
    assert seats["cy"].session.teammates == {two: "dee"}  # the end keeps only her own team's words with their finder


def test_two_teams_can_strike_a_word_both_found(room) -> None:
    """The host's other choice (`between: unique`): a word both teams found scores for neither, as the table rule."""
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=1, teams=2, between=Scoring.UNIQUE)
    players = start(room, "ann", "ben", "cy", "dee")
    one = next(p for p in players if p.round_side == 1)
    two = next(p for p in players if p.round_side == 2)
    both, alone = [w for w in words_on(room, 40) if score(w) == 1][:2]
    room.enter(one, 0, both), room.enter(two, 0, both), room.enter(two, 1, alone)
    room.time.now += 60 + GRACE
    end = messages(room.tick(), "end")[0]
    assert end["shared"] == [both]
    points = {p["name"]: p["words"] for p in end["players"]}
    assert points[one.name] == {both: 0} and points[two.name] == {both: 0, alone: 1}
    assert end["reached"] is None and end["rival_reached"] is not None  # team 1's goal came only with the struck word
    assert "a word both teams found scores 0" in room.settings.describe()
    with pytest.raises(ProtocolError):
        m.decode_client(json.dumps({"type": "settings", "settings": {"scoring": "team", "between": "team"}}))


async def test_on_a_phone_the_team_s_line_never_cuts_the_clock(room, enable1, popular) -> None:
    """43 columns, German's longer score line and the team's progress beside it: the clock was cut to "0"."""
    from snapshot_support import still_app

    from boggle_tui.app.screens.round import RoundScreen
    from boggle_tui.net.session import OnlineSession

    room.settings = Rules(seconds=60, scoring=Scoring.TEAM)
    ann, _ = start(room, "ann with a long name", "ben with a long name")
    (start_text,) = [s.text for s in room.welcome_state(ann) if json.loads(s.text)["type"] == "start"]
    session = OnlineSession(m.decode_server(start_text), "table", ann.id, lambda _: None, now=room.time)
    session.apply(m.decode_server(m.encode(room._progress())))  # everyone's counts, the team's points
    from boggle_tui.i18n import use_language

    use_language("de")
    app = still_app(enable1, popular, None)
    async with app.run_test(size=(43, 42)) as pilot:
        screen = RoundScreen(session)
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.has_class("-portrait")
        clock = screen.query_one("#clock-time")
        assert screen.clock_view.region.width >= 6 and str(clock.render()).strip() == "1:00"  # all of it shows
        counts = drawn(screen.query_one("#players-progress"))  # the team's first, cut short with an ellipsis
        assert counts.startswith("Team 0 / ") and counts.endswith("…"), counts
