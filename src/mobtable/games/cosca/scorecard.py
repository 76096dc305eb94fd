"""The result card's breakdown of a COSCA game: each player's loyal mobsters (the score,
by name) and resources (the first tie-break: money counts 1, a weapon 3), read from the
reader's view of the finished table, where all of it is public."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobtable.core.words import Breakdown, Reader, count, listing
from mobtable.games.cosca.model import MONEY_VALUE, WEAPON_VALUE

if TYPE_CHECKING:
    from mobtable.games.cosca.state import CoscaState


def breakdown(state: CoscaState, reader: Reader) -> Breakdown:
    view = state.view(reader.seat)
    rows = []
    for seat_view in view["table"]:
        seat = seat_view["seat"]
        loyal = [m["name"] for m in view["row"] if m["loyal"] == seat]
        money, weapons = seat_view["money"], seat_view["weapons"]
        rows.append(
            (
                f"{seat_view['mobsters']}" + (f": {listing(loyal)}" if loyal else ""),
                f"{MONEY_VALUE * money + WEAPON_VALUE * weapons} "
                f"({count(money, 'coin')}, {count(weapons, 'weapon')})",
            )
        )
    return Breakdown(("Loyal mobsters", "Resources"), tuple(rows))
