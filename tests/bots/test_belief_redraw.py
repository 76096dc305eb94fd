"""The opponent model reads Gangsta's redraw decisions: who kept a hand, who redrew."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from bots.test_belief import played
from mobtable.bots import Decision
from mobtable.bots.search.belief import Belief, BeliefParams
from mobtable.games.gangsta.actions import Keep, Redraw
from mobtable.games.gangsta.belief import BELIEF, KEEP_RATE, _redraw_ways, evidence
from mobtable.games.gangsta.playout import guide
from mobtable.games.gangsta.redraw import HIGH_CARD

BIG = BeliefParams(pool=300)
REDRAWN = {3: 1, 4: 2, 16: 3}
"""Deals (seed -> seat) where one other seat than seat 0 redrew, under ``greedy``."""


def _dealt(decision: Decision, seed: int) -> Any:
    return decision.determinize(random.Random(seed))


def _high(state: Any, hand: list[int]) -> int:
    return sum(1 for c in hand if state.cards.value[c] > HIGH_CARD)


def test_a_redraw_is_explained_by_the_sets_of_three_cards_it_may_have_drawn() -> None:
    """A hand of 12 with 0-5 cards above 7: every set of three, then fewer, then none."""
    assert [_redraw_ways(12, high) for high in range(6)] == [220, 220, 100, 28, 4, 0]


def test_nothing_is_read_before_another_seat_decides() -> None:
    state = played(4, 3, 0)
    assert evidence(state, 0) is None
    assert Decision(state, state.pending()[0]).evidence() is None


@pytest.mark.parametrize(("seed", "redrawer"), sorted(REDRAWN.items()))
def test_a_seat_that_redrew_is_dealt_fewer_cards_above_7(seed: int, redrawer: int) -> None:
    """The weighted pool deals the redrawer fewer high cards than plain deals do, never
    five or more (it kept at most one and drew three), and the true hand is possible."""
    state: Any = played(4, seed, 4)
    assert type(state.history[redrawer][1]) is Redraw
    weigh = evidence(state, 0)
    assert weigh is not None and weigh(state) > -math.inf
    decision = Decision(state, 0)
    pool = Belief(decision, BELIEF, guide, random.Random(seed), BIG)
    highs = [_high(state, _dealt(decision, s).hands[redrawer]) for s in pool.seeds]
    plain = sum(highs) / len(highs)
    read = sum(h * w for h, w in zip(highs, pool.weights, strict=True))
    assert read < plain - 0.5
    assert all(w == 0.0 for h, w in zip(highs, pool.weights, strict=True) if h >= 5)
    assert any(h >= 5 for h in highs)  # plain deals do give it five


def test_a_seat_that_kept_a_hand_it_could_redraw_explains_it_by_the_noise() -> None:
    """A keeper's sample hand with fewer than two cards above 7 (it was allowed to redraw)
    is weighed by how rarely such a hand is kept; a hand of two or more, not at all."""
    state: Any = played(4, 3, 4)
    keeper = 2
    weigh = evidence(state, 0)
    assert weigh is not None
    sample = state.determinize(0, random.Random(1))
    value, hands = state.cards.value, sample.hands
    by_value = {v: [c for c in range(len(value)) if value[c] == v] for v in range(2, 10)}
    lowest_three = [by_value[2][0], by_value[3][0], by_value[4][0]]
    for hand, expected in (
        (lowest_three + by_value[5] + by_value[6][:1], math.log(KEEP_RATE)),  # none above 7
        (  # one above 7
            lowest_three[:2] + by_value[4][:2] + by_value[5][:7] + by_value[9][:1],
            math.log(KEEP_RATE),
        ),
        (lowest_three + by_value[7][:6] + by_value[9][:3], 0.0),  # three above 7
    ):
        free = [c for c in range(len(value)) if c not in hand]
        others = [s for s in range(4) if s != keeper]
        pool = iter(free)
        for s in others:
            hands[s] = [next(pool) for _ in hands[s]]
        hands[keeper] = hand
        alone = weigh(sample)
        without = evidence(_without(state, keeper), 0)
        assert without is not None
        assert alone - without(sample) == pytest.approx(expected)


def _without(state: Any, seat: int) -> Any:
    """``state`` as if ``seat``'s redraw decision were not in the log."""
    other = state.sample_copy()
    other.history = [(s, a) for s, a in state.history if s != seat or type(a) not in (Keep, Redraw)]
    return other


@pytest.mark.parametrize(("seed", "redrawer"), sorted(REDRAWN.items()))
def test_which_cards_a_seat_put_back_is_not_read(seed: int, redrawer: int) -> None:
    """Two logs that differ only in a redraw's cards (private, G-04) weigh every sample
    alike, as do two true states the seat cannot tell apart."""
    state: Any = played(4, seed, 4)
    forged = state.sample_copy()
    forged.history = list(state.history)
    ids = tuple(sorted(state.hands[0][:3]))  # cards the redrawer surely did not put back
    at = next(i for i, (s, a) in enumerate(state.history) if s == redrawer and type(a) is Redraw)
    forged.history[at] = (redrawer, Redraw(tuple(state.cards.cards[c] for c in ids)))
    assert forged.history[at] != state.history[at]
    twin = state.determinize(0, random.Random(9))
    twin.history = list(state.history)
    weights = [evidence(s, 0) for s in (state, forged, twin)]
    for seed_ in range(20):
        sample = state.determinize(0, random.Random(seed_))
        first, *rest = (w(sample) for w in weights if w is not None)
        assert rest == [first, first]
