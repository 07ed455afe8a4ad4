"""Proving the best board: branch and bound over classes of boards (the pure-Python reference).

After D. Vanderkam, "A Computational Proof of the Highest-Scoring Boggle Board" (2025), written
here from the paper. A *class* lets each cell show any letter of a set; the classes of a proof
cover every board (up to turns and mirror images). For a class we build a tree of *sum* nodes
(add up: the ways a word goes on) and *choice* nodes (one letter per cell); its bound, the sum
over sum nodes and the maximum over choice nodes, is at least the score of every board in the
class. Each word is put in the tree by its cells sorted in one fixed order for the whole board
(an "orderly" tree), and counted once per set of cells and letters: the tree evaluated on one
board gives D(B), a score that counts a word again only when it lies on another set of cells,
so D(B) >= the board's score. A class whose bound is below the threshold holds no board that
reaches it. Otherwise the first cell in the order is *forced* to each of its letters (its
subtrees merged into the rest of the tree, which lowers the bound), until the bound is close to
the threshold; then a plain search over the remaining cells, which keeps the parts of the tree
each choice leaves alive, lists every board whose D(B) reaches the threshold, and those are
scored exactly. Each class is independent of the others: a proof is a map over class ids.

A proof is of one language's boards: its word list, and the faces its dice show (its letters, a
bare Q always Qu; Polish's 32 letters and no Qu; Dutch's IJ one letter). Face columns are the
language's (engine/alphabets.py); English leaves out Super Big Boggle's other two-letter faces.

The compiled core (core/prove.c) does the same for speed; this module is the reference it is
tested against, and the engine when the core is missing.
"""

from __future__ import annotations

import itertools
import operator
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from boggle_tui.engine import core
from boggle_tui.engine.alphabets import ALPHABETS, DEFAULT_LANGUAGE, ENGLISH, Alphabet
from boggle_tui.engine.board import FACES, neighbours
from boggle_tui.engine.dice import DiceSet
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import POINTS
from boggle_tui.engine.solver import board_score
from boggle_tui.engine.trie import MASK_COLUMN, Trie
from boggle_tui.i18n import _
from boggle_tui.research.search import symmetries

Letters = tuple[int, ...]  # the face columns a cell may show, in column order
Key = tuple[tuple[int, int], ...]  # a word's (step, column) pairs, sorted by step


def proof_alphabet(language: Alphabet) -> Letters:
    """The faces a standard die of the language can show, as its face columns: its letters (Q as Qu).

    English's Super Big Boggle faces (An, Er, He, In, Th) are left out: no die of 16 cells or fewer has them.
    """
    index = language.face_index
    faces = [letter for letter in language.letters if letter not in language.bare]
    faces += [face for face in language.digraphs if face == "qu"]
    return tuple(sorted(index[face] for face in faces))


# English's 26 faces: the letters, with Qu for Q (a die has no bare Q).
ALPHABET = proof_alphabet(ENGLISH)

# Partitions of the alphabet into buckets, from the paper (found there by a heuristic search):
# with N buckets per cell, a board has N**cells classes before turns and mirror images.
BUCKETS: dict[int, tuple[str, ...]] = {
    1: ("abcdefghijklmnopqrstuvwxyz",),
    2: ("aeiosuy", "bcdfghjklmnpqrtvwxz"),
    3: ("aeijou", "bcdfgmpqvwxz", "hklnrsty"),
    4: ("aeiou", "bdfgjqvwxz", "lnrsy", "chkmpt"),
}
# Buckets per cell by board size, as (inner cells, edges, corners). Cells that touch more cells are
# in more words: finer buckets there make smaller classes, and coarser ones at the edges fewer. 3x3
# leaves its corners whole (12 classes): 46 s of CPU for enable1, where the paper's two buckets in
# every cell (102 classes) took 55 s, each short word being walked again in every class it fits
# (benchmarks/NOTES.md); 3x4 and 4x4 are the paper's.
LAYOUT: dict[tuple[int, int], tuple[int, int, int]] = {
    (3, 3): (2, 2, 1), (3, 4): (3, 3, 2), (4, 3): (3, 3, 2), (4, 4): (3, 3, 2),
}  # fmt: skip
DEFAULT_LAYOUT = (2, 2, 2)
MAX_PROVE_CELLS = 16  # the compiled core keeps a board's cells in 32-bit masks and 5-bit fields
MAX_WIDE_CELLS = 12  # with face column 31 (Polish's 32nd letter) a cell's field takes 6 bits: 12 cells fit the key


