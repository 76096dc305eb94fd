"""Visibility in one place: what a seat may know, and states consistent with it.

Public: the calendar, the row (loyalty, drinks, hats under cards), every
player's money, weapons, dice count, villa token and free hats, the supply,
who has committed to the decision being taken, dice and offers once revealed.
Private to a seat: its own sealed choice. Hidden from everyone: the deck order
(only its size shows), other seats' sealed choices, the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from mobtable.core import Origin
from mobtable.core.shuffle import shuffle
from mobtable.games.cosca import city
from mobtable.games.cosca.cards import Mobster, reconstructed_parts
from mobtable.games.cosca.model import (
    LETTERS,
    NOBODY,
    RACE_DAYS,
    ROUNDS,
    Place,
    Stage,
    VillaToken,
    Weekday,
    villa_token,
)
from mobtable.games.cosca.view_types import (
    Calendar,
    CoscaView,
    Day,
    Decision,
    Fight,
    RowMobster,
    SeatView,
    Supply,
    Token,
)
from mobtable.games.cosca.view_types import Stage as StageText

if TYPE_CHECKING:
    from mobtable.games.cosca.state import CoscaState


_DAY_CODES: tuple[Day, ...] = tuple(cast(Day, d.code) for d in Weekday)
"""Each weekday's code, by number (the view type's ``Day``)."""
_STAGES: dict[Stage, StageText] = {
    s: cast(StageText, s.value) for s in Stage if s is not Stage.OVER
}
"""The view's words for the steps of a round (``Stage.OVER`` has no decision)."""
_CITY: Sequence[str] = [p.title for p in Place]
"""The places' names, in city order (shared by every view)."""


@lru_cache(maxsize=1024)
def _counts_text(counts: tuple[int, ...] | None) -> str | None:
    """A dice setting's letters (made once per setting: a setting recurs all game long)."""
    return None if counts is None else "".join(LETTERS[p] * n for p, n in enumerate(counts))


_TOKENS: dict[VillaToken, Token] = {t: t.value for t in VillaToken}
"""Each villa token side's word (without the enum's ``value`` descriptor each time)."""


@dataclass(frozen=True)
class _Week:
    """The calendar's fixed part for one starting day (see :func:`_week`); its lists are
    shared by every view."""

    start: Day
    last: Day
    days: Sequence[Day]
    race_days: Sequence[Day]


@lru_cache(maxsize=7)
def _week(start: int) -> _Week:
    days = [Weekday((start + r) % 7) for r in range(ROUNDS)]
    return _Week(
        start=_DAY_CODES[start],
        last=_DAY_CODES[days[-1]],
        days=[_DAY_CODES[d] for d in days],
        race_days=[_DAY_CODES[d] for d in days if d in RACE_DAYS],
    )


def calendar(state: CoscaState) -> Calendar:
    week = _week(state.rules.start)
    return {
        "round": state.round + 1,
        "rounds": ROUNDS,
        "day": _DAY_CODES[state.weekday],
        "start_day": week.start,
        "last_day": week.last,
        "days": week.days,
        "race_days": week.race_days,
        "race_today": state.weekday in RACE_DAYS,
    }


@dataclass(frozen=True)
class _CardTables:
    """What a view reads of a card set that never changes, by card id; its lists are shared
    by every view (read-only: the view types say ``Sequence``)."""

    days: tuple[Sequence[Day], ...]
    """Each card's working days, in week order."""
    reconstructed: tuple[Sequence[str], ...]
    """Each card's reconstructed fields."""
    conditions: tuple[str, ...]
    """Each card's condition in card-file notation (``Mobster.condition``)."""
    parts: Sequence[str]
    """The set's reconstructed parts in words (``reconstructed_parts``)."""


_TABLES: dict[int, tuple[tuple[Mobster, ...], _CardTables]] = {}
"""The tables of each card set seen, by its identity (a table's ``cards`` is shared by
every table of its set; the set is kept with them, so its identity stays its own)."""


def _card_tables(cards: tuple[Mobster, ...]) -> _CardTables:
    kept = _TABLES.get(id(cards))
    if kept is not None and kept[0] is cards:
        return kept[1]
    tables = _CardTables(
        days=tuple([_DAY_CODES[d] for d in sorted(m.days)] for m in cards),
        reconstructed=tuple(list(m.reconstructed) for m in cards),
        conditions=tuple(m.condition for m in cards),
        parts=list(reconstructed_parts(cards)),
    )
    if len(_TABLES) >= 64:
        _TABLES.clear()
    _TABLES[id(cards)] = (cards, tables)
    return tables


