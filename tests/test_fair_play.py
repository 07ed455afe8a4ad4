"""The day's table trusts a result as far as a person could have typed it (game/fair_play.py): the expert bot's
rounds pass, a script that sends a solved board's words at the server's rate does not."""

from __future__ import annotations

import random

from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.solver import solve
from boggle_tui.game.bots import cues, plan_for
from boggle_tui.game.fair_play import SLACK_SECONDS, Pace
from boggle_tui.game.languages import language_for
from boggle_tui.net.room import Bucket

ROUNDS = 12  # benchmarks/fair_play.py plays 100 of each through the server


def expert_times(enable1, seed: int) -> list[tuple[float, str]]:
    """When the expert bot's words are typed in, seconds into a 3-minute round."""
    board = load_dice_set("new").roll(seed)
    solution = solve(board, enable1.trie, 3)
    plan = plan_for(cues(board, solution.paths, language_for("en").rank), board, "expert", 180, random.Random(seed))
    return [(t.at, t.word) for t in plan if t.found]


def solver_times(enable1, seed: int) -> list[tuple[float, str]]:
    """A script's: every word of the board, longest first, as fast as the server's rate lets words in."""
    solution = solve(load_dice_set("new").roll(seed), enable1.trie, 3)
    bucket, at, times = Bucket(), 0.0, []
    for word in sorted(solution.paths, key=len, reverse=True):
        while not bucket.take(at):
            at += 0.01
        times.append((at, word))
    return times


def verified(times: list[tuple[float, str]]) -> bool:
    pace = Pace()
    return all([pace.accepted(word, at) for at, word in times])


def test_the_expert_bots_rounds_are_verified_and_a_solver_script_is_not(enable1) -> None:
    for seed in range(ROUNDS):
        assert verified(expert_times(enable1, seed)), seed
        assert not verified(solver_times(enable1, seed)), seed


def test_words_typed_while_away_and_sent_together_pass_and_a_paste_of_a_few_too() -> None:
    words = ["stone", "tones", "notes", "onset", "seton", "steno"]
    # Typed over a minute while the connection was down, then sent at once on its return: no faster than typed.
    assert verified([(70.0, word) for word in words])
    # A handful pasted at once, just after the board was read: within the slack.
    assert verified([(3.0 + SLACK_SECONDS - 2, word) for word in words[:3]])
    assert not verified([(1.0, word) for word in words])  # six words a second in, before the board could be read


def test_a_result_found_too_fast_stays_unverified() -> None:
    pace = Pace()
    assert not pace.accepted("a" * 30, 0.5)
    assert not pace.accepted("cat", 170.0)  # a slow word later does not undo it
