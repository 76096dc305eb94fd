"""The learned evaluators: where the search finds a game's value model, if it ships one.

A game that ships one has a ``value`` module in its package (``games/<name>/value.py``, the
features, and ``value.json``, the weights fitted on self-play by
``scripts/train_evaluators.py``), whose ``evaluator()`` gives a
:class:`~mobtable.core.value.LearnedEvaluator`; like the lab's ``metrics`` hooks, the module is
found by name through the registry, so ``bots/`` imports no game. The existing levels keep the
game's hand-written evaluator; a bot opts in with ``ISMCTSBot(learned=True)``.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from mobtable import games
from mobtable.core.search import LeafEvaluator

__all__ = ["learned_evaluator", "value_module"]


@cache
def value_module(game_name: str) -> ModuleType | None:
    """The game's ``value`` module (its features and weights), or ``None``."""
    return games.part_of(game_name, "value")


def learned_evaluator(game_name: str) -> LeafEvaluator | None:
    """The game's learned evaluator, or ``None`` if it ships no trained model."""
    module = value_module(game_name)
    if module is None:
        return None
    evaluator: LeafEvaluator | None = module.evaluator()
    return evaluator
