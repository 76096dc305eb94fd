"""What the opponent models' fitting scripts share: seeded ``hard`` games and a conditional
logit (``fit_capo_plays.py``, ``fit_capo_suspicions.py``).

- :func:`hard_decisions`: seeded ``hard`` line-ups with an iteration budget per move
  (reproducible: the same seed plays the same games), each decision handed to ``record``
  before it is played; returns what ``record`` kept, game by game.
- :func:`log_loss` and :func:`fit`: a conditional logit, where option ``i`` of a decision
  has utility ``w . rows[i]`` and the choice is drawn by the softmax over its options; fitted
  by L-BFGS (scipy) with a small ridge.
- :func:`split`: the games whose index is a multiple of ``HOLD_OUT`` are held out.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np
from scipy.optimize import minimize

from mobtable import games
from mobtable.bots import Decision, make
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.core import Action, State

HOLD_OUT = 5
RIDGE = 1e-3

Choice = tuple[np.ndarray, int]
"""One decision: each option's features (rows) and the row chosen."""
T = TypeVar("T")


def hard_decisions(
    name: str,
    table_sizes: Sequence[int],
    count: int,
    iterations: int,
    seed: int,
    record: Callable[[State, int, Action], T | None],
) -> list[list[T]]:
    """``count`` games of ``hard`` (table sizes in turn); ``record(state, seat, action)`` at
    every decision, before ``action`` is applied; what it returns (not ``None``) is kept."""
    game = games.get(name)
    out = []
    for index in range(count):
        players = table_sizes[index % len(table_sizes)]
        state: Any = game.new_state(game.config(players), seed=seed * 100_003 + index)
        state.silent = True
        bots = [make("hard", name, seed=(seed * 100_003 + index) * 10 + s) for s in range(players)]
        for bot in bots:
            assert isinstance(bot, ISMCTSBot)
            bot.budget = Budget(iterations=iterations)
        kept: list[T] = []
        while not state.is_over():
            seat = state.pending()[0]
            action = bots[seat].choose(Decision(state, seat))
            found = record(state, seat, action)
            if found is not None:
                kept.append(found)
            state.apply(seat, action)
        out.append(kept)
    return out


def split(played: list[list[T]]) -> tuple[list[T], list[T]]:
    """(training, held-out) decisions: every ``HOLD_OUT``-th game is held out."""
    train = [d for i, g in enumerate(played) if i % HOLD_OUT for d in g]
    held = [d for i, g in enumerate(played) if not i % HOLD_OUT for d in g]
    return train, held


def log_loss(w: np.ndarray, data: Sequence[Choice]) -> float:
    """The mean negative log-likelihood of the choices under the logit with weights ``w``."""
    total = 0.0
    for rows, choice in data:
        u = rows @ w
        top = u.max()
        total -= u[choice] - top - math.log(np.exp(u - top).sum())
    return total / len(data)


def fit(train: Sequence[Choice], features: int) -> np.ndarray:
    """The weights minimising the training log-loss plus ``RIDGE`` times their square."""
    found = minimize(
        lambda w: log_loss(w, train) + RIDGE * float(w @ w),
        np.zeros(features),
        method="L-BFGS-B",
    )
    return np.asarray(found.x)


def uniform_loss(data: Sequence[Choice]) -> float:
    """The log-loss of a uniform choice among each decision's options."""
    return float(np.mean([math.log(len(rows)) for rows, _ in data]))


def likeliest(w: np.ndarray, data: Sequence[Choice]) -> float:
    """How often the logit's likeliest option is the one chosen."""
    return float(np.mean([np.argmax(rows @ w) == choice for rows, choice in data]))