def row(state: CoscaState) -> list[RowMobster]:
    out: list[RowMobster] = []
    tables = _card_tables(state.cards)
    today, hats = state.weekday, _hat_seats(state.players)
    cards, loyal, under, drink = state.cards, state.loyal, state.under, state.drink
    conditions, days, reconstructed = tables.conditions, tables.days, tables.reconstructed
    for pos, card in enumerate(state.row):
        mobster = cards[card]
        owner = loyal[pos]
        out.append(
            {
                "pos": pos + 1,
                "name": mobster.name,
                "condition": conditions[card],
                "days": days[card],
                "works_today": mobster.works_on(today),
                "loyal": None if owner == NOBODY else owner,
                "drink": drink[pos],
                "hats_under": hats[under[pos]],
                "reconstructed": reconstructed[card],
            }
        )
    return out


@lru_cache(maxsize=8)
def _hat_seats(players: int) -> tuple[Sequence[int], ...]:
    """For each bit mask of seats (bit ``s``: seat ``s`` has a hat there), those seats (a
    list shared by every view)."""
    return tuple([s for s in range(players) if mask >> s & 1] for mask in range(1 << players))


def players(state: CoscaState) -> list[SeatView]:
    return [
        {
            "seat": s,
            "money": state.money[s],
            "weapons": state.weapons[s],
            "dice": state.dice[s],
            "mobsters": state.loyal_count(s),
            "hats_free": state.hats_free(s),
            "villa": {
                "token": _TOKENS[villa_token(state.villa_got[s])],
                "die": state.villa_die[s],
                "asks_left": city.villa_asks_left(state, s),
            },
        }
        for s in range(state.players)
    ]


def _supply(state: CoscaState) -> Supply:
    """The general supply (C-01); counts only when it is limited."""
    limited = state.rules.limited_supply
    money, weapons, dice = state.supply if limited else (None, None, None)
    return {"limited": limited, "money": money, "weapons": weapons, "dice": dice}


def _decision(state: CoscaState) -> Decision | None:
    """The sealed decision under way (``None`` once the game is over)."""
    if state.stage is Stage.OVER:
        return None
    public = state.sealed.public()
    decision: Decision = {
        "stage": _STAGES[state.stage],
        "seats": public["seats"],
        "committed": public["committed"],
    }
    if state.stage is Stage.FIGHT:
        decision["mobster"] = state.mobster(state.fight_pos).name
        decision["pos"] = state.fight_pos + 1
        decision["fighters"] = list(state.fighters)
    return decision


def _fight(record: Mapping[str, Any]) -> Fight:
    return {
        "pos": record["pos"],
        "mobster": record["mobster"],
        "round": record["round"],
        "offers": dict(record["offers"]),
        "winner": record["winner"],
        "tied": list(record["tied"]),
    }


def view(state: CoscaState, seat: int | None) -> CoscaView:
    """What ``seat`` may know (``None``: a spectator, public facts only)."""
    sealed = state.sealed
    revealed = state.settings_round
    out: CoscaView = {
        "game": "cosca",
        "seat": seat,
        "players": state.players,
        "city": _CITY,
        "calendar": calendar(state),
        "stage": "over" if state.stage is Stage.OVER else _STAGES[state.stage],
        "decision": _decision(state),
        "row": row(state),
        "deck_left": len(state.deck),
        "table": players(state),
        "supply": _supply(state),
        "revealed": {
            "round": None if revealed < 0 else revealed + 1,
            "dice": [_counts_text(s) for s in state.settings],
        },
        "fights": [_fight(f) for f in state.fights],
        "mine": None,
        "result": state.result().to_json() if state.is_over() else None,
        "reconstructed": _card_tables(state.cards).parts,
    }
    if seat is not None:
        own = sealed.choices.get(seat)
        out["mine"] = {"choice": None if own is None else str(own)}
    return out


def determinize(state: CoscaState, seat: int, rng: random.Random) -> CoscaState:
    """A state drawn among those ``seat``'s view allows: the unseen deck reshuffled
    (from its sorted order, so the draw depends on the view alone) and the other
    seats' sealed choices dropped (they owe them again, yet stay announced as
    committed, so the sample's view is the seat's view)."""
    sample = state.sample_copy()
    unseen = sorted(state.deck)
    shuffle(unseen, rng)
    sample.deck = unseen
    sample.sealed = state.sealed.forget_others(seat)
    sample.origin = Origin(None, None)
    return sample
