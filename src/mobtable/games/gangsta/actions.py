"""Gangsta's actions, their text notation and their stable integer index.

Notation (cards are written mafia letter, value, power: ``R5W``, ``Y9S``):

- ``keep`` / ``redraw C2W,I3S,R4W`` — the optional redraw before the first trick;
- ``R5W`` — play one card; ``C4W+C5W`` — play two cards of one mafia and power;
- ``pick R5W`` — Variant 2: take one of two cards opened for an absent player;
- ``R5W@C2`` — place a won card on cell C2 of the grid.

A redraw's integer names only the cards the player chose among those tied at the third
lowest value (the rule puts back every lower card, G-04): one to three cards of one value,
736 choices with the built-in cards where the three cards themselves would be 41,664. So a
redraw's integer means "these tied cards and every card below them": the cards it puts back
follow from the hand, and :meth:`ActionTable.from_index` needs the hand to name them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import overload

from mobtable.core.actions import notation_text
from mobtable.core.errors import InvalidNotation
from mobtable.games.gangsta.cards import DECK_SIZE, PER_POWER, Card, CardSet
from mobtable.games.gangsta.grid import CELL_NAMES, CELLS


@dataclass(frozen=True, slots=True)
class Keep:
    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Redraw:
    cards: tuple[Card, Card, Card]
    ids: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The cards' ids (derived: applying a redraw reads them, not the cards)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ids", tuple(c.id for c in self.cards))

    def __str__(self) -> str:
        return "redraw " + ",".join(c.code for c in self.cards)


@dataclass(frozen=True, slots=True)
class Play:
    cards: tuple[Card, ...]
    ids: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The cards' ids (derived: applying a play reads them, not the cards)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ids", tuple(c.id for c in self.cards))

    def __str__(self) -> str:
        return "+".join(c.code for c in self.cards)


@dataclass(frozen=True, slots=True)
class Pick:
    card: Card

    def __str__(self) -> str:
        return f"pick {self.card.code}"


@dataclass(frozen=True, slots=True)
class Place:
    card: Card
    cell: int

    def __str__(self) -> str:
        return f"{self.card.code}@{CELL_NAMES[self.cell]}"


GangstaAction = Keep | Redraw | Play | Pick | Place
KEEP = Keep()

# Stable integer layout: singles, pairs, placements, keep, picks, redraws (by tied cards).
PAIRS_PER_GROUP = comb(PER_POWER, 2)
_SINGLE0 = 0
_PAIR0 = DECK_SIZE
_PLACE0 = _PAIR0 + 8 * PAIRS_PER_GROUP
_KEEP = _PLACE0 + DECK_SIZE * CELLS
_PICK0 = _KEEP + 1
_REDRAW0 = _PICK0 + DECK_SIZE

_PAIR_SLOTS = list(combinations(range(PER_POWER), 2))
MAX_INTERNED_REDRAWS = 4096
"""The most redraw actions one table of actions keeps (a bound on its memory)."""


def tied_choices(cards: CardSet) -> list[tuple[int, ...]]:
    """Every choice a redraw can make among cards tied at the third lowest value: one to
    three cards (ids, ascending) of one value; by value, then size, then ids."""
    by_value: dict[int, list[int]] = {}
    for card in cards.cards:
        by_value.setdefault(card.value, []).append(card.id)
    return [
        tied
        for value in sorted(by_value)
        for size in (1, 2, 3)
        for tied in combinations(by_value[value], size)
    ]


def tied_in(cards: CardSet, ids: Sequence[int]) -> tuple[int, ...]:
    """The cards of a redraw's three at its highest value (the ones chosen among ties)."""
    value = cards.value
    top = max(value[c] for c in ids)
    return tuple(sorted(c for c in ids if value[c] == top))


