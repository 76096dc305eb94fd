"""The searching seat valued by the learned model, the others by the hand evaluator."""

from __future__ import annotations

import pytest

from mobtable.bots.search.evaluate import SeatEvaluators
from mobtable.bots.search.learned import learned_evaluator

from .test_evaluate import evaluator_for, position


@pytest.mark.parametrize("seat", range(4))
def test_the_seat_gets_the_learned_chance_and_the_others_the_hand_s(seat: int) -> None:
    state = position("gangsta", 40)
    hand = evaluator_for("gangsta")
    learned = learned_evaluator("gangsta")
    assert learned is not None
    mixed = SeatEvaluators(learned, hand, seat)
    chances, scores = mixed.win_chances(state)
    own, own_scores = learned.win_chances(state)
    others, _ = hand.win_chances(state)
    assert chances[seat] == own[seat]
    assert [c for s, c in enumerate(chances) if s != seat] == [
        c for s, c in enumerate(others) if s != seat
    ]
    assert list(scores) == list(own_scores)
    assert own != others  # the two models disagree here, so the mix is a real mix


def test_rollouts_stop_where_the_seat_s_evaluator_stops_them() -> None:
    learned = learned_evaluator("gangsta")
    assert learned is not None
    mixed = SeatEvaluators(learned, evaluator_for("gangsta"), 0)
    assert mixed.progress is learned.progress and mixed.horizon == learned.horizon
