"""Phase 4: gaining the mobsters' loyalty, left to right, with or without a fight."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from mobtable.core import Event
from mobtable.games.cosca.actions import Offer
from mobtable.games.cosca.model import MAX_PLAYERS, MONEY, NOBODY, WEAPONS

if TYPE_CHECKING:
    from mobtable.games.cosca.table import CoscaTable


_MONEY, _WEAPONS = int(MONEY), int(WEAPONS)
"""The stocks as plain ints (indexing a list with an ``IntEnum`` is slower)."""
_SEAT_TEXT = tuple(str(seat) for seat in range(MAX_PLAYERS))
"""Each seat as the record's keys name it."""
_SEATS_IN = tuple(
    tuple(s for s in range(MAX_PLAYERS) if mask >> s & 1) for mask in range(1 << MAX_PLAYERS)
)


def seats_in(mask: int) -> tuple[int, ...]:
    """The seats of a bitmask of seats, in order."""
    return _SEATS_IN[mask]


def contenders(state: CoscaTable, pos: int) -> tuple[tuple[int, ...], bool]:
    """Who fights for the mobster at ``pos``, and whether the owner's drink is spent.

    Everyone with a hat under the card takes part (they met the condition
    today or tied yesterday, C-06). The owner's drink lets him join when he has
    no hat under the card and someone else contends (C-08). It is spent
    whenever its owner fights without meeting the condition today, also when
    a tie from yesterday already put his hat under the card, and kept when his
    dice meet it though he had no free hat to put under the card (C-09).
    """
    claim = seats_in(state.under[pos])
    owner = state.loyal[pos]
    if owner == NOBODY or not state.drink[pos] or not claim:
        return claim, False
    met_today = bool(state.met[pos] >> owner & 1)
    if owner not in claim:
        return tuple(sorted([*claim, owner])), not met_today
    return claim, len(claim) > 1 and not met_today


def spend_drink(state: CoscaTable, pos: int) -> None:
    """The owner fights without meeting the condition: the drink's money returns (C-09)."""
    state.drink[pos] = False
    state.supply[MONEY] += 1
    owner = state.loyal[pos]
    if not state.silent:
        state.events.append(
            Event(
                "drink-spent",
                {"seat": owner, "pos": pos, "mobster": state.mobster(pos).name},
                f"seat {owner} fights for {state.mobster(pos).name} with the drink: "
                "its money goes back to the supply",
            )
        )


def gain(state: CoscaTable, pos: int, seat: int, fought: bool) -> None:
    """``seat`` wins the mobster's loyalty; every hat under the card goes home."""
    state.under[pos] = 0
    previous = state.loyal[pos]
    if previous == seat:
        if not state.silent:
            name = state.mobster(pos).name
            state.events.append(
                Event(
                    "loyalty-kept",
                    {"seat": seat, "pos": pos, "mobster": name, "fought": fought},
                    f"{name} stays loyal to seat {seat}",
                )
            )
        return
    if state.drink[pos]:  # C-09: the old owner's drink goes back to the supply
        state.drink[pos] = False
        state.supply[MONEY] += 1
    state.loyal[pos] = seat
    if not state.silent:
        name = state.mobster(pos).name
        how = "after a fight" if fought else "without a fight"
        state.events.append(
            Event(
                "loyalty-gained",
                {
                    "seat": seat,
                    "pos": pos,
                    "mobster": name,
                    "from": None if previous == NOBODY else previous,
                    "fought": fought,
                },
                f"seat {seat} wins {name}'s loyalty {how}",
            )
        )


def resolve_fight(
    state: CoscaTable, pos: int, fighters: tuple[int, ...], offers: Mapping[int, Offer]
) -> None:
    """Reveal the offers; every fighter loses what he offered; the highest value wins.

    A tie keeps the old loyalty, and the tied players' hats stay under the
    card: tomorrow they fight again whatever their dice show (C-06).
    """
    money, weapons, pool = state.money, state.weapons, state.supply
    values = {}
    offered: dict[str, str] = {}
    for seat in fighters:  # every offer goes back to the supply
        offer = offers[seat]
        paid, armed = offer.money, offer.weapons
        money[seat] -= paid
        weapons[seat] -= armed
        pool[_MONEY] += paid
        pool[_WEAPONS] += armed
        values[seat] = offer.value
        offered[_SEAT_TEXT[seat]] = str(offer)
    top = max(values.values())
    best = [s for s in fighters if values[s] == top]
    name = state.cards[state.row[pos]].name
    record = {
        "pos": pos,
        "mobster": name,
        "round": state.round,
        "offers": offered,
        "winner": best[0] if len(best) == 1 else None,
        "tied": best if len(best) > 1 else [],
    }
    state.fights.append(record)
    if not state.silent:
        shown = ", ".join([f"seat {s} {offers[s]} (value {values[s]})" for s in fighters])
        state.events.append(Event("fight", record, f"fight for {name}: {shown}"))
    if len(best) == 1:
        gain(state, pos, best[0], fought=True)
        return
    under = state.under
    kept = 0
    for seat in best:
        kept |= 1 << seat
    under[pos] &= kept  # the losers' hats go home
    for seat in best:
        if not under[pos] >> seat & 1 and state.hats_free(seat) > 0:
            under[pos] |= 1 << seat  # C-08: a tied owner who came in by drink
    if not state.silent:
        state.events.append(
            Event(
                "fight-tied",
                {"pos": pos, "mobster": name, "tied": best, "last_day": state.is_last_round()},
                f"tie for {name}: loyalty unchanged, seats {', '.join(map(str, best))} fight again "
                "tomorrow",
            )
        )
