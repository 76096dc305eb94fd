"""What a Gangsta position promises each seat: points so far plus what its hand should still win.

A truncated search rollout stops after a trick and scores the sampled
position. Points alone make a trick won with a trump look free; the trump was
worth future tricks. So each seat's hand is valued too, by a linear estimate
of the points it will still score, fitted by least squares on 13,045 hands at
trick boundaries of 300 seeded ``greedy`` self-play games (4 players):

    future points = w0 + w . (cards, trumps, trump values, trumps of 7+,
                              side cards of 8+, sum of values)

(``python benchmarks/fit_gangsta_hands.py`` refits the weights and the
temperature). An empty hand will score nothing more. The estimate reads only
the state it is given (in the search: a determinized sample).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

HIGH_TRUMP = 7
HIGH_SIDE = 8

FEATURES = ("cards", "trumps", "trump values", "trumps 7+", "side cards 8+", "values")
WEIGHTS = (-2.148, -0.341, 3.583, 0.078, 2.633, 0.709, 0.290)
"""The intercept, then one weight per feature in :data:`FEATURES` order."""

BASE, PER_LEFT = 5.0, 0.15
"""Temperature of the win-chance softmax: ``T = BASE + PER_LEFT * cards in hands``."""


def hand_features(state: Any, seat: int) -> list[float]:
    """The features of ``seat``'s hand, in :data:`FEATURES` order."""
    cards = state.cards
    value, mafia = cards.value, cards.mafia
    trump = state.trump_mafia
    hand = state.hands[seat]
    trumps = trump_values = high_trumps = high_side = values = 0
    for card in hand:
        v = value[card]
        values += v
        if mafia[card] == trump:
            trumps += 1
            trump_values += v
            if v >= HIGH_TRUMP:
                high_trumps += 1
        elif v >= HIGH_SIDE:
            high_side += 1
    return [
        float(len(hand)),
        float(trumps),
        float(trump_values),
        float(high_trumps),
        float(high_side),
        float(values),
    ]


def future_points(state: Any, seat: int, weights: Sequence[float] = WEIGHTS) -> float:
    """The points ``seat``'s hand should still score (0 for an empty hand).

    The weighted features are added one by one in :data:`FEATURES` order, then the
    intercept (plain additions in a fixed order: the same bits on every machine)."""
    if not state.hands[seat]:
        return 0.0
    return points_of(hand_features(state, seat), weights)


def points_of(features: Sequence[float], weights: Sequence[float] = WEIGHTS) -> float:
    """:func:`future_points` of a non-empty hand's :func:`hand_features`."""
    linear = 0.0
    for i in range(len(features)):
        linear += weights[i + 1] * features[i]
    linear = weights[0] + linear
    return linear if linear > 0.0 else 0.0  # a weak hand scores little, never less than nothing


def expected_scores(state: Any) -> list[float]:
    """Each seat's points so far plus its hand's expected future points."""
    return [score + future_points(state, seat) for seat, score in enumerate(state.scores)]


def cards_left(state: Any) -> float:
    return float(sum(map(len, state.hands)))
