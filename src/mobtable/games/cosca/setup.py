"""Building a table: dealt from a seed, or entered exactly from an explicit setup.

An explicit setup (JSON-ready; every key optional) describes a position at
the start of a round's dice phase, at the start of a new day (before phase 1),
or after the last day::

    {"round": 5, "start": "dice",            # or "new-day", or "over"
     "row": ["John Brown", "Lucky", ...],    # revealed mobsters, left to right
     "deck": ["Bobby", ...],                 # face down, top first
     "loyal": {"Lucky": 1},                  # hats on cards
     "drinks": ["Lucky"],                    # money tokens on loyal mobsters
     "hats_under": {"Bobby": [0, 2]},        # tied hats from yesterday
     "money": [3, 1, 0], "weapons": [1, 1, 2],
     "dice": [4, 3, 3],                      # today's dice (default: 3 + loyal working)
     "villa_used": [1, 0, 0],                # villa dice already collected
     "villa_die": [false, true, false]}      # a die waiting on the villa token

Cards not in ``row`` or ``deck`` are shuffled (by the seed) under the deck.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mobtable.core import BadSetup, Config, Event, Origin
from mobtable.core.limits import shown
from mobtable.games.cosca import rounds
from mobtable.games.cosca.cards import Mobster
from mobtable.games.cosca.model import (
    BASE_DICE,
    HATS,
    MAX_DICE,
    MAX_MONEY,
    MAX_ROW,
    MAX_WEAPONS,
    NOBODY,
    ROUNDS,
    START_MONEY,
    START_WEAPONS,
    TOTALS,
    VILLA_ASKS,
    Stage,
    Stock,
)
from mobtable.games.cosca.state import CoscaState

if TYPE_CHECKING:
    from mobtable.core import Game

STARTS = ("dice", "new-day", "over")
KEYS = frozenset(
    {
        "round",
        "start",
        "row",
        "deck",
        "loyal",
        "drinks",
        "hats_under",
        "money",
        "weapons",
        "dice",
        "villa_used",
        "villa_die",
    }
)


def deal(game: Game, config: Config, cards: tuple[Mobster, ...], seed: int | None) -> CoscaState:
    """A new game dealt at random from ``seed``."""
    state = CoscaState.new(game, config, Origin(seed, None), cards)
    deck = list(range(len(cards)))
    random.Random(seed).shuffle(deck)
    n = config.players
    _lay_out(state, deck[:n], deck[n:])
    state.money = [START_MONEY] * n
    state.weapons = [START_WEAPONS] * n
    state.dice = [BASE_DICE] * n
    _fill_supply(state)
    _announce(state)
    rounds.begin_dice(state)
    return state


def _lay_out(state: CoscaState, row: list[int], deck: list[int]) -> None:
    state.row, state.deck = row, deck
    state.loyal = [NOBODY] * len(row)
    state.drink = [False] * len(row)
    state.under = [0] * len(row)
    state.met = [0] * len(row)


def _fill_supply(state: CoscaState) -> None:
    drinks = sum(state.drink)
    state.supply = [
        TOTALS[Stock.MONEY] - sum(state.money) - drinks,
        TOTALS[Stock.WEAPONS] - sum(state.weapons),
        TOTALS[Stock.DICE] - sum(state.dice) - sum(state.villa_die),
    ]


def _announce(state: CoscaState) -> None:
    names = ", ".join(state.mobster(p).name for p in range(len(state.row)))
    state.events.append(
        Event(
            "setup",
            {
                "day": state.weekday.code,
                "round": state.round,
                "row": [state.mobster(p).name for p in range(len(state.row))],
            },
            f"the game starts on {state.weekday.title}; mobsters in the row: {names}",
        )
    )


# -- explicit setups ---------------------------------------------------------------
def _seat_list(
    setup: Mapping[str, Any], key: str, n: int, default: Any, kind: type, low: int, high: int
) -> list[Any]:
    value = setup.get(key)
    if value is None:
        return [default] * n
    if not isinstance(value, list) or len(value) != n:
        raise BadSetup(f"setup '{key}' must list one value per player ({n})")
    for seat, item in enumerate(value):
        if kind is bool:
            if not isinstance(item, bool):
                raise BadSetup(f"setup '{key}'[{seat}] must be true or false, not {item!r}")
        elif not isinstance(item, int) or isinstance(item, bool) or not low <= item <= high:
            raise BadSetup(f"setup '{key}'[{seat}] must be a whole number {low}..{high}")
    return list(value)


def _names(setup: Mapping[str, Any], key: str, index: Mapping[str, int]) -> list[int]:
    value = setup.get(key, [])
    if not isinstance(value, list):
        raise BadSetup(f"setup '{key}' must be a list of mobster names")
    ids = []
    for name in value:
        if not isinstance(name, str) or name not in index:
            raise BadSetup(f"setup '{key}': no mobster card is called {name!r}")
        ids.append(index[name])
    return ids


def _row_positions(
    setup: Mapping[str, Any], key: str, where: Mapping[str, int], kind: str
) -> dict[int, Any]:
    value = setup.get(key, {} if kind == "map" else [])
    if kind == "map" and not isinstance(value, Mapping):
        raise BadSetup(f"setup '{key}' must map mobster names to seats")
    if kind == "list" and not isinstance(value, list):
        raise BadSetup(f"setup '{key}' must list mobster names")
    items = value.items() if isinstance(value, Mapping) else ((name, True) for name in value)
    out: dict[int, Any] = {}
    for name, item in items:
        if not isinstance(name, str) or name not in where:
            raise BadSetup(f"setup '{key}': {shown(name)} is not in the row")
        out[where[name]] = item
    return out


def _seat(value: Any, n: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise BadSetup(f"{where}: {value!r} is not a seat 0..{n - 1}")
    return value


def from_setup(
    game: Game,
    config: Config,
    cards: tuple[Mobster, ...],
    setup: Mapping[str, Any],
    seed: int | None,
) -> CoscaState:
    """The exact position an explicit setup describes; ``BadSetup`` names what is wrong."""
    if not isinstance(setup, Mapping):
        raise BadSetup("a setup must be an object")
    unknown = sorted(set(setup) - KEYS)
    if unknown:
        raise BadSetup(f"setup has unknown keys {unknown} (known: {', '.join(sorted(KEYS))})")
    n = config.players
    start = setup.get("start", "dice")
    if start not in STARTS:
        raise BadSetup(f"setup 'start' must be one of {', '.join(STARTS)}, not {start!r}")
    day = setup.get("round", ROUNDS if start == "over" else 1)
    if not isinstance(day, int) or isinstance(day, bool) or not 1 <= day <= ROUNDS:
        raise BadSetup(f"setup 'round' must be a day number 1..{ROUNDS}, not {day!r}")
    if start == "new-day" and day == 1:
        raise BadSetup("setup 'start' 'new-day' needs 'round' 2 or later (day 1 has no phase 1)")
    if start == "over" and day != ROUNDS:
        raise BadSetup(f"setup 'start' 'over' is the end of day {ROUNDS}")

    index = {m.name: i for i, m in enumerate(cards)}
    row = _names(setup, "row", index) if "row" in setup else []
    deck = _names(setup, "deck", index)
    if len(set(row + deck)) != len(row) + len(deck):
        raise BadSetup("setup 'row' and 'deck' must not repeat a mobster")
    rest = sorted(set(range(len(cards))) - set(row) - set(deck))
    random.Random(seed).shuffle(rest)
    deck += rest
    if "row" not in setup:
        row, deck = deck[:n], deck[n:]
    reveals = ROUNDS - day + (1 if start == "new-day" else 0)
    if len(row) + reveals > MAX_ROW:
        raise BadSetup(
            f"setup 'row' has {len(row)} mobsters; with {reveals} more days to reveal "
            f"it would pass {MAX_ROW}"
        )

    state = CoscaState.new(game, config, Origin(seed, dict(setup)), cards)
    state.round = day - 1 - (1 if start == "new-day" else 0)
    _lay_out(state, row, deck)
    where = {cards[c].name: p for p, c in enumerate(row)}
    for pos, seat in _row_positions(setup, "loyal", where, "map").items():
        state.loyal[pos] = _seat(seat, n, f"setup 'loyal' {cards[row[pos]].name!r}")
    for pos in _row_positions(setup, "drinks", where, "list"):
        if state.loyal[pos] == NOBODY:
            raise BadSetup(
                f"setup 'drinks': {cards[row[pos]].name!r} is loyal to nobody, "
                "so nobody can have bought him a drink"
            )
        state.drink[pos] = True
    for pos, seats in _row_positions(setup, "hats_under", where, "map").items():
        if not isinstance(seats, list):
            raise BadSetup(f"setup 'hats_under' {cards[row[pos]].name!r} must list seats")
        for seat in seats:
            state.under[pos] |= 1 << _seat(seat, n, f"setup 'hats_under' {cards[row[pos]].name!r}")

    state.money = _seat_list(setup, "money", n, START_MONEY, int, 0, MAX_MONEY)
    state.weapons = _seat_list(setup, "weapons", n, START_WEAPONS, int, 0, MAX_WEAPONS)
    state.villa_got = _seat_list(setup, "villa_used", n, 0, int, 0, VILLA_ASKS)
    state.villa_die = _seat_list(setup, "villa_die", n, False, bool, 0, 1)
    for seat in range(n):
        if state.villa_got[seat] + state.villa_die[seat] > VILLA_ASKS:
            raise BadSetup(f"setup: seat {seat} asked the Don more than {VILLA_ASKS} times")
        if state.hats_free(seat) < 0:
            raise BadSetup(f"setup: seat {seat} uses more than {HATS} hats")
    day_of = state.weekday
    default_dice = [
        BASE_DICE
        + sum(
            1
            for pos, owner in enumerate(state.loyal)
            if owner == s and cards[row[pos]].works_on(day_of)
        )
        for s in range(n)
    ]
    dice = _seat_list(setup, "dice", n, None, int, BASE_DICE, MAX_DICE)
    state.dice = [d if d is not None else default_dice[s] for s, d in enumerate(dice)]

    _fill_supply(state)
    if state.rules.limited_supply:
        for stock in Stock:
            if state.supply[stock] < 0:
                raise BadSetup(
                    f"setup uses more {stock.name.lower()} than the box holds ({TOTALS[stock]})"
                )
    _announce(state)
    if start == "over":
        state.stage = Stage.OVER
        state.sealed = state.sealed.of(())
    elif start == "new-day":
        rounds.new_day(state)
        rounds.begin_dice(state)
    else:
        rounds.begin_dice(state)
    return state
