"""Gangsta's figures for the results table (``mobtable simulate --out``).

A placeholder proving the hook (:mod:`mobtable.sim.hooks`): tricks won per
seat, counted from the event log of the replayed game. The balance lab adds
the real figures here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mobtable.core import State

if TYPE_CHECKING:
    from mobtable.games.gangsta.state import GangstaState


def figures(state: State) -> list[dict[str, int | float]]:
    """One dict per seat: ``tricks_won``."""
    won = [0] * state.players
    for event in state.events:
        if event.kind == "trick-won":
            won[int(event.data["seat"])] += 1
    return [{"tricks_won": n} for n in won]


def rounds(state: State) -> int:
    """Tricks played."""
    gangsta = cast("GangstaState", state)
    return gangsta.tricks
