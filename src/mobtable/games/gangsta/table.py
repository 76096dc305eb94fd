"""A Gangsta table's data: where every card is, and the moves that only shift cards.

The bottom layer of the package under the rules: the rule modules (``police``,
``redraw``) and the :class:`~mobtable.games.gangsta.state.GangstaState` on top
read and move cards through this class; nothing here decides a rule.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any

from mobtable.core import Event, Seat
from mobtable.games.gangsta.actions import action_table
from mobtable.games.gangsta.cards import CardSet
from mobtable.games.gangsta.grid import CELLS, EMPTY, LINES_OF, SIZE
from mobtable.games.gangsta.naming import builtin_mafias, mafia_words

if TYPE_CHECKING:
    from mobtable.core import Config, Game, Origin


class Phase(StrEnum):
    REDRAW = "redraw"
    PLAY = "play"
    PICK = "pick"
    PLACE = "place"
    OVER = "over"


class GangstaTable:
    """Every zone of one Gangsta table. Card ids index ``self.cards``."""

    game: Game
    config: Config
    origin: Origin
    events: list[Event]
    silent: bool

    def __init__(self, config: Config, cards: CardSet, rng: random.Random) -> None:
        n = config.players
        self.cards = cards
        self.table = action_table(cards)
        self.rng = rng
        custom = mafia_words(cards)  # cached per card set: the built-in one is the same object
        builtin = custom is builtin_mafias() or custom == builtin_mafias()
        self.event_mafias = None if builtin else dict(custom)
        """A custom deck's mafia names, carried by events so their words can name cards."""
        self.adjacent = config.options["combinations"] == "adjacent"
        self.contenders_only = config.options["pair_must_beat"] == "contenders"
        self.reveal = (
            2 if "reveal-two" in config.variants else 1 if "reveal-one" in config.variants else 0
        )
        self.phase = Phase.REDRAW
        self.hands: list[list[int]] = [[] for _ in range(n)]
        """Each seat's cards, always sorted (the rules find a mafia's cards by bisection)."""
        self.deck: list[int] = []  # the top card is the last one
        self.trump = -1
        self.grid = [EMPTY] * CELLS
        self.empty = list(range(CELLS))
        """The empty cells, in order (kept up to date: legal placements read it)."""
        self.grid_values = [EMPTY] * CELLS
        self.filled = [0] * 10
        """Cards in each row (0-4) and column (5-9): a 5 calls the police."""
        self.ambush_deck: list[int] = []  # the top card is the last one
        self.ambush_used: list[int] = []
        self.box: list[int] = []
        self.discard: list[int] = []
        self.scores = [0] * n
        self.best = [0] * n
        self.leader = 0
        self.turn = 0
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        self.trick_order: list[int] = []
        self.absent = 0
        self.revealed: list[int] = []
        self.to_place: list[int] = []
        self.trick_points = 0
        self.tricks = 0
        self.redraw_queue: list[int] = []
        self.redrew: dict[int, tuple[int, ...]] = {}
        self.voids = [0] * n
        """Per seat, a bit per mafia it showed it holds none of (G-26): it once
        answered a lead of that mafia with another mafia. Public knowledge."""
        self.last_trick: tuple[Seat, list[tuple[int, tuple[int, ...]]]] | None = None
        self.last_raid: tuple[int, list[int], list[int]] | None = None
        """The last raid: ambush card index, cells emptied, cards removed."""

    @property
    def trump_mafia(self) -> int:
        return self.cards.mafia[self.trump]

    def code(self, card: int) -> str:
        return self.cards.cards[card].code

    def codes(self, ids: Sequence[int]) -> list[str]:
        return [self.cards.cards[c].code for c in ids]

    def log(self, kind: str, text: str, to: Seat | None = None, **data: Any) -> None:
        """Add an event to the game log (nothing when silent); ``to``: the one seat that sees it."""
        if self.silent:
            return
        if self.event_mafias is not None:
            data["mafias"] = self.event_mafias
        self.events.append(Event(kind, data, text, None if to is None else frozenset((to,))))

    def seats_from(self, first: Seat) -> tuple[Seat, ...]:
        return rotations(len(self.hands))[first]

    # -- the grid -------------------------------------------------------------
    def put(self, cell: int, card: int) -> None:
        self.grid[cell] = card
        self.grid_values[cell] = self.cards.value[card]
        empty = self.empty
        empty.remove(cell)
        row, column = LINES_OF[cell]
        filled = self.filled
        filled[row] += 1
        filled[column] += 1

    def take(self, cells: Sequence[int]) -> list[int]:
        """Empty the (taken) ``cells``; returns their cards, in the same order."""
        grid, values, empty, filled = self.grid, self.grid_values, self.empty, self.filled
        removed = [grid[c] for c in cells]
        for cell in cells:
            grid[cell] = values[cell] = EMPTY
            insort(empty, cell)
            row, column = LINES_OF[cell]
            filled[row] -= 1
            filled[column] -= 1
        return removed

    def any_full_line(self) -> bool:
        return SIZE in self.filled


@cache
def rotations(players: int) -> tuple[tuple[Seat, ...], ...]:
    """``rotations(n)[first]``: the n seats clockwise from ``first``."""
    return tuple(tuple((first + i) % players for i in range(players)) for first in range(players))
