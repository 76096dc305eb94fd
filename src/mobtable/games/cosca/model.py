"""COSCA's vocabulary: city places, weekdays, special conditions, component counts."""

from __future__ import annotations

from enum import Enum, IntEnum


class Place(IntEnum):
    """The six city cards, in their fixed order (also the six faces of a minion die)."""

    BANK = 0
    GUN_SHOP = 1
    RACETRACK = 2
    CLUB = 3
    VILLA = 4
    STREET = 5

    @property
    def letter(self) -> str:
        return LETTERS[self]

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").title()


LETTERS = "BGRCVS"
"""One letter per place, in city order: the dice notation (``BBGS``)."""

PLACES = tuple(Place)


class Weekday(IntEnum):
    MON = 0
    TUE = 1
    WED = 2
    THU = 3
    FRI = 4
    SAT = 5
    SUN = 6

    @property
    def code(self) -> str:
        return self.name.lower()

    @property
    def title(self) -> str:
        return ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")[self]

    @classmethod
    def from_code(cls, code: str) -> Weekday:
        return cls[code.upper()]


WEEKDAYS = tuple(Weekday)
"""The weekdays by number (indexing is cheaper than calling ``Weekday``)."""
WEEKDAY_CODES = tuple(d.code for d in Weekday)
RACE_DAYS = frozenset({Weekday.TUE, Weekday.THU, Weekday.SAT, Weekday.SUN})
"""Racetrack pays only on these days (the horseshoes on the calendar card)."""


class Special(Enum):
    """The six special loyalty conditions."""

    SAME = "same"  # John Brown: all dice show one symbol
    DIFFERENT = "different"  # Scarlett: all dice show different symbols
    MATCH3 = "match3"  # Henrietta: 3 dice in common with another player's dice
    FEWEST_MONEY = "fewest-money"  # Little Buck, after the city actions
    MOST_WEAPONS = "most-weapons"  # Roberto di Salvo, after the city actions
    EQUAL = "equal"  # Bobby: as many weapons as money, after the city actions

    @property
    def after_city(self) -> bool:
        """Checked after the city actions rather than at the dice reveal."""
        return self in AFTER_CITY


AFTER_CITY = frozenset({Special.FEWEST_MONEY, Special.MOST_WEAPONS, Special.EQUAL})

ROUNDS = 7
BASE_DICE = 3
HATS = 11
START_MONEY = 1
START_WEAPONS = 1
RESOURCE_CAP = 10
VILLA_ASKS = 2
WEAPON_VALUE = 3
MONEY_VALUE = 1
RACE_PAY = 2

TOTAL_MONEY = 50
TOTAL_WEAPONS = 35
TOTAL_DICE = 29

MIN_PLAYERS = 2
MAX_PLAYERS = 5
NEW_MOBSTERS = ROUNDS - 1
MAX_ROW = MAX_PLAYERS + NEW_MOBSTERS
"""The longest row a game can reach (5 players, 6 new days)."""
MAX_DICE = BASE_DICE + MAX_ROW + 1
"""3 basic dice, one per loyal working mobster, one from the villa."""
MAX_MONEY = TOTAL_MONEY
MAX_WEAPONS = TOTAL_WEAPONS


class VillaToken(Enum):
    """The double-sided villa token: black, then white, then back in the box."""

    BLACK = "black"
    WHITE = "white"
    BOX = "box"


def villa_token(collected: int) -> VillaToken:
    """The token's side after ``collected`` villa dice were taken from it."""
    return (VillaToken.BLACK, VillaToken.WHITE, VillaToken.BOX)[min(collected, 2)]


NOBODY = -1
"""No seat (a mobster loyal to nobody)."""


class Stock(IntEnum):
    """The general supply's three kinds of pieces (indices into ``CoscaState.supply``)."""

    MONEY = 0
    WEAPONS = 1
    DICE = 2


TOTALS = (TOTAL_MONEY, TOTAL_WEAPONS, TOTAL_DICE)


class Stage(Enum):
    """The decision a table is waiting for."""

    DICE = "dice"  # phase 2: every player sets their dice
    GUN = "gun"  # phase 3: gun-shop exchanges
    CLUB = "club"  # phase 3: drinks at the club
    VILLA = "villa"  # phase 3: asking the Don
    FIGHT = "fight"  # phase 4: offers in a fight
    OVER = "over"


# The members the rules read on every decision, as plain module names: on Python 3.11 an
# enum member read through its class (``Stage.DICE``) goes through ``EnumType.__getattr__``,
# about ten times slower than reading a global. Same objects, so ``is`` holds.
DICE_STEP, GUN_STEP, CLUB_STEP, VILLA_STEP, FIGHT_STEP = (
    Stage.DICE,
    Stage.GUN,
    Stage.CLUB,
    Stage.VILLA,
    Stage.FIGHT,
)
GAME_OVER = Stage.OVER
MONEY, WEAPONS, DICE = Stock.MONEY, Stock.WEAPONS, Stock.DICE
