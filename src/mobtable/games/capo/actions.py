"""Capo's actions, their text notation and their stable integer index.

Playing Mafioso cards is split into small steps so that legal lists stay short
(at most a hand's size) and the integer action space stays fixed (K-13):

==============  ==========  ===================================================
action          notation    meaning
==============  ==========  ===================================================
``Declare(3)``  ``p3``      phase 2: I will play 3 cards face down
``Place(17)``   ``d17``     phase 2: card 17 goes face down (repeat until 3)
``TurnUp(17)``  ``u17``     phase 2: turn my played card 17 face up
``Suspect(2)``  ``s2``      phase 3: my Suspicion card points at seat 2
``Suspect()``   ``s-``      phase 3: I suspect nobody
==============  ==========  ===================================================

>>> from mobtable.games.capo.actions import parse, Place
>>> parse("d17") == Place(17)
True
>>> str(parse(" S- "))
's-'
"""

from __future__ import annotations

from dataclasses import dataclass

from mobtable.core.actions import notation_text
from mobtable.core.errors import InvalidNotation
from mobtable.games.capo.cards import MAFIOSO_CARDS

MAX_SEATS = 7


@dataclass(frozen=True, slots=True)
class Declare:
    """How many Mafioso cards this seat will play face down (phase 2)."""

    count: int

    def __str__(self) -> str:
        return f"p{self.count}"


@dataclass(frozen=True, slots=True)
class Place:
    """Put one Mafioso card from the hand face down (phase 2)."""

    card: int

    def __str__(self) -> str:
        return f"d{self.card}"


@dataclass(frozen=True, slots=True)
class TurnUp:
    """Turn one of this seat's played cards face up (end of phase 2)."""

    card: int

    def __str__(self) -> str:
        return f"u{self.card}"


@dataclass(frozen=True, slots=True)
class Suspect:
    """Lay the Suspicion card: at a seat, or face down (``target=None``)."""

    target: int | None = None

    def __str__(self) -> str:
        return "s-" if self.target is None else f"s{self.target}"


CapoAction = Declare | Place | TurnUp | Suspect

DECLARES = tuple(Declare(n) for n in range(1, MAFIOSO_CARDS + 1))
PLACES = tuple(Place(c) for c in range(MAFIOSO_CARDS))
TURNS = tuple(TurnUp(c) for c in range(MAFIOSO_CARDS))
SUSPECT_NOBODY = Suspect(None)
SUSPECTS = tuple(Suspect(s) for s in range(MAX_SEATS))

ALL_ACTIONS: tuple[CapoAction, ...] = (*DECLARES, *PLACES, *TURNS, SUSPECT_NOBODY, *SUSPECTS)
_INDEX: dict[object, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
"""Each action's index, looked up with whatever a caller passes (not only an action)."""
NUM_ACTIONS = len(ALL_ACTIONS)


def index_of(action: object) -> int:
    try:
        return _INDEX[action]
    except (KeyError, TypeError):
        raise InvalidNotation(f"{action!r} is not a Capo action") from None


def from_index(index: int) -> CapoAction:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_ACTIONS:
        raise InvalidNotation(f"action index must be 0-{NUM_ACTIONS - 1}, not {index!r}")
    return ALL_ACTIONS[index]


def _number(text: str, lo: int, hi: int, what: str) -> int:
    """An ASCII whole number ``lo..hi`` (``notation_text`` keeps out Unicode digits)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 3 or not lo <= int(text) <= hi:
        raise InvalidNotation(f"{what} must be a number {lo}-{hi}")
    return int(text)


def parse(text: str) -> CapoAction:
    """Read ``p3``, ``d17``, ``u17``, ``s2`` or ``s-``; raises ``InvalidNotation``."""
    raw = notation_text(text, "Capo").lower()
    head, rest = raw[:1], raw[1:]
    try:
        if head == "p":
            return DECLARES[_number(rest, 1, MAFIOSO_CARDS, "the card count") - 1]
        if head == "d":
            return PLACES[_number(rest, 0, MAFIOSO_CARDS - 1, "the card id")]
        if head == "u":
            return TURNS[_number(rest, 0, MAFIOSO_CARDS - 1, "the card id")]
        if head == "s":
            if rest == "-":
                return SUSPECT_NOBODY
            return SUSPECTS[_number(rest, 0, MAX_SEATS - 1, "the seat")]
    except InvalidNotation as exc:
        raise InvalidNotation(f"{text!r}: {exc}") from None
    raise InvalidNotation(
        f"{text!r} is not a Capo action (p<count>, d<card>, u<card>, s<seat> or s-)"
    )
