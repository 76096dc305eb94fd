"""A tiny two- or three-player sealed-bid game that proves the core's simultaneous steps.

Each player holds 10 coins. Three prizes (values 1 to 5, drawn from a hidden
shuffled deck of five) are auctioned one at a time: every player bids at once
and in secret; once all have bid, the single highest bidder pays and scores the
prize; on a tie nobody pays and the prize is lost.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import (
    BadSetup,
    Config,
    EndReveal,
    Event,
    Game,
    IllegalAction,
    InvalidNotation,
    Origin,
    Result,
    SealedStep,
    Seat,
    State,
    fields,
)
from mobtable.core.actions import notation_text
from support.sealed_bid_words import WORDS

COINS = 10
PRIZES = (1, 2, 3, 4, 5)
ROUNDS = 3


@dataclass(frozen=True, slots=True)
class Bid:
    amount: int

    def __str__(self) -> str:
        return f"b{self.amount}"


BIDS = tuple(Bid(n) for n in range(COINS + 1))


@fields.table
class SealedBidState(State):
    """The table, each field declared once (its copies and fingerprint follow)."""

    rng: random.Random = fields.hidden(copy=fields.copy_random)
    deck: list[int] = fields.hidden()
    """The prizes, in the order they are auctioned (the ones to come unseen)."""
    coins: list[int] = fields.public()
    scores: list[int] = fields.public()
    round: int = fields.public()
    step: SealedStep[Bid] = fields.seat(copy=SealedStep.copy)

    @classmethod
    def new(cls, game: Game, config: Config, origin: Origin, deck: list[int]) -> SealedBidState:
        n = config.players
        return cls(
            game,
            config,
            origin,
            rng=random.Random(origin.seed or 0),
            deck=deck,
            coins=[COINS] * n,
            scores=[0] * n,
            round=0,
            step=SealedStep.of(range(n)),
        )

    def pending(self) -> tuple[int, ...]:
        return () if self.is_over() else self.step.waiting()

    def legal(self, seat: int) -> Sequence[Bid]:
        return BIDS[: self.coins[seat] + 1] if seat in self.pending() else ()

    def _check(self, seat: int, action: Any) -> None:
        if not isinstance(action, Bid) or action.amount > self.coins[seat]:
            raise IllegalAction(f"seat {seat} cannot bid {action}: it holds {self.coins[seat]}")

    def _apply(self, seat: int, action: Any) -> None:
        self.events.append(Event("bid-sealed", {"seat": seat}, f"seat {seat} has bid"))
        if not self.step.commit(seat, action):
            return
        bids = [b.amount for _, b in self.step.in_seat_order()]
        prize = self.deck[self.round]
        top = max(bids)
        if bids.count(top) == 1:
            winner = bids.index(top)
            self.coins[winner] -= top
            self.scores[winner] += prize
        self.events.append(Event("bids-revealed", {"bids": bids, "prize": prize}, f"bids {bids}"))
        self.round += 1
        self.step = SealedStep.of(range(self.players))

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = self.step.choices.get(seat) if seat is not None else None
        return {
            "round": self.round,
            "prize": self.deck[self.round] if self.round < ROUNDS else None,
            "coins": list(self.coins),
            "scores": list(self.scores),
            "bidding": self.step.public(),
            "my_bid": None if mine is None else mine.amount,
        }

    def determinize(self, seat: int, rng: random.Random) -> SealedBidState:
        clone = self.clone()
        seen = self.deck[: self.round + 1]
        unseen = sorted(self.deck[self.round + 1 :])
        rng.shuffle(unseen)
        clone.deck = seen + unseen
        clone.step = self.step.forget_others(seat)
        clone.rng = random.Random(rng.getrandbits(64))
        clone.history, clone.events = [], []
        return clone

    def is_over(self) -> bool:
        return self.round >= ROUNDS

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("the game is not over")
        keys = [(self.scores[s], self.coins[s]) for s in range(self.players)]
        return Result.from_keys(self.scores, keys, ["coins left"])


class SealedBid(Game):
    name = "sealed-bid"
    title = "Sealed Bid (test game)"
    min_players = 2
    max_players = 3
    rules_version = "1"
    simultaneous = True
    end_reveal = EndReveal(True, "Every bid is shown once all have bid: nothing stays secret.")
    blurb = "Bid coins in secret for three prizes; the single highest bid wins each one."
    length = "a minute"
    narration = WORDS

    def new_state(
        self, config: Config, *, seed: int | None = None, setup: Mapping[str, Any] | None = None
    ) -> SealedBidState:
        if setup is not None:
            deck = list(setup.get("deck", []))
            if sorted(deck) != list(PRIZES):
                raise BadSetup(f"setup 'deck' must be a permutation of {list(PRIZES)}")
        else:
            deck = list(PRIZES)
            random.Random(seed).shuffle(deck)
        return SealedBidState.new(self, config, Origin(seed, setup), deck)

    def parse_action(self, text: str, config: Config) -> Bid:
        text = notation_text(text, "sealed-bid")
        digits = text[1:]
        if (
            not (text.startswith("b") and digits.isdigit() and len(digits) <= 2)
            or int(digits) > COINS
        ):
            raise InvalidNotation(f"{text!r} is not a bid like 'b3'")
        return BIDS[int(text[1:])]

    def num_actions(self, config: Config) -> int:
        return len(BIDS)

    def action_index(self, action: Any, config: Config) -> int:
        return int(action.amount)

    def action_from_index(
        self, index: int, config: Config, state: State | None = None, seat: Seat | None = None
    ) -> Bid:
        return BIDS[index]


GAME = SealedBid()
