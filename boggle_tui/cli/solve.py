"""`boggle solve`: every word on a board, for people or as JSON; `-` solves one board per line of stdin."""

from __future__ import annotations

import argparse
import codecs
import functools
import json
import string
import sys
from collections.abc import Callable
from typing import BinaryIO, TypedDict

from boggle_tui.cli.flags import given_flags, refuse_conflicts
from boggle_tui.engine.board import BLANK, Board
from boggle_tui.engine.common import required_words
from boggle_tui.engine.dice import load_dice_set
from boggle_tui.engine.dictionary import Dictionary, load_dictionary, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.engine.solver import Solution, board_totals, solve, solve_json
from boggle_tui.game.codes import board_code, parse_code
from boggle_tui.game.deal import Deal, deal
from boggle_tui.game.languages import choose_language, language_for
from boggle_tui.i18n import N_, _, counted, number, plural_form

_CONFLICTS = [
    (("board", "code"), N_("give a board or a --code, not both")),
    (("code", "dice"), N_("a code names its own dice")),
    (("code", "seed"), N_("a code names its board: it takes no --seed")),
    (("board", "seed"), N_("a given board is not rolled: it takes no --seed")),
    (("code", "lang"), N_("a code names its board's language: it takes no --lang")),
]
# The longest line `boggle solve -` reads: a board of the most dice, written as tokens, fits.
MAX_LINE = 16_384


def run_solve(args: argparse.Namespace) -> int:
    refuse_conflicts(given_flags(args, ("board", "code", "dice", "seed", "lang")), _CONFLICTS)
    language = choose_language(args.lang, args.dice, args.dictionary)
    if args.board == "-":
        return _solve_lines(args, language)
    if args.code is not None:
        dealt = parse_code(args.code)
        language = choose_language(dealt.board.language, None, args.dictionary)
    else:
        dealt = deal(args.board, args.dice, args.seed, language)
    dictionary = _dictionary(args, language)
    min_length = shortest_word(args.min_length, len(dealt.board))
    if args.json:
        sys.stdout.write(json_line(dealt, dictionary, min_length))
        return 0
    _print_solution(dealt, dictionary, solve(dealt.board, dictionary.trie, min_length))
    return 0


def _print_solution(dealt: Deal, dictionary: Dictionary, solution: Solution) -> None:
    """The solution as people read it, drawn by Rich: imported here, so that `--json`, which a script may call
    board after board, never pays for it."""
    from rich.console import Console

    from boggle_tui.cli.render import solution_view

    console = Console()
    code = board_code(dealt.board, dealt.dice)
    if dealt.seed is not None:
        console.print(
            _("[dim]{dice} dice, seed {seed} · code {code}[/]").format(dice=dealt.dice, seed=dealt.seed, code=code)
        )
    else:
        console.print(_("[dim]code {code}[/]").format(code=code))
    if dictionary.skipped or (dictionary.unplayable and dictionary.name not in shipped_dictionaries()):
        console.print(
            # Translators: {lines} is e.g. "3 lines", {words} e.g. "2 words"
            _("[dim]{list}: {lines} skipped (not single words), {words} dropped (a q with no u after it)[/]").format(
                list=dictionary.name,
                lines=counted(dictionary.skipped, "{count} line", "{count} lines"),
                words=counted(dictionary.unplayable, "{count} word", "{count} words"),
            )
        )
    console.print(solution_view(solution))


def _dictionary(args: argparse.Namespace, language: str) -> Dictionary:
    """The list named, or the language's own; a file of words is read in the language."""
    return load_dictionary(args.dictionary or language_for(language).dictionary, language=language)


