"""The opponent model: determinizations weighted by the others' observed plays."""

from __future__ import annotations

import math
import random
import time
from typing import Any

import pytest

from conformance.helpers import as_json
from mobtable import games
from mobtable.bots import Decision, make
from mobtable.bots.search import Budget, ismcts
from mobtable.bots.search.belief import (
    Belief,
    BeliefParams,
    OpponentModel,
    log_likelihood,
    temper,
)
from mobtable.bots.search.ismcts import _Samples
from mobtable.core import State
from mobtable.core.belief import BeliefHooks
from mobtable.games.gangsta.belief import BELIEF, observations
from mobtable.games.gangsta.playout import guide
from mobtable.games.gangsta.table import Phase
from mobtable.games.gangsta.tricks import trick_winner

GANGSTA = games.get("gangsta")
BIG = BeliefParams(pool=200)


def played(players: int, seed: int, steps: int, bot: str = "greedy") -> State:
    state = GANGSTA.new_state(GANGSTA.config(players), seed=seed)
    player = make(bot, "gangsta", seed=seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.pending()[0]
        state.apply(seat, player.choose(Decision(state, seat)))
    return state


@pytest.mark.parametrize(("players", "bot"), [(3, "greedy"), (4, "random"), (6, "greedy")])
def test_the_true_deal_explains_every_observed_play(players: int, bot: str) -> None:
    """Rewound on the true state, every observed play is legal where it was made, and
    every trick play of another seat is observed once."""
    for seed in range(3):
        state = played(players, seed, 10_000, bot)
        plays = sum(1 for s, a in state.history if type(a).__name__ == "Play" and s != 0)
        seen = observations(state, 0)
        assert len(seen) == plays > 0
        assert log_likelihood(state, seen, BELIEF, guide) > -math.inf


def _could_win(past: Any, seat: int) -> bool:
    """Whether one of ``seat``'s legal plays would take the trick as it stands."""
    for play in past.legal(seat):
        trick = [*past.trick, (seat, play.ids)]
        if trick[trick_winner(past.cards, trick, past.trump_mafia)][0] == seat:
            return True
    return False


def _ducked_trick(seed: int) -> tuple[State, int, int] | None:
    """A trick in which the second seat to play could take the lead's card and plays the
    lowest one that does not: (the state, that seat, the next seat, to play), or ``None``
    if this deal has no such trick."""
    state: Any = played(4, seed, 30 + seed % 7)
    while not state.is_over() and (state.phase is not Phase.PLAY or state.trick):
        seat = state.pending()[0]
        state.apply(seat, make("greedy", "gangsta", seed=1).choose(Decision(state, seat)))
    if state.is_over() or len(state.trick_order) < 3:
        return None
    leader, second, third = state.trick_order[:3]
    state.apply(leader, guide(state, leader))
    losing = []
    for play in state.legal(second):
        trick = [*state.trick, (second, play.ids)]
        if trick[trick_winner(state.cards, trick, state.trump_mafia)][0] != second:
            losing.append(play)
    if not losing or not _could_win(state, second):
        return None
    state.apply(second, min(losing, key=lambda p: sum(state.cards.value[c] for c in p.ids)))
    return state, second, third


def test_a_seat_that_ducked_a_trick_it_could_take_is_less_often_dealt_a_winner() -> None:
    """The soft constraint: samples in which a seat held a winning answer explain its losing
    play badly (greedy would have won), so the weighted pool deals such hands less often."""
    uniform_total = weighted_total = 0.0
    tricks = 0
    for seed in range(40):
        found = _ducked_trick(seed)
        if found is None:
            continue
        state, ducker, searcher = found
        decision = Decision(state, searcher)
        belief = Belief(decision, BELIEF, guide, random.Random(seed), BIG)
        last = [o for o in belief.observations if o.seat == ducker][-1:]
        could = []
        for pool_seed in belief.seeds:
            sample = decision.determinize(random.Random(pool_seed))
            (_, past), *_ = BELIEF.rewind(sample, last)
            could.append(_could_win(past, ducker))
        uniform_total += sum(could) / len(could)
        weighted_total += sum(w for w, c in zip(belief.weights, could, strict=True) if c)
        tricks += 1
    assert tricks >= 5
    uniform, weighted = uniform_total / tricks, weighted_total / tricks
    assert weighted < uniform - 0.1, (tricks, uniform, weighted)


def test_the_pool_is_reproducible_from_a_seed() -> None:
    state = played(4, 3, 60)
    decision = Decision(state, state.pending()[0])
    first = Belief(decision, BELIEF, guide, random.Random(5))
    second = Belief(decision, BELIEF, guide, random.Random(5))
    assert first.seeds == second.seeds and first.weights == second.weights
    assert len(first.observations) > 5 and first.ess < len(first.seeds)
    one, two = random.Random(9), random.Random(9)
    for _ in range(5):
        assert first.draw(one).fingerprint() == second.draw(two).fingerprint()


def test_a_fresh_share_mixes_plain_deals_with_the_pool_s() -> None:
    """With ``fresh_share`` a share of draws is a plain deal: more distinct deals than the
    pool holds, reproducibly; at 1.0 every draw is the decision's own plain deal."""
    state = played(4, 3, 60)
    decision = Decision(state, state.pending()[0])
    mixed = BeliefParams(pool=8, min_pool=8, fresh_share=0.5)
    pools = [Belief(decision, BELIEF, guide, random.Random(5), mixed) for _ in range(2)]
    rngs = [random.Random(4), random.Random(4)]
    draws = [
        [as_json(pool.draw(rng).fingerprint()["hands"]) for _ in range(60)]
        for pool, rng in zip(pools, rngs, strict=True)
    ]
    assert draws[0] == draws[1]
    assert 8 + 15 < len(set(draws[0])) < 60
    fresh = Belief(decision, BELIEF, guide, random.Random(5), BeliefParams(fresh_share=1.0))
    one, two = random.Random(6), random.Random(6)
    for _ in range(5):
        two.random()
        assert fresh.draw(one).fingerprint() == decision.determinize(two).fingerprint()


def test_expert_is_reproducible_with_an_iteration_budget() -> None:
    state = played(4, 4, 70)
    seat = state.pending()[0]
    results = []
    for _ in range(2):
        bot = make("expert", "gangsta", seed=3)
        bot.budget = Budget(iterations=120)  # type: ignore[attr-defined]
        result = bot.search(Decision(state, seat))  # type: ignore[attr-defined]
        results.append([(str(s.action), s.visits, s.mean) for s in result.stats])
    assert results[0] == results[1]


def _twin(state: State, seat: int, seed: int) -> State:
    """Another true state the seat cannot tell from ``state``: other hands dealt anew, the
    same public log."""
    twin = state.determinize(seat, random.Random(seed))
    twin.history = list(state.history)
    return twin


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_two_states_the_seat_cannot_tell_apart_give_the_same_samples(seed: int) -> None:
    state = played(4, seed, 50 + 7 * seed)
    seat = state.pending()[0]
    twin = _twin(state, seat, seed)
    assert as_json(twin.view(seat)) == as_json(state.view(seat))
    assert twin.fingerprint() != state.fingerprint()
    pools = [Belief(Decision(s, seat), BELIEF, guide, random.Random(1)) for s in (state, twin)]
    assert pools[0].seeds == pools[1].seeds and pools[0].weights == pools[1].weights
    rngs = [random.Random(2), random.Random(2)]
    for _ in range(4):
        a, b = (pool.draw(rng) for pool, rng in zip(pools, rngs, strict=True))
        assert a.fingerprint() == b.fingerprint()
    choices = []
    for s in (state, twin):
        bot = make("expert", "gangsta", seed=8)
        bot.budget = Budget(iterations=60)  # type: ignore[attr-defined]
        result = bot.search(Decision(s, seat))  # type: ignore[attr-defined]
        choices.append([(str(r.action), r.visits, r.mean) for r in result.stats])
    assert choices[0] == choices[1]


def test_a_halving_block_with_the_belief_copies_its_weighted_sample() -> None:
    """Every survivor of a block gets the same weighted sample and stream."""
    state = played(4, 6, 60)
    decision = Decision(state, state.pending()[0])
    belief = OpponentModel(BELIEF, guide).pool(decision, random.Random(3))
    samples = _Samples(belief.draw, 77)
    first = samples.next()
    stream = samples.rng.getstate()
    second = samples.next()
    assert first.fingerprint() == second.fingerprint()
    assert samples.rng.getstate() == stream


def test_tempering_keeps_the_pool_from_collapsing() -> None:
    logs = [0.0, -30.0, -60.0, -90.0, -math.inf]
    weights, lam = temper(logs, 0.5)
    assert 0 < lam < 1 and weights[-1] == 0.0
    assert 1.0 / sum(w * w for w in weights) >= 0.5 * 4 - 1e-6
    assert weights == sorted(weights, reverse=True)
    assert temper([-1.0, -1.0], 0.5) == ([0.5, 0.5], 1.0)
    assert temper([-math.inf, -math.inf], 0.5)[0] == [0.5, 0.5]
    assert temper(logs, 0.0, 3)[1] < temper(logs, 0.0, 1)[1] == 1.0


def test_a_game_without_belief_hooks_plays_expert_without_the_model() -> None:
    """COSCA declares no observations: the expert's search is hard's with the learned
    evaluator, move for move."""
    from mobtable.bots.search import ISMCTSBot

    game = games.get("cosca")
    state = game.new_state(game.config(3), seed=2)
    seat = state.pending()[0]
    stats = []
    bots = [
        ISMCTSBot(seed=4, budget=Budget(iterations=30), learned=True),
        make("expert", "cosca", seed=4),
    ]
    bots[1].budget = Budget(iterations=30)  # type: ignore[attr-defined]
    for bot in bots:
        result = bot.search(Decision(state, seat))  # type: ignore[attr-defined]
        stats.append([(str(r.action), r.visits, r.mean) for r in result.stats])
    assert stats[0] == stats[1]


@pytest.mark.parametrize("name", ["gangsta", "cosca", "capo"])
def test_expert_is_a_level_everywhere_a_level_is(name: str) -> None:
    from mobtable.bots import available, describe, think_time
    from mobtable.bots.levels import LEVELS, STRENGTH_ORDER

    assert "expert" in LEVELS and STRENGTH_ORDER.index("expert") == 3
    assert available(name)[:4] == ["easy", "medium", "hard", "expert"]
    assert describe("expert", name) and think_time("expert", name) == think_time("hard", name)
    game = games.get(name)
    state = game.new_state(game.config(game.min_players), seed=1)
    seat = state.pending()[0]
    bot = make("expert", name, seed=1)
    bot.budget = Budget(iterations=20)  # type: ignore[attr-defined]
    assert bot.choose(Decision(state, seat)) in state.legal(seat)


def test_cosca_samples_hide_nothing_the_others_plays_could_tell() -> None:
    """Why COSCA declares no belief hooks: its determinizations differ only in the order of
    the mobster deck, which no player sees (the others' sealed dice and offers are not
    dealt: they decide them again in the sample), so every sample would explain the
    others' plays equally well. Should a sample ever deal something else, this fails."""
    game = games.get("cosca")
    checked = 0
    for seed in range(3):
        state = game.new_state(game.config(3 + seed), seed=seed)
        player = make("greedy", "cosca", seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0]
            if rng.random() < 0.2:
                first, second = (state.determinize(seat, random.Random(s)) for s in (1, 2))
                second.deck = list(first.deck)  # type: ignore[attr-defined]
                assert first.fingerprint() == second.fingerprint()
                checked += 1
            state.apply(seat, player.choose(Decision(state, seat)))
    assert checked > 30


def test_log_likelihood_uses_a_game_s_own_model_where_it_has_one() -> None:
    state = played(4, 2, 10_000)
    seen = observations(state, 0)
    halves = BeliefHooks(BELIEF.observations, BELIEF.rewind, likelihood=lambda *_: 0.5)
    assert log_likelihood(state, seen, halves, guide) == pytest.approx(len(seen) * math.log(0.5))
    assert log_likelihood(state, seen, BELIEF, guide) != log_likelihood(state, seen, halves, guide)


def test_the_pools_time_is_not_taken_from_the_first_halving_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sequential halving splits the move's time evenly among its rounds from when the pool
    is ready: before, the pool's time (up to 15% of a move) came out of the first round
    alone, the round that drops half the candidates."""
    built: list[float] = []
    starts: list[float] = []
    pool = OpponentModel.pool
    halving = ismcts._halving

    def timed_pool(self: OpponentModel, *args: Any, **kwargs: Any) -> Belief:
        belief = pool(self, *args, **kwargs)
        built.append(time.perf_counter())
        return belief

    def spied_halving(
        run: Any, candidates: Any, rng: Any, limit: Any, start: float, *rest: Any
    ) -> Any:
        starts.append(start)
        return halving(run, candidates, rng, limit, start, *rest)

    monkeypatch.setattr(OpponentModel, "pool", timed_pool)
    monkeypatch.setattr(ismcts, "_halving", spied_halving)
    state = played(4, 6, 66)  # a trick play with four cards to choose from
    bot = make("expert", "gangsta", seed=3)
    bot.budget = Budget(seconds=0.05)  # type: ignore[attr-defined]
    bot.search(Decision(state, state.pending()[0]))  # type: ignore[attr-defined]
    assert len(built) == len(starts) == 1
    assert starts[0] >= built[0]
