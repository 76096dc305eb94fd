"""Rollout policies: how a simulation plays on from a leaf of the tree to the end.

A rollout policy (:class:`~mobtable.core.search.Rollout`) plays the determinized
``state`` on until it is over. The default plays uniformly at random, one
pending seat at a time (commit order never matters in a simultaneous step).
A game may declare a better policy among its search hooks
(``Game.search_hooks.playout``, built in its own package); the search itself
stays generic.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from mobtable.bots.base import Bot, Decision
from mobtable.core import Action, Seat, State
from mobtable.core.search import MAX_ROLLOUT_STEPS, Progress, QuickGuide, Rollout

__all__ = [
    "MAX_ROLLOUT_STEPS",
    "Guide",
    "Prior",
    "Progress",
    "Rollout",
    "bot_guide",
    "bot_ranking",
    "fast_guide",
    "policy_rollout",
    "random_rollout",
]

Guide = Callable[[State, Seat], Action]
"""An action for a seat of a determinized state (e.g. a greedy bot's choice)."""
Prior = Callable[[Decision, int], list[Action]]
"""Up to ``k`` of a decision's legal actions, most promising first."""


def random_rollout(
    state: State,
    rng: random.Random,
    progress: Progress | None = None,
    limit: int = 0,
) -> None:
    """Play uniformly random legal actions until the game is over, or (with
    ``progress``) until ``progress(state)`` reaches ``limit``."""
    rnd = rng.random
    is_over, pending, legal, apply = state.is_over, state.pending, state.legal, state.apply
    for _ in range(MAX_ROLLOUT_STEPS):
        if is_over() or (progress is not None and progress(state) >= limit):
            return
        seat = pending()[0]
        actions = legal(seat)
        apply(seat, actions[int(rnd() * len(actions))], check=False)


def policy_rollout(bot: Bot, share: float = 1.0) -> Rollout:
    """A rollout where each decision is ``bot``'s with probability ``share``, else random.

    The bot decides from a :class:`Decision` on the determinized state (a
    sampled world, so nothing real is revealed).
    """

    def run(
        state: State, rng: random.Random, progress: Progress | None = None, limit: int = 0
    ) -> None:
        rnd = rng.random
        for _ in range(MAX_ROLLOUT_STEPS):
            if state.is_over() or (progress is not None and progress(state) >= limit):
                return
            seat = state.pending()[0]
            if share >= 1.0 or rnd() < share:
                action = bot.choose(Decision(state, seat))
            else:
                actions = state.legal(seat)
                action = actions[int(rnd() * len(actions))]
            state.apply(seat, action, check=False)

    return run


@runtime_checkable
class AnswersSamples(Protocol):
    """A bot that answers some decisions of a sampled state from the state itself."""

    def sample_guide(self, state: State, seat: Seat) -> Action | None: ...


def bot_guide(bot: Bot) -> Guide:
    """A :data:`Guide` asking ``bot`` (through a :class:`Decision` on the sampled state).

    A bot may answer some decisions of a sampled state more cheaply through a
    ``sample_guide(state, seat)`` method: the very choice :meth:`Bot.choose` would
    make there, its own random draws included, or ``None`` to be asked through a view.
    """
    quick = bot.sample_guide if isinstance(bot, AnswersSamples) else None

    def choose(state: State, seat: Seat) -> Action:
        if quick is not None:
            action = quick(state, seat)
            if action is not None:
                return action
        return bot.choose(Decision(state, seat))

    return choose


def fast_guide(fast: QuickGuide, slow: Guide | None) -> Guide:
    """A game's own quick guide (``Game.search_hooks.guide``), which may
    answer ``None`` for the decisions it leaves to ``slow`` (the ``greedy`` bot)."""

    def choose(state: State, seat: Seat) -> Action:
        action = fast(state, seat)
        if action is None:
            if slow is None:
                legal = state.legal(seat)
                return legal[0]
            return slow(state, seat)
        return action

    return choose


def bot_ranking(bot: Bot) -> Prior:
    """A :data:`Prior` from a bot: its choice, then its choice without that one, and so on.

    It asks the bot on the real decision (the seat's view only), with a
    shrinking legal list.
    """

    def rank(decision: Decision, k: int) -> list[Action]:
        remaining = list(decision.legal)
        ranked: list[Action] = []
        probe = copy.copy(decision)
        while remaining and len(ranked) < k:
            probe.legal = remaining
            choice = bot.choose(probe)
            if choice not in remaining:
                break
            ranked.append(choice)
            remaining = [a for a in remaining if a != choice]
        return ranked

    return rank
