"""COSCA's search playout and the supply's per-seat payout against their slow definitions."""

from __future__ import annotations

import random

import pytest

from mobtable.bots.search.rollout import random_rollout
from mobtable.games.cosca import supply
from mobtable.games.cosca.bots import PLAYOUT
from mobtable.games.cosca.model import DICE, MONEY, WEAPONS
from mobtable.games.cosca.state import CoscaState

from .helpers import GAME, config


def _samples(seed: int) -> list[CoscaState]:
    """Determinized samples along a seeded random game (other seats' choices forgotten)."""
    state = GAME.new_state(config(2 + seed % 4), seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.is_over():
        pending = state.pending()
        seat = pending[rng.randrange(len(pending))]
        if rng.random() < 0.3:
            found.append(state.determinize(seat, random.Random(seed)))
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    return found


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("to_the_end", [False, True])
def test_the_playout_plays_the_random_rollout(seed: int, to_the_end: bool) -> None:
    """The same actions from the same draws: equal states, histories and streams."""
    progress = None if to_the_end else (lambda s: s.round)
    samples = _samples(seed)
    assert samples
    for sample in samples:
        slow, fast = sample.sample_copy(), sample.sample_copy()
        slow.silent = fast.silent = True
        limit = sample.round + 1
        slow_rng, fast_rng = random.Random(seed), random.Random(seed)
        random_rollout(slow, slow_rng, progress, limit)
        PLAYOUT(fast, fast_rng, progress, limit)
        assert fast.fingerprint() == slow.fingerprint()
        assert fast.history == slow.history
        assert fast_rng.getstate() == slow_rng.getstate()


@pytest.mark.parametrize("limited", [True, False])
def test_paying_each_seat_is_paying_out_the_owed_seats(limited: bool) -> None:
    rng = random.Random(3)
    for _ in range(400):
        players = rng.randrange(2, 6)
        state = GAME.new_state(
            config(players, supply="limited" if limited else "unlimited"), seed=1
        )
        stock = rng.choice((MONEY, WEAPONS, DICE))
        state.supply[stock] = rng.randrange(0, 12)
        owed = [rng.choice((0, 0, 1, 2, 3, 5)) for _ in range(players)]
        slow, fast = state.sample_copy(), state.sample_copy()
        got = supply.pay_out(slow, stock, {s: n for s, n in enumerate(owed)})
        short = supply.pay_each(fast, stock, owed)
        assert (fast.money, fast.weapons, fast.dice, fast.supply) == (
            slow.money,
            slow.weapons,
            slow.dice,
            slow.supply,
        )
        assert (short or {s: n for s, n in enumerate(owed) if n > 0}) == got
