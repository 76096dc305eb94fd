"""Gangsta's learned evaluator: each seat's win chance from its points, its hand and its lead.

The features of each seat, read off the state handed over (in the search: a determinized
sample), are its points, the hand estimate of :mod:`.estimate`, its lead in points plus
estimate over the best other seat, its best trick (the tie-break), its hand's cards, trumps,
trump values and high side cards, and the points, estimate and lead again times the cards
left per seat (so their weight can change as the game runs out). The weights (``value.json``)
are fitted by ``scripts/train_evaluators.py`` (:mod:`mobtable.core.value`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mobtable.core.value import LearnedEvaluator, learned
from mobtable.games.gangsta.estimate import future_points, hand_features
from mobtable.games.gangsta.search import EVALUATOR

FEATURES = (
    "points",
    "hand estimate",
    "lead",
    "best trick",
    "cards",
    "trumps",
    "trump values",
    "side cards 8+",
    "points x left",
    "hand estimate x left",
    "lead x left",
)


def features(state: Any) -> list[list[float]]:
    """Each seat's features, in :data:`FEATURES` order."""
    hands = state.hands
    players = len(hands)
    left = sum(map(len, hands)) / players / 10.0
    points = [float(p) for p in state.scores]
    estimates = [future_points(state, seat) for seat in range(players)]
    totals = [p + e for p, e in zip(points, estimates, strict=True)]
    rows = []
    for seat in range(players):
        others = max(t for s, t in enumerate(totals) if s != seat)
        lead = totals[seat] - others
        cards, trumps, trump_values, _, high_side, _ = hand_features(state, seat)
        p, e = points[seat], estimates[seat]
        rows.append(
            [
                p,
                e,
                lead,
                float(state.best[seat]),
                cards,
                trumps,
                trump_values,
                high_side,
                p * left,
                e * left,
                lead * left,
            ]
        )
    return rows


@cache
def evaluator() -> LearnedEvaluator | None:
    """The learned evaluator, or ``None`` before ``value.json`` is trained."""
    return learned(__package__, FEATURES, features, EVALUATOR)
