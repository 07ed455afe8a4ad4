"""Each language's letters, one table: which letters its dice show and how its words are spelt for Boggle.

Every language follows its own Scrabble convention (issue 19): a letter it keeps is a letter of
its own (Spanish Ñ, German Ä Ö Ü, Polish Ą Ć Ę Ł Ń Ó Ś Ź Ż, Portuguese Ç); any other accent or
cedilla is dropped (Spanish á -> a, French ç -> c); a few letters are spelt otherwise (German
ß -> ss, French œ -> oe). Dutch plays IJ as one die face and one letter, as in its Scrabble and
crosswords: it is kept as the single character `ĳ` (U+0133) and shown as `IJ`.

Inside the engine a letter is always one character, so a word's length in characters is its
length in letters (Qu, a two-letter face, counts two), and sorting words as strings sorts them
as the trie orders its columns: letters in code-point order, then the two-letter faces, which the
trie derives from their letters (a face's entry skips both).

An alphabet has at most 32 faces: the trie's rows have 32 face columns and a 32-bit mask of
the faces present (trie.py, core/_boggle_core.c). Polish, with 32 letters, fills them exactly.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cached_property

from boggle_tui.engine.errors import BoggleError, cut_short
from boggle_tui.i18n import N_, _

MAX_FACES = 32
ASCII = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Alphabet:
    code: str  # ISO 639-1: "en", "es"
    name: str  # the language's own name for itself: Español
    title: str  # its name in English, N_-marked: shown through _ in the player's language (`titled`)
    extra: str = ""  # letters beyond a-z that the language keeps as letters
    dropped: str = ""  # letters of a-z its words never use (Polish has no Q, V, X)
    spelled: tuple[tuple[str, str], ...] = ()  # spellings replaced before accents are dropped: ß -> ss
    digraphs: tuple[str, ...] = ("qu",)  # two-letter faces, made of two of its letters
    shown: tuple[tuple[str, str], ...] = ()  # upper-case letters shown otherwise: Ĳ -> IJ
    # How its dictionaries order its own letters, for lists shown to people (the engine sorts by code point):
    # a letter of its own comes right after the letter given, in the table's order (Spanish ñ after n; Polish
    # ź then ż after z); a variant sorts as the text given, before its other forms only where all else is
    # equal (German ä as a: BÄR before BAS; Dutch ĳ as ij).
    after: tuple[tuple[str, str], ...] = ()
    variants: tuple[tuple[str, str], ...] = ()
    min_length: int = 3  # the shortest word on a 4x4 board
    _fold: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def letters(self) -> str:
        """Its letters in code-point order: the trie's first columns, in the order words sort."""
        return "".join(sorted(set(ASCII) - set(self.dropped) | set(self.extra)))

    @cached_property
    def faces(self) -> tuple[str, ...]:
        """Every face column of the trie: the letters, then the two-letter faces."""
        faces = (*self.letters, *self.digraphs)
        assert len(faces) <= MAX_FACES, f"{self.code}: {len(faces)} faces, the trie has {MAX_FACES} columns"
        return faces

    @cached_property
    def face_index(self) -> dict[str, int]:
        """Each face's column in the trie's table."""
        return {face: column for column, face in enumerate(self.faces)}

    @cached_property
    def letter_index(self) -> dict[str, int]:
        """Each letter's column: the words of a list are spelt in these."""
        return {letter: column for column, letter in enumerate(self.letters)}

    @cached_property
    def pairs(self) -> tuple[tuple[int, int, int], ...]:
        """Each two-letter face as (its first letter's column, its second's, its own column)."""
        index = self.face_index
        return tuple((index[face[0]], index[face[1]], index[face]) for face in self.digraphs)

    @cached_property
    def bare(self) -> frozenset[str]:
        """Letters no die shows alone: a Q is always Qu."""
        return frozenset(face[0] for face in self.digraphs if face == "qu")

    def fold(self, text: str) -> str:
        """Text as this language spells it for Boggle: lower case, its own letters kept, other accents dropped.

        Characters that are not letters stay as they are (a word list's reader judges them). One
        `str.translate` over the whole text: a list of 500,000 words folds in a fraction of a second."""
        text = text.lower()
        for written, spelt in self.spelled:
            text = text.replace(written, spelt)
        if text.isascii():
            return text
        table = {ord(char): self._fold_char(char) for char in set(text) if not char.isascii()}
        return text.translate(table)

    def _fold_char(self, char: str) -> str:
        folded = self._fold.get(char)
        if folded is None:
            if char in self.extra or char.isascii():
                folded = char
            else:
                bare = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
                folded = unicodedata.normalize("NFC", bare) or char
            self._fold[char] = folded
        return folded

    def is_word(self, word: str) -> bool:
        """Whether a folded word is made only of this language's letters."""
        return bool(word) and all(char in self._letter_set for char in word)

    @cached_property
    def _letter_set(self) -> frozenset[str]:
        return frozenset(self.letters)

    def upper(self, text: str) -> str:
        """A word or face as the language writes it in capitals: `ñandú` -> `ÑANDÚ`, `ĳs` -> `IJS`."""
        text = text.upper()
        for letter, written in self.shown:
            text = text.replace(letter, written)
        return text

    def show(self, text: str) -> str:
        """Lower-case text as the language writes it: `ĳs` -> `ijs` (a word, a board)."""
        for letter, written in self.shown:
            text = text.replace(letter.lower(), written.lower())
        return text

    def sort_key(self, word: str) -> tuple[tuple[tuple[str, int], ...], tuple[int, ...]]:
        """A word's place in a list shown to people, as the language's dictionaries order it: German BÄR before
        BAS and BÖE before BUN, Spanish ÑANDÚ after NUDO, Polish ŁZA after LZY."""
        letters = [self._collation.get(char, ((char, 0),)) for char in word]
        primary = tuple(part for parts in letters for part in parts)
        return primary, tuple(1 if char in self._variant_set else 0 for char in word)

    @cached_property
    def _collation(self) -> dict[str, tuple[tuple[str, int], ...]]:
        ranks: dict[str, int] = {}
        table = {letter: tuple((char, 0) for char in sorted_as) for letter, sorted_as in self.variants}
        for letter, base in self.after:
            ranks[base] = ranks.get(base, 0) + 1
            table[letter] = ((base, ranks[base]),)
        return table

    @cached_property
    def _variant_set(self) -> frozenset[str]:
        return frozenset(letter for letter, _ in self.variants)

    @property
    def titled(self) -> str:
        """Its name in the player's language: Spanish, Spanisch, espagnol."""
        return _(self.title)

    def capitalize(self, face: str) -> str:
        """A die's face as printed on it: `A`, `Qu`, `Ñ`, `IJ`."""
        upper = self.upper(face[:1])
        return upper + face[1:] if len(upper) == 1 else upper


