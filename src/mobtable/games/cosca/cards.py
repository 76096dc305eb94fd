"""Mobster cards: the built-in data (``cards.toml``) and validation of a user's own."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mobtable.core.cardfile import CardSets, require
from mobtable.core.errors import BadCardData
from mobtable.core.limits import shown
from mobtable.games.cosca.model import LETTERS, MAX_ROW, Place, Special, Weekday

RECONSTRUCTABLE = ("name", "condition", "days")
_IN_WORDS = {"name": "names", "condition": "loyalty conditions", "days": "working days"}
CARD_FILE_VERSION = 1
MAX_MOBSTERS = 100
"""More mobster cards than any deck could hold (the box has 20)."""


@dataclass(frozen=True, slots=True)
class Mobster:
    """One mobster card.

    Attributes:
        name: the card's name (unique in a deck).
        days: the weekdays on which a loyal mobster brings an extra die.
        symbols: how many dice of each place the condition needs (city order),
            or ``None`` for a special condition.
        special: the special condition, or ``None`` for a symbol condition.
        reconstructed: which fields are not printed in the rulebook.
    """

    name: str
    days: frozenset[Weekday]
    symbols: tuple[int, ...] | None
    special: Special | None
    reconstructed: tuple[str, ...] = ()

    @property
    def condition(self) -> str:
        """The condition in card-file notation (``"BBG"`` or ``"same"``)."""
        if self.special is not None:
            return self.special.value
        counts = self.symbols or ()
        return "".join(LETTERS[p] * n for p, n in enumerate(counts))

    @property
    def after_city(self) -> bool:
        return self.special is not None and self.special.after_city

    def works_on(self, day: Weekday) -> bool:
        return day in self.days

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "condition": self.condition,
            "days": [d.code for d in sorted(self.days)],
            "reconstructed": list(self.reconstructed),
        }


def reconstructed_parts(mobsters: Iterable[Mobster]) -> list[str]:
    """What of these cards is our own design, in plain words ("working days of 6 mobsters")."""
    cards = list(mobsters)
    parts = []
    for field in RECONSTRUCTABLE:
        n = sum(1 for m in cards if field in m.reconstructed)
        if n:
            parts.append(f"{_IN_WORDS[field]} of {n} mobster{'s' if n > 1 else ''}")
    return parts


def parse_condition(text: str, where: str) -> tuple[tuple[int, ...] | None, Special | None]:
    """A condition string: a special keyword or 1 to 6 city letters."""
    for special in Special:
        if text == special.value:
            return None, special
    letters = text.upper()
    if not 1 <= len(letters) <= 6 or any(ch not in LETTERS for ch in letters):
        specials = ", ".join(s.value for s in Special)
        raise BadCardData(
            f"{where}: {text!r} is neither 1 to 6 city letters ({LETTERS}) "
            f"nor a special condition ({specials})"
        )
    counts = [0] * len(Place)
    for ch in letters:
        counts[LETTERS.index(ch)] += 1
    return tuple(counts), None


def _mobster(entry: Any, where: str) -> Mobster:
    if not isinstance(entry, Mapping):
        raise BadCardData(f"{where}: expected a table, got {entry!r}")
    name = require(entry, "name", str, where).strip()
    if not name:
        raise BadCardData(f"{where}.name: must not be empty")
    condition = require(entry, "condition", str, where)
    symbols, special = parse_condition(condition.strip(), f"{where}.condition")
    days_raw = require(entry, "days", list, where)
    if not days_raw:
        raise BadCardData(f"{where}.days: a mobster works on at least one day")
    days: set[Weekday] = set()
    for day in days_raw:
        if not isinstance(day, str) or day.strip().lower() not in {d.code for d in Weekday}:
            raise BadCardData(
                f"{where}.days: {day!r} is not a weekday (mon tue wed thu fri sat sun)"
            )
        weekday = Weekday.from_code(day.strip().lower())
        if weekday in days:
            raise BadCardData(f"{where}.days: {day!r} is listed twice")
        days.add(weekday)
    reconstructed = entry.get("reconstructed", [])
    if not isinstance(reconstructed, list) or any(r not in RECONSTRUCTABLE for r in reconstructed):
        raise BadCardData(
            f"{where}.reconstructed: expected a list of {', '.join(RECONSTRUCTABLE)}, "
            f"got {reconstructed!r}"
        )
    return Mobster(name, frozenset(days), symbols, special, tuple(reconstructed))


def parse_mobsters(card_data: Mapping[str, Any]) -> tuple[Mobster, ...]:
    """Validate a card document into mobster cards."""
    version = card_data.get("version", CARD_FILE_VERSION)
    if type(version) is not int or version != CARD_FILE_VERSION:
        raise BadCardData(
            f"version: this engine reads COSCA card files of version {CARD_FILE_VERSION}, "
            f"not {shown(version)}"
        )
    entries = require(card_data, "mobsters", list, "card data")
    if len(entries) > MAX_MOBSTERS:
        raise BadCardData(f"mobsters: at most {MAX_MOBSTERS} cards, got {len(entries)}")
    mobsters = tuple(_mobster(e, f"mobsters[{i}]") for i, e in enumerate(entries))
    if len(mobsters) < MAX_ROW:
        raise BadCardData(
            f"mobsters: {len(mobsters)} cards are too few; a 5-player game reveals {MAX_ROW}"
        )
    seen: dict[str, int] = {}
    for i, mobster in enumerate(mobsters):
        if mobster.name in seen:
            raise BadCardData(
                f"mobsters[{i}].name: {mobster.name!r} is already mobsters[{seen[mobster.name]}]"
            )
        seen[mobster.name] = i
    return mobsters


CARD_SETS = CardSets("mobtable.games.cosca", parse_mobsters)
load_mobsters = CARD_SETS.get
"""The built-in mobsters (``None``) or a user's card document, validated and cached."""
builtin_mobsters = CARD_SETS.builtin


