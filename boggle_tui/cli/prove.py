"""`boggle prove`: prove the best board of a size and word list, every class of boards accounted for."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console

from boggle_tui.cli.output import print_json
from boggle_tui.cli.progress import progress_bar
from boggle_tui.engine.alphabets import ALPHABETS, Alphabet
from boggle_tui.engine.dice import DiceSet, load_dice_set
from boggle_tui.engine.dictionary import Dictionary, load_dictionary
from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.game.languages import choose_language, language_for
from boggle_tui.i18n import _, counted, number
from boggle_tui.research.proof import (
    ClusterLost,
    Journal,
    Record,
    Summary,
    Task,
    check_classes,
    check_resumable,
    prove_locally,
    prove_on_cluster,
    read_record,
    recheck,
    recheck_sample,
    summarize,
)
from boggle_tui.research.prove import (
    Classes,
    ClassResult,
    Letters,
    dice_alphabet,
    letters_of,
    most_cells,
    proof_alphabet,
)
from boggle_tui.research.search import Scorer, letter_weights, search, space_for

# The default threshold is the best board a short search finds (as `boggle best` does): any board
# that reaches it proves the threshold is met, and the proof then finds every board above it.
THRESHOLD_SEARCH_SECONDS = 10.0
THRESHOLD_SEED = 1


def run_prove(args: argparse.Namespace) -> int:
    if args.cluster and args.jobs:
        raise BoggleError(_("--jobs is for this machine; a cluster runs as many classes at once as it has workers"))
    if args.out and args.resume:
        raise BoggleError(_("--resume goes on writing the file it reads: give --out or --resume, not both"))
    if args.verify and not args.resume:
        raise BoggleError(_("--verify proves again the classes of the file --resume names: give --resume FILE"))
    record = read_record(Path(args.resume)) if args.resume else None
    if record:
        args = _as_recorded(args, record.header)
    task, dictionary = _task(args, record)
    header = task.header(dictionary.digest)
    finished: dict[int, ClassResult] = {}
    if record:
        check_resumable(record, header)
        finished = _checked(record, task, dictionary, args)
    classes = Classes.standard(task.height, task.width, task.alphabet, ALPHABETS[task.language])
    ids = [class_id for class_id in classes.canonical_ids() if class_id not in finished]
    path = args.resume or args.out
    journal = Journal(Path(path), header, resume=bool(args.resume)) if path else None
    total = len(ids) + len(finished)
    started, done = time.perf_counter(), len(finished)
    results = list(finished.values())
    try:
        run = prove_on_cluster(task, ids, args.cluster) if args.cluster else prove_locally(task, ids, args.jobs or 1)
        # The time left is estimated from the classes proved in this run: those a resumed proof read are counted
        # as done, never as speed.
        with progress_bar(_("proving classes"), Console(stderr=True), remaining=True) as progress:
            bar = progress.add_task("classes", total=total, completed=done)
            for result in run:
                if journal:
                    journal.add(result)
                results.append(result)
                done += 1
                progress.advance(bar)
    except KeyboardInterrupt:
        if path:
            stopped = _("boggle: stopped with {done} of {total} classes done; boggle prove --resume {path} goes on")
        else:
            stopped = _(
                "boggle: stopped with {done} of {total} classes done (give --out FILE to keep a proof's classes)"
            )
        print(stopped.format(done=number(done), total=number(total), path=path), file=sys.stderr)
        return 130
    except ClusterLost:
        if path:
            lost = _("lost the cluster with {done} of {total} classes done; boggle prove --resume {path} goes on")
        else:
            lost = _("lost the cluster with {done} of {total} classes done (give --out FILE to keep a proof's classes)")
        raise BoggleError(lost.format(done=number(done), total=number(total), path=path)) from None
    finally:
        if journal:
            journal.close()
    summary = summarize(results, task.height, task.width, ALPHABETS[task.language].faces)
    wall = time.perf_counter() - started
    if args.json:
        print_json(_json(summary, task, wall, args.jobs or 1))
    else:
        _print(summary, task, wall, args.jobs or 1)
    return 0


def _task(args: argparse.Namespace, record: Record | None) -> tuple[Task, Dictionary]:
    """What the flags (and a resumed file's header) ask to prove, and its word list, read in its language."""
    dice = _dice(args.dice, args.letters, args.size)
    language = choose_language(args.lang or (dice.language if dice else None), None, args.dictionary)
    if dice and dice.language != language:
        its, chosen = ALPHABETS[dice.language].name, ALPHABETS[language].name
        raise BoggleError(_("the {name} dice are {its}, not {chosen}").format(name=dice.key, its=its, chosen=chosen))
    height, width = (dice.height, dice.width) if dice else args.size or (3, 3)
    most = most_cells(ALPHABETS[language])
    if not 2 <= height * width <= most:
        cells = _("boggle prove takes boards of 2 to {most} cells, not {size}")
        raise BoggleError(cells.format(most=most, size=f"{height}x{width}"))
    alphabet = dice_alphabet(dice) if dice else _alphabet(args.letters, ALPHABETS[language])
    dictionary_name = args.dictionary or language_for(language).dictionary
    dictionary = load_dictionary(dictionary_name, language=language)
    min_length = shortest_word(args.min_length, height * width)
    threshold = args.threshold
    if threshold is None:
        threshold = (
            record.header["threshold"]
            if record
            else _search_threshold(dictionary, height, width, min_length, alphabet, dice)
        )
    return Task(dictionary_name, height, width, threshold, min_length, alphabet, dice, language), dictionary


def _checked(record: Record, task: Task, dictionary: Dictionary, args: argparse.Namespace) -> dict[int, ClassResult]:
    """The file's classes once every line has passed its checks and a sample (all, with --verify) is proved again."""
    check_classes(record, task, dictionary.trie)
    again = sorted(record.finished) if args.verify else recheck_sample(record.finished, random.SystemRandom())
    if again:
        checking = counted(
            len(again),
            "Proving {count} of the file's classes again to check them…",
            "Proving {count} of the file's classes again to check them…",
        )
        print(checking.format(count=number(len(again))), file=sys.stderr)
        recheck(record, prove_locally(task, again, args.jobs or 1))
    return record.finished


def _as_recorded(args: argparse.Namespace, header: dict[str, Any]) -> argparse.Namespace:
    """The flags of a resumed proof: what the file's header says, wherever the command line says nothing
    (`boggle prove --resume FILE` alone goes on); a flag given is checked against the header afterwards.
    The header's fields were checked when it was read."""
    recorded = {
        "size": tuple(header["size"]),
        "lang": header["language"],
        "dictionary": header["dictionary"],
        "min_length": header["min_length"],
        "dice": header["dice"]["set"] if "dice" in header else None,
        "letters": None
        if "dice" in header
        else "".join(_letters_text(header["letters"], ALPHABETS[header["language"]])),
    }
    given = {name: value for name, value in recorded.items() if getattr(args, name) is None and value is not None}
    if args.dice is not None or args.letters is not None:  # one of them says which boards: not the other too
        given.pop("dice", None)
        given.pop("letters", None)
    return argparse.Namespace(**{**vars(args), **given})


def _alphabet(text: str | None, language: Alphabet) -> Letters:
    """The faces `--letters` names, of the language (q stands for Qu where it has Qu); all of them when not given."""
    whole = proof_alphabet(language)
    if text is None:
        return whole
    letters = language.fold(text.strip())
    if not letters or not all(letter in language.letters for letter in letters):
        # Translators: {letters} are the language's letters, e.g. abcdefghijklmnñopqrstuvwxyz
        wrong = _("--letters {given}: give letters of {language}: {letters}")
        every = "".join(sorted(_letters_text(whole, language)))
        raise BoggleError(wrong.format(given=repr(cut_short(text)), language=language.name, letters=every))
    return letters_of(letters, language)


def _dice(name: str | None, letters: str | None, size: tuple[int, int] | None) -> DiceSet | None:
    """The dice set asked for, checked against the other flags: a proof is of one set of boards."""
    if name is None:
        return None
    if letters is not None:
        raise BoggleError(_("--dice and --letters both say which boards: give one of them"))
    dice = load_dice_set(name)
    if size and size != (dice.height, dice.width):
        raise BoggleError(
            _("{dice} dice make a {size} board, not {asked}").format(
                dice=dice.label, size=f"{dice.height}x{dice.width}", asked=f"{size[0]}x{size[1]}"
            )
        )
    return dice


def _search_threshold(
    dictionary: Dictionary, height: int, width: int, min_length: int, alphabet: Letters, dice: DiceSet | None
) -> int:
    """The best score a short search finds: a board that scores it exists, so the proof's answer is at least it.

    With dice, the search walks only boards they can roll (as `boggle best --dice` does)."""
    weights = {column: weight for column, weight in letter_weights(dictionary.trie).items() if column in alphabet}
    weights = weights or dict.fromkeys(alphabet, 1.0)
    print(
        _("Searching {seconds} s for a threshold…").format(seconds=f"{THRESHOLD_SEARCH_SECONDS:.0f}"), file=sys.stderr
    )
    scorer = Scorer(dictionary.trie, height, width, min_length)
    space = space_for(dice, height, width, weights)
    found = search(scorer, space, THRESHOLD_SEARCH_SECONDS, random.Random(THRESHOLD_SEED))
    return max(found.best_score, 1)


def _print(summary: Summary, task: Task, wall: float, jobs: int) -> None:
    size = f"{task.height}x{task.width}"
    language = ALPHABETS[task.language]
    letters = "".join(sorted(_letters_text(task.alphabet, language)))
    if task.dice:
        what = _("{size} boards with {list}, words of {length}+ letters, rolled with {dice} dice")
    elif task.alphabet == proof_alphabet(language):
        what = _("{size} boards with {list}, words of {length}+ letters")
    else:
        what = _("{size} boards with {list}, words of {length}+ letters, letters {letters}")
    dice = task.dice.label if task.dice else ""
    what = what.format(size=size, list=task.dictionary, length=task.min_length, letters=letters, dice=dice)
    if summary.boards:
        best = summary.boards[0][1]
        tops = [board for board, points in summary.boards if points == best]
        print(_("Proved: of {what}, none scores more than {best}.").format(what=what, best=number(best)))
        tops_line = counted(
            len(tops), "Best {count} board ({best} points): {boards}", "Best {count} boards ({best} points): {boards}"
        )
        print(tops_line.format(best=number(best), boards=", ".join(tops)))
    else:
        print(
            _("Proved: of {what}, none scores {threshold} or more.").format(what=what, threshold=number(task.threshold))
        )
    every = _("Every board at or above the threshold ({threshold}), turned and mirrored ones counted once:")
    print(every.format(threshold=number(task.threshold)))
    for board, points in summary.boards:
        print(f"  {board}  {number(points)}")
    figures = counted(
        jobs,
        "{classes} classes (highest bound {bound}), {nodes} nodes, {boards} boards scored exactly; "
        "{cpu} s of CPU, {wall} s on {count} job",
        "{classes} classes (highest bound {bound}), {nodes} nodes, {boards} boards scored exactly; "
        "{cpu} s of CPU, {wall} s on {count} jobs",
    )
    print(
        figures.format(
            classes=number(summary.classes),
            bound=number(summary.highest_bound),
            nodes=number(summary.nodes),
            boards=number(summary.candidates),
            cpu=f"{summary.cpu_seconds:.1f}",
            wall=f"{wall:.1f}",
        )
    )


def _letters_text(alphabet: Letters | str, language: Alphabet) -> list[str]:
    """The letters as `--letters` takes them (q for Qu), from face columns or from a proof file's `letters`."""
    faces = language.faces
    if isinstance(alphabet, str):
        return ["q" if face == "qu" else face for face in alphabet.replace("qu", "q")]
    return ["q" if faces[column] == "qu" else faces[column] for column in alphabet]


def _json(summary: Summary, task: Task, wall: float, jobs: int) -> dict[str, object]:
    return {
        "size": [task.height, task.width], "language": task.language, "dictionary": task.dictionary,
        "min_length": task.min_length, "letters": "".join(_letters_text(task.alphabet, ALPHABETS[task.language])),
        "dice": task.dice.key if task.dice else None,
        "threshold": task.threshold,
        "best": summary.boards[0][1] if summary.boards else None,
        "boards": [{"board": board, "points": points} for board, points in summary.boards],
        "classes": summary.classes, "nodes": summary.nodes, "candidates": summary.candidates,
        "highest_bound": summary.highest_bound, "cpu_seconds": round(summary.cpu_seconds, 3),
        "seconds": round(wall, 3), "jobs": jobs,
    }  # fmt: skip
