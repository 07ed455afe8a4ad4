"""What the computer opponents find, level by level, and how well the model predicts a real history.

Run: python benchmarks/bots.py [--boards 1000] [--seconds 180] [--history FOLDER]. It prints figures; it asserts
nothing. On `--boards` rolled boards (new dice, enable1, 3+ letters) every level plays each board:

- alone: its mean share of the board's points and words, and words found;
- at a table of all five levels under the shared-word rule: each level's mean score, and how often it wins;
- head to head with the level below, under the shared-word rule: how often it beats it (ties apart).

With `--history FOLDER` (a data folder, as BOGGLE_DATA_DIR) it fits θ to that history's timed rounds, as
"matched" does, and prints the calibration table (predicted chance by bucket against the share found) and the
log loss, beside the log loss of each named level's θ; and the matched bot's mean score against the player's
median on those rounds' boards.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boggle_tui.engine import frequency
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.scoring import score
from boggle_tui.engine.solver import solve
from boggle_tui.game import bots
from boggle_tui.game.codes import parse_code


def struck(lists: list[list[str]]) -> list[int]:
    """Each player's score under the shared-word rule: a word two or more found scores for nobody."""
    counts: dict[str, int] = {}
    for words in lists:
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    return [sum(score(w) for w in words if counts[w] == 1) for words in lists]


def levels_table(boards: int, seconds: float, seed: int) -> None:
    trie = load_dictionary("enable1").trie
    dice = load_dice_set("new")
    rng = random.Random(seed)
    names = list(bots.LEVELS)
    share_points = {n: [] for n in names}
    share_words = {n: [] for n in names}
    words_found = {n: [] for n in names}
    table_scores = {n: [] for n in names}
    table_wins = dict.fromkeys(names, 0)
    beats = {n: [0, 0, 0] for n in names[1:]}  # wins, ties, losses against the level below
    start = time.perf_counter()
    played = 0
    sizes, points = [], []
    for board_seed in range(seed, seed + boards):
        solution = solve(dice.roll(board_seed), trie, 3)
        if not solution.paths:
            continue
        played += 1
        sizes.append(len(solution.paths))
        points.append(solution.total_score)
        seated = bots.seat_bots(solution, frequency.rank, names, seconds, rng)
        found = [bot.found_by(seconds) for bot in seated]
        for name, words in zip(names, found, strict=True):
            share_points[name].append(sum(map(score, words)) / solution.total_score)
            share_words[name].append(len(words) / len(solution.paths))
            words_found[name].append(len(words))
        scores = struck(found)
        best = max(scores)
        for name, s in zip(names, scores, strict=True):
            table_scores[name].append(s)
            table_wins[name] += s == best and scores.count(best) == 1
        for i, name in enumerate(names[1:], start=1):
            upper, lower = struck([found[i], found[i - 1]])
            beats[name][0 if upper > lower else 1 if upper == lower else 2] += 1
    took = time.perf_counter() - start
    print(f"{played} rolled boards (new dice, enable1, 3+ letters), {seconds:.0f} s rounds; {took:.1f} s to plan")
    print(f"mean board: {statistics.mean(sizes):.1f} words, {statistics.mean(points):.1f} points")
    print(f"{'level':<9} {'θ':>5} {'points':>7} {'words':>6} {'found':>6} {'5-table score':>14} {'wins':>6} "
          f"{'beats the one below':>20}")  # fmt: skip
    for name in names:
        theta = bots.LEVELS[name][0]
        below = beats.get(name)
        vs = f"{below[0] / played:.0%} (tie {below[1] / played:.0%})" if below else "—"
        print(
            f"{name:<9} {theta:>5.1f} {statistics.mean(share_points[name]):>7.1%} "
            f"{statistics.mean(share_words[name]):>6.1%} {statistics.mean(words_found[name]):>6.1f} "
            f"{statistics.mean(table_scores[name]):>14.1f} {table_wins[name] / played:>6.0%} {vs:>20}"
        )


def calibration_table(folder: Path, seconds: float, seed: int) -> None:
    os.environ["BOGGLE_DATA_DIR"] = str(folder)
    from boggle_tui.storage.history import History

    history = History.open_to_read(folder)
    records = history.rounds()
    rounds = bots.fitting_rounds(records, "enable1")
    seen = bots.history_observations(rounds, frequency.rank)
    if not seen:
        print(f"\n{folder}: no timed rounds on enable1 to calibrate against")
        return
    theta = bots.fit_theta(seen)
    print(f"\nCalibration against {len(rounds)} rounds played ({len(seen):,} words, "
          f"{sum(s.found for s in seen)} found): fitted θ = {theta:.2f}")  # fmt: skip
    print(f"{'predicted':>12} {'words':>6} {'mean predicted':>15} {'found':>7}")
    for b in bots.calibration(seen, theta):
        print(f"{b.low:>5.2f}-{b.high:<5.2f} {b.words:>7} {b.predicted:>15.3f} {b.found:>7.3f}")
    print(f"log loss per word at the fitted θ: {bots.log_loss(seen, theta):.3f}")
    print("  at each level's θ: " + ", ".join(f"{n} {bots.log_loss(seen, t):.3f}" for n, (t, _) in bots.LEVELS.items()))
    base = sum(s.found for s in seen) / len(seen)
    flat = -(base * _log(base) + (1 - base) * _log(1 - base))
    print(f"  a model that gives every word the same chance ({base:.3f}): {flat:.3f}")
    rng = random.Random(seed)
    trie = load_dictionary("enable1").trie
    mine, matched = [], []
    for r in rounds:
        solution = solve(parse_code(r.code).board, trie, r.min_length)
        mine.append(sum(score(w) for w in r.found))  # before any shared word was struck out
        plays = [bots.seat_bots(solution, frequency.rank, [bots.MATCHED], r.seconds or seconds, rng, theta)[0]]
        plays += [bots.seat_bots(solution, frequency.rank, [bots.MATCHED], r.seconds or seconds, rng, theta)[0]
                  for _ in range(19)]  # fmt: skip
        matched.append(statistics.mean(sum(map(score, b.found_by(r.seconds or seconds))) for b in plays))
    print(f"the player's median score on these boards: {statistics.median(mine)} "
          f"(mean {statistics.mean(mine):.1f}); the matched bot's (20 plays a board): median "
          f"{statistics.median(matched):.1f}, mean {statistics.mean(matched):.1f}")  # fmt: skip


def _log(x: float) -> float:
    import math

    return math.log(max(x, 1e-12))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--history", type=Path, help="a data folder whose history to calibrate against")
    args = parser.parse_args()
    os.environ.setdefault("BOGGLE_CACHE_DIR", tempfile.mkdtemp(prefix="boggle-bench-"))
    levels_table(args.boards, args.seconds, args.seed)
    if args.history:
        calibration_table(args.history, args.seconds, args.seed)


if __name__ == "__main__":
    main()
