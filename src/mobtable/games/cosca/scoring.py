"""End of the game: most loyal mobsters, then resource value, then the leftmost mobster."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobtable.core import Result
from mobtable.games.cosca.model import MAX_ROW, MONEY_VALUE, WEAPON_VALUE

if TYPE_CHECKING:
    from mobtable.games.cosca.table import CoscaTable

TIEBREAKS = ("resource value", "leftmost loyal mobster")


def resource_value(state: CoscaTable, seat: int) -> int:
    """Money counts 1, weapons 3; drinks on cards are not the player's any more (C-14)."""
    return MONEY_VALUE * state.money[seat] + WEAPON_VALUE * state.weapons[seat]


def leftmost(state: CoscaTable, seat: int) -> int | None:
    """Row position of the player's leftmost loyal mobster."""
    return next((p for p, owner in enumerate(state.loyal) if owner == seat), None)


def keys(state: CoscaTable) -> list[tuple[int, int, int]]:
    out = []
    for seat in range(state.players):
        first = leftmost(state, seat)
        out.append(
            (
                state.loyal_count(seat),
                resource_value(state, seat),
                0 if first is None else MAX_ROW - first,
            )
        )
    return out


def result(state: CoscaTable) -> Result:
    ranking = keys(state)
    return Result.from_keys([k[0] for k in ranking], ranking, TIEBREAKS)
