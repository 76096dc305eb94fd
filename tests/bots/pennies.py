"""Matching pennies as a one-step simultaneous game: the sharpest test of decoupled search.

Both seats show heads or tails at once; seat 0 wins if they match, seat 1 if
they differ. The only sound value for either seat is 1/2. A search that let
the second seat to commit see the first seat's coin would value its own
position near 1.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import (
    Config,
    Event,
    Game,
    IllegalAction,
    Origin,
    Result,
    SealedStep,
    Seat,
    State,
    fields,
)


@dataclass(frozen=True, slots=True)
class Coin:
    side: str

    def __str__(self) -> str:
        return self.side


COINS = (Coin("H"), Coin("T"))


@fields.table
class PenniesState(State):
    """The table, each field declared once (its copies and fingerprint follow)."""

    step: SealedStep[Coin] = fields.seat(copy=SealedStep.copy)
    shown: tuple[str, str] | None = fields.public()

    def pending(self) -> tuple[int, ...]:
        return () if self.shown else self.step.waiting()

    def legal(self, seat: int) -> Sequence[Coin]:
        return COINS if seat in self.pending() else ()

    def _apply(self, seat: int, action: Any) -> None:
        self.events.append(Event("coin-shown", {"seat": seat}, f"seat {seat} is ready"))
        if self.step.commit(seat, action):
            first, second = (c.side for _, c in self.step.in_seat_order())
            self.shown = (first, second)

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = self.step.choices.get(seat) if seat is not None else None
        return {"shown": self.shown, "mine": None if mine is None else mine.side}

    def determinize(self, seat: int, rng: random.Random) -> PenniesState:
        clone = self.clone()
        if not self.shown:
            clone.step = self.step.forget_others(seat)
        clone.history, clone.events = [], []
        return clone

    def is_over(self) -> bool:
        return self.shown is not None

    def result(self) -> Result:
        if self.shown is None:
            raise IllegalAction("the game is not over")
        winner = 0 if self.shown[0] == self.shown[1] else 1
        scores = [1 if s == winner else 0 for s in range(2)]
        return Result.from_keys(scores, [(s,) for s in scores])


class Pennies(Game):
    name = "pennies"
    title = "Matching pennies (test game)"
    min_players = 2
    max_players = 2
    rules_version = "1"
    simultaneous = True

    def new_state(
        self, config: Config, *, seed: int | None = None, setup: Mapping[str, Any] | None = None
    ) -> PenniesState:
        return PenniesState(self, config, Origin(seed, setup), SealedStep.of(range(2)), None)

    def parse_action(self, text: str, config: Config) -> Coin:
        return {c.side: c for c in COINS}[text]

    def num_actions(self, config: Config) -> int:
        return 2

    def action_index(self, action: Any, config: Config) -> int:
        return COINS.index(action)

    def action_from_index(
        self, index: int, config: Config, state: State | None = None, seat: Seat | None = None
    ) -> Coin:
        return COINS[index]


GAME = Pennies()
