"""The ``quick`` bot: a capped search for large simulation runs.

ISMCTS (:class:`~mobtable.bots.search.ISMCTSBot`) with a small fixed budget of
:data:`QUICK` iterations, so its cost per move is bounded and a seeded game is the same on
any machine: the time cap of one second is only a guard (30 iterations take a few hundredths
of a second) and the move time a server pads its moves to, so how fast it answers tells
nobody what it holds. It uses what the game declares for the search
(``Game.search_hooks``: its playout policy, quick guide and evaluator, which cuts each rollout
short after a round) like ``medium`` does, with a tenth of its iterations. Its speed beside
``random``, ``greedy`` and ``medium``, and its strength against ``greedy``, are in
docs/bots.md (``benchmarks/lab_speed.py bots``).
"""

from __future__ import annotations

from mobtable.bots.search import Budget, ISMCTSBot

QUICK = Budget(iterations=30, seconds=1.0)
"""Iterations per move: a tenth of ``medium``'s 300; the time cap is only a guard."""


class QuickBot(ISMCTSBot):
    """ISMCTS with the :data:`QUICK` budget."""

    name = "quick"
    description = (
        "Tries out a few dozen games in its head before each move: a fast, capped search "
        "for large simulations."
    )
    budget = QUICK
