"""A toy dice game whose card file plants an imbalance of known direction, for the lab's tests.

Each of three rounds every seat rolls a twenty-sided die once (its only action); the highest
total wins (a tie is shared). The card data's ``edge`` (0 to 20, built-in 10) adds
``edge - 10`` to every roll of the first seat: at 10 the seats are even, above it the first
seat is stronger, below it weaker; so the first seat's win share rises with ``edge`` and
crosses the equal share at 10, the planted best value.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import (
    BadCardData,
    Config,
    Game,
    IllegalAction,
    Origin,
    Result,
    Seat,
    State,
    fields,
)
from mobtable.core.cardfile import require

ROUNDS = 3
SIDES = 20
EVEN = 10
"""The ``edge`` at which every seat is as strong as the others."""


@dataclass(frozen=True, slots=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


ROLL = Roll()


@fields.table
class HandicapState(State):
    rng: random.Random = fields.hidden(copy=fields.copy_random)
    scores: list[int] = fields.public()
    turn: int = fields.public()
    edge: int = fields.public()

    def pending(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn % self.players,)

    def legal(self, seat: int) -> Sequence[Roll]:
        return (ROLL,) if seat in self.pending() else ()

    def _check(self, seat: int, action: Any) -> None:
        if action != ROLL or seat not in self.pending():
            raise IllegalAction(f"seat {seat} cannot {action} now")

    def _apply(self, seat: int, action: Any) -> None:
        bonus = self.edge - EVEN if seat == 0 else 0
        self.scores[seat] += self.rng.randint(1, SIDES) + bonus
        self.turn += 1

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"scores": list(self.scores), "turn": self.turn}

    def determinize(self, seat: int, rng: random.Random) -> HandicapState:
        clone = self.clone()
        clone.rng = random.Random(rng.getrandbits(64))
        return clone

    def is_over(self) -> bool:
        return self.turn >= ROUNDS * self.players

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("the game is not over")
        return Result.from_keys(self.scores, [(s,) for s in self.scores])


class Handicap(Game):
    name = "handicap"
    title = "Handicap (test game)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    blurb = "Roll a die three times; the highest total wins."

    def load_cards(self, card_data: Mapping[str, Any] | None) -> int:
        if card_data is None:
            return EVEN
        edge = require(card_data, "edge", int, "cards")
        if not 0 <= edge <= 2 * EVEN:
            raise BadCardData(f"cards.edge: expected 0 to {2 * EVEN}, got {edge}")
        return int(edge)

    def new_state(
        self, config: Config, *, seed: int | None = None, setup: Mapping[str, Any] | None = None
    ) -> HandicapState:
        return HandicapState(
            self,
            config,
            Origin(seed, setup),
            rng=random.Random(seed or 0),
            scores=[0] * config.players,
            turn=0,
            edge=self.load_cards(config.card_data),
        )

    def parse_action(self, text: str, config: Config) -> Roll:
        return ROLL

    def num_actions(self, config: Config) -> int:
        return 1

    def action_index(self, action: Any, config: Config) -> int:
        return 0

    def action_from_index(
        self, index: int, config: Config, state: State | None = None, seat: Seat | None = None
    ) -> Roll:
        return ROLL


GAME = Handicap()
