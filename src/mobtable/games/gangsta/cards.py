"""Gangsta's cards: the 64 mafia cards and the 20 police ambush cards.

Cards are interned per card set: ``CardSet.cards[i]`` is the card with id ``i``,
ids ordered by mafia, then Weak before Strong, then value: card ``i`` is of mafia
``i // PER_MAFIA`` and of group (mafia and power) ``i // PER_POWER``, in every set.
The built-in set is reconstructed (see ``cards.toml`` and decisions G-01, G-02);
a custom set comes from a user's TOML file with the same layout.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mobtable.core.cardfile import CardSets, require
from mobtable.core.errors import BadCardData, InvalidNotation
from mobtable.games.gangsta.grid import CELL_NAMES, COLUMNS, ROWS, cell_index

MAFIAS = 4
PER_POWER = 8
PER_MAFIA = 2 * PER_POWER
DECK_SIZE = MAFIAS * PER_MAFIA
HAND_SIZE = {3: 12, 4: 12, 5: 10, 6: 10}
"""Cards dealt per player (the rulebook: 10 with five players; G-24: 10 with six)."""
AMBUSH_CARDS = 20
MAX_AMBUSH_CARDS = 100
"""More ambush cards than a deck could hold (the box has 20)."""
_CODE = re.compile(r"([A-Za-z])([0-9]{1,2})([SsWw])")


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One mafia card. Equal when id and code are equal."""

    id: int
    mafia: int
    strong: bool
    value: int
    code: str

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.id == self.id and other.code == self.code

    def __hash__(self) -> int:
        return self.id

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    @property
    def group(self) -> int:
        """Mafia and power together (0..7): the cards a pair may combine."""
        return self.id // PER_POWER


@dataclass(frozen=True, slots=True)
class AmbushCard:
    """A police ambush card: the cells whose cards a raid removes."""

    index: int
    cells: frozenset[int]
    label: str


@dataclass(frozen=True, eq=False)
class CardSet:
    """A validated set of 64 mafia cards and the ambush deck."""

    mafia_codes: tuple[str, ...]
    mafia_names: tuple[str, ...]
    cards: tuple[Card, ...]
    ambush: tuple[AmbushCard, ...]
    reconstructed: tuple[str, ...]
    """What of this set is reconstructed, in plain words ("ambush cards"); empty for a real deck."""
    by_code: Mapping[str, Card] = field(repr=False)
    # Hot-path tables, indexed by card id.
    value: tuple[int, ...] = field(repr=False)
    mafia: tuple[int, ...] = field(repr=False)
    strong: tuple[bool, ...] = field(repr=False)
    ambush_cells: tuple[tuple[int, ...], ...] = field(repr=False)
    """Each ambush card's cells, in order (what a raid reads)."""

    def card(self, code: str) -> Card:
        """The card written ``code`` (``R5W``); ``InvalidNotation`` otherwise."""
        match = _CODE.fullmatch(code.strip())
        if not match:
            raise InvalidNotation(
                f"{code!r} is not a card: write mafia letter, value, S or W (like R5W)"
            )
        canonical = f"{match[1].upper()}{int(match[2])}{match[3].upper()}"
        if canonical not in self.by_code:
            raise InvalidNotation(f"there is no card {canonical} in this game's cards")
        return self.by_code[canonical]

    def public_json(self) -> dict[str, Any]:
        """What every client may know about the cards (the card list is public)."""
        return {
            "mafias": [
                {"code": c, "name": n}
                for c, n in zip(self.mafia_codes, self.mafia_names, strict=True)
            ],
            "ambush": [
                {
                    "index": a.index,
                    "label": a.label,
                    "cells": [CELL_NAMES[c] for c in sorted(a.cells)],
                }
                for a in self.ambush
            ],
            "reconstructed": list(self.reconstructed),
        }


def _mafia_cards(data: Mapping[str, Any]) -> tuple[list[str], list[str], list[Card]]:
    mafias = data.get("mafia")
    if not isinstance(mafias, list) or len(mafias) != MAFIAS:
        raise BadCardData(f"mafia: expected {MAFIAS} [[mafia]] tables, found {_count(mafias)}")
    codes: list[str] = []
    names: list[str] = []
    cards: list[Card] = []
    for m, entry in enumerate(mafias):
        where = f"mafia[{m}]"
        if not isinstance(entry, Mapping):
            raise BadCardData(f"{where}: expected a table")
        unknown = set(entry) - {"code", "name", "strong", "weak"}
        if unknown:
            raise BadCardData(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        code = require(entry, "code", str, where)
        if not re.fullmatch(r"[A-Z]", code) or code in "SW":
            raise BadCardData(
                f"{where}.code: expected one capital letter other than S or W, got {code!r}"
            )
        if code in codes:
            raise BadCardData(f"{where}.code: {code!r} is used by two mafias")
        codes.append(code)
        names.append(require(entry, "name", str, where))
        for strong, key in ((False, "weak"), (True, "strong")):
            values = require(entry, key, list, where)
            if len(values) != PER_POWER or not all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 99 for v in values
            ):
                raise BadCardData(f"{where}.{key}: expected {PER_POWER} whole numbers from 1 to 99")
            if len(set(values)) != PER_POWER:
                raise BadCardData(f"{where}.{key}: values must all differ, got {values}")
            for value in sorted(values):
                cards.append(
                    Card(len(cards), m, strong, value, f"{code}{value}{'S' if strong else 'W'}")
                )
    return codes, names, cards


