"""Truncated rollouts: play a few steps on, then score the position without finishing it.

A random rollout to the end of a long game is slow (most of an iteration's
cost) and noisy. With an :class:`~mobtable.core.search.Evaluator` among a
game's search hooks (``Game.search_hooks.evaluator``), a rollout stops once
the game's ``progress`` counter has moved ``horizon`` steps past the leaf
(Gangsta: tricks; Capo: rounds; COSCA: days) and the position is scored from
the sampled state's scores: each seat's win chance is a softmax of the
scores with a temperature that shrinks as the game runs out,

    P(seat wins) = exp(score / T) / sum over seats of exp(score / T),
    T = base + per_left * left(state)

with ``base`` and ``per_left`` fitted by maximum likelihood on the final
winners of seeded ``greedy`` self-play games (150 games per game,
``benchmarks/strength.py --calibrate GAME``). Each game's evaluator lives in
its own package (``games/<name>/search.py``); an evaluator reads only the
determinized state handed to the search: a sample, never the true state.

The search takes any :class:`~mobtable.core.search.LeafEvaluator` (``progress``,
``horizon``, ``win_chances``): this softmax, or a game's learned evaluator
(:mod:`mobtable.bots.search.learned`), a small model fitted on self-play.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from mobtable.core import State
from mobtable.core.search import Evaluator, LeafEvaluator, Progress, softmax

__all__ = [
    "Evaluator",
    "LeafEvaluator",
    "Reach",
    "evaluation_rewards",
    "softmax",
    "winners_log_likelihood",
]


@dataclass(frozen=True, slots=True)
class Reach:
    """``evaluator`` with rollouts stopped ``horizon`` steps of its progress past the leaf
    instead of at its own horizon (0: the leaf itself is scored)."""

    evaluator: LeafEvaluator
    horizon: int

    def __post_init__(self) -> None:
        if self.horizon < 0:
            raise ValueError(f"a horizon is a number of steps, 0 or more, not {self.horizon}")

    @property
    def progress(self) -> Progress:
        return self.evaluator.progress

    def win_chances(self, state: State) -> tuple[list[float], Sequence[float]]:
        return self.evaluator.win_chances(state)


def winners_log_likelihood(
    values: Sequence[float], temperature: float, winners: Sequence[int]
) -> float:
    """How well :func:`softmax` predicted the real winners (a shared win split evenly)."""
    chances = softmax(values, temperature)
    return sum(math.log(chances[w]) for w in winners) / len(winners)


def evaluation_rewards(
    evaluator: LeafEvaluator, state: State, score_weight: float
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
