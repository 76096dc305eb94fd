"""A Gangsta table's data: where every card is, and the moves that only shift cards.

The bottom layer of the package under the rules: the rule modules (``police``,
``redraw``) and the :class:`~mobtable.games.gangsta.state.GangstaState` on top
read and move cards through this class; nothing here decides a rule.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from mobtable.core import Event, Seat, State, fields
from mobtable.games.gangsta.actions import ActionTable, action_table
from mobtable.games.gangsta.cards import CardSet
from mobtable.games.gangsta.grid import CELLS, EMPTY, LINES_OF, SIZE
from mobtable.games.gangsta.naming import builtin_mafias, mafia_words

if TYPE_CHECKING:
    from typing import Self

    from mobtable.core import Config, Game, Origin
    from mobtable.games.gangsta.view_types import LastRaid, LastTrick


Fact = TypeVar("Fact")
Shown = TypeVar("Shown")


@dataclass(slots=True, eq=False)
class Settled(Generic[Fact, Shown]):
    """A public fact made whole once and never changed again (the last trick, the last
    raid), and what views show of it: made by the first view that asks, then shared by
    every later view and every copy (a learning environment builds a view at each step, a
    search's playout none, so neither pays for the other)."""

    fact: Fact
    shown: Shown | None = None
    """The views' JSON of :attr:`fact`, once a view has made it (not the position)."""


def settled_fact(settled: Settled[Any, Any] | None) -> Any:
    """A settled field's part of the fingerprint: its fact, never the views' copy."""
    return None if settled is None else fields.plain(settled.fact)


class Phase(StrEnum):
    REDRAW = "redraw"
    PLAY = "play"
    PICK = "pick"
    PLACE = "place"
    OVER = "over"


@fields.table
class GangstaTable(State):
    """Every zone of one Gangsta table, declared once. Card ids index ``self.cards``.

    Each field says who may see it; the state's copies and fingerprint follow from that
    (:mod:`mobtable.core.fields`). A new table comes from :meth:`new`.
    """

    cards: CardSet = fields.derived()
    """The deck's cards (from the config's card data)."""
    table: ActionTable = fields.derived(copy=fields.share)
    """Every action of this card set, made once."""
    rng: random.Random = fields.hidden(copy=fields.copy_random, sample=fields.share)
    """The table's chance (a police raid reshuffles with it). A determinization gives
    its sample a source of its own, so a sample copy need not copy this one."""
    event_mafias: dict[str, Any] | None = fields.derived(copy=fields.share)
    """A custom deck's mafia names, carried by events so their words can name cards."""
    adjacent: bool = fields.derived()
    """Sets score only along adjacent cells (the ``combinations`` option)."""
    contenders_only: bool = fields.derived()
    """A pair must beat the contenders only (the ``pair_must_beat`` option)."""
    reveal: int = fields.derived()
    """Cards opened per absent player: 0, 1 or 2 (the reveal variants)."""
    phase: Phase = fields.public()
    hands: list[list[int]] = fields.seat()
    """Each seat's cards, always sorted (the rules find a mafia's cards by bisection)."""
    deck: list[int] = fields.hidden()
    """The draw pile; the top card is the last one."""
    trump: int = fields.public()
    grid: list[int] = fields.public()
    grid_shown: Mapping[str, str] | None = fields.derived(copy=fields.share)
    """What views show of ``grid`` (each filled cell's name and its card's code): made by
    the first view that asks after the grid last changed, then shared by later views and
    copies until :meth:`put` or :meth:`take` changes the grid (``None``: not made)."""
    empty: list[int] = fields.derived()
    """The empty cells of ``grid``, in order (kept up to date: legal placements read it)."""
    grid_values: list[int] = fields.derived()
    """Each cell's card value (``EMPTY`` if none), kept beside ``grid`` for scoring."""
    filled: list[int] = fields.derived()
    """Cards in each row (0-4) and column (5-9) of ``grid``: a 5 calls the police."""
    ambush_deck: list[int] = fields.hidden()
    """The police's ambush cards still to come; the top card is the last one."""
    ambush_used: list[int] = fields.public()
    box: list[int] = fields.public()
    discard: list[int] = fields.public()
    scores: list[int] = fields.public()
    best: list[int] = fields.public()
    """Each seat's best trick (points scored placing one trick's cards)."""
    leader: int = fields.public()
    turn: int = fields.public()
    trick: list[tuple[Seat, tuple[int, ...]]] = fields.public()
    """The cards played so far in this trick: (seat, card ids)."""
    trick_order: list[Seat] = fields.public()
    absent: int = fields.public()
    """How many seats hold no card in this trick (cards are opened or drawn for them)."""
    revealed: list[int] = fields.public()
    to_place: list[int] = fields.public()
    trick_points: int = fields.public()
    tricks: int = fields.public()
    redraw_queue: list[Seat] = fields.public()
    redrew: dict[Seat, tuple[int, ...]] = fields.seat()
    """Who redrew (public) and the cards each put back (its own)."""
    voids: list[int] = fields.public()
    """Per seat, a bit per mafia it showed it holds none of (G-26): it once
    answered a lead of that mafia with another mafia."""
    last_trick: Settled[tuple[Seat, list[tuple[Seat, tuple[int, ...]]]], LastTrick] | None = (
        fields.public(copy=fields.share, fingerprint=settled_fact)
    )
    """The last trick won: its winner and its plays (a list no rule changes again: the
    next trick starts a new one)."""
    last_raid: Settled[tuple[int, list[int], list[int]], LastRaid] | None = fields.public(
        copy=fields.share, fingerprint=settled_fact
    )
    """The last raid: ambush card index, cells emptied, cards removed (made whole by
    the raid and never changed)."""

    @classmethod
    def new(
        cls, game: Game, config: Config, origin: Origin, cards: CardSet, rng: random.Random
    ) -> Self:
        """A table before the deal: every zone empty."""
        n = config.players
        custom = mafia_words(cards)  # cached per card set: the built-in one is the same object
        builtin = custom is builtin_mafias() or custom == builtin_mafias()
        variants = config.variants
        return cls(
            game,
            config,
            origin,
            cards=cards,
            table=action_table(cards),
            rng=rng,
            event_mafias=None if builtin else dict(custom),
            adjacent=config.options["combinations"] == "adjacent",
            contenders_only=config.options["pair_must_beat"] == "contenders",
            reveal=2 if "reveal-two" in variants else 1 if "reveal-one" in variants else 0,
            phase=Phase.REDRAW,
            hands=[[] for _ in range(n)],
            deck=[],
            trump=-1,
            grid=[EMPTY] * CELLS,
            grid_shown=None,
            empty=list(range(CELLS)),
            grid_values=[EMPTY] * CELLS,
            filled=[0] * 10,
            ambush_deck=[],
            ambush_used=[],
            box=[],
            discard=[],
            scores=[0] * n,
            best=[0] * n,
            leader=0,
            turn=0,
            trick=[],
            trick_order=[],
            absent=0,
            revealed=[],
            to_place=[],
            trick_points=0,
            tricks=0,
            redraw_queue=[],
            redrew={},
            voids=[0] * n,
            last_trick=None,
            last_raid=None,
        )

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
        self.grid_shown = None
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
        self.grid_shown = None
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
