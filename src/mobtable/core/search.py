"""What a game offers the generic search (:mod:`mobtable.bots.search`): its search hooks.

The search works for any game through the core contract alone: random rollouts to the end, no
guide, no evaluation. A game that knows better declares :class:`SearchHooks` on its
:class:`~mobtable.core.game.Game` (``Game.search_hooks``), built in its own package
(``games/<name>/search.py``): a faster or wiser rollout policy, a quick guide for the first
action tried at a new node, and an :class:`Evaluator` that cuts rollouts short. The search
reads only these hooks and the game's ``greedy`` bot (``Game.bots``); it never imports a game.
Every hook runs on determinized samples inside the search, never on the true state. It takes
any :class:`LeafEvaluator`: the softmax :class:`Evaluator` here, or a game's learned one
(:mod:`mobtable.core.value`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mobtable.core.actions import Action
from mobtable.core.belief import BeliefHooks
from mobtable.core.state import Seat, State

Progress = Callable[[Any], int]
"""A counter that rises as a game goes on (tricks, rounds, days)."""

MAX_ROLLOUT_STEPS = 100_000
"""A safety net: a rollout that has not ended by then counts as a draw."""


class Rollout(Protocol):
    """Plays a determinized state on: to the end, or (with ``progress``) until
    ``progress(state)`` reaches ``limit``.

    ``state`` is a :class:`~mobtable.core.state.State`; a game's own policy may take its
    concrete state class (``Any`` here, so that it may name it).
    """

    def __call__(
        self, state: Any, rng: random.Random, progress: Progress | None = None, limit: int = 0
    ) -> None: ...


QuickGuide = Callable[[State, Seat], Action | None]
"""A seat's first action to try at a new node of a sampled state, read off the state, or
``None`` to leave the decision to the game's ``greedy`` bot."""


class LeafEvaluator(Protocol):
    """What the search asks of an evaluator: where to stop a rollout, and each seat's win
    chance there.

    Attributes:
        progress: a counter that rises as the game goes on (tricks, rounds).
        horizon: stop once ``progress`` is this far past the leaf's.
    """

    @property
    def progress(self) -> Progress: ...

    @property
    def horizon(self) -> int: ...

    def win_chances(self, state: State) -> tuple[list[float], Sequence[float]]:
        """(estimated win chance per seat, each seat's score) for a position that is not
        over; the scores serve the search's ``score_weight``, the chances sum to one."""
        ...


@dataclass(frozen=True, slots=True)
class Evaluator:
    """How to cut a rollout short and score the position there: the hand-written
    :class:`LeafEvaluator` each game declares.

    Each seat's win chance is a softmax of the scores with a temperature that shrinks as the
    game runs out, ``T = base + per_left * left(state)``.

    Attributes:
        progress: a counter that rises as the game goes on (tricks, rounds).
        scores: each seat's score so far (a game may add what its hand promises).
        left: how much game is left (cards in hands, respect still to gain).
        base, per_left: the temperature ``T = base + per_left * left``.
        horizon: stop once ``progress`` is this far past the leaf's.
    """

    progress: Progress
    scores: Callable[[Any], Sequence[float]]
    left: Callable[[Any], float]
    base: float
    per_left: float
    horizon: int = 1

    def win_chances(self, state: State) -> tuple[list[float], Sequence[float]]:
        """(estimated win chance per seat, scores) for a position that is not over."""
        scores = self.scores(state)
        t = self.base + self.per_left * max(0.0, self.left(state))
        return softmax(scores, t), scores


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    """``exp(v / T)`` for each value, normalised to sum to one (each seat's win chance)."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


@dataclass(frozen=True, slots=True)
class SearchHooks:
    """The search pieces a game declares (``Game.search_hooks``); each may be missing.

    Attributes:
        playout: the rollout policy (absent: uniformly random legal actions).
        guide: the first action tried at a new node, read off the sampled state
            (absent or ``None``: the game's ``greedy`` bot's choice, if it has one).
        evaluator: cuts rollouts short and scores the position (absent: rollouts
            play to the end).
        belief: the others' observed plays and how to rewind a sample to each, for the
            opponent model of the ``expert`` level (absent: every sample equally likely).
    """

    playout: Rollout | None = None
    guide: QuickGuide | None = None
    evaluator: Evaluator | None = None
    belief: BeliefHooks | None = None


NO_HOOKS = SearchHooks()
"""A game that declares nothing: the search plays random rollouts to the end."""
