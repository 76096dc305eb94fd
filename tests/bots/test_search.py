"""ISMCTS over the core contract: determinism, legality, simultaneous steps, strength."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest

from mobtable import bots, games
from mobtable.bots import Decision, RandomBot
from mobtable.bots.search import Budget, ISMCTSBot, search
from mobtable.bots.search.arena import play
from mobtable.core import BadConfig

from .pennies import COINS
from .pennies import GAME as PENNIES

SEALED = "sealed-bid"


def sealed(players: int = 2, seed: int = 1):
    game = games.get(SEALED)
    return game.new_state(game.config(players), seed=seed)


def small(seed: int = 0, iterations: int = 200) -> ISMCTSBot:
    return ISMCTSBot(seed=seed, budget=Budget(iterations=iterations))


def test_same_seed_and_iterations_give_the_same_search() -> None:
    state = sealed(3, seed=4)
    first = small(seed=9).search(Decision(state, 1))
    second = small(seed=9).search(Decision(state, 1))
    assert first.stats == second.stats
    assert first.iterations == second.iterations == 200


def test_the_search_spends_exactly_its_iteration_budget_and_counts_every_visit() -> None:
    result = small(iterations=137).search(Decision(sealed(), 0))
    assert result.iterations == 137
    assert sum(s.visits for s in result.stats) == 137
    assert {s.action for s in result.stats} == set(sealed().legal(0))


def test_a_time_budget_still_answers_with_a_legal_action() -> None:
    state = sealed()
    bot = ISMCTSBot(seed=1, budget=Budget(seconds=0.01))
    assert bot.choose(Decision(state, 0)) in state.legal(0)
    assert bot.last is not None and bot.last.iterations >= 1


def test_a_single_legal_action_is_played_without_searching() -> None:
    state = sealed()
    state.coins[0] = 0
    assert [str(a) for a in state.legal(0)] == ["b0"]  # no coins left: one legal bid
    result = small().search(Decision(state, 0))
    assert str(result.action) == "b0" and result.iterations == 0


def test_the_bid_committed_by_an_opponent_never_changes_the_choice() -> None:
    """The search must not exploit a commit made earlier in the same step."""
    outcomes = set()
    for bid in range(11):
        state = sealed(2, seed=3)
        state.apply_text(0, f"b{bid}")
        result = small(seed=5, iterations=300).search(Decision(state, 1))
        outcomes.add(tuple((str(s.action), s.visits, round(s.mean, 9)) for s in result.stats))
    assert len(outcomes) == 1


def test_matching_pennies_is_worth_one_half_to_the_seat_that_commits_second() -> None:
    """A sequential tree would let seat 1 answer seat 0's coin and value its seat near 1."""
    state = PENNIES.new_state(PENNIES.config(2), seed=0)
    state.apply(0, COINS[0])
    result = small(seed=2, iterations=2000).search(Decision(state, 1))
    for stat in result.stats:
        assert 0.3 < stat.win < 0.7, stat
    assert 0.35 < result.stats[0].visits / 2000 < 0.65


def test_ismcts_never_plays_an_illegal_action() -> None:
    game = games.get(SEALED)
    config = game.config(3)
    for seed in range(5):
        seats = [small(seed=seed * 3 + s, iterations=40) for s in range(3)]
        outcome = play(game, config, seats, seed=seed)  # play() applies with checks
        assert outcome.actions == 9


def test_ismcts_beats_random_at_sealed_bid() -> None:
    game = games.get(SEALED)
    config = game.config(3)
    wins = 0.0
    games_played = 60
    for seed in range(games_played):
        seat = seed % 3
        seats: list[bots.Bot] = [RandomBot(seed=seed * 7 + s) for s in range(3)]
        seats[seat] = small(seed=seed, iterations=100)
        wins += play(game, config, seats, seed=seed).share(seat)
    assert wins >= 30, f"{wins} wins in {games_played} (fair share 20)"


def test_budgets_parse_and_refuse_nonsense() -> None:
    assert Budget.parse("0.5s") == Budget(seconds=0.5)
    assert Budget.parse("250ms") == Budget(seconds=0.25)
    assert Budget.parse("800") == Budget(iterations=800)
    for bad in ("fast", "-3", "0s"):
        with pytest.raises(BadConfig):
            Budget.parse(bad)
    with pytest.raises(BadConfig):
        Budget()


def test_search_is_reachable_as_a_function_with_an_explicit_rng() -> None:
    state = sealed()
    a = search(Decision(state, 0), Budget(iterations=50), random.Random(4))
    b = search(Decision(state, 0), Budget(iterations=50), random.Random(4))
    assert a.stats == b.stats and a.nodes == b.nodes > 1


@pytest.mark.parametrize("name", ["budget", "rewards", "bot"])
def test_docstring_examples(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(f"mobtable.bots.search.{name}"))
    assert failures == 0


def test_an_unbeatable_anchor_keeps_the_greedy_move() -> None:
    """With ``anchor_z`` out of reach the search plays what ``greedy`` plays."""
    from mobtable.bots.search.tree import Selection

    game = games.get("gangsta")
    state = game.new_state(game.config(4), seed=11)
    rng = random.Random(3)
    checked = 0
    while not state.is_over() and checked < 6:
        seat = state.pending()[0]
        decision = Decision(state, seat)
        if len(decision.legal) > 2:
            greedy = bots.make("greedy", "gangsta", seed=0).choose(decision)
            bot = ISMCTSBot(
                seed=checked, budget=Budget(iterations=60), params=Selection(anchor_z=1e9)
            )
            assert bot.choose(decision) == greedy
            checked += 1
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert checked == 6


def test_the_anchor_gives_way_only_to_a_significant_paired_gain() -> None:
    from mobtable.bots.search.ismcts import _z_score

    assert _z_score([0.1] * 10) == float("inf")
    assert _z_score([-0.1] * 10) == float("-inf")
    assert _z_score([0.2]) == float("-inf")  # one pair proves nothing
    assert _z_score([0.3, -0.1, 0.2, 0.0]) == pytest.approx(0.1 / (0.18257 / 2), rel=1e-3)
