"""Truncated rollouts: play a few steps on, then score the position without finishing it.

A random rollout to the end of a long game is slow (most of an iteration's
cost) and noisy. With an :class:`Evaluator` registered for a game, a rollout
stops once the game's ``progress`` counter has moved ``horizon`` steps past
the leaf (Gangsta: tricks; Capo: rounds) and the position is scored from the
sampled state's scores: each seat's win chance is a softmax of the scores
with a temperature that shrinks as the game runs out,

    P(seat wins) = exp(score / T) / sum over seats of exp(score / T),
    T = base + per_left * left(state)

with ``base`` and ``per_left`` fitted by maximum likelihood on the final
winners of seeded ``greedy`` self-play games (150 games per game,
``benchmarks/strength.py --calibrate GAME``). An evaluator reads only the
determinized state handed to the search: a sample, never the true state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import State


@dataclass(frozen=True, slots=True)
class Evaluator:
    """How to cut a rollout short and score the position there.

    Attributes:
        progress: a counter that rises as the game goes on (tricks, rounds).
        scores: each seat's score so far.
        left: how much game is left (cards in hands, respect still to gain).
        base, per_left: the temperature ``T = base + per_left * left``.
        horizon: stop once ``progress`` is this far past the leaf's.
    """

    progress: Callable[[Any], int]
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


def winners_log_likelihood(
    values: Sequence[float], temperature: float, winners: Sequence[int]
) -> float:
    """How well :func:`softmax` predicted the real winners (a shared win split evenly)."""
    chances = softmax(values, temperature)
    return sum(math.log(chances[w]) for w in winners) / len(winners)


def _capo_left(state: Any) -> float:
    return state.rules.target - max(state.respect)


COSCA_RESOURCE_WORTH = 10
"""Resource value (money 1, weapons 3) worth one loyal mobster in COSCA's evaluation."""


def _cosca_scores(state: Any) -> list[float]:
    from mobtable.games.cosca.scoring import resource_value

    return [
        state.loyal_count(seat) + resource_value(state, seat) / COSCA_RESOURCE_WORTH
        for seat in range(state.players)
    ]


def _cosca_left(state: Any) -> float:
    from mobtable.games.cosca.model import ROUNDS

    return ROUNDS - state.round


EVALUATORS: dict[str, Evaluator] = {
    # Capo: respect so far; the leader in respect usually wins (fitted T = 0.6, flat).
    "capo": Evaluator(
        progress=lambda s: s.round,
        scores=lambda s: s.respect,
        left=_capo_left,
        base=0.6,
        per_left=0.0,
        horizon=1,
    ),
    # COSCA: loyal mobsters so far, resources a tenth of one each; cut after the day
    # (fitted T = 1.0 + 0.3 per day left; log-likelihood -1.166, uniform -1.386).
    "cosca": Evaluator(
        progress=lambda s: s.round,
        scores=_cosca_scores,
        left=_cosca_left,
        base=1.0,
        per_left=0.3,
        horizon=1,
    ),
}
"""Evaluators registered here, by game name; a game may also offer its own
(``EVALUATOR`` in its ``bots.py``: Gangsta's values hands as well as points)."""


def evaluator_for(game_name: str) -> Evaluator | None:
    """The registered evaluator, else the game's own, else ``None`` (full rollouts)."""
    if game_name in EVALUATORS:
        return EVALUATORS[game_name]
    from mobtable.bots import game_offer

    return game_offer(game_name, "EVALUATOR")


def evaluation_rewards(
    evaluator: Evaluator, state: State, score_weight: float
) -> tuple[list[float], list[float]]:
    """(search rewards, win estimates) per seat, shaped like the terminal rewards."""
    win, scores = evaluator.win_chances(state)
    if score_weight == 0.0:
        return win, win
    keep = 1.0 - score_weight
    low, high = min(scores), max(scores)
    if high == low:
        return [keep * w + score_weight * 0.5 for w in win], win
    scale = score_weight / (high - low)
    return [keep * w + scale * (x - low) for w, x in zip(win, scores, strict=True)], win