def most_cells(language: Alphabet) -> int:
    """The largest board the compiled core proves for this language (its key has 80 bits of letter fields)."""
    return MAX_WIDE_CELLS if max(proof_alphabet(language)) >= 31 else MAX_PROVE_CELLS


# When to stop forcing cells and search the rest: a bound this close to the threshold (the paper
# found 1.5x-1.7x best), or this few cells left unforced.
SWITCHOVER = 1.6
SEARCHED_CELLS = 4
# A class with this many words' paths or more forces its first cell as its tree is built, one letter at a time
# (core/prove.c's attack_split): the whole class's tree never exists. 1: every class.
SPLIT_PATHS = 1


def letters_of(text: str, language: Alphabet = ENGLISH) -> Letters:
    """The face columns of letters written as text (`q` means Qu); letters the language lacks are left out."""
    index = language.face_index
    faces = {"qu" if letter in language.bare else letter for letter in text}
    return tuple(sorted(index[face] for face in faces if face in index))


def base_letter(letter: str, language: Alphabet) -> str:
    """The letter of a-z a letter of the language's own is sorted with (ñ with n, ä with a, ĳ with i), or itself."""
    bases = dict(language.after) | {variant: sorted_as[0] for variant, sorted_as in language.variants}
    return bases.get(letter, letter)


def buckets(count: int, alphabet: Letters = ALPHABET, language: Alphabet = ENGLISH) -> list[Letters]:
    """The alphabet cut into `count` buckets, each kept to `alphabet`; buckets left empty are dropped.

    A letter of the language's own goes in the bucket of its base letter (Ñ with N): the buckets still
    cover the alphabet once, which is all a proof needs of them (how they are cut only changes its speed).
    """
    faces = language.faces
    cut = [set(letters_of(text, language)) for text in BUCKETS[count]]
    for column in alphabet:
        if not any(column in bucket for bucket in cut):
            base = language.face_index.get(base_letter(faces[column], language))
            home = next((bucket for bucket in cut if base in bucket), cut[-1])
            home.add(column)
    kept = [tuple(sorted(c for c in bucket if c in alphabet)) for bucket in cut]
    return [bucket for bucket in kept if bucket]


def split_order(height: int, width: int) -> list[int]:
    """The fixed order of cells for a size: those that touch most first, the middle before the edge.

    Cells forced first should be those in most words: forcing them lowers the bound most.
    """
    around = neighbours(height, width)
    middle_row, middle_column = (height - 1) / 2, (width - 1) / 2

    def rank(cell: int) -> tuple[int, float, int]:
        row, column = divmod(cell, width)
        return (-len(around[cell]), (row - middle_row) ** 2 + (column - middle_column) ** 2, cell)

    return sorted(range(height * width), key=rank)


def cell_kind(cell: int, height: int, width: int) -> int:
    """0 for an inner cell, 1 for an edge, 2 for a corner: kinds that turns and mirrors keep."""
    row, column = divmod(cell, width)
    return (row in (0, height - 1)) + (column in (0, width - 1))