def _ambush_cards(data: Mapping[str, Any]) -> list[AmbushCard]:
    entries = data.get("ambush")
    if not isinstance(entries, list) or not entries:
        raise BadCardData(f"ambush: expected [[ambush]] tables, found {_count(entries)}")
    if len(entries) > MAX_AMBUSH_CARDS:
        raise BadCardData(f"ambush: at most {MAX_AMBUSH_CARDS} cards, found {len(entries)}")
    result = []
    for i, entry in enumerate(entries):
        where = f"ambush[{i}]"
        if not isinstance(entry, Mapping):
            raise BadCardData(f"{where}: expected a table")
        unknown = set(entry) - {"rows", "columns", "cells"}
        if unknown:
            raise BadCardData(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        cells: set[int] = set()
        parts: list[str] = []
        for row in entry.get("rows", []):
            if row not in ROWS:
                raise BadCardData(f"{where}.rows: {row!r} is not a row (A-E)")
            cells.update(cell_index(row, c) for c in COLUMNS)
            parts.append(f"row {row}")
        for column in entry.get("columns", []):
            if column not in COLUMNS:
                raise BadCardData(f"{where}.columns: {column!r} is not a column (1-5)")
            cells.update(cell_index(r, column) for r in ROWS)
            parts.append(f"column {column}")
        for name in entry.get("cells", []):
            if name not in CELL_NAMES:
                raise BadCardData(f"{where}.cells: {name!r} is not a cell (A1-E5)")
            cells.add(CELL_NAMES.index(name))
            parts.append(name)
        if not cells:
            raise BadCardData(f"{where}: marks no cell (give rows, columns or cells)")
        result.append(AmbushCard(i, frozenset(cells), ", ".join(parts)))
    return result


RECONSTRUCTABLE = {"mafia": "mafia card values", "ambush": "ambush cards"}
"""The tables a card file may mark as reconstructed, and how people are told."""


def _reconstructed(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The plain words for the tables marked reconstructed.

    ``true`` and ``false`` (the earlier format, still in stored records) mean
    every table and none.
    """
    marked = data.get("reconstructed", [])
    if isinstance(marked, bool):
        marked = list(RECONSTRUCTABLE) if marked else []
    if not isinstance(marked, list) or any(m not in RECONSTRUCTABLE for m in marked):
        raise BadCardData(
            f"reconstructed: expected a list of {' and/or '.join(map(repr, RECONSTRUCTABLE))}, "
            f"got {marked!r}"
        )
    return tuple(words for table, words in RECONSTRUCTABLE.items() if table in marked)


def _count(value: object) -> str:
    return str(len(value)) if isinstance(value, list) else "none"


def build_card_set(data: Mapping[str, Any]) -> CardSet:
    """Validate a parsed card document; ``BadCardData`` names the field at fault."""
    if not isinstance(data, Mapping):
        raise BadCardData("card data must be a TOML document (a table)")
    unknown = set(data) - {"mafia", "ambush", "reconstructed"}
    if unknown:
        raise BadCardData(f"card data: unknown field(s) {', '.join(sorted(unknown))}")
    codes, names, cards = _mafia_cards(data)
    ambush = _ambush_cards(data)
    return CardSet(
        mafia_codes=tuple(codes),
        mafia_names=tuple(names),
        cards=tuple(cards),
        ambush=tuple(ambush),
        reconstructed=_reconstructed(data),
        by_code={c.code: c for c in cards},
        value=tuple(c.value for c in cards),
        mafia=tuple(c.mafia for c in cards),
        strong=tuple(c.strong for c in cards),
        ambush_cells=tuple(tuple(sorted(a.cells)) for a in ambush),
    )


CARD_SETS = CardSets("mobtable.games.gangsta", build_card_set)
card_set = CARD_SETS.get
"""The card set of a config's ``card_data`` (``None``: built-in), validated and cached."""
builtin_cards = CARD_SETS.builtin
