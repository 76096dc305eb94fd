"""The ``ismcts`` bot: a :class:`~mobtable.bots.base.Bot` that searches."""

from __future__ import annotations

import random
from typing import ClassVar

from mobtable.bots.base import Bot, Decision
from mobtable.bots.search.budget import Budget
from mobtable.bots.search.ismcts import SearchResult, search
from mobtable.bots.search.rollout import rollout_for
from mobtable.bots.search.tree import Selection
from mobtable.core import Action

DEFAULT_BUDGET = Budget(seconds=0.5)


class ISMCTSBot(Bot):
    """Information-set MCTS within a budget (default: 0.5 s of thinking per move).

    Args:
        seed: makes the bot reproducible (exactly so with an iteration-only budget).
        budget: overrides the class's :attr:`budget`.
        params: overrides the class's selection parameters.

    Example:
        >>> bot = ISMCTSBot(seed=1, budget=Budget(iterations=200))
        >>> bot.budget
        Budget(iterations=200, seconds=None)
    """

    name = "ismcts"
    budget: Budget = DEFAULT_BUDGET
    params: ClassVar[Selection] = Selection()

    def __init__(
        self,
        *,
        seed: int | None = None,
        budget: Budget | None = None,
        params: Selection | None = None,
    ) -> None:
        super().__init__(seed=seed)
        if budget is not None:
            self.budget = budget
        if params is not None:
            self.params = params  # type: ignore[misc]
        self.last: SearchResult | None = None

    def search(self, decision: Decision) -> SearchResult:
        """Search and return the full statistics (what :meth:`choose` picks from)."""
        rng = random.Random(self.rng.getrandbits(64))
        rollout = rollout_for(decision.game.name)
        self.last = search(decision, self.budget, rng, params=self.params, rollout=rollout)
        return self.last

    def choose(self, decision: Decision) -> Action:
        return self.search(decision).action
