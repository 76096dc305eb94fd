"""Golden data: recorded games replay to their stored results; legal counts from fixed positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mobtable.core import record

from .helpers import decide, table

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_recorded_games_replay_to_their_results(path: Path) -> None:
    stored = json.loads(path.read_text(encoding="utf-8"))
    state = record.check(stored)
    assert state.is_over() and record.to_record(state) == stored


def test_there_are_golden_games() -> None:
    assert len(GOLDEN) >= 2


def test_legal_counts_from_a_fixed_position() -> None:
    state = table(
        3,
        {
            "round": 2,  # Tuesday
            "row": ["Lucky", "Bobby", "Scarlett", "John Brown"],
            "loyal": {"Lucky": 0, "Bobby": 0, "Scarlett": 0},
            "money": [4, 2, 0],
            "weapons": [1, 3, 0],
            "dice": [5, 3, 4],
        },
    )
    assert [len(state.legal(s)) for s in range(3)] == [252, 56, 126]
    decide(state, {0: "GGCCV", 1: "GBS", 2: "VVVV"})
    assert state.stage.value == "gun" and [len(state.legal(s)) for s in range(3)] == [3, 2, 0]
    decide(state, {0: "gun1", 1: "gun1"})
    assert state.stage.value == "club" and [len(state.legal(s)) for s in range(3)] == [7, 0, 0]
    decide(state, {0: "club1,3"})
    assert state.stage.value == "villa" and state.pending() == (0, 2)
