"""A round's rules, one type for every mode: alone, against the table of bots, in a room, on the wire.

The table: the dice (and so the language and its alphabet), the word list, the shortest word, the clock, the
shared-word rule, the seed of a room's boards and an evening's target. Each default and each bound is written
here once; solo requests (game/request.py), the table (game/table.py), rooms (net/room.py) and the wire's
settings (net/messages.py `Settings`) read them from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from boggle_tui.engine.alphabets import Alphabet, alphabet_for
from boggle_tui.engine.dice import DEFAULT_DICE, dice_set_names, load_dice_set
from boggle_tui.engine.dictionary import DEFAULT_DICTIONARY, language_of, shipped_dictionaries
from boggle_tui.engine.errors import BoggleError
from boggle_tui.engine.scoring import shortest_word
from boggle_tui.i18n import _, counted, number

STANDARD_ROUND = 180  # seconds: the round of the boxed game, and every mode's default (the daily board's too)
CLOCKS = (60, 120, STANDARD_ROUND, 240, 300)  # the round lengths the start screen and a room's lobby offer

# The bounds of what a player can ask for.
SEEDS = range(0, 10**12)  # a seed is read out to a friend; a rich deal's derived seeds stay far below 2**63
ROUND_SECONDS = range(1, 24 * 3600 + 1)
MIN_LENGTHS = range(1, 33)  # the longest word in the shipped lists has 28 letters
TARGETS = range(10, 100_001)  # "first to N points" over an evening
GOALS = range(1, 100_001)  # a team's points to reach in a round, as a host sets them
GOAL_SHARE = 25  # %: a team's goal by default, of the points of the board's required words (game/team.py)
TEAMS = range(1, 3)  # a room plays as one team, or two (dealt from four players up)


class Scoring(Enum):
    """How a word found by several players scores (the contest's rule, game/contest.py)."""

    UNIQUE = "unique"  # a word found by two or more players scores for nobody (the table rule)
    ALL = "all"  # every word scores for everyone who found it
    TEAM = "team"  # everyone plays together: a word counts once, for the team, whoever found it (game/team.py)


SCORINGS = tuple(scoring.value for scoring in Scoring)  # as the command line and the wire spell them
CONTESTS = (Scoring.UNIQUE.value, Scoring.ALL.value)  # the table of bots plays against you, never with you


def contest(scoring: Scoring | str) -> Scoring:
    """The scoring of a round against the table, which plays against the player, never with them: one of CONTESTS
    (ValueError for any other, `team` included)."""
    if Scoring(scoring).value not in CONTESTS:
        raise ValueError(f"the table plays against you, never with you: not {Scoring(scoring).value!r}")
    return Scoring(scoring)


@dataclass(frozen=True)
class Rules:
    """What every player of a round plays by. `min_length` None: the rule for the board's size; `seconds` None:
    no clock; `seed` None: boards at random (a room's round n is rolled with seed + n - 1)."""

    dice: str = DEFAULT_DICE
    dictionary: str = DEFAULT_DICTIONARY
    seconds: int | None = STANDARD_ROUND
    min_length: int | None = None
    scoring: Scoring = Scoring.UNIQUE
    seed: int | None = None
    target: int | None = None  # the evening ends with the first player whose points over the rounds reach it
    goal: int | None = None  # a team's points to reach in a round (Scoring.TEAM); None: GOAL_SHARE of the board's
    teams: int = 1  # Scoring.TEAM: one team, or two (with four players or more; fewer play as one)
    between: Scoring = Scoring.ALL  # two teams: a word both found scores for both (ALL), or for neither (UNIQUE)

    def __post_init__(self) -> None:
        check_bounds(seconds=self.seconds, min_length=self.min_length, seed=self.seed)
        if self.target is not None and (isinstance(self.target, bool) or self.target not in TARGETS):
            raise BoggleError(
                _("a target is {least} to {most} points, not {target}").format(
                    least=TARGETS[0], most=number(TARGETS[-1]), target=repr(self.target)
                )
            )
        object.__setattr__(self, "between", Scoring(self.between))  # "unique" as the command line says it, too
        if self.between is Scoring.TEAM:
            raise BoggleError(_("a word both teams found scores for both (all) or for neither (unique)"))
        if isinstance(self.teams, bool) or self.teams not in TEAMS:
            raise BoggleError(_("a room plays as one team or two, not {teams}").format(teams=repr(self.teams)))
        if self.goal is not None and (isinstance(self.goal, bool) or self.goal not in GOALS):
            raise BoggleError(
                _("a team's goal is {least} to {most} points, not {goal}").format(
                    least=GOALS[0], most=number(GOALS[-1]), goal=repr(self.goal)
                )
            )

    @property
    def team(self) -> bool:
        """Whether everyone in the room plays together (game/team.py) rather than against each other."""
        return self.scoring is Scoring.TEAM

    @property
    def language(self) -> str:
        """The language played: its dice's. A word list of the player's own is read in it."""
        return load_dice_set(self.dice).language

    @property
    def alphabet(self) -> Alphabet:
        return alphabet_for(self.language)

    @property
    def clock(self) -> int:
        """The length of a timed round under these rules (a room's, the table's): the standard round if none is set."""
        return self.seconds or STANDARD_ROUND

    @property
    def shortest(self) -> int:
        """The shortest word that counts on these dice."""
        dice = load_dice_set(self.dice)
        return shortest_word(self.min_length, dice.height * dice.width)

    def describe(self, *, brief: bool = True) -> str:
        """The rules on one line, in the interface's language: `New Boggle · 3 min · enable1 · 3+ letters · shared
        words score 0` (the lobby's and the room list's: `brief`), or the round's part spelt out as `--plain` says
        it (`3 min round · words of 3 letters or more · word list enable1`)."""
        round_ = describe_round(self.seconds, self.shortest, self.dictionary, brief=brief)
        parts = [load_dice_set(self.dice).label, round_, describe_scoring(self.scoring, self.goal, self.teams)]
        if self.team and self.teams == 2 and self.between is Scoring.UNIQUE:
            # Translators: two teams: a word both teams found scores for neither
            parts.append(_("a word both teams found scores 0"))
        if self.target:
            # Translators: the evening ends when a player's points over its rounds reach this
            parts.append(counted(self.target, "first to {count} point", "first to {count} points"))
        return " · ".join(parts)


def describe_scoring(scoring: Scoring, goal: int | None = None, teams: int = 1) -> str:
    """How words score, in a few words: `shared words score 0`, `every word scores`, `one team · goal 60 points`,
    `two teams · goal 25%`."""
    if scoring is Scoring.UNIQUE:
        return _("shared words score 0")
    if scoring is Scoring.ALL:
        return _("every word scores")
    if teams == 2:
        # Translators: a room played by two teams, each with its goal: "two teams · goal 25%" or "… · goal 60"
        aim = f"{GOAL_SHARE}%" if goal is None else number(goal)
        return _("two teams · goal {goal}").format(goal=aim)
    if goal is None:
        # Translators: a room where everyone plays together, its goal a share of the points of the board's common
        # words ("goal 25%")
        return _("one team · goal {share}%").format(share=GOAL_SHARE)
    # Translators: a room where everyone plays together, with the points its team aims for in each round
    return counted(goal, "one team · goal {count} point", "one team · goal {count} points")


def describe_round(
    seconds: int | None, shortest: int, dictionary: str, *, practice: bool = False, brief: bool = False
) -> str:
    """A round's clock, word list and shortest word on one line. The one describer of a round's rules, for a room
    (`Rules.describe`) and for a round of this machine's (`RoundRequest.describe`, the `--plain` game's first lines):
    spelt out (`3 min round · words of 3 letters or more · word list enable1`, what a screen reader reads well) or
    `brief` where a screen is short of room (`3 min · enable1 · 3+ letters`)."""
    if practice:
        clock = _("practice, no clock")
    elif not seconds:
        clock = _("no clock")
    elif brief:
        clock = describe_seconds(seconds)
    else:
        # Translators: {length} is a round's length, e.g. "3 min" or "1:30"
        clock = _("{length} round").format(length=describe_seconds(seconds))
    if brief:
        # Translators: the shortest word that counts: "3+ letters"
        return " · ".join([clock, dictionary, counted(shortest, "{count}+ letter", "{count}+ letters")])
    line = _("{clock} · words of {length} letters or more · word list {list}")
    return line.format(clock=clock, length=shortest, list=dictionary)


class Refused(BoggleError):
    """A rule this side cannot play (`Rules.served`): which setting, and its value as asked."""

    def __init__(self, key: str, value: object, reason: str = "") -> None:
        self.key, self.value = key, value
        super().__init__(reason or _("setting {key} cannot be {value}").format(key=repr(key), value=repr(value)))


def served(
    dice: str = "",
    dictionary: str = "",
    seconds: int | None = None,
    min_length: int | None = None,
    scoring: str = Scoring.UNIQUE.value,
    seed: int | None = None,
    target: int | None = None,
    goal: int | None = None,
    teams: int = 1,
    between: str = Scoring.ALL.value,
    *,
    dictionaries: frozenset[str],
    max_seconds: int,
) -> Rules:
    """The rules a room is asked to play by (a field left empty: the default), checked against what this side can
    play: a dice set it has, a word list of `dictionaries`, a round no longer than `max_seconds`, dice and list of one
    language. A Refused names the setting; a BoggleError says what else is wrong (a bound)."""
    default = Rules()
    if dice and dice not in dice_set_names(None):
        raise Refused("dice", dice)
    if dictionary and dictionary not in dictionaries:
        raise Refused("dictionary", dictionary)
    if seconds is not None and seconds > max_seconds:
        raise Refused("seconds", seconds)
    if scoring not in SCORINGS:
        raise Refused("scoring", scoring)
    if between not in CONTESTS:
        raise Refused("between", between)
    chosen_dice, chosen_list = dice or default.dice, dictionary or default.dictionary
    shipped = chosen_list in shipped_dictionaries()
    if dice and dictionary and shipped and load_dice_set(chosen_dice).language != language_of(chosen_list).code:
        # a room plays one language: its dice and its list
        reason = _("the {dice} dice and the word list {dictionary} are of two languages")
        raise Refused("dictionary", dictionary, reason.format(dice=chosen_dice, dictionary=chosen_list))
    scored = Scoring(scoring)
    return Rules(chosen_dice, chosen_list, seconds or STANDARD_ROUND, min_length, scored, seed, target, goal, teams,
                 Scoring(between))  # fmt: skip


def describe_seconds(seconds: int | None) -> str:
    """A round's length as a person reads it: `3 min`, `1:30`, `no clock` (in the interface's language)."""
    if not seconds:
        return _("no clock")
    minutes, rest = divmod(seconds, 60)
    # Translators: a round's length in minutes ("3 min")
    return _("{minutes} min").format(minutes=minutes) if not rest else f"{minutes}:{rest:02d}"


def check_bounds(*, seconds: int | None = None, min_length: int | None = None, seed: int | None = None) -> None:
    """Raise BoggleError for a value outside what the game can play."""
    if seconds is not None and (isinstance(seconds, bool) or seconds not in ROUND_SECONDS):
        raise BoggleError(
            _("a round lasts 1 to {most} seconds, not {seconds}").format(
                most=number(ROUND_SECONDS[-1]), seconds=repr(seconds)
            )
        )
    if min_length is not None and (isinstance(min_length, bool) or min_length not in MIN_LENGTHS):
        raise BoggleError(
            _("the shortest word is {least} to {most} letters, not {length}").format(
                least=MIN_LENGTHS[0], most=MIN_LENGTHS[-1], length=repr(min_length)
            )
        )
    if seed is not None and (isinstance(seed, bool) or seed not in SEEDS):
        raise BoggleError(
            _("a seed is a whole number from 0 to {most}, not {seed}").format(most=number(SEEDS[-1]), seed=repr(seed))
        )
