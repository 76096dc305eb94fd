"""Loyalty conditions: who meets which mobster's condition, and placing hats under cards."""

from __future__ import annotations

from collections.abc import Sequence
from operator import ge
from typing import TYPE_CHECKING

from mobtable.core import Event
from mobtable.games.cosca.cards import CardFacts, Mobster
from mobtable.games.cosca.model import MAX_DICE, Special

if TYPE_CHECKING:
    from mobtable.games.cosca.table import CoscaTable

Counts = tuple[int, ...]
_SAME, _DIFFERENT, _MATCH3, _FEWEST, _MOST, _EQUAL = Special  # read as globals (see model)


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
    if special is _SAME:
        return len(mine) - mine.count(0) == 1
    if special is _DIFFERENT:
        return max(mine) <= 1
    if special is _MATCH3:
        return matches_three(seat, settings, symbols=henrietta_symbols)
    return False


def matches_three(seat: int, settings: Sequence[Counts | None], *, symbols: bool) -> bool:
    """Henrietta (C-05): do 3 of ``seat``'s dice match another player's dice?"""
    mine = settings[seat]
    return mine is not None and any(
        other is not None and shares_three(mine, other, symbols=symbols)
        for s, other in enumerate(settings)
        if s != seat
    )


_LANE = MAX_DICE + 1
"""Bits per place in a setting's bit codes: more than anyone's dice."""
Entry = tuple[int, int, int]


def _entry(facts: CardFacts, counts: Counts) -> Entry:
    """What the rules read of a dice setting, made once per setting and card set: the
    ``facts.dice`` cards it meets (a bitmask: these conditions read one player's dice
    alone), then the setting as bits, ``_LANE`` bits per place: one bit per die, and all
    the lane's bits where it has a die. The dice two settings share die for die are the
    bits their first codes share; the dice of ``a`` on places ``b`` shows are the bits of
    ``a``'s first code in ``b``'s second."""
    settings = (counts,)
    cards = sum(
        1 << c
        for c, mobster in enumerate(facts.cards)
        if facts.dice >> c & 1 and meets_dice(mobster, 0, settings, henrietta_symbols=False)
    )
    dice = shown = 0
    for place, n in enumerate(counts):
        dice |= ((1 << n) - 1) << (_LANE * place)
        if n:
            shown |= ((1 << _LANE) - 1) << (_LANE * place)
    entry = facts.by_setting[counts] = (cards, dice, shown)
    return entry


def matching_seats(facts: CardFacts, settings: Sequence[Counts | None], *, symbols: bool) -> int:
    """The seats :func:`matches_three` holds for, as a bitmask."""
    known = facts.by_setting
    entries = [
        None if mine is None else known.get(mine) or _entry(facts, mine) for mine in settings
    ]
    return _matching(entries, symbols=symbols)


def _matching(entries: Sequence[Entry | None], *, symbols: bool) -> int:
    mask = 0
    n = len(entries)
    for i in range(n - 1):
        mine = entries[i]
        if mine is None:
            continue
        for j in range(i + 1, n):
            other = entries[j]
            if other is None or (mask >> i & 1 and mask >> j & 1):
                continue
            if not symbols:  # die for die: the same both ways
                if (mine[1] & other[1]).bit_count() >= 3:
                    mask |= 1 << i | 1 << j
                continue
            if (mine[1] & other[2]).bit_count() >= 3:
                mask |= 1 << i
            if (other[1] & mine[2]).bit_count() >= 3:
                mask |= 1 << j
    return mask


def meets_resources(
    special: Special, seat: int, money: Sequence[int], weapons: Sequence[int], *, strict: bool
) -> bool:
    """Little Buck, Roberto di Salvo and Bobby, checked after the city actions (C-04)."""
    return bool(resource_seats(special, money, weapons, strict=strict) >> seat & 1)