ENGLISH = Alphabet("en", "English", N_("English"), digraphs=("qu", "an", "er", "he", "in", "th"))

# One row per language: the letters it keeps, those it spells otherwise, its two-letter faces.
ALPHABETS: dict[str, Alphabet] = {
    alphabet.code: alphabet
    for alphabet in (
        ENGLISH,
        Alphabet("es", "Español", N_("Spanish"), extra="ñ", after=(("ñ", "n"),)),
        Alphabet(
            "de",
            "Deutsch",
            N_("German"),
            extra="äöü",
            spelled=(("ß", "ss"),),
            variants=(("ä", "a"), ("ö", "o"), ("ü", "u")),
        ),
        Alphabet("fr", "Français", N_("French"), spelled=(("œ", "oe"), ("æ", "ae"))),
        Alphabet(
            "nl",
            "Nederlands",
            N_("Dutch"),
            extra="ĳ",
            spelled=(("ij", "ĳ"),),
            shown=(("Ĳ", "IJ"),),
            variants=(("ĳ", "ij"),),
        ),
        Alphabet("pt", "Português", N_("Portuguese"), extra="ç", variants=(("ç", "c"),)),
        Alphabet(
            "pl",
            "Polski",
            N_("Polish"),
            extra="ąćęłńóśźż",
            dropped="qvx",
            digraphs=(),
            after=tuple(zip("ąćęłńóśźż", "acelnoszz", strict=True)),
        ),
    )
}
DEFAULT_LANGUAGE = "en"


def alphabet_for(code: str) -> Alphabet:
    """The alphabet of a language by its code; a BoggleError names the languages there are."""
    alphabet = ALPHABETS.get(code.lower())
    if alphabet is None:
        raise BoggleError(
            _("unknown language {code} (choose from {languages})").format(
                code=repr(cut_short(code, 20)), languages=named_codes()
            )
        )
    return alphabet


def named_codes() -> str:
    """The languages' codes, each with its name in the player's language: `en (English), es (Spanish), …`."""
    # Translators: a language's code and its name, in a list of the languages there are: "es (Spanish)"
    return ", ".join(_("{code} ({name})").format(code=code, name=a.titled) for code, a in ALPHABETS.items())


_SHOWN = {letter: written for alphabet in ALPHABETS.values() for letter, written in alphabet.shown}


def capitals(text: str) -> str:
    """A word in capitals as its language writes them, whatever the language: `ñandú` -> `ÑANDÚ`, `ĳs` -> `IJS`.

    Only Dutch's ĳ is written otherwise in capitals (IJ, not the ligature Ĳ), and no other language has
    the letter, so a word needs no language to be shown."""
    text = text.upper()
    for letter, written in _SHOWN.items():
        text = text.replace(letter, written)
    return text