@dataclass(frozen=True)
class Classes:
    """The classes of a proof: each cell's buckets, numbered in mixed radix (cell 0 the lowest digit)."""

    height: int
    width: int
    cells: tuple[tuple[Letters, ...], ...]  # per cell, its buckets
    faces: tuple[str, ...] = FACES  # the language's faces, by column

    @classmethod
    def standard(cls, height: int, width: int, alphabet: Letters = ALPHABET, language: Alphabet = ENGLISH) -> Classes:
        layout = LAYOUT.get((height, width), DEFAULT_LAYOUT)
        cells = [
            tuple(buckets(layout[cell_kind(cell, height, width)], alphabet, language)) for cell in range(height * width)
        ]
        return cls(height, width, tuple(cells), language.faces)

    @property
    def count(self) -> int:
        """Class ids run from 0 to count - 1 (before leaving out turned and mirrored ones)."""
        total = 1
        for options in self.cells:
            total *= len(options)
        return total

    def digits(self, class_id: int) -> list[int]:
        out = []
        for options in self.cells:
            class_id, digit = divmod(class_id, len(options))
            out.append(digit)
        return out

    def number(self, digits: Sequence[int]) -> int:
        class_id = 0
        for options, digit in zip(reversed(self.cells), reversed(digits), strict=True):
            class_id = class_id * len(options) + digit
        return class_id

    def letters(self, class_id: int) -> list[Letters]:
        """The letters each cell may show in this class."""
        return [options[digit] for options, digit in zip(self.cells, self.digits(class_id), strict=True)]

    def is_canonical(self, class_id: int) -> bool:
        """Whether no turn or mirror image of this class has a smaller id: only these are proved.

        A board's turns and mirror images score alike, and each lies in the image of its class,
        so the canonical classes hold an image of every board.
        """
        digits = self.digits(class_id)
        return all(self.number([digits[i] for i in image]) >= class_id for image in self._images)

    def canonical_ids(self) -> Iterator[int]:
        """The canonical class ids in increasing order: those `is_canonical` accepts, without trying every id.

        4x4 has 8.5 million ids and 1.07 million canonical ones: trying each took 512 s of CPU, this 4 s.
        The digits are chosen from the highest cell down (so ids come in order), and each turn or mirror
        image is compared with the class digit by digit from the top as soon as both digits are chosen:
        an image found smaller cuts the branch (no class in it is canonical), one found larger is settled.
        """
        sizes = [len(options) for options in self.cells]
        weights = list(itertools.accumulate([1, *sizes[:-1]], operator.mul))
        images = [image for image in self._images if image != sorted(image)]
        return _canonical_ids(sizes, weights, images)

    def slow_canonical_ids(self) -> Iterable[int]:
        """Every id tried with `is_canonical`: the definition `canonical_ids` is tested against."""
        return (class_id for class_id in range(self.count) if self.is_canonical(class_id))

    @property
    def _images(self) -> list[list[int]]:
        return symmetries(self.height, self.width)

    def describe(self, class_id: int) -> str:
        """The class as its cells' letters, e.g. `aeiosuy bcdfg...`, row by row."""
        return " ".join("".join(self.faces[c] for c in letters) for letters in self.letters(class_id))


def _canonical_ids(sizes: list[int], weights: list[int], images: list[list[int]]) -> Iterator[int]:
    """The ids whose digits, read from the top, are never above an image's: branch and cut, highest cell first.

    An image's comparison is held as the highest position not yet found equal; `digits[cell]` is -1
    while the cell is open (cells above the one being chosen are chosen, it and those below are open).
    """
    digits = [-1] * len(sizes)

    def settle(pending: list[tuple[list[int], int]]) -> list[tuple[list[int], int]] | None:
        """The images still undecided, or None if one is smaller (the branch holds no canonical class)."""
        left = []
        for image, position in pending:
            while position >= 0:
                mine, theirs = digits[position], digits[image[position]]
                if mine < 0 or theirs < 0:
                    left.append((image, position))
                    break
                if theirs < mine:
                    return None
                if theirs > mine:
                    break
                position -= 1
        return left

    def choose(cell: int, base: int, pending: list[tuple[list[int], int]]) -> Iterator[int]:
        if cell < 0:
            yield base
            return
        for digit in range(sizes[cell]):
            digits[cell] = digit
            left = settle(pending)
            if left is not None:
                yield from choose(cell - 1, base + digit * weights[cell], left)
        digits[cell] = -1

    top = len(sizes) - 1
    yield from choose(top, 0, [(image, top) for image in images])