def _solve_lines(args: argparse.Namespace, language: str) -> int:
    """One output line per input line: its board's words, its error, or blank for a blank line.

    A bad line does not stop the batch: its error goes to stderr with its line number, and takes its place
    on stdout too (with --json an error object, for people the same error line, marked `boggle: error:`), so
    that line n of the output is always line n of the input; the run then ends with exit code 2.

    Standard input is read as it comes (at most CHUNK bytes a read, so a person typing boards gets each answer
    at once), and the answers to what was read are written and flushed together. With the compiled core, the
    lines it can answer itself (`_core_lines`: a square board written as a run of ASCII letters, the usual line)
    are read, solved and written in C, many lines a call; it stops at any other line, which is answered here,
    and the core then goes on. Both give the same bytes (tests/test_cli.py).
    """
    if sys.stdin is None:
        raise BoggleError(_("standard input is closed: give boards on it, one per line"))
    dictionary = _dictionary(args, language)
    core = dictionary.trie.require(required_words(language)) if args.json else dictionary.trie.core()  # JSON: tiers
    settings = _core_lines(args, dictionary) if core is not None else None
    stream = sys.stdin.buffer
    failed, number, pending, skipping = False, 0, b"", False
    while True:
        chunk = _read_chunk(stream)
        final = not chunk
        data, at, out = pending + chunk, 0, Answers()
        if skipping:  # the rest of a line too long to be a board, up to its end
            end = data.find(b"\n")
            at, skipping = (end + 1, False) if end >= 0 else (len(data), not final)
        while at < len(data):
            if core is not None and settings is not None:
                answers, at, lines = core.solve_lines(data, at, final, **settings)
                out.add(answers)
                number += lines
                if at == len(data):
                    break
            end = data.find(b"\n", at)
            if end < 0 and not final:  # the line goes on in the next chunk
                if len(data) - at > MAX_LINE:  # too long to be a board: said now, its rest skipped as it comes
                    number += 1
                    failed |= _answer(args, dictionary, language, number, "", _too_long(), out)
                    at, skipping = len(data), True
                break
            line = data[at : end + 1] if end >= 0 else data[at:]
            at += len(line)
            number += 1
            text, error = "", None
            if len(line.removesuffix(b"\n")) > MAX_LINE:
                error = _too_long()
            else:
                try:
                    text = line.decode("utf-8")
                except UnicodeDecodeError:
                    error = _("not UTF-8 text")
            failed |= _answer(args, dictionary, language, number, text, error, out)
        pending = data[at:]
        out.write()
        if final:
            return 2 if failed else 0


CHUNK = 1 << 16  # the most bytes of standard input read at once


class Answers:
    """The answers to a chunk's lines, in order: text from `_answer`, UTF-8 from the core, written out together."""

    def __init__(self) -> None:
        self.parts: list[str | bytes] = []

    def append(self, text: str) -> None:
        self.parts.append(text)

    def add(self, utf8: bytes) -> None:
        if utf8:
            self.parts.append(utf8)

    def write(self) -> None:
        """Everything so far to standard output, flushed. The core's bytes go to the stream's buffer as they are
        when the stream writes UTF-8 (no decoding and encoding again of ~6 KB a board); else as text, so that
        the stream's own encoding and errors apply to them as to any text."""
        if not self.parts:
            return
        stream = sys.stdout
        buffer = getattr(stream, "buffer", None)
        as_is = buffer is not None and codecs.lookup(stream.encoding or "ascii").name == "utf-8"
        for part in self.parts:
            if isinstance(part, str):
                stream.write(part)
            elif buffer is not None and as_is:
                stream.flush()  # the text before it first
                buffer.write(part)
            else:
                stream.write(part.decode())
        stream.flush()
        self.parts = []


def _read_chunk(stream: BinaryIO) -> bytes:
    """What standard input has now (waiting for at least a byte; b"" at its end); input that cannot be read (a
    directory given as `< /`) is one line of error."""
    try:
        read: Callable[[int], bytes] = getattr(stream, "read1", stream.read)  # every buffered stream has read1
        return read(CHUNK)
    except OSError as error:
        raise BoggleError(_("standard input cannot be read: {reason}").format(reason=error.strerror or error)) from None


def _too_long() -> str:
    return _("longer than {most} bytes: not a board").format(most=number(MAX_LINE))


def _answer(
    args: argparse.Namespace, dictionary: Dictionary, language: str, line_number: int, text: str, error: str | None,
    out: Answers,
) -> bool:  # fmt: skip
    """One line's answer, added to `out`; True if the line was bad (its error is said on stderr too)."""
    try:
        if error:
            raise BoggleError(error)
        if not text.strip():  # a blank line in, a blank line out
            out.append("\n")
            return False
        dealt = deal(text, args.dice, None, language)
        min_length = shortest_word(args.min_length, len(dealt.board))
        if args.json:
            out.append(json_line(dealt, dictionary, min_length))
        else:
            count, points = board_totals(dealt.board, dictionary.trie, min_length)
            shown = dealt.board.alphabet.show(dealt.board.text())  # Dutch ĳ is written ij
            totals = _("{board}  {words}, {points} (min. length {min_length})").format(
                board=shown,
                words=counted(count, "{count} word", "{count} words"),
                points=counted(points, "{count} point", "{count} points"),
                min_length=min_length,
            )
            out.append(totals + "\n")
        return False
    except BoggleError as problem:
        said = _("boggle: error: line {line}: {reason}").format(line=line_number, reason=problem)
        print(said, file=sys.stderr)
        if args.json:
            out.append(json.dumps({"line": line_number, "error": str(problem)}) + "\n")
        else:
            out.append(said.replace("\n", " ") + "\n")  # one line in its place, whatever the reason holds
        return True