def resource_seats(
    special: Special, money: Sequence[int], weapons: Sequence[int], *, strict: bool
) -> int:
    """The seats meeting a resource condition (C-04), as a bitmask; 0 for other conditions."""
    mask = 0
    if special is _EQUAL:
        for s in range(len(money)):
            if money[s] == weapons[s]:
                mask |= 1 << s
        return mask
    if special is _FEWEST:
        low = min(money)
        if strict and money.count(low) > 1:
            return 0
        for s in range(len(money)):
            if money[s] == low:
                mask |= 1 << s
        return mask
    if special is _MOST:
        high = max(weapons)
        # C-04: "the most" needs at least one weapon.
        if high == 0 or (strict and weapons.count(high) > 1):
            return 0
        for s in range(len(weapons)):
            if weapons[s] == high:
                mask |= 1 << s
        return mask
    return 0


def qualifies(state: CoscaTable, mobster: Mobster, seat: int) -> bool:
    """Does ``seat`` meet ``mobster``'s condition right now?"""
    rules = state.rules
    if mobster.special is not None and mobster.after_city:
        return meets_resources(
            mobster.special, seat, state.money, state.weapons, strict=rules.strict_extremes
        )
    return meets_dice(mobster, seat, state.settings, henrietta_symbols=rules.henrietta_symbols)


def cards_met(state: CoscaTable, after_city: bool, among: int = -1) -> list[int]:
    """Per seat, the cards whose condition the seat meets right now, as a bitmask over
    card ids: the resource conditions (``after_city``) or the dice conditions, as
    :func:`qualifies` says card by card. Conditions of no card in ``among`` (a bitmask)
    are not checked."""
    facts = state.facts
    rules = state.rules
    n = len(state.money)
    if after_city:
        money, weapons, strict = state.money, state.weapons, rules.strict_extremes
        met = [0] * n
        for cards, special in (
            (facts.fewest_money, _FEWEST),
            (facts.most_weapons, _MOST),
            (facts.equal, _EQUAL),
        ):
            if cards & among:
                meeting = resource_seats(special, money, weapons, strict=strict)
                for seat in range(n):
                    if meeting >> seat & 1:
                        met[seat] |= cards
        return met
    known = facts.by_setting
    entries = [
        None if mine is None else known.get(mine) or _entry(facts, mine) for mine in state.settings
    ]
    met = [0 if entry is None else entry[0] for entry in entries]
    if facts.match3 & among:
        henrietta = _matching(entries, symbols=rules.henrietta_symbols)
        for seat in range(n):
            if henrietta >> seat & 1:
                met[seat] |= facts.match3
    return met


def place_hats(state: CoscaTable, after_city: bool) -> None:
    """Put a hat under every mobster whose condition a player meets (left to right).

    ``after_city=False`` places the dice conditions at the reveal;
    ``after_city=True`` the resource conditions after the Street. A player
    whose hat is already under the card (a tie from yesterday) needs no
    second one; a player with no free hat cannot claim (C-02). Who met each
    condition today is kept in ``state.met`` (a drink is spent by an owner
    who fights without meeting it, C-09).
    """
    row = state.row
    if not after_city:  # the first placing of the day
        state.met = [0] * len(row)
    present = 0
    for card in row:
        present |= 1 << card
    facts = state.facts
    if not present & (facts.after_city if after_city else facts.dice | facts.match3):
        return
    met_by = cards_met(state, after_city=after_city, among=present)
    anyone = 0
    for mask in met_by:
        anyone |= mask
    if not anyone & present:
        return
    n = len(met_by)
    met, under = state.met, state.under
    free: list[int | None] = [None] * n  # hats_free, counted on first need
    for pos, card in enumerate(row):
        card_bit = 1 << card
        if not anyone & card_bit:
            continue
        for seat in range(n):
            if not met_by[seat] & card_bit:
                continue
            bit = 1 << seat
            met[pos] |= bit
            if under[pos] & bit:
                continue
            left = free[seat]
            if left is None:
                left = state.hats_free(seat)
            if left <= 0:
                free[seat] = left
                if not state.silent:
                    name = state.cards[card].name
                    state.events.append(
                        Event(
                            "no-free-hat",
                            {"seat": seat, "mobster": name},
                            f"seat {seat} meets {name}'s condition but has no free hat",
                        )
                    )
                continue
            under[pos] |= bit
            free[seat] = left - 1
            if not state.silent:
                name = state.cards[card].name
                state.events.append(
                    Event(
                        "hat-placed",
                        {"seat": seat, "mobster": name, "pos": pos},
                        f"seat {seat} puts a hat under {name}",
                    )
                )
