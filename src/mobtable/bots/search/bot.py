"""The ``ismcts`` bot: a :class:`~mobtable.bots.base.Bot` that searches."""

from __future__ import annotations

import random

from mobtable.bots.base import Bot, Decision
from mobtable.bots.search.belief import BeliefParams, OpponentModel
from mobtable.bots.search.budget import Budget
from mobtable.bots.search.evaluate import Reach
from mobtable.bots.search.ismcts import SearchResult, search
from mobtable.bots.search.learned import learned_evaluator
from mobtable.bots.search.rollout import (
    bot_guide,
    bot_ranking,
    fast_guide,
    policy_rollout,
    random_rollout,
)
from mobtable.bots.search.tree import Selection
from mobtable.core import Action, Game
from mobtable.core.search import LeafEvaluator

DEFAULT_BUDGET = Budget(seconds=0.5)


class ISMCTSBot(Bot):
    """Information-set MCTS within a budget (default: 0.5 s of thinking per move).

    It takes what the game declares for the search (``Game.search_hooks``: playout,
    quick guide, evaluator) and the game's ``greedy`` bot (``Game.bots``) — with ``learned``,
    the game's learned evaluator (:mod:`~mobtable.bots.search.learned`) — and nothing else
    of the game.

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
    params: Selection = Selection()
    guided: bool = True
    """Let the game's quick guide, else its ``greedy`` bot, choose the first action tried at
    each new node."""
    rollout_share: float = 0.0
    """Share of rollout decisions taken by the game's ``greedy`` bot (the rest: random)."""
    truncate: bool = True
    """Cut rollouts short and score the position with the game's evaluator, if it has one."""
    playout: bool = True
    """Roll out with the game's own policy (``search_hooks.playout``), if it has one; else at
    random."""
    belief: BeliefParams | None = None
    """Weight determinizations by the others' observed plays (:mod:`.belief`), in a game
    that declares ``search_hooks.belief``, and roll out with its ``playout`` where it has one;
    ``None``: every sample equally likely."""
    learned: bool = False
    """Score truncated rollouts with the game's learned evaluator
    (:func:`~mobtable.bots.search.learned.learned_evaluator`) where it ships one, instead of
    its hand-written one."""
    horizon: int | None = None
    """Stop truncated rollouts this many steps of the game's progress past the leaf instead of
    at its evaluator's own ``horizon`` (0: score the leaf itself); ``None``: the evaluator's."""

    keep_tree: bool = False
    """Keep each search's tree in :attr:`last` (for analysis; a tree is large)."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        budget: Budget | None = None,
        params: Selection | None = None,
        guided: bool | None = None,
        rollout_share: float | None = None,
        truncate: bool | None = None,
        playout: bool | None = None,
        belief: BeliefParams | None = None,
        learned: bool | None = None,
        horizon: int | None = None,
    ) -> None:
        super().__init__(seed=seed)
        if budget is not None:
            self.budget = budget
        if params is not None:
            self.params = params
        if guided is not None:
            self.guided = guided
        if rollout_share is not None:
            self.rollout_share = rollout_share
        if truncate is not None:
            self.truncate = truncate
        if playout is not None:
            self.playout = playout
        if belief is not None:
            self.belief = belief
        if learned is not None:
            self.learned = learned
        if horizon is not None:
            self.horizon = horizon
        self.last: SearchResult | None = None

    def search(self, decision: Decision) -> SearchResult:
        """Search and return the full statistics (what :meth:`choose` picks from)."""
        rng = random.Random(self.rng.getrandbits(64))
        game = decision.game
        hooks = game.search_hooks
        greedy = greedy_for(game, rng.getrandbits(64))
        guide = bot_guide(greedy) if self.guided and greedy is not None else None
        quick = hooks.guide if self.guided else None
        if quick is not None:
            guide = fast_guide(quick, guide)
        rollout = random_rollout
        if self.playout and hooks.playout is not None:
            rollout = hooks.playout
        if self.rollout_share > 0 and greedy is not None:
            rollout = policy_rollout(greedy, self.rollout_share)
        prior = bot_ranking(greedy) if greedy is not None else None
        evaluator: LeafEvaluator | None = hooks.evaluator if self.truncate else None
        if self.learned and evaluator is not None:
            evaluator = learned_evaluator(game.name) or evaluator
        if self.horizon is not None and evaluator is not None:
            evaluator = Reach(evaluator, self.horizon)
        model = None
        if self.belief is not None and hooks.belief is not None:
            policy = hooks.guide
            if policy is None and greedy is not None:
                policy = bot_guide(greedy_for(game, rng.getrandbits(64)) or greedy)
            if policy is not None:
                model = OpponentModel(hooks.belief, policy, self.belief)
            if self.playout and hooks.belief.playout is not None and self.rollout_share <= 0:
                rollout = hooks.belief.playout
        self.last = search(
            decision,
            self.budget,
            rng,
            params=self.params,
            rollout=rollout,
            guide=guide,
            prior=prior,
            evaluator=evaluator,
            belief=model,
            keep_tree=self.keep_tree,
        )
        return self.last

    def choose(self, decision: Decision) -> Action:
        return self.search(decision).action


def greedy_for(game: Game, seed: int) -> Bot | None:
    """The game's own ``greedy`` bot, seeded, or ``None`` if it has none."""
    cls = game.bots.get("greedy")
    return None if cls is None else cls(seed=seed)