_FIELDS = {"board": "b", "words": "w", "points": "p", "min_length": "m"}  # core/_boggle_core.c's names for them


class CoreLines(TypedDict):
    """`Core.solve_lines`'s settings (core/_boggle_core.c says what each is)."""

    letters: bytes
    min_lengths: list[int]
    side: int
    json: bool
    head: bytes
    middle: bytes
    template: bytes
    words_forms: bytes
    points_forms: bytes
    group: bytes


def _core_lines(args: argparse.Namespace, dictionary: Dictionary) -> CoreLines | None:
    """What the compiled core needs to answer lines as `_answer` does (`Core.solve_lines`), or None where it
    cannot: then every line is answered here.

    The core reads a line only when it is a run of bytes `letters` names (ASCII letters of the language that are
    faces on their own, either case, and `#`), perhaps ending in a CR, whose count is a square (of `side`, for
    --dice); any other line is left to `_answer`, its errors included. A language that spells a run of ASCII
    letters as another face (Dutch `ij`), or shows one otherwise, is left to it whole.
    """
    alphabet = dictionary.trie.alphabet
    if any(written.isascii() for written, _spelt in alphabet.spelled) or any(
        letter.isascii() for letter, _shown in alphabet.shown
    ):
        return None
    letters = bytearray(256)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        if letter in alphabet.letter_index and letter not in alphabet.bare:
            letters[ord(letter)] = letters[ord(letter.upper())] = alphabet.face_index[letter] + 1
    letters[ord(BLANK)] = 255
    side = 0
    if args.dice is not None:
        try:
            dice = load_dice_set(args.dice)
        except BoggleError:  # each line says so
            return None
        if dice.height != dice.width:  # no run of letters makes its board: each line says so
            return None
        side = dice.height
    code = board_code(Board(((BLANK,),), alphabet.code), args.dice)  # what every code starts with, then "."
    settings = CoreLines(
        letters=bytes(letters),
        min_lengths=[shortest_word(args.min_length, n * n) for n in range(33)],
        side=side,
        json=bool(args.json),
        head=f'],"code":"{code[:-1]}'.encode(),
        middle=(
            f'","dice":{_json(args.dice)},"seed":{_json(None)},"dictionary":{_json(dictionary.name)},"min_length":'
        ).encode(),
        template=b"",
        words_forms=b"",
        points_forms=b"",
        group=number(1000)[1:-3].encode(),
    )
    if args.json:
        return settings
    pieces: list[str] = []
    # The texts of `_answer`, the same messages of the catalogue.
    template = _("{board}  {words}, {points} (min. length {min_length})")
    words_forms, points_forms = _forms("{count} word", "{count} words"), _forms("{count} point", "{count} points")
    for literal, field, spec, conversion in string.Formatter().parse(template):
        if field is not None and (field not in _FIELDS or spec or conversion):
            return None
        pieces += [literal] if field is None else [literal, _FIELDS[field]]
    if len(pieces) % 2 == 0:
        pieces.append("")
    if len(pieces) > 33 or any("\0" in piece for piece in pieces) or words_forms is None or points_forms is None:
        return None
    settings["template"] = "\0".join(pieces).encode()
    settings["words_forms"], settings["points_forms"] = words_forms, points_forms
    return settings


def _forms(singular: str, plural: str) -> bytes | None:
    """The forms of a count for counts 0-199, each as the text before and after the number, zero-separated."""
    parts: list[str] = []
    for count in range(200):
        form = plural_form(count, singular, plural)
        if form.count("{count}") != 1 or "\0" in form:
            return None
        parts += form.split("{count}")
    return "\0".join(parts).encode()


def json_line(dealt: Deal, dictionary: Dictionary, min_length: int) -> str:
    """One board's solution as one line of JSON, written from pieces (see `solver.solve_json`), each word with its
    tier (game/tiers.py: required or bonus, by the board's language's common words) and the board's required words
    and their points."""
    board = dealt.board
    words, count, points, required, required_points = solve_json(
        board, dictionary.trie, min_length, required_words(board.language)
    )
    rows = ",".join('["' + '","'.join(row) + '"]' for row in board.rows)  # faces are letters, qu, th... or #
    return (
        f'{{"board":[{rows}],"code":"{board_code(board, dealt.dice)}","dice":{_json(dealt.dice)},'
        f'"seed":{_json(dealt.seed)},"dictionary":{_json(dictionary.name)},"min_length":{min_length},'
        f'"words":{words},"total_words":{count},"total_score":{points},'
        f'"required_words":{required},"required_score":{required_points}}}\n'
    )


@functools.cache
def _json(value: str | int | None) -> str:
    return json.dumps(value)
