"""Rewrite Capo's golden data (run only after an intended rule change).

    PYTHONPATH=tests .venv/bin/python -m capo.golden.regenerate   (from the repository root)

Records of bot games replayed to their results, and legal-action counts
along fixed random games: a rule change that alters play shows up as a diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from mobtable import bots, games
from mobtable.bots.base import Decision
from mobtable.core import record

HERE = Path(__file__).parent
GAMES: list[dict[str, Any]] = [
    {"players": 5, "variants": [], "options": {}, "seed": 2024},
    {"players": 4, "variants": ["first-game"], "options": {}, "seed": 7},
    {"players": 7, "variants": [], "options": {}, "seed": 99},
    {
        "players": 3,
        "variants": [],
        "options": {
            "respect_supply": "limited",
            "little_tony_stars": "once",
            "event_deck": "sit-down-only",
        },
        "seed": 31337,
    },
]
COUNTS: list[dict[str, Any]] = [
    {"players": 5, "variants": [], "seed": 1},
    {"players": 4, "variants": ["first-game"], "seed": 2},
    {"players": 7, "variants": [], "seed": 3},
]


def bot_game(spec: dict[str, Any]) -> dict[str, Any]:
    """A game of greedy and random bots in turn, the first pending seat moving first."""
    game = games.get("capo")
    config = game.config(spec["players"], variants=spec["variants"], options=spec["options"])
    state = game.new_state(config, seed=spec["seed"])
    names = ["greedy", "random"] * 4
    players = [bots.make(names[s], "capo", seed=spec["seed"] + s) for s in range(config.players)]
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, players[seat].choose(Decision(state, seat)))
    return record.to_record(state)


def count_key(spec: dict[str, Any]) -> str:
    variants = "".join(f"-{v}" for v in spec["variants"])
    return f"{spec['players']}p{variants}-seed{spec['seed']}"


def legal_counts(spec: dict[str, Any]) -> list[int]:
    """The number of legal actions before every move of a seeded random game."""
    game = games.get("capo")
    config = game.config(spec["players"], variants=spec["variants"])
    state = game.new_state(config, seed=spec["seed"])
    rng = random.Random(spec["seed"])
    counts = []
    while not state.is_over():
        pending = state.pending()
        seat = pending[rng.randrange(len(pending))]
        legal = state.legal(seat)
        counts.append(len(legal))
        state.apply(seat, legal[rng.randrange(len(legal))])
    return counts


def main() -> None:
    for i, spec in enumerate(GAMES):
        (HERE / f"game-{i}.json").write_text(json.dumps(bot_game(spec), indent=1) + "\n")
    counts = {count_key(spec): legal_counts(spec) for spec in COUNTS}
    (HERE / "legal-counts.json").write_text(json.dumps(counts) + "\n")


if __name__ == "__main__":
    main()
