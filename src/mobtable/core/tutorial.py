"""A guided first game: a fixed deal in which a guide explains each of the learner's first
decisions in the game's own words and teaches one move at each.

A game declares its :class:`Tutorial` (``Game.tutorial``; the lines live in the game's
``tutorial.py``, beside its ``words.py``). The learner sits at seat 0; the other seats are
bots of one kind, each seeded from the tutorial's seed, so as long as the learner plays the
taught moves the game unfolds the same way every time and each lesson meets the position it
was written for. A move other than the taught one is explained and not played: the learner
tries again. After the last lesson the guide says goodbye and the learner plays on freely
against the same bots.

A lesson names cards and places in the players' words; the front end adds the taught move
itself, labelled by the game's narration ("Your move: Play Irish 9 weak."), so a lesson never
spells out notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mobtable.core.actions import Action

if TYPE_CHECKING:
    from mobtable.core.game import Config, Game

LEARNER = 0
"""The learner's seat."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """What the guide says at one of the learner's decisions, and the move it teaches."""

    say: str
    """The explanation, in the game's words."""
    move: str | None = None
    """The taught move's notation (``None``: the only legal move, played for the learner)."""
    wrong: str = ""
    """What the guide says to another move before the learner tries again."""
    point: str | None = None
    """The part of the board the lesson is about (a board's ``data-role``), for the web."""

    def accepts(self, action: Action) -> bool:
        """Whether ``action`` is the move this lesson teaches (any move, if none)."""
        return self.move is None or str(action) == self.move


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game's guided first game: the table, the deal, the bots and the lessons."""

    players: int
    seed: int
    """The deal's seed (and the bots' seeds: seat ``s`` plays with ``seed + s``)."""
    names: tuple[str, ...]
    """The table's names, the learner's first (the narration says "you" to the learner)."""
    bot: str
    """The bot every other seat plays with."""
    welcome: str
    """What the guide says before the first lesson."""
    lessons: tuple[Lesson, ...]
    """One lesson per learner decision, in order, from the first."""
    farewell: str
    """What the guide says once the lessons are done and the learner plays on alone (each
    front end adds where its whole rules are: a command, a tab)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The table's options where a default would change the deal (COSCA's first day,
    which at a table people play is the day of play)."""

    def table_config(self, game: Game) -> Config:
        """The tutorial table's configuration: the same on any day."""
        return game.table_config(self.players, options=self.options)

    def lesson(self, decisions: int) -> Lesson | None:
        """The lesson for the learner's decision after ``decisions`` earlier ones."""
        return self.lessons[decisions] if decisions < len(self.lessons) else None

    def bot_seed(self, seat: int) -> int:
        return self.seed + seat
