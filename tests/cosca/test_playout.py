"""COSCA's search playout and the supply's per-seat payout against their slow definitions."""

from __future__ import annotations

import random

import pytest

from mobtable.bots.search.rollout import random_rollout
from mobtable.games.cosca import playout, supply
from mobtable.games.cosca.mobsters import resource_seats
from mobtable.games.cosca.model import DICE, MONEY, WEAPONS, Special
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
        playout.playout(fast, fast_rng, progress, limit)
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


def _slow_first_best(
    base: tuple[float, ...], dice: int, wanted: float, row: tuple[tuple[str, bool], ...]
) -> int:
    """The guide's dice choice as the bot scores it: a list of sums, then ``max``."""
    mobsters = [0.0] * len(base)
    for text, own in row:
        value = 0.6 if own else wanted
        for i in playout._meeting(text, dice):
            mobsters[i] += value
    scores = [b + m for b, m in zip(base, mobsters, strict=True)]
    return max(range(len(scores)), key=scores.__getitem__)


def test_the_guides_best_setting_is_the_first_best_score() -> None:
    rng = random.Random(5)
    conditions = sorted(set(GAME.new_state(config(4), seed=1).facts.conditions))
    for _ in range(300):
        dice = rng.randrange(1, 7)
        base = playout._base_scores(dice, rng.choice((1.0, 0.4)), rng.random() < 0.5, 3)
        wanted = rng.choice((0.0, 0.6, 1.2, 2.55, 3.4))  # ties with an owned mobster too
        row = tuple((rng.choice(conditions), rng.random() < 0.3) for _ in range(rng.randrange(9)))
        assert playout._first_best(base, dice, wanted, row) == _slow_first_best(
            base, dice, wanted, row
        )


@pytest.mark.parametrize(
    "special", [Special.EQUAL, Special.FEWEST_MONEY, Special.MOST_WEAPONS, Special.SAME]
)
@pytest.mark.parametrize("strict", [False, True])
def test_resource_seats_are_the_seats_meeting_the_condition(special: Special, strict: bool) -> None:
    rng = random.Random(8)
    for _ in range(200):
        players = rng.randrange(2, 6)
        money = [rng.randrange(4) for _ in range(players)]
        weapons = [rng.randrange(3) for _ in range(players)]
        if special is Special.EQUAL:
            meeting = [m == w for m, w in zip(money, weapons, strict=True)]
        elif special is Special.FEWEST_MONEY:
            unique = not strict or money.count(min(money)) == 1
            meeting = [unique and m == min(money) for m in money]
        elif special is Special.MOST_WEAPONS:
            unique = not strict or weapons.count(max(weapons)) == 1
            meeting = [unique and max(weapons) > 0 and w == max(weapons) for w in weapons]
        else:
            meeting = [False] * players
        expected = sum(1 << s for s, met in enumerate(meeting) if met)
        assert resource_seats(special, money, weapons, strict=strict) == expected
