"""COSCA's quick guide and playout for the search.

The guide is the ``greedy`` bot's choices, read off the state.

The search tries a guide's action first at each new node. Asking the
``greedy`` bot means building a view and scoring every dice setting against
every mobster in the row, a third of a search iteration. This guide scores
the same way from the sampled state, with the settings that meet each
condition worked out once per condition and number of dice:

- dice: the ``greedy`` score of each setting; the best one (the bot draws
  among those within :data:`~.bots.EQUALLY_GOOD` of it, the guide takes the
  first best, as the search explores the rest anyway);
- gun shop, club, villa: the bot's rules;
- a fight it can win for sure: the bot's offer; any other fight is left to the
  bot (``None``), whose stake is a random draw.

It runs only on determinized samples inside the search: it never sees more
than the sample holds.

The playout (:func:`playout`) plays the random rollout of the search, the same
actions from the same draws, straight through the rules.
"""

from __future__ import annotations

import random
from array import array
from functools import cache, lru_cache
from typing import Any

from mobtable.core.search import MAX_ROLLOUT_STEPS, Progress
from mobtable.games.cosca import rounds, steps
from mobtable.games.cosca.actions import Club, Gun, Offer, SetDice, Villa, dice_settings
from mobtable.games.cosca.cards import parse_condition
from mobtable.games.cosca.model import (
    CLUB_STEP,
    DICE_STEP,
    FIGHT_STEP,
    GAME_OVER,
    GUN_STEP,
    RACE_DAYS,
    ROUNDS,
    VILLA_STEP,
    WEAPON_VALUE,
    Place,
    Special,
)

_BANK, _RACETRACK, _GUN_SHOP, _STREET = (
    int(Place.BANK),
    int(Place.RACETRACK),
    int(Place.GUN_SHOP),
    int(Place.STREET),
)


@cache
def condition(text: str) -> tuple[tuple[int, ...] | None, Special | None]:
    """A mobster's condition parsed (symbols per place, or a special keyword)."""
    return parse_condition(text, "view")


def meets(text: str, counts: tuple[int, ...]) -> bool:
    """Do dice showing ``counts`` meet the condition ``text``, as the bots judge it?

    Conditions checked after the city actions (money, weapons) never count.
    """
    symbols, special = condition(text)
    if symbols is not None:
        return all(have >= need for have, need in zip(counts, symbols, strict=True))
    if special is Special.SAME:
        return sum(1 for n in counts if n) == 1
    if special is Special.DIFFERENT:
        return all(n <= 1 for n in counts)
    return False


@cache
def _meeting(text: str, dice: int) -> tuple[int, ...]:
    """Positions in ``dice_settings(dice)`` of the settings that meet ``text``."""
    return tuple(i for i, s in enumerate(dice_settings(dice)) if meets(text, s.counts))


@cache
def _base_scores(dice: int, money_weight: float, race: bool, money: int) -> tuple[float, ...]:
    """Each setting's ``greedy`` score before the mobsters: money, gun shop, street."""
    scores = []
    for setting in dice_settings(dice):
        counts = setting.counts
        bank = counts[_BANK]
        score = money_weight * (bank + (2 * counts[_RACETRACK] if race else 0))
        score += 0.7 * min(counts[_GUN_SHOP], money + bank)
        score += 0.8 if counts[_STREET] >= 2 else 0.3 * counts[_STREET]
        scores.append(score)
    return tuple(scores)


def _power(state: Any, seat: int) -> int:
    return int(state.money[seat]) + WEAPON_VALUE * int(state.weapons[seat])


def _exchanges(action: Any) -> int:
    return action.exchanges if isinstance(action, Gun) else -1


def _invited(action: Any) -> int:
    return len(action.positions) if isinstance(action, Club) else -1


def _cheapest(action: Any) -> tuple[int, int]:
    return action.value, -action.weapons


