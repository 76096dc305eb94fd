"""Shared helpers for the COSCA tests: tables from explicit setups, deciding by notation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mobtable import games
from mobtable.core import Config
from mobtable.games.cosca.state import CoscaState

GAME = games.get("cosca")
RED, GREEN, BLUE = 0, 1, 2  # the rulebook's examples, seated in this order


def config(players: int = 3, **options: Any) -> Config:
    options.setdefault("start_day", "mon")
    return GAME.config(players, options=options)


def table(
    players: int = 3, setup: Mapping[str, Any] | None = None, seed: int = 0, **options: Any
) -> CoscaState:
    state = GAME.new_state(config(players, **options), seed=seed, setup=setup)
    assert isinstance(state, CoscaState)
    return state


def decide(state: CoscaState, moves: Mapping[int, str]) -> None:
    """Every given seat commits its move; they must be exactly the seats asked."""
    assert set(moves) == set(state.pending()), (
        f"asked {state.pending()} for {state.stage.value}, moves given for {sorted(moves)}"
    )
    for seat, text in moves.items():
        state.apply_text(seat, text)


def pos(state: CoscaState, name: str) -> int:
    return next(p for p, card in enumerate(state.row) if state.cards[card].name == name)


def loyal_to(state: CoscaState, name: str) -> int | None:
    owner = state.loyal[pos(state, name)]
    return None if owner < 0 else owner


def hats_under(state: CoscaState, name: str) -> list[int]:
    mask = state.under[pos(state, name)]
    return [s for s in range(state.players) if mask >> s & 1]


def drink(state: CoscaState, name: str) -> bool:
    return state.drink[pos(state, name)]


def totals(state: CoscaState) -> tuple[int, int, int]:
    """Money, weapons and dice counted everywhere (supply, players, cards, villa tokens)."""
    money = state.supply[0] + sum(state.money) + sum(state.drink)
    weapons = state.supply[1] + sum(state.weapons)
    dice = state.supply[2] + sum(state.dice) + sum(state.villa_die)
    return money, weapons, dice
