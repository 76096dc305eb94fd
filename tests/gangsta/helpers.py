"""Building Gangsta positions for tests from the cards that matter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mobtable import games
from mobtable.core.cardfile import read_card_file
from mobtable.games.gangsta.cards import builtin_cards
from mobtable.games.gangsta.state import GangstaState

GAME = games.get("gangsta")
ALL_CODES = [c.code for c in builtin_cards().cards]

# The rulebook's table: Peter, John, Andrea and Angelica, seated in that order.
PETER, JOHN, ANDREA, ANGELICA = 0, 1, 2, 3


def position(
    hands: Sequence[Sequence[str]],
    *,
    trump: str = "Y9S",
    deck: Sequence[str] = (),
    grid: Mapping[str, str] | None = None,
    leader: int = 0,
    start: str = "trick",
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    rest: str = "box",
    seed: int = 0,
    **extra: Any,
) -> GangstaState:
    """A table with these hands; every card not named goes to ``rest`` ("box" or "deck")."""
    named = {trump, *deck, *(grid or {}).values(), *(c for h in hands for c in h)}
    leftovers = [c for c in ALL_CODES if c not in named]
    setup: dict[str, Any] = {
        "trump": trump,
        "hands": [list(h) for h in hands],
        "deck": list(deck) + (leftovers if rest == "deck" else []),
        "grid": dict(grid or {}),
        "box": leftovers if rest == "box" else [],
        "leader": leader,
        "start": start,
        **extra,
    }
    config = GAME.config(len(hands), variants=variants, options=options)
    state = GAME.new_state(config, seed=seed, setup=setup)
    assert isinstance(state, GangstaState)
    return state


def play(state: GangstaState, *moves: str) -> None:
    """Apply moves in notation, each by the seat whose turn it is."""
    for move in moves:
        state.apply_text(state.turn, move)


def hand(state: GangstaState, seat: int) -> list[str]:
    return state.codes(state.hands[seat])


def legal_texts(state: GangstaState, seat: int | None = None) -> set[str]:
    return {str(a) for a in state.legal(state.turn if seat is None else seat)}


def weak_from_one(folder: Path) -> Any:
    """Card data like the built-in file's, but weak cards worth 1-8 (strong stay 2-9),
    read from a file written in ``folder``."""
    text = (
        Path(__file__)
        .parents[2]
        .joinpath("src/mobtable/games/gangsta/cards.toml")
        .read_text(encoding="utf-8")
        .replace("weak = [2, 3, 4, 5, 6, 7, 8, 9]", "weak = [1, 2, 3, 4, 5, 6, 7, 8]")
    )
    path = folder / "my-cards.toml"
    path.write_text(text, encoding="utf-8")
    return read_card_file(path)
