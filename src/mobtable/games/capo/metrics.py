"""Capo's hooks for the results table (``mobtable simulate --out``).

See :mod:`mobtable.sim.hooks`; the balance lab adds the game's figures here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mobtable.core import State

if TYPE_CHECKING:
    from mobtable.games.capo.state import CapoState


def rounds(state: State) -> int:
    """Rounds (assignments) played."""
    capo = cast("CapoState", state)
    return capo.round