class ActionTable:
    """Interned actions for one card set (legal-move generation only looks up)."""

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        c = cards.cards
        self.single = tuple(Play((card,)) for card in c)
        self.pair = {
            (a, b): Play((c[a], c[b]))
            for g in range(8)
            for a, b in ((g * PER_POWER + i, g * PER_POWER + j) for i, j in _PAIR_SLOTS)
        }
        self.place = tuple(Place(card, cell) for card in c for cell in range(CELLS))
        self.pick = tuple(Pick(card) for card in c)
        self._redraws: dict[tuple[int, ...], Redraw] = {}
        """The redraws made so far, interned (there are 41,664 possible: made when asked)."""
        self.tied = tied_choices(cards)
        """Each redraw integer's tied cards, from ``_REDRAW0`` on."""
        self._tied_rank = {tied: i for i, tied in enumerate(self.tied)}
        self.num_actions = _REDRAW0 + len(self.tied)

    def __reduce__(self) -> tuple[Callable[[CardSet], ActionTable], tuple[CardSet]]:
        """Pickled as a reference to its card set: the receiver looks the table up
        (or builds it once), instead of a copy of its thousands of actions."""
        return action_table, (self.cards,)

    def redraw(self, ids: tuple[int, ...]) -> Redraw:
        key = tuple(sorted(ids))
        action = self._redraws.get(key)
        if action is None:
            if len(self._redraws) >= MAX_INTERNED_REDRAWS:
                self._redraws.clear()
            c = self.cards.cards
            a, b, d = key
            action = self._redraws[key] = Redraw((c[a], c[b], c[d]))
        return action

    # -- notation -----------------------------------------------------------
    def parse(self, text: str) -> GangstaAction:
        raw = notation_text(text, "Gangsta")
        lowered = raw.lower()
        if lowered == "keep":
            return KEEP
        if lowered.startswith("redraw"):
            parts = [p for p in raw[6:].replace(",", " ").split() if p]
            if len(parts) != 3:
                raise InvalidNotation("redraw names exactly three cards, like 'redraw C2W,I3S,R4W'")
            ids = tuple(self.cards.card(p).id for p in parts)
            if len(set(ids)) != 3:
                raise InvalidNotation("redraw names three different cards")
            return self.redraw(ids)
        if lowered.startswith("pick"):
            return self.pick[self.cards.card(raw[4:]).id]
        if "@" in raw:
            code, _, cell = raw.partition("@")
            name = cell.strip().upper()
            if name not in CELL_NAMES:
                raise InvalidNotation(f"{cell.strip()!r} is not a cell of the grid (A1 to E5)")
            return self.place[self.cards.card(code).id * CELLS + CELL_NAMES.index(name)]
        if "+" in raw:
            parts = raw.split("+")
            if len(parts) != 2:
                raise InvalidNotation("a combined play is exactly two cards, like 'C4W+C5W'")
            a, b = sorted(self.cards.card(p).id for p in parts)
            if (a, b) not in self.pair:
                raise InvalidNotation(
                    f"{raw!r}: two cards played together must share mafia and power (rule G-08)"
                )
            return self.pair[(a, b)]
        if not raw:
            raise InvalidNotation("empty move")
        return self.single[self.cards.card(raw).id]

    # -- stable integers ----------------------------------------------------
    def index(self, action: GangstaAction) -> int:
        match action:
            case Keep():
                return _KEEP
            case Play(cards=(card,)):
                return _SINGLE0 + card.id
            case Play(cards=(a, b)):
                group, i, j = a.id // PER_POWER, a.id % PER_POWER, b.id % PER_POWER
                return _PAIR0 + group * PAIRS_PER_GROUP + _PAIR_SLOTS.index((i, j))
            case Place(card=card, cell=cell):
                return place_index(card.id, cell)
            case Pick(card=card):
                return _PICK0 + card.id
            case Redraw(ids=ids):
                return _REDRAW0 + self._tied_rank[tied_in(self.cards, ids)]
        raise InvalidNotation(f"{action!r} is not a Gangsta action")

    def from_index(self, index: int, hand: Sequence[int] | None = None) -> GangstaAction:
        """The action at ``index``; a redraw's needs the redrawing seat's ``hand`` (ids),
        whose cards below the tied ones it puts back too (``InvalidNotation`` when it
        cannot: not three cards, or the tied cards not in the hand)."""
        if not 0 <= index < self.num_actions:
            raise InvalidNotation(f"action index {index} is outside 0..{self.num_actions - 1}")
        if index < _PAIR0:
            return self.single[index]
        if index < _PLACE0:
            group, slot = divmod(index - _PAIR0, PAIRS_PER_GROUP)
            i, j = _PAIR_SLOTS[slot]
            return self.pair[(group * PER_POWER + i, group * PER_POWER + j)]
        if index < _KEEP:
            return self.place[index - _PLACE0]
        if index == _KEEP:
            return KEEP
        if index < _REDRAW0:
            return self.pick[index - _PICK0]
        tied = self.tied[index - _REDRAW0]
        codes = ",".join(self.cards.cards[c].code for c in tied)
        if hand is None:
            raise InvalidNotation(
                f"action index {index} is a redraw putting back {codes} and every lower card:"
                " which cards those are depends on the hand"
            )
        value = self.cards.value
        below = [c for c in hand if value[c] < value[tied[0]]]
        if len(below) + len(tied) != 3 or not set(tied) <= set(hand):
            raise InvalidNotation(
                f"action index {index} (a redraw putting back {codes} and every lower card)"
                " does not name three cards of this hand"
            )
        return self.redraw((*below, *tied))


