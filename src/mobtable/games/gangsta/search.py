"""What Gangsta offers the generic search (``Game.search_hooks``).

- playout: the ``greedy``-like rollout policy read off the sampled state (:mod:`.playout`);
- guide: the same policy without noise, the first action tried at a new node;
- evaluator: rollouts stop after a trick, and each seat is scored by its points plus the
  points its hand should still win (the hand estimate of :mod:`.estimate`);
- belief: the others' trick plays and each one's position in a sample (:mod:`.belief`), for
  the opponent model of the ``expert`` level.
"""

from __future__ import annotations

from mobtable.core.search import Evaluator, SearchHooks
from mobtable.games.gangsta.belief import BELIEF
from mobtable.games.gangsta.estimate import BASE, PER_LEFT, cards_left, expected_scores
from mobtable.games.gangsta.playout import guide, playout

EVALUATOR = Evaluator(
    progress=lambda s: s.tricks,
    scores=expected_scores,
    left=cards_left,
    base=BASE,
    per_left=PER_LEFT,
    horizon=1,
)
"""Truncated rollouts stop after a trick; points plus hand value (see :mod:`.estimate`)."""

HOOKS = SearchHooks(playout=playout, guide=guide, evaluator=EVALUATOR, belief=BELIEF)
