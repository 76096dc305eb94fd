"""Loyalty conditions: who meets which mobster's condition, and placing hats under cards."""

from __future__ import annotations

from collections.abc import Sequence
from operator import ge
from typing import TYPE_CHECKING

from mobtable.core import Event
from mobtable.games.cosca.cards import Mobster
from mobtable.games.cosca.model import Special

if TYPE_CHECKING:
    from mobtable.games.cosca.table import CoscaTable

Counts = tuple[int, ...]


def shares_three(mine: Counts, other: Counts, *, symbols: bool) -> bool:
    """Henrietta (C-05): do 3 of ``mine`` match ``other``'s dice?

    ``symbols=False`` (default rule): dice are matched one-for-one (the size of
    the multiset intersection). ``symbols=True``: a die counts if its symbol
    appears anywhere among the other player's dice.
    """
    if symbols:
        return sum(n for p, n in enumerate(mine) if other[p]) >= 3
    return sum(map(min, mine, other)) >= 3


def meets_dice(
    mobster: Mobster, seat: int, settings: Sequence[Counts | None], *, henrietta_symbols: bool
) -> bool:
    """Does ``seat``'s dice setting meet a dice condition (symbols, John Brown, Scarlett,
    Henrietta)? Resource conditions are not dice conditions: False."""
    mine = settings[seat]
    if mine is None:
        return False
    if mobster.symbols is not None:
        return all(map(ge, mine, mobster.symbols))
    special = mobster.special
    if special is Special.SAME:
        return len(mine) - mine.count(0) == 1
    if special is Special.DIFFERENT:
        return max(mine) <= 1
    if special is Special.MATCH3:
        return any(
            other is not None and shares_three(mine, other, symbols=henrietta_symbols)
            for s, other in enumerate(settings)
            if s != seat
        )
    return False


def meets_resources(
    special: Special, seat: int, money: Sequence[int], weapons: Sequence[int], *, strict: bool
) -> bool:
    """Little Buck, Roberto di Salvo and Bobby, checked after the city actions (C-04)."""
    if special is Special.EQUAL:
        return money[seat] == weapons[seat]
    if special is Special.FEWEST_MONEY:
        low = min(money)
        return money[seat] == low and (not strict or money.count(low) == 1)
    if special is Special.MOST_WEAPONS:
        high = max(weapons)
        # C-04: "the most" needs at least one weapon.
        return high > 0 and weapons[seat] == high and (not strict or weapons.count(high) == 1)
    return False


def qualifies(state: CoscaTable, mobster: Mobster, seat: int) -> bool:
    """Does ``seat`` meet ``mobster``'s condition right now?"""
    rules = state.rules
    if mobster.special is not None and mobster.after_city:
        return meets_resources(
            mobster.special, seat, state.money, state.weapons, strict=rules.strict_extremes
        )
    return meets_dice(mobster, seat, state.settings, henrietta_symbols=rules.henrietta_symbols)


def place_hats(state: CoscaTable, *, after_city: bool) -> None:
    """Put a hat under every mobster whose condition a player meets (left to right).

    ``after_city=False`` places the dice conditions at the reveal;
    ``after_city=True`` the resource conditions after the Street. A player
    whose hat is already under the card (a tie from yesterday) needs no
    second one; a player with no free hat cannot claim (C-02). Who met each
    condition today is kept in ``state.met`` (a drink is spent by an owner
    who fights without meeting it, C-09).
    """
    if not after_city:  # the first placing of the day
        state.met = [0] * len(state.row)
    for pos in range(len(state.row)):
        mobster = state.mobster(pos)
        if mobster.after_city is not after_city:
            continue
        for seat in range(state.players):
            bit = 1 << seat
            if not qualifies(state, mobster, seat):
                continue
            state.met[pos] |= bit
            if state.under[pos] & bit:
                continue
            if state.hats_free(seat) <= 0:
                if not state.silent:
                    state.events.append(
                        Event(
                            "no-free-hat",
                            {"seat": seat, "mobster": mobster.name},
                            f"seat {seat} meets {mobster.name}'s condition but has no free hat",
                        )
                    )
                continue
            state.under[pos] |= bit
            if not state.silent:
                state.events.append(
                    Event(
                        "hat-placed",
                        {"seat": seat, "mobster": mobster.name, "pos": pos},
                        f"seat {seat} puts a hat under {mobster.name}",
                    )
                )
