"""What a seat may decide now, and why anything else is refused."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from mobtable.core import IllegalAction
from mobtable.core.words import count
from mobtable.games.cosca import city
from mobtable.games.cosca.actions import (
    FACES,
    GUNS,
    VILLAS,
    Club,
    CoscaAction,
    Gun,
    Offer,
    SetDice,
    Villa,
    dice_settings,
    offers,
)
from mobtable.games.cosca.model import CLUB_STEP, DICE_STEP, FIGHT_STEP, GUN_STEP, VILLA_STEP, Stage

if TYPE_CHECKING:
    from mobtable.games.cosca.table import CoscaTable

_KIND: dict[Stage, type] = {
    Stage.DICE: SetDice,
    Stage.GUN: Gun,
    Stage.CLUB: Club,
    Stage.VILLA: Villa,
    Stage.FIGHT: Offer,
}
_ASKED = {
    Stage.DICE: "a dice setting like 'BBGS'",
    Stage.GUN: "a gun-shop exchange like 'gun2'",
    Stage.CLUB: "club invitations like 'club2,5' or 'club-'",
    Stage.VILLA: "'villa' or 'novilla'",
    Stage.FIGHT: "a fight offer like '2m1w'",
}


def club_choices(eligible: Sequence[int], most: int) -> tuple[Club, ...]:
    """Every set of at most ``most`` invitations among ``eligible`` (none included)."""
    return _club_choices(tuple(sorted(eligible)), most)


@lru_cache(maxsize=4096)
def _club_choices(eligible: tuple[int, ...], most: int) -> tuple[Club, ...]:
    return tuple(Club(chosen) for k in range(most + 1) for chosen in combinations(eligible, k))


_GUN_CHOICES = tuple(GUNS[: most + 1] for most in range(len(GUNS)))
"""The gun-shop choices of a seat allowed ``most`` exchanges, by ``most``."""
_SETTINGS: dict[int, tuple[SetDice, ...]] = {}
"""``dice_settings(n)`` by ``n``, the same tuples (a dict read costs less than the call)."""


def _settings(dice: int) -> tuple[SetDice, ...]:
    settings = _SETTINGS.get(dice)
    if settings is None:
        settings = _SETTINGS[dice] = dice_settings(dice)
    return settings


def options(state: CoscaTable, seat: int) -> Sequence[CoscaAction]:
    """The legal actions of a seat that owes the current decision."""
    stage = state.stage
    if stage is DICE_STEP:
        return _settings(state.dice[seat])
    if stage is GUN_STEP:
        return _GUN_CHOICES[city.gun_max(state, seat)]
    if stage is CLUB_STEP:  # club_eligible lists positions in order
        return _club_choices(tuple(city.club_eligible(state, seat)), city.club_max(state, seat))
    if stage is VILLA_STEP:
        return VILLAS
    if stage is FIGHT_STEP:
        return offers(state.money[seat], state.weapons[seat])
    return ()


def check(state: CoscaTable, seat: int, action: Any) -> None:
    """Raise ``IllegalAction`` naming the rule that forbids ``action``."""
    stage = state.stage
    kind = _KIND.get(stage)
    if kind is None or not isinstance(action, kind):
        raise IllegalAction(
            f"{action} is not what the table waits for: {_ASKED.get(stage, 'nothing')}",
            rule="stage",
        )
    if isinstance(action, SetDice):
        counts = action.counts
        if action.size != state.dice[seat] or len(counts) != FACES or min(counts) < 0:
            raise IllegalAction(
                f"you have {count(state.dice[seat], 'die', 'dice')} today and must set all of "
                f"them, not {action.size}",
                rule="dice-count",
            )
    elif isinstance(action, Gun):
        most = city.gun_max(state, seat)
        if not 0 <= action.exchanges <= most:
            raise IllegalAction(
                f"you may exchange at most {most} money at the Gun Shop "
                "(one per Gun Shop die, paid in money, from the weapons in the supply)",
                rule="gun-shop",
            )
    elif isinstance(action, Club):
        eligible = city.club_eligible(state, seat)
        most = city.club_max(state, seat)
        for pos in action.positions:
            if pos not in eligible:
                raise IllegalAction(
                    f"mobster {pos + 1} of the row is not one of your loyal mobsters without "
                    "a drink",
                    rule="club",
                )
        if len(action.positions) > most:
            raise IllegalAction(
                f"you may invite at most {most} (one per Club die, one money each)",
                rule="club",
            )
    elif isinstance(action, Villa):
        if action.ask and not city.villa_can_ask(state, seat):
            raise IllegalAction(
                "you cannot ask the Don now (no Villa die, no ask left, the last day, "
                "or no die in the supply)",
                rule="villa",
            )
    elif isinstance(action, Offer) and (
        not 0 <= action.money <= state.money[seat] or not 0 <= action.weapons <= state.weapons[seat]
    ):
        raise IllegalAction(
            f"you hold {state.money[seat]} money and {count(state.weapons[seat], 'weapon')}; "
            f"you cannot offer {action.money} money and {count(action.weapons, 'weapon')}",
            rule="fight-offer",
        )
