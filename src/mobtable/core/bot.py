"""The bot protocol: a bot sees a seat's view and legal actions, never the true state.

It lives in the core because both sides build on it: a game's own bots (its ``greedy``) and
the generic bots of :mod:`mobtable.bots` (random, the search). Search bots may also draw
``determinize`` samples, which depend only on the seat's view. A bot that decides differently
when only hidden information changes is cheating, and the fairness tests catch it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mobtable.core.actions import Action
from mobtable.core.belief import Observation
from mobtable.core.state import Seat, State, View

if TYPE_CHECKING:
    from mobtable.core.game import Config, Game


class Decision:
    """What a bot is given when its seat must act.

    ``legal`` is computed at once; ``view`` only the first time a bot reads
    it (building a view is most of a random bot's cost, and many bots never
    read it). The view is that of the state when it is first read, so a
    caller must let the bot decide before the state moves on, as every
    caller in mobtable does.
    """

    __slots__ = ("_state", "_view", "legal", "seat")

    def __init__(self, state: State, seat: Seat) -> None:
        self._state = state
        self._view: View | None = None
        self.seat = seat
        self.legal: Sequence[Action] = state.legal(seat)

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def config(self) -> Config:
        return self._state.config

    @property
    def view(self) -> View:
        """Exactly what this seat may know (built on first use, then kept)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def determinize(self, rng: random.Random) -> State:
        """A full state drawn among those consistent with this seat's view."""
        return self._state.determinize(self.seat, rng)

    def observations(self) -> Sequence[Observation]:
        """The other seats' plays this seat saw, from the table's public log, as the game
        declares them (``search_hooks.belief``); empty for a game that declares none."""
        belief = self._state.game.search_hooks.belief
        return () if belief is None else belief.observations(self._state, self.seat)


class Bot(ABC):
    """A player program. ``seed`` makes its choices reproducible."""

    name: str = "bot"
    picks_from_legal: bool = False
    """True when the bot reads nothing but the legal actions and returns one of them
    (:meth:`pick`): the simulation then calls :meth:`pick` with the legal actions alone,
    without a :class:`Decision`, and applies the action without testing it again."""

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, decision: Decision) -> Action:
        """One of ``decision.legal``."""

    def pick(self, legal: Sequence[Action]) -> Action:
        """One of ``legal``, for a bot that reads nothing else (``picks_from_legal``)."""
        raise NotImplementedError(f"{type(self).__name__} decides from a Decision")

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)
