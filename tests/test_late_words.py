"""Letters typed on through the buzzer join the word they continue, on the results' too-late line.

The player types `stam` before 0:00 and `ped` + Enter just after, as the results replace the round: the results
said "Too late: STAM" and `ped` was lost. Keys of the run of typing begun in the round are the letters of a word
(Enter ends it, the next letters are another), too late, never judged, never a command. Every kind of results.

Time here is the app's clock (FakeTime); keys come as a player types them, 0.2 s apart.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import settle, shown, until
from test_buzzer_keys import RESULTS, a_daily_round, a_room_round, a_solo_round, app_for, screens_opened
from textual.widgets import Label

from boggle_tui.app.screens.results import GUARD_SECONDS
from boggle_tui.app.screens.round import RoundScreen
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.stats import StatsScreen
from boggle_tui.game.round import Verdict

KEY_GAP = 0.2  # a player typing steadily: well inside a run


async def typed(pilot: Any, keys: list[str]) -> None:
    for key in keys:
        await pilot.press(key)
        pilot.app.now.now += KEY_GAP


async def round_typed_into(pilot: Any, kind: str, enable1: Any, before: list[str]) -> Any:
    """A round of `kind` near its end, `before` typed into its entry line up to 0:00; the end, to call."""
    app = pilot.app
    if kind == "solo":
        end = a_solo_round(app, app.now, await shown(pilot, RoundScreen))
    else:
        await shown(pilot, StartScreen)
        end = (a_room_round if kind == "room" else a_daily_round)(app, app.now, enable1)
        await shown(pilot, RoundScreen)
    app.now.now += 2.1 - KEY_GAP * len(before)  # the last letter just after 0:00
    await typed(pilot, before)
    return end


def too_late(app: Any) -> list[str]:
    return [e.word for e in app.screen.session.entries if e.verdict is Verdict.TOO_LATE]


def too_late_line(results: Any) -> str:
    return str(results.query_one("#too-late", Label).render())


@pytest.mark.parametrize("kind", ["solo", "room", "daily"])
async def test_letters_typed_on_through_the_buzzer_finish_the_word(enable1, popular, kind) -> None:
    """`stam` at 0:00, `ped⏎snow⏎` as the results come: STAMPED and SNOW too late, one entry each; `s` and `n`
    opened nothing. A key after a pause is the results' again."""
    app = app_for(kind, enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        end = await round_typed_into(pilot, kind, enable1, list("stam"))
        end()
        results = await shown(pilot, RESULTS[kind])
        opened = screens_opened(app)
        assert too_late(app) == ["stam"]
        await typed(pilot, [*"ped", "enter", *"snow", "enter"])
        await settle(pilot)
        assert opened == [] and app.screen is results, f"{opened} opened by a word typed through the buzzer"
        assert too_late(app) == ["stamped", "snow"]
        assert "Too late: STAMPED, SNOW" in too_late_line(results)
        app.now.now += GUARD_SECONDS  # the player stops, reads, then asks for the statistics
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen), lambda: f"the statistics, not {app.screen}")
        assert [e.word for e in results.session.entries if e.verdict is Verdict.TOO_LATE] == ["stamped", "snow"]


@pytest.mark.parametrize("kind", ["solo", "room"])
async def test_a_word_begun_after_the_last_enter_is_another_and_backspace_corrects_it(enable1, popular, kind) -> None:
    """`tin⏎` entered by 0:00, then `pox`, Backspace, `d`... as the results come: a word of its own, corrected as
    the entry line would have been. In a room TIN, sent, had no verdict from the room by its end: too late too."""
    app = app_for(kind, enable1, popular)
    async with app.run_test(size=(100, 32)) as pilot:
        end = await round_typed_into(pilot, kind, enable1, [*"tin", "enter"])
        end()
        results = await shown(pilot, RESULTS[kind])
        before = too_late(app)
        assert before == ([] if kind == "solo" else ["tin"])
        assert bool(results.query("#too-late")) is bool(before)
        await typed(pilot, [*"pox", "backspace", "d", "backspace", "backspace", "backspace", "backspace", *"od"])
        await settle(pilot)
        assert app.screen is results and too_late(app) == [*before, "od"]
        await until(pilot, lambda: too_late_line(results).endswith(" OD"), lambda: too_late_line(results))
