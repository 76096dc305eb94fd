"""Starting a Gangsta table: a seeded deal, or an explicit position.

An explicit setup (for rulebook examples, bug reports and positions from a
real table) is a JSON object::

    {"trump": "Y5S",                     # the turned trump card
     "hands": [["R5W", ...], ...],       # one list per seat
     "deck": ["C2W", ...],               # top card first
     "grid": {"C3": "I4W", ...},         # optional; cards on the grid
     "start": "deal" | "trick",          # "deal": redraws, then the C3 card;
                                         # "trick" (default): the first trick
     "leader": 0, "scores": [...], "best_trick": [...],
     "box": [...], "discard": [...],     # optional
     "ambush": [3, 0, 7, ...]}           # optional ambush deck order, top first

Every one of the 64 cards must appear exactly once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from mobtable.core import BadSetup, InvalidNotation
from mobtable.core.shuffle import shuffle_like_random
from mobtable.games.gangsta.cards import HAND_SIZE, CardSet
from mobtable.games.gangsta.grid import CELL_NAMES
from mobtable.games.gangsta.state import GangstaState


def deal(state: GangstaState, seed: int | None) -> None:
    """Shuffle, turn the trump, deal, then offer the redraws (which lead to C3)."""
    rng = state.rng
    deck = list(range(len(state.cards.cards)))
    shuffle_like_random(deck, rng)
    state.trump = deck.pop()
    size = HAND_SIZE[state.players]
    for seat in range(state.players):  # each seat takes the top ``size`` cards
        state.hands[seat] = sorted(deck[-size:])
        del deck[-size:]
    state.deck = deck
    state.ambush_deck = list(range(len(state.cards.ambush)))
    shuffle_like_random(state.ambush_deck, rng)
    state.leader = state.config.options["first_player"]
    state.begin_redraws()


def _card_list(cards: CardSet, value: Any, field: str) -> list[int]:
    if not isinstance(value, list):
        raise BadSetup(f"setup '{field}' must be a list of cards")
    try:
        return [cards.card(str(code)).id for code in value]
    except InvalidNotation as exc:
        raise BadSetup(f"setup '{field}': {exc}") from exc


def _seat_numbers(value: Any, field: str, players: int) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != players
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise BadSetup(f"setup '{field}' must list {players} non-negative whole numbers")
    return list(value)


def from_setup(state: GangstaState, setup: Mapping[str, Any]) -> None:
    cards, n = state.cards, state.players
    known = {
        "trump",
        "hands",
        "deck",
        "grid",
        "start",
        "leader",
        "scores",
        "best_trick",
        "box",
        "discard",
        "ambush",
    }
    unknown = set(setup) - known
    if unknown:
        raise BadSetup(f"setup has unknown field(s): {', '.join(sorted(unknown))}")
    for required in ("trump", "hands", "deck"):
        if required not in setup:
            raise BadSetup(f"setup needs '{required}'")
    state.trump = _card_list(cards, [setup["trump"]], "trump")[0]
    hands = setup["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise BadSetup(f"setup 'hands' must hold {n} lists, one per seat")
    state.hands = [sorted(_card_list(cards, h, f"hands[{i}]")) for i, h in enumerate(hands)]
    state.deck = list(reversed(_card_list(cards, setup["deck"], "deck")))
    grid = setup.get("grid", {})
    if not isinstance(grid, Mapping):
        raise BadSetup("setup 'grid' must map cells (like 'C3') to cards")
    for name, code in grid.items():
        if name not in CELL_NAMES:
            raise BadSetup(f"setup 'grid': {name!r} is not a cell (A1 to E5)")
        state.put(CELL_NAMES.index(name), _card_list(cards, [code], f"grid.{name}")[0])
    state.box = _card_list(cards, setup.get("box", []), "box")
    state.discard = _card_list(cards, setup.get("discard", []), "discard")
    _check_every_card_once(state)
    if "scores" in setup:
        state.scores = _seat_numbers(setup["scores"], "scores", n)
    if "best_trick" in setup:
        state.best = _seat_numbers(setup["best_trick"], "best_trick", n)
    ambush = setup.get("ambush")
    count = len(cards.ambush)
    if ambush is None:
        state.ambush_deck = list(range(count))
        shuffle_like_random(state.ambush_deck, state.rng)
    elif not isinstance(ambush, list) or sorted(ambush) != list(range(count)):
        raise BadSetup(f"setup 'ambush' must order the ambush cards 0..{count - 1}, top first")
    else:
        state.ambush_deck = list(reversed(ambush))
    leader = setup.get("leader", state.config.options["first_player"])
    if not isinstance(leader, int) or not 0 <= leader < n:
        raise BadSetup(f"setup 'leader' must be a seat from 0 to {n - 1}")
    state.leader = leader
    start = setup.get("start", "trick")
    if start == "deal":
        if grid:
            raise BadSetup(
                "setup with start 'deal' must leave the grid empty (C3 comes from the deck)"
            )
        state.begin_redraws()
    elif start == "trick":
        state.start_trick(leader)
    else:
        raise BadSetup(f"setup 'start' must be 'deal' or 'trick', not {start!r}")


def _check_every_card_once(state: GangstaState) -> None:
    zones: Sequence[tuple[str, Sequence[int]]] = [
        ("trump", [state.trump]),
        *((f"hands[{i}]", h) for i, h in enumerate(state.hands)),
        ("deck", state.deck),
        ("grid", [c for c in state.grid if c >= 0]),
        ("box", state.box),
        ("discard", state.discard),
    ]
    seen: dict[int, str] = {}
    for zone, ids in zones:
        for card in ids:
            if card in seen:
                raise BadSetup(
                    f"setup puts {state.code(card)} twice (in {seen[card]} and in {zone})"
                )
            seen[card] = zone
    missing = [state.code(c) for c in range(len(state.cards.cards)) if c not in seen]
    if missing:
        raise BadSetup(f"setup leaves out {len(missing)} card(s): {', '.join(missing)}")


def new_rng(seed: int | None) -> random.Random:
    return random.Random(seed)
