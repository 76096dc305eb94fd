"""COSCA's decisions as small immutable values with a text notation and a stable index.

Notation (case-insensitive when read):

* ``BBGS`` — set your dice: one letter per die, city order (B Bank, G Gun Shop,
  R Racetrack, C Club, V Villa, S Street). A setting is a multiset, so the
  canonical text is sorted in city order; any order is read.
* ``gun2`` — exchange 2 money for 2 weapons at the Gun Shop (``gun0``: none).
* ``club2,5`` — invite the mobsters at row positions 2 and 5 (counted from 1,
  left to right) for a drink; ``club-`` invites nobody.
* ``villa`` / ``novilla`` — ask the Don for help, or not.
* ``2m1w`` — offer 2 money and 1 weapon in a fight (``0m0w``: nothing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from mobtable.core.actions import notation_text
from mobtable.core.errors import InvalidNotation
from mobtable.games.cosca.model import LETTERS, MAX_DICE, MAX_MONEY, MAX_ROW, MAX_WEAPONS

FACES = len(LETTERS)


_DICE_TEXT: dict[tuple[int, ...], str] = {}


@dataclass(frozen=True, slots=True)
class SetDice:
    """All of a player's dice for the day: how many show each place (city order)."""

    counts: tuple[int, ...]

    def __str__(self) -> str:
        text = _DICE_TEXT.get(self.counts)
        if text is None:
            text = _DICE_TEXT[self.counts] = "".join(
                LETTERS[p] * n for p, n in enumerate(self.counts)
            )
        return text

    @property
    def size(self) -> int:
        return sum(self.counts)


@dataclass(frozen=True, slots=True)
class Gun:
    """How many money tokens to exchange for weapons at the Gun Shop."""

    exchanges: int

    def __str__(self) -> str:
        return f"gun{self.exchanges}"


@dataclass(frozen=True, slots=True)
class Club:
    """The row positions (0-based, sorted) of the loyal mobsters invited for a drink."""

    positions: tuple[int, ...]

    def __str__(self) -> str:
        return "club" + (",".join(str(p + 1) for p in self.positions) or "-")


@dataclass(frozen=True, slots=True)
class Villa:
    """Ask the Don for help (an extra die tomorrow), or decline."""

    ask: bool

    def __str__(self) -> str:
        return "villa" if self.ask else "novilla"


@dataclass(frozen=True, slots=True)
class Offer:
    """The resources held out in the fist in a fight."""

    money: int
    weapons: int

    def __str__(self) -> str:
        return f"{self.money}m{self.weapons}w"

    @property
    def value(self) -> int:
        return self.money + 3 * self.weapons


CoscaAction = SetDice | Gun | Club | Villa | Offer

# -- the stable integer index ------------------------------------------------
_DICE_SIZES = range(1, MAX_DICE + 1)
_DICE_OFFSET = {n: sum(comb(k + FACES - 1, FACES - 1) for k in range(1, n)) for n in _DICE_SIZES}
N_DICE = sum(comb(n + FACES - 1, FACES - 1) for n in _DICE_SIZES)
N_GUN = MAX_DICE + 1
N_CLUB = 1 << MAX_ROW
N_VILLA = 2
N_OFFER = (MAX_MONEY + 1) * (MAX_WEAPONS + 1)
GUN_BASE = N_DICE
CLUB_BASE = GUN_BASE + N_GUN
VILLA_BASE = CLUB_BASE + N_CLUB
OFFER_BASE = VILLA_BASE + N_VILLA
NUM_ACTIONS = OFFER_BASE + N_OFFER

GUNS = tuple(Gun(n) for n in range(N_GUN))
VILLAS = (Villa(False), Villa(True))


@cache
def dice_settings(n: int) -> tuple[SetDice, ...]:
    """Every setting of ``n`` dice, in the canonical (index) order."""
    settings = []
    for faces in combinations_with_replacement(range(FACES), n):
        counts = [0] * FACES
        for f in faces:
            counts[f] += 1
        settings.append(SetDice(tuple(counts)))
    return tuple(settings)


@cache
def _dice_rank(n: int) -> dict[SetDice, int]:
    return {s: i for i, s in enumerate(dice_settings(n))}


@cache
def offers(money: int, weapons: int) -> tuple[Offer, ...]:
    """Every offer a fighter holding ``money`` and ``weapons`` can make."""
    return tuple(Offer(m, w) for m in range(money + 1) for w in range(weapons + 1))


