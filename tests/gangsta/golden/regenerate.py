"""Rewrite Gangsta's golden data (run only after an intended rule change).

    python -m tests.gangsta.golden.regenerate   (from the repository root, with PYTHONPATH=tests)

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
    {"players": 4, "variants": [], "options": {}, "seed": 2024},
    {"players": 3, "variants": ["reveal-one"], "options": {}, "seed": 7},
    {
        "players": 5,
        "variants": ["reveal-two"],
        "options": {"pair_must_beat": "contenders"},
        "seed": 99,
    },
    {"players": 6, "variants": [], "options": {"combinations": "adjacent"}, "seed": 31337},
]
COUNT_SEEDS = [(4, 1), (3, 2), (6, 3)]


def bot_game(spec: dict[str, Any]) -> dict[str, Any]:
    game = games.get("gangsta")
    config = game.config(spec["players"], variants=spec["variants"], options=spec["options"])
    state = game.new_state(config, seed=spec["seed"])
    names = ["greedy", "random"] * 3
    players = [bots.make(names[s], "gangsta", seed=spec["seed"] + s) for s in range(config.players)]
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, players[seat].choose(Decision(state, seat)))
    return record.to_record(state)


def legal_counts(players: int, seed: int) -> list[int]:
    game = games.get("gangsta")
    state = game.new_state(game.config(players), seed=seed)
    rng = random.Random(seed)
    counts = []
    while not state.is_over():
        legal = state.legal(state.pending()[0])
        counts.append(len(legal))
        state.apply(state.pending()[0], legal[rng.randrange(len(legal))])
    return counts


def main() -> None:
    for i, spec in enumerate(GAMES):
        (HERE / f"game-{i}.json").write_text(json.dumps(bot_game(spec), indent=1) + "\n")
    counts = {f"{p}p-seed{s}": legal_counts(p, s) for p, s in COUNT_SEEDS}
    (HERE / "legal-counts.json").write_text(json.dumps(counts) + "\n")


if __name__ == "__main__":
    main()
