"""Fairness: a seeded bot decides the same on any two states its seat cannot tell apart."""

from __future__ import annotations

import random

import pytest

from conformance.helpers import all_game_names, as_json, positions
from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot

BUDGET = Budget(iterations=25)


def choice(state, seat: int, learned: bool = False):
    bot = ISMCTSBot(seed=11, budget=BUDGET, learned=learned)
    result = bot.search(Decision(state, seat))
    return result.action, [(str(s.action), s.visits, s.mean) for s in result.stats]


@pytest.mark.parametrize("learned", [False, True], ids=["hand evaluator", "learned evaluator"])
@pytest.mark.parametrize("name", all_game_names())
def test_the_search_sees_only_the_view(name: str, learned: bool) -> None:
    game = games.get(name)
    config = game.config(game.min_players + (1 if game.max_players > game.min_players else 0))
    compared = 0
    for number, state in enumerate(positions(game, config, seed=21, every=5)):
        if number >= 12 or state.is_over():
            break
        for seat in state.pending():
            twin = state.determinize(seat, random.Random(number))
            if as_json(twin.view(seat)) != as_json(state.view(seat)):
                continue  # the twin forgot others' commits, which the view counts
            assert choice(state, seat, learned) == choice(twin, seat, learned)
            compared += 1
    assert compared >= 3


def test_sealed_bid_twins_that_differ_only_in_hidden_facts() -> None:
    game = games.get("sealed-bid")
    config = game.config(3)
    base = game.new_state(config, setup={"deck": [3, 1, 2, 4, 5]})
    base.apply_text(1, "b4")
    other = game.new_state(config, setup={"deck": [3, 5, 4, 2, 1]})
    other.apply_text(1, "b9")
    assert as_json(base.view(0)) == as_json(other.view(0))
    assert choice(base, 0) == choice(other, 0)
