"""Gangsta's rule-based bot: it takes points when it can.

It sees only its seat's view and legal actions (through ``Decision``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from mobtable.core import Action, Bot, Decision
from mobtable.games.gangsta.actions import Keep, Pick, Place, Play, Redraw
from mobtable.games.gangsta.cards import CardSet, card_set
from mobtable.games.gangsta.grid import (
    CELL_NAMES,
    CELLS,
    COLUMN_OF,
    EMPTY,
    ROW_OF,
    placement_points,
)
from mobtable.games.gangsta.tricks import trick_winner
from mobtable.games.gangsta.view_types import GangstaView

RAID_PENALTY = 2
"""Points a placement is worth less when it completes a line and calls the police."""

PRIZE_WORTH = 1
"""Opened cards (Variants 1 and 2) that would score this many points (a pair or better)
make a trick worth fighting for."""


class GreedyBot(Bot):
    """Wins tricks cheaply when it can, dumps its lowest card when it cannot,
    and places won cards for the most points now.

    In Variants 1 and 2 it weighs the opened cards the trick's winner takes:
    when they would score ``PRIZE_WORTH`` points or more, it leads its
    strongest card (trumps included) and, unless it plays last, takes the
    trick with its strongest winning play rather than its cheapest.
    """

    name = "greedy"

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        first = legal[0]
        cards = card_set(decision.config.card_data)
        view = cast(GangstaView, decision.view)  # a Gangsta decision: a Gangsta view
        if isinstance(first, Keep | Redraw):
            redraws = [a for a in legal if isinstance(a, Redraw)]
            return redraws[0] if redraws else first
        if isinstance(first, Play):
            return self._play(cards, view, [a for a in legal if isinstance(a, Play)])
        values = _grid_values(cards, view)
        if isinstance(first, Pick):
            picks = [a for a in legal if isinstance(a, Pick)]
            return max(picks, key=lambda a: (_best_cell(values, a.card.value)[0], a.card.value))
        return max(
            (a for a in legal if isinstance(a, Place)),
            key=lambda a: (_place_score(values, a), -a.card.value, -a.cell),
        )

    def _play(self, cards: CardSet, view: GangstaView, plays: Sequence[Play]) -> Play:
        trump = cards.mafia_codes.index(view["trump_mafia"])
        trick = [(p["seat"], tuple(cards.card(c).id for c in p["cards"])) for p in view["trick"]]

        def strength(play: Play) -> int:
            return sum(c.value for c in play.cards)

        def force(play: Play) -> tuple[bool, int]:  # how hard a play is to beat
            return play.cards[0].mafia == trump, strength(play)

        # Variants 1 and 2: the opened cards go to this trick's winner; when they
        # would score PRIZE_WORTH points or more, the trick is worth fighting for.
        eager = _prize(cards, view) >= PRIZE_WORTH
        if not trick:  # lead a strong card outside trumps, else the lowest card
            if eager:
                return max(plays, key=force)
            side = [p for p in plays if p.cards[0].mafia != trump]
            return max(side, key=strength) if side else min(plays, key=strength)
        winners = [
            p
            for p in plays
            if trick_winner(cards, [*trick, (-1, tuple(c.id for c in p.cards))], trump)
            == len(trick)
        ]
        last = len(trick) == len(view["trick_order"]) - 1
        if winners and eager and not last:  # the strongest play, to keep the prize
            return max(winners, key=force)
        if winners:  # the cheapest play that takes the trick now, singles first
            return min(winners, key=lambda p: (len(p.cards), strength(p)))
        singles = [p for p in plays if len(p.cards) == 1]
        return min(singles or plays, key=lambda p: (p.cards[0].mafia == trump, strength(p)))


def _prize(cards: CardSet, view: GangstaView) -> int:
    """Points the opened cards would bring this trick's winner if placed now, greedily.

    In Variant 2 the winner keeps one card of each opened pair: the better one.
    """
    if not view["opened"]:
        return 0
    values = _grid_values(cards, view)
    opened = [cards.card(code).value for code in view["opened"]]
    if view["variant"] == "reveal-two":
        pairs = [opened[i : i + 2] for i in range(0, len(opened), 2)]
        opened = [max(pair, key=lambda v: _best_cell(values, v)) for pair in pairs]
    total = 0
    for value in sorted(opened, reverse=True):
        points, cell = _best_cell(values, value)
        if cell < 0:
            break
        values[cell] = value
        total += points
    return total


def _grid_values(cards: CardSet, view: GangstaView) -> list[int]:
    values = [EMPTY] * CELLS
    for name, code in view["grid"].items():
        values[CELL_NAMES.index(name)] = cards.card(code).value
    return values


def _completes_line(values: list[int], cell: int) -> bool:
    row = all(values[c] != EMPTY or c == cell for c in ROW_OF[cell])
    column = all(values[c] != EMPTY or c == cell for c in COLUMN_OF[cell])
    return row or column


def _place_score(values: list[int], action: Place) -> float:
    trial = list(values)
    trial[action.cell] = action.card.value
    points, _ = placement_points(trial, action.cell)
    return points - (RAID_PENALTY if _completes_line(values, action.cell) else 0)


def _best_cell(values: list[int], value: int) -> tuple[int, int]:
    best = (-1, -1)
    for cell in range(CELLS):
        if values[cell] != EMPTY:
            continue
        trial = list(values)
        trial[cell] = value
        best = max(best, (placement_points(trial, cell)[0], cell))
    return best


BOTS: dict[str, type[Bot]] = {"greedy": GreedyBot}
