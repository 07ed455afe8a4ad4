#!/usr/bin/env python3
"""Make dice for a language from its word list's letter frequencies, and check them as players would.

    python tools/make_dice.py [LANG ...]           # write dice/<lang>.toml (16) and dice/<lang>-big.toml (25)
    python tools/make_dice.py --check [LANG ...]   # roll 1,000 boards of each set: words and points per board

No text source gives the German, Spanish, Dutch, Portuguese or Polish dice, so they are made:

- a letter almost always followed by the same letter (at least ALWAYS_FOLLOWED of the time) becomes a
  two-letter face with it, as Q is Qu; it is a face the language's alphabet already has (alphabets.py);
- the dice's faces are shared out by how often each letter occurs in the list's words (largest
  remainders), with at least one face for each letter the language keeps beyond a-z (Ñ, Ä, Ł, Ç, IJ)
  and none for a letter too rare to earn one;
- the faces, most frequent letter first, go each to the die with the fewest faces and the least
  common letters so far that does not show it yet: a letter's faces lie on different dice, and
  every die has common and rare letters alike.

The files say "generated from the word list". English's and French's dice are the games' own.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.engine.alphabets import ALPHABETS, Alphabet  # noqa: E402
from boggle_tui.engine.dice import DiceSet, load_dice_set  # noqa: E402
from boggle_tui.engine.dictionary import load_dictionary, resolve  # noqa: E402
from boggle_tui.engine.scoring import min_length_for  # noqa: E402
from boggle_tui.engine.solver import board_totals  # noqa: E402
from boggle_tui.engine.wordlist import parse_word_list, read_list_bytes  # noqa: E402

DICE = ROOT / "dice"
GENERATED = ("es", "de", "nl", "pt", "pl")  # French has its game's 16 dice; its 25 are made too
SIDES = 6
ALWAYS_FOLLOWED = 0.95
SIZES = {"": (4, 4), "-big": (5, 5)}
CHECK_BOARDS = 1000


def letter_counts(words: list[str], alphabet: Alphabet) -> Counter[str]:
    """How often each face's letters occur in the words: a letter that the same letter almost always
    follows is counted as its two-letter face."""
    counts: Counter[str] = Counter()
    for word in words:
        counts.update(word)
    pairs: Counter[str] = Counter()
    for word in words:
        pairs.update(word[i : i + 2] for i in range(len(word) - 1))
    for face in alphabet.digraphs:
        first = face[0]
        if counts[first] and pairs[face] >= ALWAYS_FOLLOWED * counts[first]:
            counts[face] = counts.pop(first)
            counts[face[1]] -= counts[face]
    return counts


def share_faces(counts: Counter[str], faces: int, alphabet: Alphabet) -> list[str]:
    """`faces` faces shared out by frequency (largest remainders), the language's own letters at least once."""
    total = sum(counts.values())
    own = [letter for letter in alphabet.extra if counts[letter]]
    quota = {face: count * (faces - len(own)) / total for face, count in counts.items()}
    shares = {face: int(q) for face, q in quota.items()}
    for letter in own:
        shares[letter] += 1
    left = faces - sum(shares.values())
    for face in sorted(quota, key=lambda face: quota[face] - int(quota[face]), reverse=True)[:left]:
        shares[face] += 1
    return [face for face, _ in counts.most_common() for _ in range(shares[face])]


def deal(faces: list[str], counts: Counter[str], dice: int) -> list[list[str]]:
    """The faces, most frequent first, each to the die that has the fewest faces and the least common
    letters so far, never to a die that already shows it: one letter's faces on different dice, and
    every die a mix of common and rare letters."""
    out: list[list[str]] = [[] for _ in range(dice)]
    weight = [0] * dice
    for face in faces:
        die = min(
            (d for d in range(dice) if len(out[d]) < SIDES),
            key=lambda d: (face in out[d], len(out[d]), weight[d], d),
        )
        out[die].append(face)
        weight[die] += counts[face]
    return out


def toml(code: str, suffix: str, dice: list[list[str]], words: int) -> str:
    alphabet = ALPHABETS[code]
    rows, columns = SIZES[suffix]
    size = "16" if suffix == "" else "25"
    lines = [
        f"# {size} dice for {alphabet.name}: generated from the word list ({code}.txt.xz, {words:,} words) by",
        "# tools/make_dice.py, from its letter frequencies: no text source gives this language's dice.",
        "# Each string is one die: its six faces, separated by spaces. Qu reads as two letters; IJ is one.",
        "",
        f'name = "{alphabet.name} ({size} dice, generated from the word list)"',
        f'language = "{code}"',
        "generated = true",
        f"rows = {rows}",
        f"columns = {columns}",
        "",
        "dice = [",
        *[f'    "{" ".join(alphabet.capitalize(face) for face in die)}",' for die in dice],
        "]",
    ]
    return "\n".join(lines) + "\n"


def make(code: str) -> None:
    alphabet = ALPHABETS[code]
    words = parse_word_list(read_list_bytes(resolve(code)), code, alphabet).words
    counts = letter_counts(words, alphabet)
    for suffix, (rows, columns) in SIZES.items():
        if code == "fr" and suffix == "":
            continue  # the French game's own dice
        cells = rows * columns
        dice = deal(share_faces(counts, cells * SIDES, alphabet), counts, cells)
        (DICE / f"{code}{suffix}.toml").write_text(toml(code, suffix, dice, len(words)), encoding="utf-8")


def check(dice: DiceSet, dictionary_name: str, boards: int = CHECK_BOARDS) -> tuple[float, float, float]:
    """Mean words and points per rolled board, and the share of boards with no word at all; every face
    must start a word or continue one (a letter the list never uses would be a dead die face; Ç starts none)."""
    trie = load_dictionary(dictionary_name).trie
    for face in {face for die in dice.dice for face in die}:
        if not trie.has_prefix(face) and not any(trie.has_prefix(letter + face) for letter in trie.alphabet.letters):
            raise SystemExit(f"{dice.key}: {face!r} neither starts nor continues a word")
    length = min_length_for(dice.height * dice.width)
    rng = random.Random(19)
    totals = [board_totals(dice.roll(rng.getrandbits(32)), trie, length) for _ in range(boards)]
    return (
        sum(words for words, _ in totals) / boards,
        sum(points for _, points in totals) / boards,
        sum(1 for words, _ in totals if words == 0) / boards,
    )


def report(codes: list[str]) -> None:
    print(f"{'dice':10}{'list':9}{'min':>4}{'words/board':>13}{'points/board':>14}{'empty':>7}")
    for code in codes:
        for suffix in SIZES:
            key = ("new" if suffix == "" else "big") if code == "en" else code + suffix
            dice = load_dice_set(key)
            name = "enable1" if code == "en" else code
            words, points, empty = check(dice, name)
            length = min_length_for(dice.height * dice.width)
            print(f"{key:10}{name:9}{length:>4}{words:>13.1f}{points:>14.1f}{empty:>7.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", metavar="LANG")
    parser.add_argument("--check", action="store_true", help="roll 1,000 boards of each set and report")
    args = parser.parse_args()
    codes = args.languages or (["en", "fr", *GENERATED] if args.check else ["fr", *GENERATED])
    if args.check:
        report(codes)
        return
    for code in codes:
        make(code)
        print(f"{code}: dice/{code}.toml and dice/{code}-big.toml written")


if __name__ == "__main__":
    main()
