"""The guide of a guided first game at the terminal (``mobtable learn``): the lesson of
each of the learner's first decisions, in a panel above the prompt, and the word said to a
move the lesson does not teach."""

from __future__ import annotations

from rich.panel import Panel
from rich.text import Text

from mobtable.core import Action, State
from mobtable.core.narrator import Narrator
from mobtable.core.tutorial import LEARNER, Lesson, Tutorial


class Guide:
    """Follows the learner's decisions through a :class:`Tutorial`'s lessons."""

    def __init__(self, tutorial: Tutorial, words: Narrator) -> None:
        self.tutorial = tutorial
        self.words = words
        self.decisions = 0

    @property
    def lesson(self) -> Lesson | None:
        """The lesson of the learner's current decision (``None``: the lessons are over)."""
        return self.tutorial.lesson(self.decisions)

    def says(self, state: State) -> Panel | None:
        """The current lesson in a panel (``None`` after the last one)."""
        lesson = self.lesson
        if lesson is None:
            return None
        return _panel(lesson.say + self._move(state, lesson))

    def refuses(self, state: State, action: Action) -> Panel | None:
        """Why ``action`` is not this lesson's move (``None``: it is)."""
        lesson = self.lesson
        if lesson is None or lesson.accepts(action):
            return None
        return _panel(lesson.wrong + self._move(state, lesson), style="yellow")

    def moved(self) -> Panel | None:
        """The learner made the lesson's move: on to the next; the farewell after the last."""
        self.decisions += 1
        if self.decisions == len(self.tutorial.lessons):
            rules = f"The whole rules are in 'mobtable rules {self.words.game.name}'."
            return _panel(f"{self.tutorial.farewell} {rules}")
        return None

    def _move(self, state: State, lesson: Lesson) -> str:
        """The taught move in the narration's words, as the lesson's last line."""
        if lesson.move is None:
            return ""
        action = state.game.parse_action(lesson.move, state.config)
        short = self.words.shorthand(state, LEARNER, action)
        typed = f" (type {short})" if short else ""
        return f"\nYour move: {self.words.action(state, LEARNER, action)}{typed}."


def welcome(tutorial: Tutorial) -> Panel:
    return _panel(tutorial.welcome)


def _panel(text: str, style: str = "cyan") -> Panel:
    return Panel(Text(text), title="Guide", title_align="left", border_style=style)