# The tree. Steps are cells' places in the fixed order; a sum node's choices are one per step, sorted.


@dataclass(slots=True)
class Sum:
    points: int
    children: list[Choice]
    bound: int = 0

    def __post_init__(self) -> None:
        self.bound = self.points + sum(child.bound for child in self.children)


@dataclass(slots=True)
class Choice:
    step: int
    children: dict[int, Sum]  # face column -> what follows that letter
    bound: int = 0

    def __post_init__(self) -> None:
        self.bound = max((child.bound for child in self.children.values()), default=0)


@dataclass
class Tally:
    """What a proof of one class cost."""

    nodes: int = 0  # tree nodes made: the first tree and every merge


def word_keys(trie: Trie, letters: Sequence[Letters], height: int, width: int, min_length: int) -> dict[Key, set[str]]:
    """Every word the class can spell, by the (step, letter) pairs of its cells: the words on each key.

    A word found on the same cells with the same letters by another path is the same entry: counted once.
    """
    table = trie.table
    faces = trie.alphabet.faces
    around = neighbours(height, width)
    step_of = {cell: step for step, cell in enumerate(split_order(height, width))}
    found: dict[Key, set[str]] = {}
    chosen: dict[int, int] = {}

    def visit(cell: int, base: int, used: int, word: str) -> None:
        step = step_of[cell]
        for column in letters[cell]:
            entry = table[base + column]
            if not entry:
                continue
            chosen[step] = column
            spelt = word + faces[column]
            if entry & 1 and len(spelt) >= min_length:
                found.setdefault(tuple(sorted(chosen.items())), set()).add(spelt)
            child = entry >> 1
            if table[child + MASK_COLUMN]:
                for n in around[cell]:
                    if not used >> n & 1:
                        visit(n, child, used | 1 << n, spelt)
            del chosen[step]

    for cell in range(height * width):
        visit(cell, 0, 1 << cell, "")
    return found


def build_tree(keys: dict[Key, set[str]], tally: Tally) -> Sum:
    """The orderly tree of these keys: a key's points (its words' points) sit at the end of its path."""
    entries = sorted((key, sum(POINTS[min(len(w), len(POINTS) - 1)] for w in words)) for key, words in keys.items())

    def sum_node(entries: list[tuple[Key, int]], depth: int) -> Sum:
        points = 0
        if entries and len(entries[0][0]) == depth:
            points, entries = entries[0][1], entries[1:]
        groups = itertools.groupby(entries, key=lambda entry: entry[0][depth][0])
        tally.nodes += 1
        return Sum(points, [choice_node(step, list(group), depth) for step, group in groups])

    def choice_node(step: int, entries: list[tuple[Key, int]], depth: int) -> Choice:
        groups = itertools.groupby(entries, key=lambda entry: entry[0][depth][1])
        tally.nodes += 1
        return Choice(step, {letter: sum_node(list(group), depth + 1) for letter, group in groups})

    return sum_node(entries, 0)


def merge(tree: Sum, others: list[Choice], points: int, tally: Tally) -> Sum:
    """A tree that adds up `tree` and a sum node of `others` and `points`: choices of one step merged."""
    mine, theirs = tree.children, others
    out: list[Choice] = []
    i = j = 0
    while i < len(mine) and j < len(theirs):
        a, b = mine[i], theirs[j]
        if a.step < b.step:
            out.append(a)
            i += 1
        elif b.step < a.step:
            out.append(b)
            j += 1
        else:
            out.append(merge_choices(a, b, tally))
            i, j = i + 1, j + 1
    tally.nodes += 1
    return Sum(tree.points + points, out + mine[i:] + theirs[j:])


