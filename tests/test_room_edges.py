"""What a room's players and spectators see at its edges: a word typed through the buzzer, in the results at
80x24 and in --plain; a spectator's seat in --plain, with nothing to be ready for."""

from __future__ import annotations

import io

import pytest
from contest_support import a_room_round
from rich.console import Console
from support import FakeTime, drawn, make_app, shown, until
from test_contest_results import assert_whole, open_results
from test_online import Bot, running_server, start_round, words_of
from textual.app import App

from boggle_tui.app.online import OnlinePlay, OnlineTarget
from boggle_tui.app.screens.lobby import LobbyScreen
from boggle_tui.app.screens.lobby.players import players_table
from boggle_tui.app.screens.online_results import OnlineResultsScreen
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.cli.plain_room import PlainRoom
from boggle_tui.i18n import use_language
from boggle_tui.net import messages as m
from boggle_tui.net.room import COUNTDOWN, State

LONG = "abcdefghijklmnopqrstuvwxyzabcdefghijkl"  # 38 letters (the entry takes 40), typed and never sent as it ended


@pytest.mark.parametrize("size", [(80, 24), (100, 32)], ids=["80x24", "100x32"])
async def test_a_long_word_typed_at_the_buzzer_leaves_the_results_header_whole(enable1, popular, size) -> None:
    """Its verdict is a line of its own beside the board, cut with an ellipsis; the outcome over the board keeps
    its one line and the players' table its rows (at 80x24 the outcome wrapped to two and the table had none)."""
    session = a_room_round(enable1)
    session.late(LONG)
    app, _time = make_app(enable1, popular, None)
    async with app.run_test(size=size) as pilot:
        screen = await open_results(pilot, session, OnlineResultsScreen)
        assert_whole(screen, size)
        assert screen.query_one("#outcome").region.height == 1
        late = screen.query_one("#too-late")
        assert late.region.height == 1 and screen.query_one("#lists").region.contains_region(late.region)
        assert drawn(late).startswith("Too late: ABCDEFGHIJ")
        if size[0] == 80:
            assert drawn(late).rstrip().endswith("…")


# A seat in --plain: a spectator has nothing to be ready for and no words; a word after the clock is too late

BOARD = tuple(tuple("abcd") for _ in range(4))
BOB = (m.Seat(id=1, name="bob", ready=True), m.Seat(id=2, name="ann", ready=True))


def plain_seat(*, spectator: bool = False) -> tuple[PlainRoom, list, FakeTime]:
    time_, sent = FakeTime(), []
    welcome = m.Welcome(version=m.VERSION, room="r", player=9, name="carol", token="t" * 22)
    return PlainRoom(welcome, sent.append, now=time_, spectator=spectator), sent, time_


def test_a_plain_spectator_is_never_asked_to_be_ready_and_has_no_score_or_vote() -> None:
    seat, sent, _time = plain_seat(spectator=True)
    lines = seat.handle(m.Lobby(room="r", state="lobby", players=BOB))
    assert not any("ready when" in line for line in lines) and "You are watching this room" in lines[-1]
    assert seat.take("ready") == ["You are watching: the players get ready, and each board comes to you by itself."]
    assert "ready" not in " ".join(seat.help()) and sent == []
    start = m.Start(round=1, board=BOARD, dice="classic", min_length=3, seconds=60, remaining=60.0,
                    dictionary="enable1", watching=True)  # fmt: skip
    seat.handle(start)
    assert seat.take("time") == ["1:00 left"]  # no score of a spectator's own
    counts = (m.Count(id=1, name="bob", words=2), m.Count(id=2, name="ann", words=1))
    assert seat.handle(m.Progress(players=counts)) == ["Found so far: bob 2, ann 1"]  # no "you" to a spectator (#29)
    assert seat.take("who") == ["Found so far: bob 2, ann 1"]
    assert seat.take("end")[0].startswith("You are watching: the players end the round")
    assert seat.take("dab") == ["You are watching: a spectator's words go nowhere."] and sent == []
    assert "vote" not in " ".join(seat.help())
    end = m.End(round=1, players=(m.Score(id=1, name="bob", score=1, words={"dab": 1}), m.Score(id=2, name="ann")))
    lines = seat.handle(end)
    assert "Scores: bob 1, ann 0" in lines and not any("you" in line.split(":")[0] for line in lines)
    assert lines[-1] == "Back in the lobby: the next round's board comes by itself."


def test_a_plain_player_waiting_for_the_next_round_is_told_when_to_be_ready() -> None:
    seat, sent, _time = plain_seat()
    seat.handle(m.Lobby(room="r", state="playing", remaining=30.0, players=(*BOB, m.Seat(id=9, name="carol"))))
    assert seat.take("ready") == ["A round is on: 0:30 left. Type ready once it has ended."] and sent == []


