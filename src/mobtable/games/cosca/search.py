"""What COSCA offers the generic search (``Game.search_hooks``).

- playout: the search's random rollout played straight through the rules (:mod:`.playout`:
  the same actions from the same draws, without the contract's calls);
- guide: the ``greedy`` bot's choices read off the sampled state (:mod:`.playout`);
- evaluator: rollouts stop after the day, and each seat is scored by its loyal mobsters, its
  resources worth a tenth of one each (fitted T = 1.0 + 0.3 per day left on the final winners
  of seeded ``greedy`` self-play, ``benchmarks/strength.py --calibrate cosca``: log-likelihood
  -1.166, uniform -1.386).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobtable.core.search import Evaluator, SearchHooks
from mobtable.games.cosca.model import ROUNDS
from mobtable.games.cosca.playout import guide, playout
from mobtable.games.cosca.scoring import resource_value

if TYPE_CHECKING:
    from mobtable.games.cosca.state import CoscaState

RESOURCE_WORTH = 10
"""Resource value (money 1, weapons 3) worth one loyal mobster in the evaluation."""


def scores(state: CoscaState) -> list[float]:
    """Each seat's loyal mobsters, plus its resources at a tenth of a mobster per 10."""
    return [
        state.loyal_count(seat) + resource_value(state, seat) / RESOURCE_WORTH
        for seat in range(state.players)
    ]


def days_left(state: CoscaState) -> int:
    return ROUNDS - state.round


EVALUATOR = Evaluator(
    progress=lambda s: s.round,
    scores=scores,
    left=days_left,
    base=1.0,
    per_left=0.3,
    horizon=1,
)

HOOKS = SearchHooks(playout=playout, guide=guide, evaluator=EVALUATOR)