def merge_choices(a: Choice, b: Choice, tally: Tally) -> Choice:
    children = dict(a.children)
    for letter, theirs in b.children.items():
        mine = children.get(letter)
        children[letter] = theirs if mine is None else merge(mine, theirs.children, theirs.points, tally)
    tally.nodes += 1
    return Choice(a.step, dict(sorted(children.items())))


def force(tree: Sum, step: int, letters: Letters, tally: Tally) -> dict[int, Sum]:
    """The tree for each letter of the cell at `step`, the first step left: that choice merged away.

    The words through the cell with that letter, added to the words that skip the cell.
    """
    top = tree.children[0] if tree.children and tree.children[0].step == step else None
    rest = tree.children[1:] if top else tree.children
    out = {}
    for letter in letters:
        chosen = top.children.get(letter) if top else None
        if chosen is None:
            tally.nodes += 1
            out[letter] = Sum(tree.points, rest)
        else:
            out[letter] = merge(chosen, rest, tree.points, tally)
    return out


def search_rest(
    tree: Sum, letters: Sequence[Letters], first: int, threshold: int, chosen: dict[int, int]
) -> list[tuple[dict[int, int], int]]:
    """Every board (a letter per step from `first` on) whose D(B) reaches the threshold, with D(B).

    Walks the steps in order without building nodes: for each letter of a step, the choices of
    that step left alive so far give way to what follows that letter, and the bound is the points
    gathered plus the bounds of the choices still open; a branch ends when it falls below.
    """
    steps = len(letters)
    open_choices: list[list[Choice]] = [[] for _ in range(steps)]
    open_bound = [0] * steps
    found: list[tuple[dict[int, int], int]] = []

    def take(node: Sum) -> int:
        for child in node.children:
            open_choices[child.step].append(child)
            open_bound[child.step] += child.bound
        return node.points

    def visit(step: int, points: int) -> None:
        if points + sum(open_bound[step:]) < threshold:
            return
        if step == steps:
            found.append((dict(chosen), points))
            return
        sizes, bounds = [len(stack) for stack in open_choices], list(open_bound)
        here = open_choices[step][:]
        for letter in letters[step]:
            gained = points
            for node in here:
                child = node.children.get(letter)
                if child is not None:
                    gained += take(child)
            chosen[step] = letter
            visit(step + 1, gained)
            for stack, size in zip(open_choices, sizes, strict=True):
                del stack[size:]
            open_bound[:] = bounds
        del chosen[step]

    visit(first, take(tree))
    return found


def prove_tree(
    tree: Sum, letters: Sequence[Letters], threshold: int, switchover: float, tally: Tally
) -> list[tuple[dict[int, int], int]]:
    """Every board of the tree's class (a letter per step) whose D(B) reaches the threshold, with D(B)."""
    steps = len(letters)
    chosen: dict[int, int] = {}
    found: list[tuple[dict[int, int], int]] = []

    def attack(tree: Sum, step: int) -> None:
        if tree.bound < threshold:
            return
        if tree.bound <= switchover or step >= steps - SEARCHED_CELLS:
            found.extend(search_rest(tree, letters, step, threshold, chosen))
            return
        for letter, subtree in force(tree, step, letters[step], tally).items():
            chosen[step] = letter
            attack(subtree, step + 1)
        chosen.pop(step, None)

    attack(tree, 0)
    return found


@dataclass(frozen=True)
class ClassResult:
    """One class proved: its bound, the boards in it that reach the threshold (face columns, score)."""

    class_id: int
    bound: int
    boards: list[tuple[list[int], int]]
    nodes: int
    seconds: float
    candidates: int = 0

    def to_json(self, faces: Sequence[str] = FACES) -> dict[str, Any]:
        """The class as a line of a proof file (research/proof.py reads it back, checking every field)."""
        return {
            "id": self.class_id,
            "bound": self.bound,
            "boards": [[board_text(columns, faces), points] for columns, points in self.boards],
            "nodes": self.nodes,
            "candidates": self.candidates,
            "seconds": round(self.seconds, 4),
        }


