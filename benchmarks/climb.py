"""The pool climb, a board search measured against the walk that `boggle best` runs (lab code, not the product's).

After danvk's hybrid-boggle: every board one face change or one swap away from each board of a pool is scored, and
the best `pool_size` boards are kept, a board and its turns and mirror images counted once. At the budgets measured it
did worse than the walk of boggle_tui/research/search.py (benchmarks/NOTES.md), so it lives here, for
`benchmarks/search.py --method climb`.

Run: python benchmarks/climb.py checks it: a short climb on a 3x3 board must score what it reports (exits 1 if not).
Boards that are turns or mirror images of each other are counted once, by the product's `symmetries`, which
`boggle prove` uses too.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.engine.solver import board_score, solve
from boggle_tui.research.search import (
    KNOWN_CELLS,
    AnyLetters,
    Progress,
    RollableFaces,
    Scorer,
    Space,
    board_of,
    letter_weights,
    symmetries,
)

POOL = 100  # boards kept each round of the climb


def score_many(scorer: Scorer, boards: list[list[int]]) -> list[int]:
    """Scores of many boards at once (one call into the compiled core), none remembered."""
    scorer.solved += len(boards)
    core = scorer.trie.core()
    if core is not None:
        return core.score_many(boards, scorer.height, scorer.width, scorer.min_length)
    return [board_score(scorer.trie, b, scorer.height, scorer.width, scorer.min_length) for b in boards]


def neighbours(space: Space, state: list[int]) -> list[list[int]]:
    """Every board one face change or one swap of two different faces away (that the dice can show, for dice)."""
    if isinstance(space, RollableFaces):
        return [board for board in neighbours(space.letters, state) if space.rollable(board)]
    assert isinstance(space, AnyLetters)
    out: list[list[int]] = []
    for i, face in enumerate(state):
        for letter in space.letters:
            if letter != face:
                out.append([*state[:i], letter, *state[i + 1 :]])
        for j in range(i + 1, len(state)):
            if state[j] != face:
                swapped = list(state)
                swapped[i], swapped[j] = state[j], face
                out.append(swapped)
    return out


def climb(
    scorer: Scorer,
    space: Space,
    seconds: float,
    rng: random.Random,
    report: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] = lambda: False,
    pool_size: int = POOL,
) -> Progress:
    """Search for `seconds` by hill climbing with a pool, as the best known boards were found.

    Each round scores every board one face change or one swap away from each board of the
    pool, and keeps the best `pool_size` boards, a board and its turns and mirror images
    counted once. When a round brings nothing new into the pool, it starts afresh from
    random boards.
    """
    start = time.perf_counter()
    same = symmetries(scorer.height, scorer.width)
    known: dict[tuple[int, ...], int] = {}
    best: list[int] = []
    best_score, evaluations = -1, 0

    def out_of_time() -> bool:
        return time.perf_counter() - start >= seconds or should_stop()

    def score_new(boards: list[list[int]]) -> list[tuple[int, list[int]]]:
        nonlocal evaluations, best, best_score
        fresh: dict[tuple[int, ...], list[int]] = {}
        for board in boards:
            key = min(tuple(board[i] for i in order) for order in same)
            if key not in known and key not in fresh:
                fresh[key] = board
        if len(known) * scorer.height * scorer.width >= KNOWN_CELLS:
            known.clear()
        scored = list(zip(score_many(scorer, list(fresh.values())), fresh.values(), strict=True))
        for (points, board), key in zip(scored, fresh, strict=True):
            known[key] = points
            if points > best_score:
                best, best_score = board, points
                if report:
                    report(Progress(best, best_score, evaluations + len(fresh), time.perf_counter() - start))
        evaluations += len(fresh)
        return scored

    while not out_of_time():
        seeds = [space.start(rng) for _ in range(pool_size)]
        pool = sorted(score_new(seeds), key=lambda pair: -pair[0])[:pool_size]
        while not out_of_time():
            grown: list[tuple[int, list[int]]] = []
            for _, board in pool:
                grown += score_new(neighbours(space, board))
                if out_of_time():
                    break
            if not grown:
                break  # every neighbour was scored before: this pool is spent
            better = sorted(pool + grown, key=lambda pair: -pair[0])[:pool_size]
            if [points for points, _ in better] == [points for points, _ in pool]:
                break  # nothing new came in: this pool is spent
            pool = better
            if report:
                report(Progress(best, best_score, evaluations, time.perf_counter() - start))
    return Progress(best, best_score, evaluations, time.perf_counter() - start)


def check() -> list[str]:
    """What is wrong with the climb: nothing, when it works."""
    popular = load_dictionary("popular").trie
    scorer = Scorer(popular, 3, 3, 3)
    result = climb(scorer, AnyLetters(9, letter_weights(popular)), 0.5, random.Random(3), pool_size=4)
    solved = solve(board_of(result.best, 3, 3), popular, 3).total_score
    problems = [] if result.best_score == solved > 0 else [f"the climb reported {result.best_score}, solved {solved}"]
    print(f"climb, popular, 3x3, 0.5 s: best {result.best_score} after {result.evaluations:,} boards")
    return problems


if __name__ == "__main__":
    found = check()
    print("\n".join(found) or "climb: checks passed")
    sys.exit(1 if found else 0)
