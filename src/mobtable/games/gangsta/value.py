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
from mobtable.games.gangsta.estimate import FEATURES as ESTIMATE_FEATURES
from mobtable.games.gangsta.estimate import hand_features, points_of
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
    return read(state)[0]


def read(state: Any) -> tuple[list[list[float]], list[float]]:
    """Each seat's features and its points plus hand estimate (the hand evaluator's score,
    :func:`.estimate.expected_scores`, which the features compute on the way: each hand is
    read once a leaf)."""
    hands = state.hands
    players = len(hands)
    left = sum(map(len, hands)) / players / 10.0
    hand = [hand_features(state, seat) if hands[seat] else None for seat in range(players)]
    estimates = [0.0 if h is None else points_of(h) for h in hand]
    points = state.scores
    totals = [p + e for p, e in zip(points, estimates, strict=True)]
    *_, runner, top = sorted(totals)
    best = state.best
    rows = []
    for seat in range(players):
        total = totals[seat]
        lead = total - (runner if total == top else top)
        p, e = float(points[seat]), estimates[seat]
        h = hand[seat] or NO_HAND
        rows.append(
            [p, e, lead, float(best[seat]), h[0], h[1], h[2], h[4], p * left, e * left, lead * left]
        )
    return rows, totals


NO_HAND = [0.0] * len(ESTIMATE_FEATURES)


@cache
def evaluator() -> LearnedEvaluator | None:
    """The learned evaluator, or ``None`` before ``value.json`` is trained."""
    return learned(__package__, FEATURES, features, EVALUATOR, read)
