"""COSCA's hooks for the results table (``mobtable simulate --out``).

See :mod:`mobtable.sim.hooks`; the balance lab adds the game's figures here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from mobtable.core import State

if TYPE_CHECKING:
    from mobtable.games.cosca.state import CoscaState


def rounds(state: State) -> int:
    """Days played (seven in a finished game; the last day's round is never advanced past)."""
    cosca = cast("CoscaState", state)
    return cosca.round + 1 if cosca.is_over() else cosca.round
