"""Golden per-seat views: a few positions of each game, every seat's view and a spectator's.

    PYTHONPATH=src:tests .venv/bin/python -m golden.views.regenerate   (from the repository root)

rewrites ``tests/golden/views/GAME-POSITION.json`` and ``docs/schemas/GAME.view.schema.json``
(run it after an intended change of a view, its type or the rules). Each position is found
by a fixed random game (its seed picks the moves) and stored with the moves that reach it,
so the Python tests replay them and compare every view and legal move exactly, and the
web boards' node suite (``tests/web/node``) draws each view and checks what it shows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mobtable import games
from mobtable.core import State
from mobtable.core.narrator import Narrator
from mobtable.core.viewschema import schema_text

HERE = Path(__file__).parent
SCHEMAS = HERE.parents[2] / "docs" / "schemas"
NAMES = ("Ada", "Boris", "Carla", "Dmitri", "Elena", "Franco", "Greta")
"""The players' names the boards are drawn with (no card of any game bears one)."""
SEEDS_TRIED = 100
GAMES = ("capo", "cosca", "gangsta")
"""The games whose views are declared (the tests' toy game has none)."""


@dataclass(frozen=True)
class Position:
    """A position of a fixed random game: the first one where ``found`` holds."""

    game: str
    name: str
    about: str
    players: int
    seed: int
    found: Callable[[Any], bool]
    variants: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.game}-{self.name}"

    @property
    def path(self) -> Path:
        return HERE / f"{self.key}.json"


def _view(state: State) -> Any:
    return state.view(None)


POSITIONS = (
    Position(
        "gangsta",
        "start",
        "the deal: the first seat decides whether to redraw",
        4,
        11,
        lambda s: True,
    ),
    Position(
        "gangsta",
        "redraw",
        "a seat has redrawn (only it knows what it put back)",
        4,
        11,
        lambda s: _view(s)["phase"] == "redraw" and _view(s)["redraw"]["redrew"],
    ),
    Position(
        "gangsta",
        "trick",
        "mid-game: a trick under way, cards on the grid",
        5,
        3,
        lambda s: _view(s)["tricks_played"] >= 4 and len(_view(s)["trick"]) >= 2,
    ),
    Position(
        "gangsta",
        "pick",
        "variant two: the winner keeps one of two opened cards",
        3,
        8,
        lambda s: _view(s)["phase"] == "pick",
        variants=("reveal-two",),
    ),
    Position("gangsta", "over", "the game is over", 6, 5, lambda s: s.is_over()),
    Position(
        "cosca", "start", "day one: everyone sends their dice in secret", 3, 4, lambda s: True
    ),
    Position(
        "cosca",
        "sealed",
        "a sealed step with some seats committed",
        4,
        2,
        lambda s: (
            _view(s)["calendar"]["round"] >= 3
            and _view(s)["decision"] is not None
            and 0 < len(_view(s)["decision"]["committed"]) < len(_view(s)["decision"]["seats"])
        ),
    ),
    Position(
        "cosca",
        "fight",
        "a fight: the fighters' offers sealed",
        5,
        6,
        lambda s: _view(s)["stage"] == "fight" and _view(s)["decision"]["committed"],
    ),
    Position("cosca", "over", "the week is over", 2, 9, lambda s: s.is_over()),
    Position(
        "capo", "start", "round one: every seat chooses its crew in secret", 5, 4, lambda s: True
    ),
    Position(
        "capo",
        "crews",
        "crews half chosen: some committed, one declared and placing",
        4,
        7,
        lambda s: (
            _view(s)["round"] >= 2
            and _view(s)["phase"] == "play"
            and 0 < len(_view(s)["step"]["committed"]) < s.players
            and any(
                s.view(p)["me"].get("declared")
                for p in range(s.players)
                if p not in _view(s)["step"]["committed"]
            )
        ),
    ),
    Position(
        "capo",
        "suspect",
        "the suspicions after a reveal, some laid",
        6,
        2,
        lambda s: (
            _view(s)["phase"] == "suspect"
            and _view(s)["last_round"] is not None
            and _view(s)["step"]["committed"]
        ),
    ),
    Position("capo", "over", "the game is over", 3, 1, lambda s: s.is_over()),
)


def reach(position: Position) -> State:
    """The position: the first random game from its seed on (the seed picks the deal and
    the moves) that meets it, played until it does."""
    game = games.get(position.game)
    config = game.config(position.players, variants=position.variants, options=position.options)
    for seed in range(position.seed, position.seed + SEEDS_TRIED):
        state = game.new_state(config, seed=seed)
        rng = random.Random(seed)
        while not position.found(state):
            if state.is_over():
                break
            pending = state.pending()
            seat = pending[rng.randrange(len(pending))]
            legal = state.legal(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        else:
            return state
    raise AssertionError(f"{position.key}: no game from seed {position.seed} on meets it")


def replay(stored: dict[str, Any]) -> State:
    """The stored position, from its configuration, seed and moves."""
    game = games.get(stored["game"])
    state = game.new_state(game.config_from_json(stored["config"]), seed=stored["seed"])
    for seat, notation in stored["moves"]:
        state.apply(seat, game.parse_action(notation, state.config))
    return state


def seat_json(state: State, seat: int | None, names: tuple[str, ...]) -> dict[str, Any]:
    """What the web client gets for ``seat``: its view and its legal moves in words."""
    legal = state.legal(seat) if seat is not None else ()
    words = Narrator(state.game, seat, names, state.players)
    return {
        "seat": seat,
        "view": state.view(seat),
        "legal": [{"a": str(a), "label": words.action(state, seat, a)} for a in legal]
        if seat is not None
        else [],
    }


def golden(position: Position, state: State) -> dict[str, Any]:
    names = NAMES[: state.players]
    return {
        "game": position.game,
        "position": position.name,
        "about": position.about,
        "config": state.config.to_json(),
        "seed": state.origin.seed,
        "moves": [[seat, str(action)] for seat, action in state.history],
        "names": list(names),
        "seats": [seat_json(state, s, names) for s in (*range(state.players), None)],
    }


def as_text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    for position in POSITIONS:
        position.path.write_text(as_text(golden(position, reach(position))), encoding="utf-8")
        print(f"wrote {position.path.relative_to(HERE.parents[2])}")
    SCHEMAS.mkdir(exist_ok=True)
    for name in GAMES:
        path = SCHEMAS / f"{name}.view.schema.json"
        path.write_text(schema_text(games.get(name)), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parents[2])}")


if __name__ == "__main__":
    main()
