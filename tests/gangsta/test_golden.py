"""Golden data: stored games replay to their results; legal-action counts are unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mobtable.core import record

from .golden.regenerate import COUNT_SEEDS, GAMES, legal_counts

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_stored_game_replays_to_its_result(index: int) -> None:
    stored = json.loads((HERE / f"game-{index}.json").read_text())
    state = record.check(stored)
    assert state.is_over()
    assert state.result().to_json() == stored["result"]


@pytest.mark.parametrize(("players", "seed"), COUNT_SEEDS)
def test_legal_action_counts_are_unchanged(players: int, seed: int) -> None:
    stored = json.loads((HERE / "legal-counts.json").read_text())
    assert legal_counts(players, seed) == stored[f"{players}p-seed{seed}"]
