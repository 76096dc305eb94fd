"""The round: new day, sealed dice, the city in order, the mobsters left to right.

Every decision is a sealed step (C-10): the seats with a real choice commit
one by one, nothing shows until the last has committed, then the step
resolves in seat order and the table runs on to the next decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from mobtable.core import Event, SealedStep
from mobtable.games.cosca import city, loyalty, mobsters, supply
from mobtable.games.cosca.actions import Club, CoscaAction, Gun, Offer, SetDice, Villa
from mobtable.games.cosca.model import (
    BASE_DICE,
    CLUB_STEP,
    DICE,
    DICE_STEP,
    FIGHT_STEP,
    GAME_OVER,
    GUN_STEP,
    MAX_PLAYERS,
    MONEY,
    NOBODY,
    RESOURCE_CAP,
    VILLA_STEP,
    WEAPONS,
    Stage,
)

if TYPE_CHECKING:
    from mobtable.games.cosca.table import CoscaTable

NO_OFFER = Offer(0, 0)
_ONLY = tuple(frozenset({seat}) for seat in range(MAX_PLAYERS))
_ALL = tuple(tuple(range(n)) for n in range(MAX_PLAYERS + 1))
"""Every seat of a table of ``n``, by ``n`` (the dice step waits for them all)."""


def commit(state: CoscaTable, seat: int, action: CoscaAction) -> None:
    """A seat's sealed decision; the last one in resolves the step."""
    stage = state.stage
    if not state.silent:
        text = str(action)
        state.events.append(
            Event("committed", {"seat": seat, "stage": stage.value}, f"seat {seat} has decided")
        )
        mine: dict[str, Any] = {"seat": seat, "stage": stage.value, "action": text}
        if isinstance(action, Club):  # the words name the invited mobsters
            mine["mobsters"] = [state.mobster(p).name for p in action.positions]
        state.events.append(Event("my-choice", mine, "you chose " + text, to=_ONLY[seat]))
    sealed = state.sealed
    if sealed.commit(seat, action):
        # The step's choices are read, never changed, and every resolution opens a new step.
        choices = sealed.choices
        if stage is DICE_STEP:
            after_dice(state, choices)
        elif stage is FIGHT_STEP:
            after_fight(state, choices)
        elif stage is GUN_STEP:
            after_gun(state, choices)
        elif stage is CLUB_STEP:
            after_club(state, choices)
        else:
            after_villa(state, choices)


def open_step(state: CoscaTable, stage: Stage, seats: Iterable[int]) -> None:
    """The table waits for ``seats`` (in seat order, as every caller lists them)."""
    state.stage = stage
    state.sealed = SealedStep(tuple(seats))


# -- phase 2 ------------------------------------------------------------------
def begin_dice(state: CoscaTable) -> None:
    open_step(state, DICE_STEP, _ALL[len(state.money)])


def after_dice(state: CoscaTable, choices: Mapping[int, Any]) -> None:
    settings = state.settings
    for seat in range(len(settings)):
        setting: SetDice = choices[seat]
        settings[seat] = setting.counts
    state.settings_round = state.round
    state.fights = []
    if not state.silent:
        shown = {str(s): str(choices[s]) for s in range(state.players)}
        state.events.append(
            Event(
                "dice-revealed",
                {"round": state.round, "dice": shown},
                "dice revealed: " + ", ".join([f"seat {s} {d}" for s, d in shown.items()]),
            )
        )
    mobsters.place_hats(state, after_city=False)
    city.bank(state)
    _to_gun(state)


# -- phase 3 ------------------------------------------------------------------
def _to_gun(state: CoscaTable) -> None:
    seats = city.gun_seats(state)
    if seats:
        open_step(state, GUN_STEP, seats)
    else:
        after_gun(state, {})


def after_gun(state: CoscaTable, choices: Mapping[int, Any]) -> None:
    city.resolve_gun(
        state, {s: gun.exchanges for s, gun in choices.items() if isinstance(gun, Gun)}
    )
    city.racetrack(state)
    seats = city.club_seats(state)
    if seats:
        open_step(state, CLUB_STEP, seats)
    else:
        after_club(state, {})


def after_club(state: CoscaTable, choices: Mapping[int, Any]) -> None:
    city.resolve_club(
        state, {s: club.positions for s, club in choices.items() if isinstance(club, Club)}
    )
    seats = city.villa_seats(state)
    if seats:
        open_step(state, VILLA_STEP, seats)
    else:
        after_villa(state, {})


