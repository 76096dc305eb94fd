"""Record files: readable (one action per line) and read back exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

from mobtable import games
from mobtable.core import record


def test_saved_record_reads_back_exactly_with_one_action_per_line(tmp_path: Path) -> None:
    game = games.get("gangsta")
    state = game.new_state(game.config(3), seed=8)
    rng = random.Random(8)
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    path = record.save(state, tmp_path / "game.json")
    stored = record.load(path)
    assert stored == json.loads(json.dumps(record.to_record(state)))
    record.check(stored)
    lines = path.read_text(encoding="utf-8").splitlines()
    action_lines = [line for line in lines if line.startswith("  [")]
    assert [json.loads(line.strip().rstrip(",")) for line in action_lines] == stored["actions"]


def test_an_empty_action_list_is_still_valid_json(tmp_path: Path) -> None:
    game = games.get("gangsta")
    state = game.new_state(game.config(4), seed=1)
    path = record.save(state, tmp_path / "start.json")
    assert record.load(path)["actions"] == []