def test_the_lobby_during_a_round_says_who_is_in_it_and_who_waits() -> None:
    """The players of the round under way were listed as "ready" to one who came during it (#29's leftover)."""
    seat, _sent, _time = plain_seat()
    playing = (m.Seat(id=1, name="bob", ready=True, playing=True), m.Seat(id=9, name="carol"))
    seat.handle(m.Lobby(room="r", state="playing", remaining=30.0, players=playing))
    lines = seat.room_lines()
    assert "  bob: in the round" in lines and "  carol (you): not ready" in lines, lines
    assert lines[0] == "Room r: 2 players, 0 ready."  # bob is in the round, not ready for the next
    table = players_table(m.Lobby(room="r", state="playing", players=playing), me=9)
    cells = [str(cell) for column in table.columns for cell in column.cells]
    assert "▶ in the round" in cells and "· not yet" in cells and "✓ ready" not in cells


def test_a_long_name_gives_way_in_the_lobby_table_never_the_ready_column() -> None:
    """At 80x24 in French, twenty full-width letters of a name wrapped "▶ dans la manche" onto two lines."""
    use_language("fr")
    wide = "\uff57\uff49\uff44\uff45名前" + "\uff38" * 14  # forty columns
    seats = (m.Seat(id=1, name=wide, playing=True, host=True), m.Seat(id=2, name=wide[:-1] + "\uff39", playing=True))
    console = Console(width=60, file=io.StringIO(), color_system=None)  # the lobby's table, narrowed
    console.print(players_table(m.Lobby(room="r", state="playing", players=seats), me=2))
    drawn = console.file.getvalue().splitlines()
    assert sum("▶ dans la manche" in line for line in drawn) == 2, drawn


def test_a_plain_word_typed_once_the_clock_has_run_out_is_too_late_at_once() -> None:
    seat, sent, time_ = plain_seat()
    seat.handle(m.Lobby(room="r", state="playing", players=(*BOB, m.Seat(id=9, name="carol"))))
    seat.handle(m.Start(round=1, board=BOARD, dice="classic", min_length=3, seconds=60, remaining=1.0,
                        dictionary="enable1"))  # fmt: skip
    time_.now += 1.5  # 0:00 on this seat's clock for a while; the room's end is on its way
    assert seat.take("dab") == ["DAB: too late"] and not any(isinstance(s, m.Word) for s in sent)


def test_a_plain_word_typed_while_reconnecting_is_said_sent_and_the_seat_s_time_once() -> None:
    """The app shows "ORE: sent: the room judges it" and the seconds before the seat is given up; --plain said
    nothing for a word typed while the connection was down (#29)."""
    seat, sent, _time = plain_seat()
    seat.handle(m.Lobby(room="r", state="playing", players=(*BOB, m.Seat(id=9, name="carol"))))
    seat.handle(m.Start(round=1, board=BOARD, dice="classic", min_length=3, seconds=60, remaining=60.0,
                        dictionary="enable1"))  # fmt: skip
    assert seat.take("dab") == []  # connected: the room's verdict is the line
    assert seat.dropped(30.0) == ["The connection dropped: reconnecting… (30 seconds left before the seat is given up)"]
    assert seat.take("abc") == ["ABC: sent: the room judges it"]
    assert seat.take("dab") == ["DAB: not on the board"]  # what this seat can tell by itself, at once
    before = len(sent)
    assert seat.reconnected() == ["Back in the room."]
    first = next(s.id for s in sent if isinstance(s, m.Word))
    seat.handle(m.Entries(entries=(), last_id=first))  # back, the room says what it judged: the first "dab" alone
    assert [s.word for s in sent[before:] if isinstance(s, m.Word)] == ["abc", "dab"]  # sent again, judged there
    assert seat.take("bcd") == []  # the room hears again: its verdict is the line


def test_a_plain_seat_back_as_a_newcomer_says_so_and_leaves_the_round_it_lost() -> None:
    seat, _sent, _time = plain_seat()
    seat.handle(m.Lobby(room="r", state="playing", players=(*BOB, m.Seat(id=9, name="carol"))))
    seat.handle(m.Start(round=1, board=BOARD, dice="classic", min_length=3, seconds=60, remaining=60.0,
                        dictionary="enable1"))  # fmt: skip
    seat.dropped(30.0)
    assert seat.reconnected(seat.welcome) == ["Back in the room."]  # the same seat
    newcomer = m.Welcome(version=m.VERSION, room="r", player=12, name="carol", token="u" * 22)
    seat.dropped(30.0)
    said = seat.reconnected(newcomer)
    assert said[0] == "Back in the room, as a newcomer: your seat was given up while the connection was down."
    assert seat.me == 12 and seat.session is None  # the round under way is not this seat's


