"""One COSCA table under the core contract: the top layer of the package.

Its data lives in :mod:`table`, the rules in the modules below this one (none imports it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mobtable.core import Config, IllegalAction, Origin, Result, State
from mobtable.games.cosca import rounds, scoring, steps, view
from mobtable.games.cosca.actions import CoscaAction
from mobtable.games.cosca.cards import Mobster
from mobtable.games.cosca.model import GAME_OVER
from mobtable.games.cosca.table import CoscaTable
from mobtable.games.cosca.view_types import CoscaView

if TYPE_CHECKING:
    from mobtable.core import Game


class CoscaState(CoscaTable, State):
    """One COSCA table under the core contract (its data: :class:`CoscaTable`)."""

    def __init__(
        self, game: Game, config: Config, origin: Origin, cards: tuple[Mobster, ...]
    ) -> None:
        State.__init__(self, game, config, origin)
        CoscaTable.__init__(self, config, cards, origin.seed)

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

    def clone(self) -> CoscaState:
        other = self.sample_copy()
        other.history, other.events = list(self.history), list(self.events)
        return other

    def fingerprint(self) -> Any:
        return {
            "round": self.round,
            "start": self.rules.start.code,
            "deck": self.deck,
            "row": self.row,
            "loyal": self.loyal,
            "drink": self.drink,
            "under": self.under,
            "met": self.met,
            "money": self.money,
            "weapons": self.weapons,
            "dice": self.dice,
            "settings": [None if s is None else list(s) for s in self.settings],
            "settings_round": self.settings_round,
            "villa_die": self.villa_die,
            "villa_got": self.villa_got,
            "supply": self.supply,
            "stage": self.stage.value,
            "sealed": {
                "seats": list(self.sealed.seats),
                "choices": {str(s): str(a) for s, a in sorted(self.sealed.choices.items())},
            },
            "fight_pos": self.fight_pos,
            "fighters": list(self.fighters),
            "fights": self.fights,
            "announced": sorted(self.sealed.announced),
        }
