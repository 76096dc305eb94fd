"""Truncated rollouts and per-game evaluations (Gangsta, Capo)."""

from __future__ import annotations

import random

import pytest

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search.evaluate import evaluation_rewards
from mobtable.bots.search.rollout import random_rollout
from mobtable.core import Evaluator, State

PLAYERS = {"gangsta": 4, "capo": 5}


def evaluator_for(name: str) -> Evaluator:
    evaluator = games.get(name).search_hooks.evaluator
    assert evaluator is not None, f"{name} declares no evaluator"
    return evaluator


def position(name: str, steps: int, seed: int = 3) -> State:
    """A state after ``steps`` seeded random actions, with a decision of several actions."""
    game = games.get(name)
    state = game.new_state(game.config(PLAYERS[name]), seed=seed)
    rng = random.Random(seed)
    done = 0
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal(seat)
        if done >= steps and len(legal) > 1:
            return state
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        done += 1
    raise AssertionError("the game ended before the position")


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_truncated_rollout_stops_when_the_game_has_progressed_by_the_horizon(
    name: str,
) -> None:
    evaluator = evaluator_for(name)
    state = position(name, 10)
    start = evaluator.progress(state)
    random_rollout(state, random.Random(1), evaluator.progress, start + 1)
    assert not state.is_over()
    assert evaluator.progress(state) == start + 1


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_the_evaluation_favours_the_leader_and_its_win_chances_sum_to_one(name: str) -> None:
    evaluator = evaluator_for(name)
    state = position(name, 30)
    scores = list(evaluator.scores(state))
    win, _ = evaluator.win_chances(state)
    assert sum(win) == pytest.approx(1.0)
    leader = max(range(len(scores)), key=scores.__getitem__)
    trailer = min(range(len(scores)), key=scores.__getitem__)
    if scores[leader] > scores[trailer]:
        assert win[leader] > win[trailer]
    reward, estimate = evaluation_rewards(evaluator, state, 0.25)
    assert estimate == win and all(0.0 <= r <= 1.0 for r in reward)


def test_the_same_gangsta_lead_is_worth_more_when_fewer_cards_are_left() -> None:
    evaluator = evaluator_for("gangsta")
    late = position("gangsta", 10)
    late.hands = [h[:1] for h in late.hands]
    late.scores = [10, 0, 0, 0]
    early = position("gangsta", 10)
    early.scores = [10, 0, 0, 0]
    assert evaluator.win_chances(early)[0][0] < 0.5 < evaluator.win_chances(late)[0][0]


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_truncated_search_is_deterministic_and_differs_from_full_rollouts(name: str) -> None:
    state = position(name, 20)
    seat = state.pending()[0]

    def run(truncate: bool) -> list[tuple[str, int, float]]:
        bot = ISMCTSBot(seed=5, budget=Budget(iterations=60), truncate=truncate)
        result = bot.search(Decision(state, seat))
        assert result.iterations == 60 and result.action in state.legal(seat)
        return [(str(s.action), s.visits, s.mean) for s in result.stats]

    assert run(True) == run(True)
    assert run(True) != run(False)