def test_a_plain_spectator_s_drop_names_no_seat() -> None:
    seat, _sent, _time = plain_seat(spectator=True)
    assert seat.dropped(30.0) == ["The connection dropped: reconnecting…"]


# The app (the same screens serve the browser and ssh): a friend arriving mid-round, a spectator, the host's settings


def a_game(enable1, popular, folder, time_, url: str, room: str, name: str, *, watch: bool = False):
    app, _ = make_app(enable1, popular, None, folder=folder, now=time_)
    target = OnlineTarget(url=url, room=room, name=name, watch=watch)
    app.online = OnlinePlay(app, target, app.show, time_, folder, app.online_round)
    return app


def status_of(lobby: LobbyScreen) -> str:
    return str(lobby.query_one("#lobby-status").render())


def footer_keys(screen) -> set[str]:
    return {key for key, (_, binding, enabled, _) in screen.active_bindings.items() if enabled and binding.show}


def escape_says(screen) -> str:
    """What the footer names Escape on `screen`."""
    active = screen.active_bindings.get("escape")
    return "" if active is None or not active.binding.show else active.binding.description


def footer_actions(screen) -> set[str]:
    return {binding.action for (_, binding, enabled, _) in screen.active_bindings.values() if enabled}


async def test_a_friend_arriving_mid_round_waits_in_the_lobby_and_may_watch(enable1, popular, tmp_path) -> None:
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        alice = await Bot.join(url, "mid", "alice", settings={"seconds": 60})
        await alice.wait_for("welcome")
        bob = await Bot.join(url, "mid", "bob")
        await start_round(time_, alice, bob)
        time_.now += 23
        app = a_game(enable1, popular, tmp_path, time_, url, "mid", "dan")
        async with app.run_test() as pilot:
            lobby = await shown(pilot, LobbyScreen)
            await until(pilot, lambda: "A round is on: 0:37 left" in status_of(lobby), lambda: status_of(lobby))
            dan = server.rooms["mid"].players[3]
            assert dan.name == "dan" and dan.round is None  # not seated in the round under way
            assert "ready" not in footer_actions(lobby)  # Enter readies between rounds, not during one
            await pilot.press("enter")
            await pilot.press("f3")
            screen = await shown(pilot, RoundScreen)
            assert screen.session.watching and not screen.entry.display and not screen.score.display
            assert [s.name for s in screen.session.standings] == ["alice", "bob"]
            await pilot.press("escape")  # back to wait in the lobby: a watcher had no key for it (#39 item 7)
            await shown(pilot, LobbyScreen)
            await pilot.press("f3")  # and to the round again
            screen = await shown(pilot, RoundScreen)
            assert screen.session.watching
            await alice.send("end")
            await bob.send("end")
            results = await shown(pilot, OnlineResultsScreen)
            assert "You watched:" in drawn(results.query_one("#totals"))
            assert "(you)" not in drawn(results.query_one("#players-table"))
            time_.now += 2
            await pilot.press("escape")
            lobby = await shown(pilot, LobbyScreen)
            await until(pilot, lambda: "Press Enter when you are ready" in status_of(lobby), lambda: status_of(lobby))
            await pilot.press("enter")
            await alice.send("ready", ready=True)
            await bob.send("ready", ready=True)
            await until(pilot, lambda: server.rooms["mid"].state is State.COUNTDOWN, "the countdown")
            time_.now += COUNTDOWN
            screen = await shown(pilot, RoundScreen)
            assert not screen.session.watching and screen.entry.display  # seated for the next round


async def test_a_spectator_sees_the_board_and_counts_without_an_entry_score_or_ready(enable1, popular, tmp_path):
    time_ = FakeTime()
    async with running_server(time_) as (server, url):
        alice = await Bot.join(url, "show", "alice", settings={"seconds": 60})
        await alice.wait_for("welcome")
        bob = await Bot.join(url, "show", "bob")
        await bob.wait_for("welcome")
        app = a_game(enable1, popular, tmp_path, time_, url, "show", "carol", watch=True)
        async with app.run_test() as pilot:
            lobby = await shown(pilot, LobbyScreen)
            await until(pilot, lambda: "You are watching this room" in status_of(lobby), lambda: status_of(lobby))
            assert "ready" not in footer_actions(lobby) and "Press Enter" not in status_of(lobby)
            await start_round(time_, alice, bob)
            screen = await shown(pilot, RoundScreen)
            assert screen.session.watching
            assert not screen.entry.display and not screen.score.display and not screen.found.display
            assert screen.query_one("#watching-note").display
            assert not {"end_round", "clear"} & footer_actions(screen)  # no vote, nothing to clear
            await until(pilot, lambda: [s.name for s in screen.session.standings] == ["alice", "bob"], "the counts")
            await pilot.press(*"tea", "enter")
            assert screen.session.entries == [] and screen.session.waiting == 0
            word = words_of(server, "show")[0]
            await alice.send("word", id=0, word=word)
            await until(pilot, lambda: [s.words for s in screen.session.standings] == [1, 0], "alice's count")
            await alice.send("end")
            await bob.send("end")
            results = await shown(pilot, OnlineResultsScreen)
            assert "You watched:" in drawn(results.query_one("#totals"))
            assert not results.query_one("#found-list").display
            assert results.query_one("#missed-list").border_title.startswith("On the board")
            assert "(you)" not in drawn(results.query_one("#players-table")) and "copy_result" not in footer_actions(
                results
            )
            # No row of the watcher's finds, no "again" or study card in the footer (#29); Escape: the lobby
            lengths = drawn(results.query_one("#lengths"))
            assert "found" not in lengths and "words" in lengths
            time_.now += 2  # past the results' guard
            assert {"n", "a", "enter"}.isdisjoint(footer_keys(results)) and "escape" in footer_keys(results)
            await pilot.press("a", "n")
            assert app.screen is results and not app.study.cards_due("enable1")
            await pilot.press("escape")
            await shown(pilot, LobbyScreen)


