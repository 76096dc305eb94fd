"""The bot protocol: a bot sees a seat's view and legal actions, never the true state.

Search bots may also draw ``determinize`` samples, which depend only on the
seat's view. A bot that decides differently when only hidden information
changes is cheating, and the fairness tests catch it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from mobtable.core import Action, Config, Game, Seat, State, View


class Decision:
    """What a bot is given when its seat must act."""

    __slots__ = ("_state", "config", "game", "legal", "seat", "view")

    def __init__(self, state: State, seat: Seat) -> None:
        self._state = state
        self.game: Game = state.game
        self.config: Config = state.config
        self.seat = seat
        self.view: View = state.view(seat)
        self.legal: Sequence[Action] = state.legal(seat)

    def determinize(self, rng: random.Random) -> State:
        """A full state drawn among those consistent with this seat's view."""
        return self._state.determinize(self.seat, rng)


class Bot(ABC):
    """A player program. ``seed`` makes its choices reproducible."""

    name: str = "bot"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, decision: Decision) -> Action:
        """One of ``decision.legal``."""

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, decision: Decision) -> Action:
        return decision.legal[self.rng.randrange(len(decision.legal))]
