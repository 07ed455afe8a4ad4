"""The party screen (app/screens/party.py): a room on a shared screen, fed by a room's own messages through the
wire (no socket): the board large, the clock, the counts, the team's progress; between rounds the outcome and the
evening; the QR code of the browser's link where there is room for it."""

from __future__ import annotations

import json
import re

import pytest
from contest_support import screen_lines
from snapshot_support import still_app
from test_room import start, words_on

from boggle_tui.app.screens.party import PartyScreen
from boggle_tui.app.widgets.qr import qr_lines
from boggle_tui.engine.scoring import score
from boggle_tui.game.rules import Rules, Scoring
from boggle_tui.net import messages as m
from boggle_tui.net.room import COUNTDOWN, GRACE
from boggle_tui.net.session import OnlineSession

LINK = "http://192.168.1.5:8000/?join=192.168.1.5:8765/night"


class Watcher:
    """A spectator's seat on the party screen: the room's messages to it, decoded, as the party's link hands them."""

    def __init__(self, room, screen: PartyScreen) -> None:
        self.room, self.screen = room, screen
        self.me, sends = room.spectate("Party screen")
        self.session: OnlineSession | None = None
        self.deliver(sends)

    def deliver(self, sends) -> None:
        for s in sends:
            if s.to is not None and self.me.id not in s.to:
                continue
            message = m.decode_server(s.text)
            if isinstance(message, m.Lobby):
                self.screen.show_lobby(message)
            elif isinstance(message, m.Start):
                self.session = OnlineSession(message, self.room.name, self.me.id, lambda _: None, now=self.room.time)
                self.screen.show_round(self.session)
            elif self.session is not None:
                self.session.apply(message)


@pytest.mark.parametrize("size", [(160, 45), (80, 24)])
async def test_two_rounds_of_a_team_on_the_party_screen(room, enable1, popular, size) -> None:
    room.settings = Rules(seconds=60, scoring=Scoring.TEAM, goal=2)
    app = still_app(enable1, popular, None)
    async with app.run_test(size=size) as pilot:
        screen = PartyScreen("table", "192.168.1.5:8765/table", LINK)
        await app.push_screen(screen)
        tv = Watcher(room, screen)
        for round_ in (1, 2):
            if round_ == 1:
                ann, ben = start(room, "ann", "ben")
                tv.deliver(room.welcome_state(tv.me))
            else:
                for p in (ann, ben):
                    tv.deliver(room.set_ready(p, True))
                room.time.now += COUNTDOWN
                tv.deliver(room.tick())
            await pilot.pause()
            assert screen.board_view is not None and screen.board_view.board == room.solution.board
            word = next(w for w in words_on(room, 40) if score(w) == 1)
            tv.deliver(room.enter(ben, 0, word))
            await pilot.pause()
            text = "\n".join(screen_lines(app))
            assert re.search(r"ben +1 word\b", text) and re.search(r"ann +0 words", text)  # counts, never words
            assert "Team 1 / 2" in text and word.upper() not in text
            room.time.now += 60 + GRACE
            tv.deliver(room.tick())
            await pilot.pause()
            outcome = str(screen.query_one("#party-outcome").render())
            assert outcome == "Time is up · together: 1 of 2 points · 1 short of the goal"
            text = "\n".join(screen_lines(app))  # the evening's leaderboard, ben first
            assert re.search(rf"1\. +ben +{round_}", text) and re.search(r"2\. +ann +0", text)
        qr = screen.query_one("#party-qr")
        assert qr.display is (size == (160, 45))  # the code gives way to the board at 80x24
        dice = screen.board_view.extent()
        assert dice[0] <= size[0] - 38 and dice[1] <= size[1]  # the board fits beside the side column


async def test_a_party_screen_that_comes_in_mid_round_draws_the_round(room, enable1, popular) -> None:
    """The room's first messages to a screen arriving mid-round come before the screen is up (a play-test)."""
    start(room, "ann")
    screen = PartyScreen("table", "192.168.1.5:8765/table")
    tv = Watcher(room, screen)
    tv.deliver(room.watch(tv.me))  # the round under way, to watch: before the screen is mounted
    app = still_app(enable1, popular, None)
    async with app.run_test(size=(100, 32)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.board_view is not None and screen.board_view.board == room.solution.board
        assert not screen.query("#party-qr")  # no link given: no code


async def test_a_party_screen_up_after_the_lobby_came_shows_the_lobby(room, enable1, popular) -> None:
    """The room's lobby reaches the screen before it is up (its welcome, then the lobby: a play-test showed a blank
    screen but for the join line)."""
    ann, _ = room.join("ann")
    room.set_ready(ann, True)
    screen = PartyScreen("table", "192.168.1.5:8765/table")
    Watcher(room, screen)  # the lobby, before the screen is mounted
    app = still_app(enable1, popular, None)
    async with app.run_test(size=(100, 32)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Room table · waiting for the first round" in text and "1 of 1 ready" in text


def test_a_qr_code_is_drawn_two_modules_a_line() -> None:
    lines = qr_lines(LINK)
    import segno

    side = segno.make(LINK, error="l").symbol_size(border=2)[0]
    assert len(lines) == (side + 1) // 2 and {len(line) for line in lines} == {side}
    assert set("".join(lines)) <= {" ", "▀", "▄", "█"} and qr_lines("") == []
    assert json.dumps(lines)  # plain text: nothing a terminal would act on


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["party", "127.0.0.1:8765"], "give the room too"),
        (["party", "127.0.0.1:8765/night", "--web", "ftp://tv"], "--web is the page of boggle web"),
        (["party", "not an address"], "error"),
    ],
)
def test_the_party_command_refuses_what_it_cannot_show(capsys, argv, said) -> None:
    from boggle_tui.cli.main import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


async def test_a_round_the_server_voided_leaves_the_party_screen_waiting_for_the_next(room, enable1, popular) -> None:
    """A server restarted mid-round voids the round: its party link lets the round go (app/party.py), and the screen
    waits for the next one instead of showing a board whose round will never end."""
    from boggle_tui.app.online import OnlineTarget
    from boggle_tui.app.party import PartyPlay

    start(room, "ann")
    app = still_app(enable1, popular, None)
    async with app.run_test(size=(100, 32)) as pilot:
        target = OnlineTarget(url="ws://127.0.0.1:1", room="table", name="TV", watch=True, party=True)
        play = PartyPlay(app, target, app.show, room.time, None)
        play.welcome = m.Welcome(version=m.VERSION, room="table", player=99, name="TV")
        await app.push_screen(play.party)
        for s in room.watch(room.spectate("TV")[0]):
            play.handle(m.decode_server(s.text))
        await pilot.pause()
        assert play.party.session is not None and not play.party.session.over
        voided = m.Lobby(room="table", state="lobby", rounds=1)  # as a restarted server's lobby says it
        play.handle(voided)
        await pilot.pause()
        assert play.session is None and play.party.session is None
        assert "Room table · waiting for round 2" in "\n".join(screen_lines(app))
