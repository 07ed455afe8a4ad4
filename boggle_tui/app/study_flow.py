"""The study flow: today's cards on a word list, drilled on the study screen, each review saved.

The app routes to it (the start screen's Study, the `study` action, `a` on the results); it reads the word list
and the definitions off the screen's thread, then hands the study screen a `StudySession` (game/study.py).
"""

from __future__ import annotations

from boggle_tui.app.host import Host
from boggle_tui.app.screens.start import StartScreen
from boggle_tui.app.screens.study import StudyScreen
from boggle_tui.engine import definitions
from boggle_tui.engine.alphabets import capitals
from boggle_tui.engine.dictionary import Dictionary, load_dictionary
from boggle_tui.engine.errors import BoggleError
from boggle_tui.game.languages import language_for
from boggle_tui.game.study import Card, Review, Source, StudySession
from boggle_tui.i18n import N_, _
from boggle_tui.storage import study

NO_HISTORY = N_("History is off, so there are no study cards.")


class StudyFlow:
    """Study cards: how many are due, the drills, and a word made a card by hand."""

    def __init__(self, app: Host) -> None:
        self.app = app

    def cards_due(self, dictionary: str) -> int:
        """Cards to study today on a word list: due ones, and new ones up to the day's cap."""
        return len(self._todays_cards(dictionary)) if self.app.history.enabled else 0

    def _todays_cards(self, dictionary: str) -> list[Card]:
        app = self.app
        return study.todays_queue(app.history, dictionary, app.today(), app.preferences.new_cards_per_day)

    def open(self) -> None:
        """Today's study on the chosen word list; with no history, a notice instead."""
        if not self.app.history.enabled:
            # Translators: a notice's title: the study of missed words (a noun).
            self.app.notify(_(NO_HISTORY), title=_("Study"), severity="warning")
            return
        name = self.app.preferences.dictionary
        self.app.run_worker(lambda: self._prepare(name), thread=True, exclusive=True, group="study")

    def _prepare(self, name: str) -> None:
        """The word list and the definitions, read off the screen's thread (the first time, they take a moment)."""
        app = self.app
        try:
            dictionary = app.dictionaries.get(name) or load_dictionary(name)
            definitions.load()
        except (BoggleError, OSError) as error:
            app.call_from_thread(app.notify, str(error), title=_("Cannot study"), severity="error")
            return
        app.call_from_thread(self.show, dictionary)

    def show(self, dictionary: Dictionary) -> None:
        app = self.app
        app.dictionaries[dictionary.name] = dictionary
        session = StudySession(
            self._todays_cards(dictionary.name),
            lambda card, _: study.drill_for(app.history, card, dictionary.trie, app.now, app.rng),
            self._save_review,
            wall=app.wall,
            rng=app.rng,
        )
        describe = language_for(dictionary.alphabet.code).describe  # a language with no definitions says so
        # Translators: the study screen's title, with the word list's name.
        screen = StudyScreen(session, describe, self._suspend, _("Study · {list}").format(list=dictionary.name))
        app.push_screen(screen, lambda _: self._refresh_start())

    def _save_review(self, card: Card, review: Review) -> None:
        history = self.app.history
        if not study.save_review(history, card, review) and history.notice:
            self.app.notify(history.notice, title=_("History"), severity="warning")

    def _suspend(self, card: Card) -> None:
        study.set_suspended(self.app.history, card, True)

    def _refresh_start(self) -> None:
        if isinstance(self.app.screen, StartScreen):
            self.app.screen.count_due()

    def add_card(self, word: str, dictionary: str) -> None:
        """A word the player chose on the results becomes a study card (once)."""
        app = self.app
        if not app.history.enabled:
            app.notify(_(NO_HISTORY), title=_("Study"), severity="warning")
        elif study.add_card(app.history, word, dictionary, Source.HAND, app.today()):
            app.notify(_("{word} is now a study card.").format(word=capitals(word)), title=_("Study"), timeout=4)
        else:
            app.notify(_("{word} is a study card already.").format(word=capitals(word)), title=_("Study"), timeout=4)
