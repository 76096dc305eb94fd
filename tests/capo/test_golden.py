"""Golden data: stored bot games replay to their results; legal-action counts are unchanged.

After an intended rule change, rewrite the data with ``capo/golden/regenerate.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mobtable.core import record

from .golden.regenerate import COUNTS, GAMES, count_key, legal_counts

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_stored_game_replays_to_its_result(index: int) -> None:
    stored = json.loads((HERE / f"game-{index}.json").read_text(encoding="utf-8"))
    spec = GAMES[index]
    assert stored["config"]["players"] == spec["players"]
    assert stored["config"]["variants"] == spec["variants"]
    state = record.check(stored)
    assert state.is_over()
    assert state.result().to_json() == stored["result"]
    assert record.to_record(state) == stored


def test_golden_games_cover_five_seven_players_and_the_first_game() -> None:
    specs = [(g["players"], tuple(g["variants"])) for g in GAMES]
    assert (5, ()) in specs and (7, ()) in specs and (4, ("first-game",)) in specs


@pytest.mark.parametrize("spec", COUNTS, ids=count_key)
def test_legal_action_counts_are_unchanged(spec) -> None:
    stored = json.loads((HERE / "legal-counts.json").read_text(encoding="utf-8"))
    assert legal_counts(spec) == stored[count_key(spec)]
