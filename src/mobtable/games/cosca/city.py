"""Phase 3: the six city places, resolved in city order by all players at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from mobtable.core import Event
from mobtable.games.cosca import supply
from mobtable.games.cosca.model import (
    DICE,
    MONEY,
    RACE_DAYS,
    RACE_PAY,
    VILLA_ASKS,
    WEAPONS,
    Place,
    Stock,
)

if TYPE_CHECKING:
    from mobtable.games.cosca.table import CoscaTable


_BANK, _GUN, _RACETRACK, _CLUB, _VILLA, _STREET = map(int, Place)
"""The places as plain ints (indexing a tuple with an ``IntEnum`` is slower)."""


def dice_at(state: CoscaTable, seat: int, place: int) -> int:
    setting = state.settings[seat]
    return 0 if setting is None else setting[place]


def _paid_event(state: CoscaTable, kind: str, got: Mapping[int, int], what: str) -> None:
    if got and not state.silent:
        parts = ", ".join([f"seat {s} +{n}" for s, n in sorted(got.items())])
        state.events.append(
            Event(kind, {"paid": {str(s): n for s, n in got.items()}}, f"{what}: {parts}")
        )


def _pay(state: CoscaTable, kind: str, stock: Stock, owed: list[int], what: str) -> None:
    """Pay ``owed`` (by seat) from the supply, and log what was paid."""
    short = supply.pay_each(state, stock, owed)
    if not state.silent:
        got = {s: n for s, n in enumerate(owed) if n > 0} if short is None else short
        _paid_event(state, kind, got, what)


def bank(state: CoscaTable) -> None:
    """1 money per Bank die."""
    owed = [setting[_BANK] if setting else 0 for setting in state.settings]
    _pay(state, "bank", MONEY, owed, "Bank")


# -- Gun Shop -------------------------------------------------------------------
def gun_max(state: CoscaTable, seat: int) -> int:
    """Most exchanges ``seat`` may ask for: one per Gun Shop die, paid in money (C-07)."""
    most = min(dice_at(state, seat, _GUN), state.money[seat])
    stock = supply.available(state, WEAPONS)
    return most if stock is None else min(most, stock)


def gun_seats(state: CoscaTable) -> list[int]:
    """The seats with an exchange to decide (``gun_max`` above 0), after the dice reveal."""
    if supply.available(state, WEAPONS) == 0:
        return []
    money, settings = state.money, state.settings
    return [s for s, setting in enumerate(settings) if setting and setting[_GUN] and money[s]]


def resolve_gun(state: CoscaTable, requests: Mapping[int, int]) -> None:
    """Exchange money for weapons; a short supply is shared (C-01), paid for what is got."""
    wanted = {s: n for s, n in requests.items() if n}
    if not wanted:
        return
    got = supply.share(supply.available(state, WEAPONS), wanted)
    for seat, n in got.items():
        supply.give_back(state, MONEY, seat, n)
        state.weapons[seat] += n
        state.supply[WEAPONS] -= n
    _paid_event(state, "gun-shop", got, "Gun Shop exchanges")


def racetrack(state: CoscaTable) -> None:
    """2 money per Racetrack die, on race days only."""
    if state.weekday not in RACE_DAYS:
        return
    owed = [RACE_PAY * setting[_RACETRACK] if setting else 0 for setting in state.settings]
    _pay(state, "racetrack", MONEY, owed, "Racetrack")


# -- Club ---------------------------------------------------------------------
def club_eligible(state: CoscaTable, seat: int) -> list[int]:
    """Row positions of ``seat``'s loyal mobsters that have no drink yet."""
    return [p for p, owner in enumerate(state.loyal) if owner == seat and not state.drink[p]]


def club_max(state: CoscaTable, seat: int) -> int:
    """Most invitations: one per Club die, one money each, each mobster once (C-07)."""
    return min(dice_at(state, seat, _CLUB), state.money[seat], len(club_eligible(state, seat)))


def club_seats(state: CoscaTable) -> list[int]:
    """The seats with invitations to decide (``club_max`` above 0), after the dice reveal."""
    drink = state.drink
    hosts = {owner for pos, owner in enumerate(state.loyal) if not drink[pos]}
    money, settings = state.money, state.settings
    return [
        s
        for s, setting in enumerate(settings)
        if setting and setting[_CLUB] and money[s] and s in hosts
    ]


def resolve_club(state: CoscaTable, invites: Mapping[int, Sequence[int]]) -> None:
    """Each invitation moves one money from the player onto the mobster's card."""
    money, drink = state.money, state.drink
    for seat, positions in sorted(invites.items()):
        for pos in positions:
            money[seat] -= 1
            drink[pos] = True
        if positions and not state.silent:
            names = [state.mobster(p).name for p in positions]
            state.events.append(
                Event(
                    "club",
                    {"seat": seat, "positions": list(positions), "mobsters": names},
                    f"seat {seat} invites {', '.join(names)} for a drink",
                )
            )


# -- Villa ----------------------------------------------------------------------
def villa_asks_left(state: CoscaTable, seat: int) -> int:
    return VILLA_ASKS - state.villa_got[seat] - int(state.villa_die[seat])


def villa_can_ask(state: CoscaTable, seat: int) -> bool:
    """A Villa die, an ask left, a tomorrow to use it in (C-12), a die in the supply."""
    if dice_at(state, seat, _VILLA) == 0 or villa_asks_left(state, seat) <= 0:
        return False
    if state.is_last_round():
        return False
    stock = supply.available(state, DICE)
    return stock is None or stock > 0


def villa_seats(state: CoscaTable) -> list[int]:
    """The seats that may ask the Don (``villa_can_ask``), after the dice reveal."""
    if state.is_last_round() or supply.available(state, DICE) == 0:
        return []
    got, waiting = state.villa_got, state.villa_die
    return [
        s
        for s, setting in enumerate(state.settings)
        if setting and setting[_VILLA] and VILLA_ASKS - got[s] - waiting[s] > 0
    ]


def resolve_villa(state: CoscaTable, askers: Sequence[int]) -> None:
    """Each asker gets a die from the supply on their villa token (shared if short, C-01)."""
    if not askers:
        return
    got = supply.share(supply.available(state, DICE), dict.fromkeys(askers, 1))
    for seat, n in got.items():
        if n:
            state.villa_die[seat] = True
            state.supply[DICE] -= 1
    _paid_event(state, "villa", {s: n for s, n in got.items() if n}, "The Don helps")


# -- Street ---------------------------------------------------------------------
def street(state: CoscaTable) -> None:
    """Most Street dice (at least one, C-03): 1 money and 1 weapon to each such player."""
    counts = [0 if setting is None else setting[_STREET] for setting in state.settings]
    top = max(counts)
    if top == 0:
        return
    winners = [int(n == top) for n in counts]
    _pay(state, "street-money", MONEY, winners, "Street money")
    _pay(state, "street-weapons", WEAPONS, winners, "Street weapons")