async def test_the_host_in_a_setting_is_told_what_enter_and_escape_do(enable1, popular, tmp_path) -> None:
    time_ = FakeTime()
    async with running_server(time_) as (_server, url):
        app = a_game(enable1, popular, tmp_path, time_, url, "set", "alice")
        async with app.run_test(size=(100, 32)) as pilot:
            lobby = await shown(pilot, LobbyScreen)
            await until(pilot, lambda: lobby.host, "the host's role")
            await pilot.press("tab")
            await until(
                pilot, lambda: status_of(lobby).startswith("This setting: Enter opens"), lambda: status_of(lobby)
            )
            assert "ready" not in footer_actions(lobby)
            assert escape_says(lobby) == "Back"  # as the line says (#29: the footer said Leave)
            await pilot.press("enter")
            await until(pilot, lambda: status_of(lobby).startswith("Choosing:"), lambda: status_of(lobby))
            await pilot.press("escape")
            await until(pilot, lambda: status_of(lobby).startswith("This setting:"), lambda: status_of(lobby))
            await pilot.press("escape")
            await until(pilot, lambda: "Press Enter when you are ready" in status_of(lobby), lambda: status_of(lobby))
            assert "ready" in footer_actions(lobby) and escape_says(lobby) == "Leave"
            await pilot.press("f2")
            await until(pilot, lambda: status_of(lobby).startswith("Chat: Enter says"), lambda: status_of(lobby))
            assert escape_says(lobby) == "Back"
            await pilot.press("escape")
            await until(pilot, lambda: "Press Enter when you are ready" in status_of(lobby), lambda: status_of(lobby))
            assert isinstance(app.screen, LobbyScreen) and escape_says(lobby) == "Leave"


async def test_a_player_is_told_when_the_host_s_new_settings_undo_their_ready(enable1, popular, tmp_path) -> None:
    """--plain said "New settings: … / Nobody is ready now"; the app un-readied its player without a word."""
    time_ = FakeTime()
    async with running_server(time_) as (_server, url):
        alice = await Bot.join(url, "new", "alice", settings={"seconds": 60})
        await alice.wait_for("welcome")
        app = a_game(enable1, popular, tmp_path, time_, url, "new", "bob")
        async with app.run_test(size=(80, 24)) as pilot:
            lobby = await shown(pilot, LobbyScreen)
            await pilot.press("enter")
            await until(pilot, lambda: lobby.ready, "bob ready")
            assert not app._notifications
            await alice.send("settings", settings={"seconds": 120})
            await until(pilot, lambda: app._notifications, "a notice")
            (notice,) = [n.message for n in app._notifications]
            assert notice.startswith("New settings: ") and "2 min" in notice
            assert notice.endswith("Nobody is ready now: press Enter when you are.")
            assert not lobby.ready


async def test_a_lobby_between_rounds_takes_a_stale_countdown_down() -> None:
    """The server restarted during the countdown: both players came back "not yet", and "The board comes in 3
    seconds." stayed for good (a play-test)."""
    lobby = LobbyScreen("r", 2, "", m.Lobby(room="r", players=BOB), bell=False)
    async with App().run_test() as pilot:
        await pilot.app.push_screen(lobby)
        lobby.show_countdown(3.0)
        lobby.show_lobby(m.Lobby(room="r", state="countdown", players=BOB))
        assert lobby.countdown == 3.0  # still counting down
        lobby.show_lobby(m.Lobby(room="r", state="lobby", players=BOB))
        await pilot.pause()
        assert lobby.countdown is None and "comes in" not in status_of(lobby)