def guide(state: Any, seat: int) -> Any:
    """The first action the search tries at a new node (``None``: ask the ``greedy`` bot).

    (No lambdas or generators here: compiled, it is a C function, which takes no closures.)
    """
    legal = state.legal(seat)
    if len(legal) == 1:
        return legal[0]
    stage = state.stage
    if stage is DICE_STEP:
        return _dice(state, seat, legal)
    if stage is GUN_STEP:
        return max(legal, key=_exchanges)
    if stage is CLUB_STEP:
        money = state.money[seat]
        fitting = [a for a in legal if isinstance(a, Club) and len(a.positions) < money]
        return max(fitting or legal, key=_invited)
    if stage is VILLA_STEP:
        for action in legal:
            if isinstance(action, Villa) and action.ask:
                return action
        return legal[0]
    if stage is FIGHT_STEP:
        strongest = 0
        for other in state.fighters:
            if other != seat:
                strongest = max(strongest, _power(state, other))
        if _power(state, seat) <= strongest:
            return None  # the bot's stake is a random draw
        offers = [a for a in legal if isinstance(a, Offer) and a.value > strongest]
        return min(offers, key=_cheapest) if offers else None
    return None


def _dice(state: Any, seat: int, legal: Any) -> Any:
    dice = state.dice[seat]
    if legal is not dice_settings(dice):  # not the usual settings: leave it to the bot
        return None
    days_left = ROUNDS - (state.round + 1)
    powers = [m + WEAPON_VALUE * w for m, w in zip(state.money, state.weapons, strict=True)]
    rival = max([p for s, p in enumerate(powers) if s != seat], default=0)
    chance = 0.85 if powers[seat] + 2 > rival else 0.35
    conditions, loyal = state.facts.conditions, state.loyal
    row = tuple([(conditions[card], loyal[pos] == seat) for pos, card in enumerate(state.row)])
    best = _best_setting(
        dice,
        1.0 if days_left >= 3 else 0.4,
        state.weekday in RACE_DAYS,
        state.money[seat],
        (3.0 + 0.25 * days_left) * chance,
        row,
    )
    action: SetDice = legal[best]
    return action


@lru_cache(maxsize=8192)
def _best_setting(
    dice: int,
    money_weight: float,
    race: bool,
    money: int,
    wanted: float,
    row: tuple[tuple[str, bool], ...],
) -> int:
    """The position in ``dice_settings(dice)`` of the first best-scored setting, for a
    ``row`` of (condition, loyal to the seat) in row order; the same position recurs
    from sample to sample, so it is worked out once."""
    return _first_best(_base_scores(dice, money_weight, race, money), dice, wanted, row)


def _first_best(
    base: tuple[float, ...], dice: int, wanted: float, row: tuple[tuple[str, bool], ...]
) -> int:
    """:func:`_best_setting`'s work: each setting's ``base`` score plus the mobsters it
    meets (summed in row order, as the bot sums them); the first best one's position.
    Compiled, the sums are C doubles in an array, not a list of floats."""
    n = len(base)
    mobsters = array("d", bytes(8 * n))  # n zeros
    for text, own in row:
        value = 0.6 if own else wanted
        for i in _meeting(text, dice):
            mobsters[i] += value
    first, best = 0, base[0] + mobsters[0]
    for i in range(1, n):
        score = base[i] + mobsters[i]
        if score > best:
            first, best = i, score
    return first


def playout(
    state: Any, rng: random.Random, progress: Progress | None = None, limit: int = 0
) -> None:
    """The search's random rollout (:func:`~mobtable.bots.search.rollout.random_rollout`):
    the same actions from the same draws, without the contract's checks at each step
    (the seat is the first one the sealed step waits for, its actions the rules')."""
    rnd = rng.random
    history = state.history
    for _ in range(MAX_ROLLOUT_STEPS):
        if state.stage is GAME_OVER or (progress is not None and progress(state) >= limit):
            return
        sealed = state.sealed
        choices = sealed.choices
        for seat in sealed.seats:
            if seat not in choices:
                break
        actions = steps.options(state, seat)
        action = actions[int(rnd() * len(actions))]
        rounds.commit(state, seat, action)
        history.append((seat, action))