def after_villa(state: CoscaTable, choices: Mapping[int, Any]) -> None:
    city.resolve_villa(
        state, [s for s, villa in sorted(choices.items()) if isinstance(villa, Villa) and villa.ask]
    )
    city.street(state)
    mobsters.place_hats(state, after_city=True)
    _to_mobster(state, 0)


# -- phase 4 ------------------------------------------------------------------
def _to_mobster(state: CoscaTable, pos: int) -> None:
    """Resolve the row from ``pos`` on, stopping at a fight that needs offers."""
    under = state.under
    while pos < len(under):
        if not under[pos]:  # no hat under the card: nobody contends
            pos += 1
            continue
        fighters, drink_spent = loyalty.contenders(state, pos)
        if drink_spent:
            loyalty.spend_drink(state, pos)
        if len(fighters) == 1:
            loyalty.gain(state, pos, fighters[0], fought=False)
        elif fighters:
            # A fighter with nothing to offer offers nothing without being asked.
            choosers = [s for s in fighters if state.money[s] or state.weapons[s]]
            if choosers:
                state.fight_pos, state.fighters = pos, fighters
                open_step(state, FIGHT_STEP, choosers)
                return
            loyalty.resolve_fight(state, pos, fighters, dict.fromkeys(fighters, NO_OFFER))
        pos += 1
    _end_of_day(state)


def after_fight(state: CoscaTable, choices: Mapping[int, Any]) -> None:
    pos, fighters = state.fight_pos, state.fighters
    state.fight_pos, state.fighters = -1, ()
    offers = {s: choices.get(s, NO_OFFER) for s in fighters}
    loyalty.resolve_fight(state, pos, fighters, offers)
    _to_mobster(state, pos + 1)


# -- end of a day, phase 1 -----------------------------------------------------
def _end_of_day(state: CoscaTable) -> None:
    if state.is_last_round():
        state.stage = GAME_OVER
        state.sealed = SealedStep.of(())
        if not state.silent:
            state.events.append(
                Event(
                    "game-over",
                    {"round": state.round, "day": state.weekday.code},
                    "the last day is over",
                )
            )
        return
    new_day(state)
    begin_dice(state)


def new_day(state: CoscaTable) -> None:
    """Phase 1: next day, dice, villa dice, a new mobster, resources down to 10."""
    state.round += 1
    day = state.weekday
    n = len(state.money)
    state.supply[DICE] += sum(state.dice) - BASE_DICE * n  # yesterday's extra dice go back
    dice = state.dice = [BASE_DICE] * n
    works, today, row = state.facts.works, 1 << day, state.row
    working = [0] * n
    for pos, owner in enumerate(state.loyal):
        if owner != NOBODY and works[row[pos]] & today:
            working[owner] += 1
    supply.pay_each(state, DICE, working)
    villa_die = state.villa_die
    if True in villa_die:
        for seat in range(n):
            if villa_die[seat]:
                villa_die[seat] = False
                state.villa_got[seat] += 1  # the token flips to white, then goes to the box
                dice[seat] += 1
    card = NOBODY
    if state.deck:
        card = state.deck.pop(0)
        row.append(card)
        state.loyal.append(NOBODY)
        state.drink.append(False)
        state.under.append(0)
        state.met.append(0)
    over = max(state.money) > RESOURCE_CAP or max(state.weapons) > RESOURCE_CAP
    returned = _return_excess(state) if over else {}
    if not state.silent:
        # setup guarantees a card for every day
        revealed = "nobody" if card == NOBODY else state.cards[card].name
        state.events.append(
            Event(
                "new-day",
                {
                    "round": state.round,
                    "day": day.code,
                    "dice": list(state.dice),
                    "mobster": revealed,
                },
                f"{day.title}: dice {state.dice}, {revealed} joins the row",
            )
        )
        if returned:
            state.events.append(
                Event(
                    "over-the-limit",
                    {"returned": returned, "limit": RESOURCE_CAP},
                    "over the limit, back to the supply: "
                    + ", ".join([f"seat {s} {m}m {w}w" for s, (m, w) in returned.items()]),
                )
            )


def _return_excess(state: CoscaTable) -> dict[str, list[int]]:
    """Money and weapons above the limit go back to the supply; what each seat returned."""
    returned: dict[str, list[int]] = {}
    money, weapons = state.money, state.weapons
    for seat in range(len(money)):
        if money[seat] > RESOURCE_CAP or weapons[seat] > RESOURCE_CAP:
            excess = [max(0, held[seat] - RESOURCE_CAP) for held in (money, weapons)]
            for stock, amount in zip((MONEY, WEAPONS), excess, strict=True):
                if amount:
                    supply.give_back(state, stock, seat, amount)
            returned[str(seat)] = excess
    return returned
