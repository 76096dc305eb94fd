"""One COSCA table under the core contract: the top layer of the package.

Its data lives in :mod:`table`, the rules in the modules below this one (none imports it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mobtable.core import IllegalAction, Result, State
from mobtable.games.cosca import rounds, scoring, steps, view
from mobtable.games.cosca.actions import CoscaAction
from mobtable.games.cosca.model import GAME_OVER
from mobtable.games.cosca.table import CoscaTable
from mobtable.games.cosca.view_types import CoscaView

if TYPE_CHECKING:
    pass


class CoscaState(CoscaTable):
    """One COSCA table under the core contract (its fields: :class:`CoscaTable`)."""

    __slots__ = ()  # every field is the table's

    # -- the contract ----------------------------------------------------
    def pending(self) -> tuple[int, ...]:
        if self.stage is GAME_OVER:
            return ()
        return self.sealed.waiting()

    def legal(self, seat: int) -> Sequence[CoscaAction]:
        sealed = self.sealed
        if seat in sealed.choices or seat not in sealed.seats or self.stage is GAME_OVER:
            return ()
        return steps.options(self, seat)

    def _check(self, seat: int, action: Any) -> None:
        steps.check(self, seat, action)

    def _apply(self, seat: int, action: Any) -> None:
        rounds.commit(self, seat, action)

    def apply(self, seat: int, action: Any, *, check: bool = True) -> None:
        """As :meth:`State.apply`; unchecked (simulation, search), straight to the rules."""
        if check:
            State.apply(self, seat, action)
        else:
            rounds.commit(self, seat, action)
            self.history.append((seat, action))

    def view(self, seat: int | None) -> CoscaView:
        return view.view(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> CoscaState:
        return view.determinize(self, seat, rng)

    def is_over(self) -> bool:
        return self.stage is GAME_OVER

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("the game is not over", rule="game-not-over")
        return scoring.result(self)
