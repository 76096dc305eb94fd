"""Rollout policies: how a simulation plays on from a leaf of the tree to the end.

A rollout policy is any ``(state, rng) -> None`` that plays the determinized
``state`` on until it is over. The default plays uniformly at random, one
pending seat at a time (commit order never matters in a simultaneous step).
Games may register a better policy in :data:`ROLLOUTS` (clearly separated,
per game); the search itself stays generic.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mobtable.core import State

Rollout = Callable[[State, random.Random], None]

MAX_ROLLOUT_STEPS = 100_000
"""A safety net: a rollout that has not ended by then counts as a draw."""


def random_rollout(state: State, rng: random.Random) -> None:
    """Play uniformly random legal actions until the game is over."""
    rnd = rng.random
    is_over, pending, legal, apply = state.is_over, state.pending, state.legal, state.apply
    for _ in range(MAX_ROLLOUT_STEPS):
        if is_over():
            return
        seat = pending()[0]
        actions = legal(seat)
        apply(seat, actions[int(rnd() * len(actions))], check=False)


ROLLOUTS: dict[str, Rollout] = {}
"""Per-game rollout policies, by game name (absent: :func:`random_rollout`)."""


def rollout_for(game_name: str) -> Rollout:
    return ROLLOUTS.get(game_name, random_rollout)
