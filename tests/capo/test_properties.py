"""Random play keeps the cards and the respect consistent, and always ends."""

from __future__ import annotations

import json
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mobtable.games.capo import GAME
from mobtable.games.capo.rules import MAX_ROUNDS, RESPECT_SUPPLY, Phase, Supply

from .helpers import all_cards

CONFIGS = [
    {},
    {"variants": ["first-game"]},
    {"options": {"event_deck": "sit-down-only"}},
    {"options": {"respect_supply": "limited", "little_tony_stars": "once"}},
]


def _check(state) -> None:
    assert sorted(all_cards(state)) == list(range(70))
    assert all(r >= 0 for r in state.respect)
    if state.rules.supply is Supply.LIMITED:
        assert state.supply + sum(state.respect) == RESPECT_SUPPLY
    assert set(state.discard) >= state.seen_discard
    for seat in range(state.players):
        assert state.own_discard[seat] <= set(state.discard)
        assert not state.own_discard[seat] & state.seen_discard
        assert set(state.face_up[seat]) <= set(state.table[seat])
    if state.phase is Phase.PLAY and not state.declared:
        assert all(len(h) >= 2 for h in state.hands)  # K-09
        assert all(not t for t in state.table)


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(3, 7),
    seed=st.integers(0, 100_000),
    which=st.integers(0, len(CONFIGS) - 1),
)
def test_random_play_accounts_for_every_card_and_point(players, seed, which) -> None:
    config = GAME.config(players, **CONFIGS[which])
    state = GAME.new_state(config, seed=seed)
    rng = random.Random(seed)
    steps = 0
    _check(state)
    while not state.is_over():
        before = list(state.respect)
        last = state.last_round
        seat = state.pending()[rng.randrange(len(state.pending()))]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        _check(state)
        if state.last_round is not last:
            change = [a - b for a, b in zip(state.respect, before, strict=True)]
            assert change == state.last_round["change"]
        steps += 1
        assert steps < 20_000
    assert state.round <= MAX_ROUNDS
    result = state.result()
    assert max(state.respect) >= state.rules.target or state.capped
    assert len(result.winners) == 1 or state.capped


def _step_plan(state, seat, rng) -> list:
    """A seat's whole decision for the current sealed step (declare + places, or turns)."""
    trial = state.clone()
    plan = []
    while seat in trial.pending():
        legal = trial.legal(seat)
        action = legal[rng.randrange(len(legal))]
        plan.append(action)
        trial.apply(seat, action)
        if not trial.pending() or trial.phase is not state.phase:
            break
    return plan


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(3, 7),
    seed=st.integers(0, 100_000),
    steps=st.integers(0, 200),
    order_seed=st.integers(0, 2**32),
)
def test_commit_order_never_matters(players, seed, steps, order_seed) -> None:
    state = GAME.new_state(GAME.config(players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        assume(not state.is_over())
        seat = state.pending()[rng.randrange(len(state.pending()))]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assume(not state.is_over())
    plans = {seat: _step_plan(state, seat, rng) for seat in state.pending()}
    outcomes = set()
    order_rng = random.Random(order_seed)
    for attempt in range(3):
        trial = state.clone()
        queues = {s: list(p) for s, p in plans.items()}
        seats = sorted(queues) if attempt == 0 else sorted(queues, reverse=True)
        while any(queues.values()):
            if attempt == 2:  # interleave the seats' actions at random
                seat = order_rng.choice([s for s in queues if queues[s]])
            else:
                seat = next(s for s in seats if queues[s])
            trial.apply(seat, queues[seat].pop(0))
        outcomes.add(json.dumps(trial.fingerprint(), sort_keys=True))
    assert len(outcomes) == 1