def place_index(card: int, cell: int) -> int:
    """The action index of placing card ``card`` (an id) on cell ``cell``."""
    return _PLACE0 + card * CELLS + cell


class Placements(Sequence[Place]):
    """The legal placements: every card still to place on every empty cell.

    A lazy view (like python-chess's legal-move generator): ``len`` and
    indexing cost nothing, so a random or search player never builds the
    whole list of up to a few hundred actions.
    """

    __slots__ = ("_cards", "_cells", "_place")

    def __init__(self, place: tuple[Place, ...], cards: list[int], cells: list[int]) -> None:
        self._place, self._cards, self._cells = place, cards, cells

    def __len__(self) -> int:
        return len(self._cards) * len(self._cells)

    @overload
    def __getitem__(self, index: int) -> Place: ...
    @overload
    def __getitem__(self, index: slice) -> list[Place]: ...
    def __getitem__(self, index: int | slice) -> Place | list[Place]:
        if type(index) is int and index >= 0:  # the hot path: a random or search player
            cells = self._cells
            width = len(cells)
            if width:
                card = index // width
                if card < len(self._cards):
                    return self._place[self._cards[card] * CELLS + cells[index - card * width]]
        return self._item(index)

    def _item(self, index: int | slice) -> Place | list[Place]:
        cells = self._cells
        if type(index) is not int:
            if isinstance(index, slice):
                return list(self)[index]
            raise TypeError(f"placement indices are integers, not {type(index).__name__}")
        width = len(cells)
        if not width:
            raise IndexError("no empty cell: there is no placement")
        if index < 0:
            index += len(self._cards) * width
        if index < 0:
            raise IndexError("placement index out of range")
        card, cell = divmod(index, width)
        if card >= len(self._cards):
            raise IndexError("placement index out of range")
        return self._place[self._cards[card] * CELLS + cells[cell]]

    def __iter__(self) -> Iterator[Place]:
        place = self._place
        for card in self._cards:
            base = card * CELLS
            for cell in self._cells:
                yield place[base + cell]

    def action_indices(self) -> list[int]:
        """The action index of each placement, in order (``core.IndexedActions``)."""
        cells = self._cells
        bases = [place_index(card, 0) for card in self._cards]
        return [base + cell for base in bases for cell in cells]

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Place)
            and action.card.id in self._cards
            and action.cell in self._cells
            and self._place[action.card.id * CELLS + action.cell] == action
        )

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of a placement, from its card's and cell's (no iteration)."""
        if start != 0 or stop is not None:
            listed: list[object] = list(self)
            return listed.index(value, start, len(listed) if stop is None else stop)
        if not (isinstance(value, Place) and value in self):
            raise ValueError(f"{value!r} is not a legal placement")
        return self._cards.index(value.card.id) * len(self._cells) + self._cells.index(value.cell)

    def __repr__(self) -> str:
        return f"Placements({[str(a) for a in self]})"


@lru_cache(maxsize=32)
def action_table(cards: CardSet) -> ActionTable:
    return ActionTable(cards)
