"""COSCA's figures for the results table (``mobtable simulate --out``).

Per seat, from the replayed game's event log (:mod:`mobtable.sim.hooks`):
``mobsters_fought`` and ``mobsters_unopposed`` (mobsters loyal at the end,
won in a fight or without one; they sum to the score), ``fights_entered``
(fights the seat made an offer in), ``fights_won``, ``fights_tied``,
``villa_uses`` and ``club_uses``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mobtable.core import State

if TYPE_CHECKING:
    from mobtable.games.cosca.state import CoscaState

KEYS = (
    "mobsters_fought",
    "mobsters_unopposed",
    "fights_entered",
    "fights_won",
    "fights_tied",
    "villa_uses",
    "club_uses",
)


def figures(state: State) -> list[dict[str, int | float]]:
    """One dict per seat with the keys of :data:`KEYS`."""
    rows: list[dict[str, int | float]] = [dict.fromkeys(KEYS, 0) for _ in range(state.players)]
    loyal: dict[int, tuple[int, bool]] = {}  # mobster position -> (seat, won in a fight)
    for event in state.events:
        data = event.data
        if event.kind == "loyalty-gained":
            loyal[int(data["pos"])] = (int(data["seat"]), bool(data["fought"]))
        elif event.kind == "fight":
            for seat in data["offers"]:
                rows[int(seat)]["fights_entered"] += 1
            if data["winner"] is not None:
                rows[int(data["winner"])]["fights_won"] += 1
        elif event.kind == "fight-tied":
            for seat in data["tied"]:
                rows[int(seat)]["fights_tied"] += 1
        elif event.kind == "villa":
            for seat in data["paid"]:
                rows[int(seat)]["villa_uses"] += 1
        elif event.kind == "club":
            rows[int(data["seat"])]["club_uses"] += 1
    for seat, fought in loyal.values():
        rows[seat]["mobsters_fought" if fought else "mobsters_unopposed"] += 1
    return rows


def rounds(state: State) -> int:
    """Days played (seven in a finished game; the last day's round is never advanced past)."""
    cosca = cast("CoscaState", state)
    return cosca.round + 1 if cosca.is_over() else cosca.round
