"""A server's refusals said in the player's language (net/phrases.py): an English server, a German player."""

from __future__ import annotations

import json

import pytest

from boggle_tui.i18n import _, counted, use_language
from boggle_tui.net import messages as m
from boggle_tui.net import phrases as P
from boggle_tui.net.client import error_text
from boggle_tui.net.protocol import ProtocolError
from boggle_tui.net.room import RoomFull


def refusal_of(sends) -> m.Error:
    (error,) = [m.decode_server(s.text) for s in sends if json.loads(s.text)["type"] == "error"]
    assert isinstance(error, m.Error)
    return error


def test_a_refusal_from_an_english_server_is_said_in_the_player_s_language(room) -> None:
    room.join("alice")  # the host
    bob, _sends = room.join("bob")
    sends, _removed = room.command(bob, "start", None)
    error = refusal_of(sends)
    assert error.message == "only the host can do that"  # the server's language
    use_language("de")
    german = error_text(error, "r")
    assert german == _("only the host can do that") and german != error.message


def test_a_value_is_a_stranger_s_text_put_in_literally(room) -> None:
    alice, _sends = room.join("alice")  # the host
    eve, _sends = room.join("[red]eve\x1b[2J")
    eve.connected = False
    sends, _removed = room.command(alice, "promote", eve.id)
    error = refusal_of(sends)
    use_language("fr")
    shown = error_text(error, "r")
    assert shown == _("{player} is away").format(player=eve.name) and "\x1b" not in shown and "[red]" in shown


def test_a_plural_is_said_in_the_player_s_own_plural(room) -> None:
    room.max_players = 2
    room.join("alice"), room.join("bob")
    with pytest.raises(RoomFull) as full:
        room.join("carol")
    error = full.value.error()
    assert error.code == "full" and error.fatal and error.message == "room table is full (2 players)"
    wire = m.decode_server(m.encode(error))
    assert isinstance(wire, m.Error)
    use_language("pl")
    polish = error_text(wire, "r")
    assert polish == counted(2, "room {room} is full ({count} player)", "room {room} is full ({count} players)").format(
        room="table"
    )
    assert polish != error.message and "2" in polish


@pytest.mark.parametrize(
    "wording",
    [
        m.Wording(phrase="{x.__class__} owned"),  # not a phrase of ours: never a format string of a stranger's
        m.Wording(phrase="{"),  # nor one that is no format at all (it raised ValueError: a traceback on joining)
        m.Wording(phrase="}", plural="{", count=2),
        m.Wording(phrase=P.AWAY, values={}),  # its placeholder has no value
        m.Wording(phrase=P.AWAY, values={"player": "eve", "extra": "x"}),  # a value it has no place for
        m.Wording(phrase=P.ROOM_IS_FULL[0], plural="room {room} is full ({count} {room.__class__})", count=2,
                  values={"room": "r"}),  # a plural not the phrase's own
    ],
)  # fmt: skip
def test_a_wording_this_game_does_not_know_shows_the_server_s_text(wording: m.Wording) -> None:
    use_language("de")
    error = m.Error(message="the server's own words \x1b[31m", wording=wording)
    assert error_text(error, "r") == "the server's own words [31m"


def test_a_wording_is_bounded_like_any_field() -> None:
    values = {f"v{n}": "x" for n in range(5)}
    frame = json.dumps({"type": "error", "message": "m", "wording": {"phrase": P.AWAY, "values": values}})
    with pytest.raises(ProtocolError):
        m.decode_server(frame)
    long = json.dumps({"type": "error", "message": "m", "wording": {"phrase": P.AWAY, "values": {"player": "e" * 900}}})
    error = m.decode_server(long)
    assert isinstance(error, m.Error) and len(error_text(error, "r")) < 100  # the name cut to VALUE_LIMIT