def board_text(columns: Sequence[int], faces: Sequence[str] = FACES) -> str:
    """A board as a proof writes it: its faces run together (`qu` one face; Dutch's IJ the one character ĳ)."""
    return "".join(faces[column] for column in columns)


def columns_of_text(text: str, language: Alphabet = ENGLISH) -> list[int] | None:
    """Face columns of a board written as `board_text` writes it (`qu` one face), or None: not the language's faces."""
    index = language.face_index
    columns, i = [], 0
    while i < len(text):
        face = "qu" if "qu" in language.digraphs and text.startswith("qu", i) else text[i]
        if face not in index:
            return None
        columns.append(index[face])
        i += len(face)
    return columns


def canonical(columns: Sequence[int], height: int, width: int, faces: Sequence[str] = FACES) -> list[int]:
    """The board's turn or mirror image whose text comes first: one name for boards that score alike."""
    images = [[columns[i] for i in image] for image in symmetries(height, width)]
    return min(images, key=lambda image: board_text(image, faces))


@dataclass
class ProofSettings:
    """Everything a class's proof needs besides its id: plain values that cross a process boundary."""

    height: int
    width: int
    threshold: int
    min_length: int = 3
    alphabet: Letters = ()  # the faces boards may show (empty: every face of the language)
    switchover: float = SWITCHOVER
    dice: DiceSet | None = None  # only boards these dice can roll count (the alphabet holds all their faces)
    language: str = DEFAULT_LANGUAGE  # whose word list, letters and face columns
    classes: Classes = field(init=False)

    def __post_init__(self) -> None:
        if not self.alphabet:
            self.alphabet = proof_alphabet(self.letters)
        self.classes = Classes.standard(self.height, self.width, self.alphabet, self.letters)

    @property
    def letters(self) -> Alphabet:
        """The language's alphabet: its faces by column."""
        return ALPHABETS[self.language]

    @property
    def faces(self) -> tuple[str, ...]:
        return self.letters.faces

    def rollable(self, columns: Sequence[int]) -> bool:
        """Whether the dice can roll this board: each cell's face on a die of its own (any board without dice).

        The classes are cut from the union of the dice's faces, a superset of the boards the dice
        roll, so every bound still holds; this keeps only the boards they can roll. Turned and
        mirrored boards show the same faces: a class's canonical image decides for all of them.
        """
        return self.dice is None or self.dice.can_show([self.faces[column] for column in columns])


def dice_alphabet(dice: DiceSet) -> Letters:
    """The faces a die of the set shows, as the prover's face columns of the dice's language (Qu is one face).

    Raises BoggleError for dice with faces the prover cannot take: a blank, two-letter faces other than Qu.
    """
    language = ALPHABETS[dice.language]
    allowed = proof_alphabet(language)
    faces = {face for die in dice.dice for face in die}
    unknown = sorted(face for face in faces if language.face_index.get(face) not in allowed)
    if unknown:
        shown = ", ".join(language.capitalize(face) for face in unknown[:5])
        raise BoggleError(
            _("{dice} dice show faces boggle prove does not take ({faces}): only a to z and Qu").format(
                dice=dice.label, faces=shown
            )
        )
    return tuple(sorted(language.face_index[face] for face in faces))


def prove_class_python(trie: Trie, settings: ProofSettings, class_id: int) -> ClassResult:
    """One class proved by the Python reference: its bound, and its boards that reach the threshold."""
    start = time.process_time()
    height, width = settings.height, settings.width
    order = split_order(height, width)
    cells = settings.classes.letters(class_id)
    tally = Tally()
    tree = build_tree(word_keys(trie, cells, height, width, settings.min_length), tally)
    by_step = [cells[cell] for cell in order]
    found = prove_tree(tree, by_step, settings.threshold, settings.switchover * settings.threshold, tally)
    boards = [[chosen[order.index(cell)] for cell in range(height * width)] for chosen, _ in found]
    scored = exact_scores(trie, boards, settings)
    return ClassResult(class_id, tree.bound, scored, tally.nodes, time.process_time() - start, len(found))