class CardFacts:
    """What the rules read of one card set, as bitmasks over card ids, made once per set.

    Attributes:
        cards: the card set.
        dice, match3, fewest_money, most_weapons, equal: the cards whose condition
            is of each class (``dice``: symbols, John Brown and Scarlett, which
            depend on one player's dice alone).
        after_city: the cards checked after the city actions (the last three classes).
        works: per card id, its working days as a bitmask over weekdays.
        conditions: per card id, its condition in card-file notation.
        by_setting: a cache the loyalty rules fill: per dice setting (counts), what
            they read of it (the ``dice`` cards it meets and the setting as bits).
    """

    __slots__ = (
        "after_city",
        "by_setting",
        "cards",
        "conditions",
        "dice",
        "equal",
        "fewest_money",
        "match3",
        "most_weapons",
        "works",
    )

    def __init__(self, cards: tuple[Mobster, ...]) -> None:
        def having(*specials: Special | None) -> int:
            return sum(1 << c for c, m in enumerate(cards) if m.special in specials)

        self.cards = cards
        self.dice = having(None, Special.SAME, Special.DIFFERENT)
        self.match3 = having(Special.MATCH3)
        self.fewest_money = having(Special.FEWEST_MONEY)
        self.most_weapons = having(Special.MOST_WEAPONS)
        self.equal = having(Special.EQUAL)
        self.after_city = self.fewest_money | self.most_weapons | self.equal
        self.works = tuple(sum(1 << d for d in m.days) for m in cards)
        self.conditions = tuple(m.condition for m in cards)
        self.by_setting: dict[tuple[int, ...], tuple[int, int, int]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its card set (the cache is rebuilt on demand)."""
        return facts_of, (self.cards,)


_FACTS: dict[int, CardFacts] = {}


def facts_of(cards: tuple[Mobster, ...]) -> CardFacts:
    """The facts of ``cards``, made once per card set object (sets are cached, so a
    table's set is almost always one of a few; the entry keeps its set alive)."""
    facts = _FACTS.get(id(cards))
    if facts is None or facts.cards is not cards:
        if len(_FACTS) >= 64:
            _FACTS.clear()
        facts = _FACTS[id(cards)] = CardFacts(cards)
    return facts
