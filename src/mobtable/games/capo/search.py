"""What Capo offers the generic search (``Game.search_hooks``).

- playout: random play, but suspicions the way good players lay them (:mod:`.playout`);
- evaluator: rollouts stop after the round, and each seat is scored by its respect so far;
  the leader in respect usually wins (fitted T = 0.6, flat, on the final winners of seeded
  ``greedy`` self-play, ``benchmarks/strength.py --calibrate capo``);
- belief: the others' crew sizes and turned-up cards of this round, and each one's position
  in a sample (:mod:`.belief`), for the opponent model of the ``expert`` level.

No quick guide: the ``greedy`` bot answers a sampled state itself (``sample_guide``).
"""

from __future__ import annotations

from typing import Any

from mobtable.core.search import Evaluator, SearchHooks
from mobtable.games.capo.belief import BELIEF
from mobtable.games.capo.playout import playout


def respect_left(state: Any) -> float:
    """Respect the leader still needs to win."""
    return float(state.rules.target - max(state.respect))


EVALUATOR = Evaluator(
    progress=lambda s: s.round,
    scores=lambda s: s.respect,
    left=respect_left,
    base=0.6,
    per_left=0.0,
    horizon=1,
)

HOOKS = SearchHooks(playout=playout, evaluator=EVALUATOR, belief=BELIEF)
