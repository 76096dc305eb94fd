"""Gangsta positions for the board's browser tests: a state message as the server sends it.

``message(kind)`` plays seeded random moves until seat 0 faces the decision named (``redraw``,
``pair``: a card that may go alone or in a pair, ``place``: several won cards to lay; ``raid``:
the police just took cards away; ``pick``: keep one of two opened cards, variant two) and
returns ``{"view", "legal", "prompt", "events"}`` as the server sends them, with the table's
words.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mobtable import games
from mobtable.core.narrator import Narrator

NAMES = ("Ann", "Carla", "Salvo")
GAME = games.get("gangsta")


def _notations(state: Any) -> list[str]:
    return [str(a) for a in state.legal(0)] if 0 in state.pending() else []


def _may_redraw(state: Any) -> bool:
    return any(a.startswith("redraw") for a in _notations(state))


def _has_pair(state: Any) -> bool:
    return any("+" in a for a in _notations(state))


def _places_several(state: Any) -> bool:
    return state.view(0)["phase"] == "place" and len(state.view(0)["to_place"]) >= 2


def _raided(state: Any, seen: int) -> bool:
    return any(e.kind == "raid" and e.data["removed"] for e in state.events[seen:])


WANTED: dict[str, Callable[[Any, int], bool]] = {
    "redraw": lambda s, _: _may_redraw(s),
    "pair": lambda s, _: _has_pair(s),
    "place": lambda s, _: _places_several(s) and 0 in s.pending(),
    "raid": _raided,
    "pick": lambda s, _: s.view(0)["phase"] == "pick" and 0 in s.pending(),
}
VARIANTS = {"pick": ["reveal-two"]}  # two cards opened per player sitting out, keep one


def message(kind: str, reader: int | None = 0) -> dict[str, Any]:
    """The message for ``reader`` (``None``: a spectator) once seat 0 faces ``kind``."""
    wanted = WANTED[kind]
    for seed in range(400):
        config = GAME.config(len(NAMES), variants=VARIANTS.get(kind, []))
        state = GAME.new_state(config, seed=seed)
        rng = random.Random(seed)
        seen = 0
        while not state.is_over():
            if wanted(state, seen):
                words = Narrator(GAME, reader, NAMES, len(NAMES))
                legal = state.legal(0) if reader == 0 else ()
                return {
                    "view": state.view(reader),
                    "legal": [{"a": str(a), "label": words.action(state, 0, a)} for a in legal],
                    "prompt": words.prompt(state),
                    "events": [
                        {**e.to_json(), "text": words.event(e)}
                        for e in state.events_for(reader, seen)
                    ],
                }
            seat = state.pending()[0]
            if kind == "redraw" and state.view(0)["phase"] != "redraw":
                break
            seen = len(state.events)
            state.apply(seat, rng.choice(list(state.legal(seat))))
    raise LookupError(f"no position for {kind!r} in 400 seeds")
