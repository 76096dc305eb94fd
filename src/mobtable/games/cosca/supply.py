"""The general supply of money, weapons and dice (C-01)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from mobtable.games.cosca.model import Stock

if TYPE_CHECKING:
    from mobtable.games.cosca.table import CoscaTable


def share(available: int | None, owed: Mapping[int, int]) -> dict[int, int]:
    """How much of ``owed`` a supply holding ``available`` pays (``None``: unlimited).

    C-01: when it cannot pay everyone in full, it pays one piece to each
    player still owed, round after round, while it can pay all of them; what
    is left (fewer pieces than players still owed) stays in the supply. No
    seat is favoured, so payment never depends on seating.

    >>> share(5, {0: 3, 1: 1, 2: 3})
    {0: 2, 1: 1, 2: 2}
    """
    if available is None or sum(owed.values()) <= available:
        return dict(owed)
    got = dict.fromkeys(owed, 0)
    left = available
    while True:
        wanting = [s for s in owed if got[s] < owed[s]]
        if not wanting or left < len(wanting):
            return got
        for s in wanting:
            got[s] += 1
        left -= len(wanting)


def available(state: CoscaTable, stock: Stock) -> int | None:
    """What the supply holds of ``stock`` (``None``: unlimited)."""
    return state.supply[stock] if state.rules.limited_supply else None


def holdings(state: CoscaTable, stock: Stock) -> list[int]:
    return (state.money, state.weapons, state.dice)[stock]


def pay_out(state: CoscaTable, stock: Stock, owed: Mapping[int, int]) -> dict[int, int]:
    """Move what the supply can pay of ``owed`` to the players; returns what each got."""
    got = {s: n for s, n in owed.items() if n > 0}
    if not got:
        return got
    pool = state.supply
    if state.rules.limited_supply and sum(got.values()) > pool[stock]:
        got = share(pool[stock], got)
    held = holdings(state, stock)
    for seat, n in got.items():
        held[seat] += n
        pool[stock] -= n
    return got


def pay_each(state: CoscaTable, stock: Stock, owed: Sequence[int]) -> dict[int, int] | None:
    """:func:`pay_out` for ``owed`` listed by seat (no negative amounts): ``None`` when the
    supply pays everyone in full (the usual case, which builds no dict), else what each
    seat owed got, as :func:`pay_out` returns it."""
    total = sum(owed)
    if not total:
        return None
    pool = state.supply
    if state.rules.limited_supply and total > pool[stock]:
        return pay_out(state, stock, {s: n for s, n in enumerate(owed) if n})
    held = holdings(state, stock)
    for seat, n in enumerate(owed):
        if n:
            held[seat] += n
    pool[stock] -= total
    return None


def give_back(state: CoscaTable, stock: Stock, seat: int, amount: int) -> None:
    """A player returns ``amount`` pieces to the supply."""
    holdings(state, stock)[seat] -= amount
    state.supply[stock] += amount