SCORED_AT_ONCE = 1 << 16  # boards scored exactly in one batch: a class's million candidates are never all lists at once


def exact_scores(trie: Trie, boards: Iterable[list[int]], settings: ProofSettings) -> list[tuple[list[int], int]]:
    """The boards that really reach the threshold (and the dice can roll), with their scores (D(B) says they might)."""
    found: list[tuple[list[int], int]] = []
    boards = iter(boards)
    while chunk := list(itertools.islice(boards, SCORED_AT_ONCE)):
        batch = [columns for columns in chunk if settings.rollable(columns)]
        scores = board_scores(trie, batch, settings)
        found += [(board, points) for board, points in zip(batch, scores, strict=True) if points >= settings.threshold]
    return found


FOUND_D_BYTES = 4  # the core gives each board found as its cells' columns, a byte each, then D(B) as a native uint32


def found_count(found: bytes, cells: int) -> int:
    return len(found) // (cells + FOUND_D_BYTES)


def found_boards(found: bytes, cells: int) -> Iterator[tuple[list[int], int]]:
    """The boards of the core's proof of a class (its "found"): each board's columns by cell, and its D(B)."""
    each = cells + FOUND_D_BYTES
    for at in range(0, len(found), each):
        yield list(found[at : at + cells]), int.from_bytes(found[at + cells : at + each], sys.byteorder)


def board_scores(trie: Trie, boards: list[list[int]], settings: ProofSettings) -> list[int]:
    """Each board's score with the proof's shortest word."""
    compiled = trie.core()
    if compiled is not None:  # one call for them all
        return list(compiled.score_many(boards, settings.height, settings.width, settings.min_length))
    return [board_score(trie, b, settings.height, settings.width, settings.min_length) for b in boards]


def brute_force(
    trie: Trie, height: int, width: int, alphabet: Letters, threshold: int, min_length: int = 3
) -> list[tuple[list[int], int]]:
    """Every board over `alphabet` that reaches the threshold, by scoring them all: what a proof must find."""
    found = []
    for board in itertools.product(alphabet, repeat=height * width):
        points = board_score(trie, list(board), height, width, min_length)
        if points >= threshold:
            found.append((list(board), points))
    return found


def compiled_prover(trie: Trie) -> Any:
    """The compiled core's prover of this word list, told its language's faces; None without the core."""
    module = core.compiled()
    if module is None:
        return None
    pairs = [(first, second) for first, second, _ in trie.alphabet.pairs]
    return module.Prover(trie.table, POINTS, len(trie.alphabet.letters), pairs)


class Prover:
    """Proves classes of one proof, on the compiled core when it is built, else on this reference."""

    def __init__(self, trie: Trie, settings: ProofSettings) -> None:
        if trie.alphabet.code != settings.language:
            raise ValueError(f"a {trie.alphabet.code} word list for a {settings.language} proof")
        self.trie = trie
        self.settings = settings
        self.order = split_order(settings.height, settings.width)
        self.compiled = compiled_prover(trie)

    def __call__(self, class_id: int) -> ClassResult:
        if self.compiled is None:
            return prove_class_python(self.trie, self.settings, class_id)
        start = time.process_time()
        settings = self.settings
        result = self.compiled.prove(
            settings.classes.letters(class_id), settings.height, settings.width, self.order, settings.threshold,
            int(settings.switchover * settings.threshold), SEARCHED_CELLS, settings.min_length, split=SPLIT_PATHS,
        )  # fmt: skip
        cells = settings.height * settings.width
        scored = exact_scores(self.trie, (columns for columns, _ in found_boards(result["found"], cells)), settings)
        seconds = time.process_time() - start
        candidates = found_count(result["found"], cells)
        return ClassResult(class_id, result["bound"], scored, result["nodes"], seconds, candidates)
