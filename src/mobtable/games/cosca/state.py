"""The state of one COSCA table: plain lists, cheap to clone, no rules logic of its own."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mobtable.core import Config, IllegalAction, Origin, Result, SealedStep, State
from mobtable.games.cosca import rounds, scoring, steps, view
from mobtable.games.cosca.actions import CoscaAction
from mobtable.games.cosca.cards import Mobster
from mobtable.games.cosca.model import HATS, ROUNDS, Stage, Weekday
from mobtable.games.cosca.rules import Rules

if TYPE_CHECKING:
    from mobtable.core import Game


class CoscaState(State):
    """One table. Row lists (``row``, ``loyal``, ``drink``, ``under``, ``met``) share positions.

    Attributes:
        cards: every mobster card of the game (ids index it).
        rules: the table's options.
        round: 0-based round (day) number.
        deck: mobster ids still face down, top first (hidden).
        row: mobster ids revealed below the city, left to right.
        loyal: per row position, the seat whose hat is on the card (``NOBODY``).
        drink: per row position, whether a drink (a money token) sits on the card.
        under: per row position, a bitmask of the seats with a hat under the card.
        met: per row position, a bitmask of the seats that met the condition
            today (public: the dice are revealed, resources are open).
        money, weapons: per seat.
        dice: per seat, how many dice the player has today.
        settings: per seat, the dice counts revealed on round ``settings_round``.
        villa_die: per seat, whether a die waits on the villa token.
        villa_got: per seat, villa dice already collected (0 black, 1 white, 2 box).
        supply: money, weapons and dice in the general supply.
        stage, sealed: the decision being taken and its sealed commitments (in a
            determinization, ``sealed.announced`` keeps the seats known to have
            committed whose choices were dropped).
        fight_pos, fighters: the fight being fought (phase 4).
        fights: the fights revealed since the last dice reveal (public).
    """

    def __init__(
        self, game: Game, config: Config, origin: Origin, cards: tuple[Mobster, ...]
    ) -> None:
        super().__init__(game, config, origin)
        n = config.players
        self.cards = cards
        self.rules = Rules.of(config, origin.seed)
        self.round = 0
        self.deck: list[int] = []
        self.row: list[int] = []
        self.loyal: list[int] = []
        self.drink: list[bool] = []
        self.under: list[int] = []
        self.met: list[int] = []
        self.money = [0] * n
        self.weapons = [0] * n
        self.dice = [0] * n
        self.settings: list[tuple[int, ...] | None] = [None] * n
        self.settings_round = -1
        self.villa_die = [False] * n
        self.villa_got = [0] * n
        self.supply = [0, 0, 0]
        self.stage = Stage.DICE
        self.sealed: SealedStep[CoscaAction] = SealedStep.of(range(n))
        self.fight_pos = -1
        self.fighters: tuple[int, ...] = ()
        self.fights: list[dict[str, Any]] = []

    # -- derived facts ---------------------------------------------------
    @property
    def weekday(self) -> Weekday:
        return Weekday((self.rules.start + self.round) % 7)

    def is_last_round(self) -> bool:
        return self.round == ROUNDS - 1

    def hats_free(self, seat: int) -> int:
        bit = 1 << seat
        used = sum(1 for owner in self.loyal if owner == seat)
        used += sum(1 for mask in self.under if mask & bit)
        return HATS - used

    def mobster(self, pos: int) -> Mobster:
        return self.cards[self.row[pos]]

    def loyal_count(self, seat: int) -> int:
        return sum(1 for owner in self.loyal if owner == seat)

    # -- the contract ----------------------------------------------------
    def pending(self) -> tuple[int, ...]:
        if self.stage is Stage.OVER:
            return ()
        return self.sealed.waiting()

    def legal(self, seat: int) -> Sequence[CoscaAction]:
        if self.stage is Stage.OVER or seat not in self.sealed.seats or seat in self.sealed.choices:
            return ()
        return steps.options(self, seat)

    def _check(self, seat: int, action: Any) -> None:
        steps.check(self, seat, action)

    def _apply(self, seat: int, action: Any) -> None:
        rounds.commit(self, seat, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> CoscaState:
        return view.determinize(self, seat, rng)

    def is_over(self) -> bool:
        return self.stage is Stage.OVER

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("the game is not over", rule="game-not-over")
        return scoring.result(self)

    def clone(self) -> CoscaState:
        other = self.sample_copy()
        other.history, other.events = list(self.history), list(self.events)
        return other

    def sample_copy(self) -> CoscaState:
        """A copy for a determinization: no history and no events (a sample plays on
        from here; copying a long event log for each one cost more than the rest)."""
        other = object.__new__(CoscaState)
        d = other.__dict__
        d.update(self.__dict__)
        for name in _LISTS:
            d[name] = list(d[name])
        other.sealed = self.sealed.copy()
        other.history, other.events = [], []
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


_LISTS = (
    "deck",
    "row",
    "loyal",
    "drink",
    "under",
    "met",
    "money",
    "weapons",
    "dice",
    "settings",
    "villa_die",
    "villa_got",
    "supply",
    "fights",
)