def action_index(action: object) -> int:
    if isinstance(action, SetDice):
        n = action.size
        if n not in _DICE_OFFSET or len(action.counts) != FACES:
            raise InvalidNotation(f"{action} has no index: 1 to {MAX_DICE} dice")
        return _DICE_OFFSET[n] + _dice_rank(n)[action]
    if isinstance(action, Gun) and 0 <= action.exchanges < N_GUN:
        return GUN_BASE + action.exchanges
    if isinstance(action, Club) and all(0 <= p < MAX_ROW for p in action.positions):
        return CLUB_BASE + sum(1 << p for p in action.positions)
    if isinstance(action, Villa):
        return VILLA_BASE + int(action.ask)
    if (
        isinstance(action, Offer)
        and 0 <= action.money <= MAX_MONEY
        and 0 <= action.weapons <= MAX_WEAPONS
    ):
        return OFFER_BASE + action.money * (MAX_WEAPONS + 1) + action.weapons
    raise InvalidNotation(f"{action!r} is not a COSCA action with an index")


def action_from_index(index: int) -> CoscaAction:
    if not isinstance(index, int) or not 0 <= index < NUM_ACTIONS:
        raise InvalidNotation(f"action index {index!r} is outside 0..{NUM_ACTIONS - 1}")
    if index < GUN_BASE:
        for n in reversed(_DICE_SIZES):
            if index >= _DICE_OFFSET[n]:
                return dice_settings(n)[index - _DICE_OFFSET[n]]
    if index < CLUB_BASE:
        return GUNS[index - GUN_BASE]
    if index < VILLA_BASE:
        mask = index - CLUB_BASE
        return Club(tuple(p for p in range(MAX_ROW) if mask >> p & 1))
    if index < OFFER_BASE:
        return VILLAS[index - VILLA_BASE]
    money, weapons = divmod(index - OFFER_BASE, MAX_WEAPONS + 1)
    return Offer(money, weapons)


# -- reading the notation ------------------------------------------------------
_OFFER = re.compile(r"(?:([0-9]{1,3})m)?(?:([0-9]{1,3})w)?")
_GUN = re.compile(r"gun([0-9]{1,3})")
_CLUB = re.compile(r"club(-|[0-9]{1,3}(?:,[0-9]{1,3})*)?")


def parse_action(text: str) -> CoscaAction:
    """Read any COSCA action; ``InvalidNotation`` explains what was expected."""
    raw = notation_text(text, "COSCA")
    low = raw.lower().replace(" ", "")
    if low in ("villa", "novilla"):
        return VILLAS[low == "villa"]
    if match := _GUN.fullmatch(low):
        n = int(match.group(1))
        if n >= N_GUN:
            raise InvalidNotation(f"{raw!r}: at most {N_GUN - 1} gun-shop exchanges")
        return GUNS[n]
    if match := _CLUB.fullmatch(low):
        body = match.group(1)
        if body in (None, "-"):
            return Club(())
        positions = sorted({int(p) - 1 for p in body.split(",")})
        if positions[0] < 0 or positions[-1] >= MAX_ROW or len(positions) != body.count(",") + 1:
            raise InvalidNotation(f"{raw!r}: club positions are distinct numbers 1..{MAX_ROW}")
        return Club(tuple(positions))
    if low and (match := _OFFER.fullmatch(low)) and (match.group(1) or match.group(2)):
        money, weapons = int(match.group(1) or 0), int(match.group(2) or 0)
        if money > MAX_MONEY or weapons > MAX_WEAPONS:
            raise InvalidNotation(f"{raw!r}: an offer is at most {MAX_MONEY}m{MAX_WEAPONS}w")
        return Offer(money, weapons)
    upper = low.upper()
    if upper and all(ch in LETTERS for ch in upper):
        if len(upper) > MAX_DICE:
            raise InvalidNotation(f"{raw!r}: nobody has more than {MAX_DICE} dice")
        counts = [0] * FACES
        for ch in upper:
            counts[LETTERS.index(ch)] += 1
        return SetDice(tuple(counts))
    raise InvalidNotation(
        f"{raw!r} is not a COSCA action: expected dice like 'BBGS', 'gun2', 'club2,5', "
        "'club-', 'villa', 'novilla' or an offer like '2m1w'"
    )
