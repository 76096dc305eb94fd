"""Capo's learned evaluator: each seat's win chance from its respect, its lead and its hand.

The features of each seat, read off the state handed over (in the search: a determinized
sample), are its respect, its lead in respect over the best other seat, its hand's cards and
their stars, and the respect and lead again times the respect the leader still needs. The
weights (``value.json``) are fitted by ``scripts/train_evaluators.py`` (:mod:`mobtable.core.value`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from mobtable.core.value import LearnedEvaluator, learned
from mobtable.games.capo.search import EVALUATOR

if TYPE_CHECKING:
    from mobtable.games.capo.state import CapoState

FEATURES = (
    "respect",
    "lead",
    "cards",
    "stars",
    "respect x leader needs",
    "lead x leader needs",
)


def features(state: CapoState) -> list[list[float]]:
    """Each seat's features, in :data:`FEATURES` order."""
    respect = state.respect
    *_, runner, top = sorted(respect)
    left = (state.rules.target - top) / 5.0
    stars = state.cards.net_stars
    rows = []
    for seat, mine in enumerate(respect):
        lead = float(mine - (runner if mine == top else top))
        hand = state.hands[seat]
        rows.append(
            [
                float(mine),
                lead,
                float(len(hand)),
                float(sum([stars[card] for card in hand])),
                mine * left,
                lead * left,
            ]
        )
    return rows


@cache
def evaluator() -> LearnedEvaluator | None:
    """The learned evaluator, or ``None`` before ``value.json`` is trained."""
    return learned(__package__, FEATURES, features, EVALUATOR)
