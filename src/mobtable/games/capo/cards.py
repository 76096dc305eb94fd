"""Capo's cards: 70 Mafioso cards, 16 Assignment cards, 10 Event cards.

Card data is read from TOML (the built-in ``cards.toml`` or a user's own file
with the same layout) and validated field by field: every problem raises
``BadCardData`` naming the entry and field, e.g.
``mafiosi[12].stars: expected a whole number 0-5``.

Card ids are positions: ``CardSet.mafiosi[i].id == i`` after expanding
``copies`` in file order; the same holds for assignments and events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from mobtable.core.cardfile import CardSets
from mobtable.core.errors import BadCardData
from mobtable.games.capo.view_types import AssignmentCard, EventView, MafiosoView

MAFIOSO_CARDS = 70
ASSIGNMENT_CARDS = 16
EVENT_CARDS = 10
MAX_CARD_STARS = 5
MAX_CARD_SYMBOLS = 3
MAX_ASSIGNMENT_STARS = 10
MAX_CHOICE = 3
MAX_SYMBOLS = 20
"""More symbol kinds than a deck could use (the box has 5)."""


class Special(Enum):
    """The special Mafioso cards (rulebook, "Clarification of Special Mafioso Cards")."""

    GIULIA_NAPOLI = "giulia-napoli"
    LITTLE_TONY = "little-tony"
    MARIO_BERETTA = "mario-beretta"
    VINCENZO_FORZA = "vincenzo-forza"
    JOHN_MALONE = "john-malone"
    CAPTAIN_PENNY = "captain-penny"


class Effect(Enum):
    """What an Event card does (only ``SIT_DOWN`` is the rulebook's; see K-16)."""

    SIT_DOWN = "sit-down"
    DOUBLE_PAY = "double-pay"
    INFORMANT = "informant"
    OMERTA = "omerta"
    CARDS_ON_THE_TABLE = "cards-on-the-table"
    IN_THE_DARK = "in-the-dark"
    HEAT_IS_ON = "heat-is-on"
    FRIENDLY_JUDGE = "friendly-judge"
    BIG_JOB = "big-job"
    NEW_RECRUITS = "new-recruits"


STAR_REDUCTION = {Special.JOHN_MALONE: 1, Special.CAPTAIN_PENNY: 2}


@dataclass(frozen=True, slots=True)
class Mafioso:
    """One Mafioso card.

    Attributes:
        id: the card's position in the card set (0-69).
        name: the printed name.
        symbols: the symbol keys it shows (a symbol may repeat).
        stars: the stars it adds to its player's total.
        special: its special power, if any.
        text: the special power in a sentence, for players (from the card file).
        reconstructed: our own design, not printed in the rulebook.
    """

    id: int
    name: str
    symbols: tuple[str, ...]
    stars: int
    special: Special | None = None
    text: str | None = None
    reconstructed: bool = False

    def to_json(self) -> MafiosoView:
        return {
            "id": self.id,
            "name": self.name,
            "symbols": list(self.symbols),
            "stars": self.stars,
            "special": None if self.special is None else self.special.value,
            "text": self.text,
            "reconstructed": self.reconstructed,
        }


@dataclass(frozen=True, slots=True)
class Assignment:
    """One Assignment card.

    Attributes:
        symbols: the printed symbols the played cards must show (repeats count).
        choice: how many question marks: symbols of choice, identical when 2 or 3.
        stars: the most stars the played cards may total.
        envelope: whether the card's back shows an envelope.
        reconstructed: our own design, not printed in the rulebook.
    """

    id: int
    name: str
    symbols: tuple[str, ...]
    choice: int
    stars: int
    envelope: bool
    reconstructed: bool = False

    def to_json(self) -> AssignmentCard:
        return {
            "id": self.id,
            "name": self.name,
            "symbols": list(self.symbols),
            "choice": self.choice,
            "stars": self.stars,
            "reconstructed": self.reconstructed,
        }


@dataclass(frozen=True, slots=True)
class EventCard:
    id: int
    effect: Effect
    name: str
    text: str
    reconstructed: bool = False

    def to_json(self) -> EventView:
        return {
            "id": self.id,
            "effect": self.effect.value,
            "name": self.name,
            "text": self.text,
            "reconstructed": self.reconstructed,
        }


@dataclass(frozen=True, slots=True)
class CardSet:
    """A validated set of Capo cards (``symbols_reconstructed``: the symbol kinds are ours)."""

    symbols: tuple[str, ...]
    symbol_names: tuple[str, ...]
    mafiosi: tuple[Mafioso, ...]
    assignments: tuple[Assignment, ...]
    events: tuple[EventCard, ...]
    symbols_reconstructed: bool = False
    specials: Mapping[Special, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    """The ids of the cards with each special (scoring asks every round)."""
    net_stars: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Each Mafioso card's stars as a crew counts them (John Malone and Captain Penny
    take some off), by id."""
    tony_ids: frozenset[int] = field(init=False, repr=False, compare=False)
    giulia_ids: frozenset[int] = field(init=False, repr=False, compare=False)
    mario_ids: frozenset[int] = field(init=False, repr=False, compare=False)
    """The Little Tony, Giulia Napoli and Mario Beretta cards, read every round without
    hashing an ``Enum`` (a Python-level ``__hash__``)."""

    def __post_init__(self) -> None:
        specials = {s: tuple(c.id for c in self.mafiosi if c.special is s) for s in Special}
        net = tuple(
            c.stars - (0 if c.special is None else STAR_REDUCTION.get(c.special, 0))
            for c in self.mafiosi
        )
        set_field = object.__setattr__
        set_field(self, "specials", specials)
        set_field(self, "net_stars", net)
        set_field(self, "tony_ids", frozenset(specials[Special.LITTLE_TONY]))
        set_field(self, "giulia_ids", frozenset(specials[Special.GIULIA_NAPOLI]))
        set_field(self, "mario_ids", frozenset(specials[Special.MARIO_BERETTA]))

    def with_special(self, special: Special) -> tuple[int, ...]:
        return self.specials[special]

    def symbol_name(self, key: str) -> str:
        return self.symbol_names[self.symbols.index(key)]

    def facts(self, mafiosi: Iterable[int]) -> dict[str, dict[str, Any]]:
        """What a log line needs to name these Mafioso cards, keyed by id as text.

        Events carry these beside the card ids (a custom card file may name
        cards differently, and the words see only the event).
        """
        return {str(c): self.fact(c) for c in mafiosi}

    def fact(self, card: int) -> dict[str, Any]:
        """One Mafioso card as words need it: name, symbol names, stars, special."""
        info = self.mafiosi[card]
        return {
            "name": info.name,
            "symbols": [self.symbol_name(s) for s in info.symbols],
            "stars": info.stars,
            "special": None if info.special is None else info.special.value,
        }

    def assignment_fact(self, assignment: int, max_stars: int) -> dict[str, Any]:
        """An Assignment card as words need it (``max_stars``: after this round's event;
        ``stars``: as printed on the card)."""
        card = self.assignments[assignment]
        return {
            "name": card.name,
            "symbols": [self.symbol_name(s) for s in card.symbols],
            "choice": card.choice,
            "max_stars": max_stars,
            "stars": card.stars,
        }

    def reconstructed(self, mafiosi: Iterable[int], events: Iterable[int]) -> list[str]:
        """What of the cards in play is our own design, in plain words.

        ``mafiosi`` and ``events`` are the ids in play (the variant and the
        ``event_deck`` option box some); every Assignment card is in play.
        """
        counts = (
            (sum(self.mafiosi[c].reconstructed for c in mafiosi), "Mafioso card"),
            (sum(a.reconstructed for a in self.assignments), "Assignment card"),
            (sum(self.events[e].reconstructed for e in events), "Event card"),
        )
        parts = [f"the {len(self.symbols)} symbols"] if self.symbols_reconstructed else []
        parts += [f"{n} {what}{'s' if n > 1 else ''}" for n, what in counts if n]
        return parts


def _whole(entry: Mapping[str, Any], key: str, where: str, lo: int, hi: int, default: Any) -> int:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadCardData(f"{where}.{key}: expected a whole number {lo}-{hi}, got {value!r}")
    return value


def _text(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadCardData(f"{where}.{key}: expected a non-empty text, got {value!r}")
    return value


def _symbols(
    entry: Mapping[str, Any], where: str, known: tuple[str, ...], most: int
) -> tuple[str, ...]:
    value = entry.get("symbols")
    if not isinstance(value, list):
        raise BadCardData(f"{where}.symbols: expected a list of symbol keys, got {value!r}")
    if len(value) > most:
        raise BadCardData(f"{where}.symbols: at most {most} symbols, got {len(value)}")
    for i, key in enumerate(value):
        if key not in known:
            raise BadCardData(
                f"{where}.symbols[{i}]: unknown symbol {key!r} (symbols: {', '.join(known)})"
            )
    return tuple(value)


def _entries(data: Mapping[str, Any], key: str, most: int) -> list[Mapping[str, Any]]:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise BadCardData(f"{key}: expected a non-empty list of tables ([[{key}]])")
    if len(value) > most:
        raise BadCardData(f"{key}: at most {most} entries, got {len(value)}")
    for i, entry in enumerate(value):
        if not isinstance(entry, Mapping):
            raise BadCardData(f"{key}[{i}]: expected a table, got {entry!r}")
    return value


def _flag(entry: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
    value = entry.get(key, default)
    if not isinstance(value, bool):
        raise BadCardData(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def _load_symbols(data: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    keys: list[str] = []
    names: list[str] = []
    for i, entry in enumerate(_entries(data, "symbols", MAX_SYMBOLS)):
        key = _text(entry, "key", f"symbols[{i}]")
        if key in keys:
            raise BadCardData(f"symbols[{i}].key: symbol {key!r} is listed twice")
        keys.append(key)
        names.append(_text(entry, "name", f"symbols[{i}]"))
    return tuple(keys), tuple(names)


def _symbols_reconstructed(data: Mapping[str, Any]) -> bool:
    """True when any symbol entry says it is reconstructed (every flag is checked)."""
    flags = [
        _flag(e, "reconstructed", f"symbols[{i}]", False) for i, e in enumerate(data["symbols"])
    ]
    return any(flags)


def _load_mafiosi(data: Mapping[str, Any], symbols: tuple[str, ...]) -> tuple[Mafioso, ...]:
    cards: list[Mafioso] = []
    specials = {s.value: s for s in Special}
    for i, entry in enumerate(_entries(data, "mafiosi", MAFIOSO_CARDS)):
        where = f"mafiosi[{i}]"
        name = _text(entry, "name", where)
        syms = _symbols(entry, where, symbols, MAX_CARD_SYMBOLS)
        stars = _whole(entry, "stars", where, 0, MAX_CARD_STARS, None)
        copies = _whole(entry, "copies", where, 1, MAFIOSO_CARDS, 1)
        made_up = _flag(entry, "reconstructed", where, False)
        raw = entry.get("special")
        if raw is not None and raw not in specials:
            raise BadCardData(
                f"{where}.special: unknown special {raw!r} (specials: {', '.join(specials)})"
            )
        special = None if raw is None else specials[raw]
        text = entry.get("text")
        if text is not None and (not isinstance(text, str) or not text.strip()):
            raise BadCardData(f"{where}.text: expected a sentence describing the card's power")
        for _ in range(copies):
            cards.append(Mafioso(len(cards), name, syms, stars, special, text, made_up))
    if len(cards) != MAFIOSO_CARDS:
        raise BadCardData(
            f"mafiosi: expected {MAFIOSO_CARDS} cards (copies included), got {len(cards)}"
        )
    return tuple(cards)


def _load_assignments(data: Mapping[str, Any], symbols: tuple[str, ...]) -> tuple[Assignment, ...]:
    cards: list[Assignment] = []
    entries = _entries(data, "assignments", ASSIGNMENT_CARDS)
    if len(entries) != ASSIGNMENT_CARDS:
        raise BadCardData(f"assignments: expected {ASSIGNMENT_CARDS} cards, got {len(entries)}")
    for i, entry in enumerate(entries):
        where = f"assignments[{i}]"
        name = _text(entry, "name", where)
        syms = _symbols(entry, where, symbols, 6)
        choice = _whole(entry, "choice", where, 0, MAX_CHOICE, 0)
        stars = _whole(entry, "stars", where, 0, MAX_ASSIGNMENT_STARS, None)
        envelope = _flag(entry, "envelope", where, False)
        made_up = _flag(entry, "reconstructed", where, False)
        if not syms and not choice:
            raise BadCardData(f"{where}: an assignment needs at least one symbol or question mark")
        cards.append(Assignment(i, name, syms, choice, stars, envelope, made_up))
    return tuple(cards)


def _load_events(data: Mapping[str, Any]) -> tuple[EventCard, ...]:
    cards: list[EventCard] = []
    effects = {e.value: e for e in Effect}
    entries = _entries(data, "events", EVENT_CARDS)
    if len(entries) != EVENT_CARDS:
        raise BadCardData(f"events: expected {EVENT_CARDS} cards, got {len(entries)}")
    for i, entry in enumerate(entries):
        where = f"events[{i}]"
        raw = entry.get("effect")
        if raw not in effects:
            raise BadCardData(
                f"{where}.effect: unknown effect {raw!r} (effects: {', '.join(effects)})"
            )
        made_up = _flag(entry, "reconstructed", where, False)
        name, text = _text(entry, "name", where), _text(entry, "text", where)
        cards.append(EventCard(i, effects[raw], name, text, made_up))
    if not any(c.effect is Effect.SIT_DOWN for c in cards):
        raise BadCardData("events: the rulebook's 'sit-down' event must be among the cards")
    return tuple(cards)


def parse_cards(data: Mapping[str, Any]) -> CardSet:
    """Validate a parsed card document; raises ``BadCardData`` naming the field."""
    if not isinstance(data, Mapping):
        raise BadCardData(f"card data must be a table, got {type(data).__name__}")
    symbols, names = _load_symbols(data)
    return CardSet(
        symbols,
        names,
        _load_mafiosi(data, symbols),
        _load_assignments(data, symbols),
        _load_events(data),
        _symbols_reconstructed(data),
    )


CARD_SETS = CardSets("mobtable.games.capo", parse_cards)
load_cards = CARD_SETS.get
"""The built-in cards (``None``) or a user's card document, validated and cached."""
builtin_cards = CARD_SETS.builtin
