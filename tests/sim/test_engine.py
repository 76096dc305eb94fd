"""Playing single games: reproducible outcomes, records that replay, bugs reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from mobtable import games
from mobtable.bots import Bot, Decision, RandomBot
from mobtable.core import Action
from mobtable.core import record as records
from mobtable.sim import SimSpec, SimulationError, play_one, play_to_end, record_path


def _spec(players: int = 3, seed: int = 11) -> SimSpec:
    game = games.get("sealed-bid")
    return SimSpec.build(game.config(players), game, ["random"] * players, seed)


def test_a_game_depends_only_on_seed_and_index() -> None:
    spec = _spec()
    assert play_one(spec, 4) == play_one(spec, 4)
    outcomes = {play_one(spec, i) for i in range(6)}
    assert len({o.seed for o in outcomes}) == 6


def test_the_written_record_replays_to_the_outcome(tmp_path: Path) -> None:
    spec = _spec()
    outcome = play_one(spec, 2, record_dir=tmp_path)
    record = records.load(record_path(tmp_path, "sealed-bid", 2))
    state = records.check(record)
    assert state.result().scores == outcome.scores
    assert record["seed"] == outcome.seed
    assert record["meta"] == {"seats": ["random"] * 3, "index": 2}
    assert len(record["actions"]) == outcome.actions == 9


class IllegalBot(Bot):
    """Bids more than it may: a bot bug the engine must report, not hide."""

    def choose(self, decision: Decision) -> Action:
        return decision.game.parse_action("b10", decision.config) if decision.legal else None


def test_a_bot_bug_is_reported_with_the_seat_and_the_rule() -> None:
    game = games.get("sealed-bid")
    state = game.new_state(game.config(2), seed=1)
    state.coins[1] = 3
    with pytest.raises(SimulationError, match=r"seat 1 \(IllegalBot\).*cannot bid b10"):
        play_to_end(state, [RandomBot(seed=1), IllegalBot()])


class StallingBot(Bot):
    def choose(self, decision: Decision) -> Action:
        return decision.legal[0]


def test_a_game_that_does_not_end_is_cut_off() -> None:
    game = games.get("sealed-bid")
    state = game.new_state(game.config(2), seed=1)
    with pytest.raises(SimulationError, match="did not end within 3 actions"):
        play_to_end(state, [StallingBot(), StallingBot()], max_actions=3)


def test_play_one_attaches_the_partial_record_to_the_error() -> None:
    spec = SimSpec.build(
        games.get("sealed-bid").config(2),
        games.get("sealed-bid"),
        ["random", "random"],
        5,
        max_actions=2,
    )
    with pytest.raises(SimulationError) as info:
        play_one(spec, 3)
    assert info.value.index == 3
    assert info.value.record is not None
    assert len(info.value.record["actions"]) == 2
    assert "game 3 (table seed" in str(info.value)


class _CountingBot(Bot):
    """Picks the first legal action; reads the view only when told to."""

    def __init__(self, *, seed: int | None = None, read: bool = False) -> None:
        super().__init__(seed=seed)
        self.read = read

    def choose(self, decision: Decision) -> Action:
        if self.read:
            assert decision.view is decision.view  # built once, then kept
        return decision.legal[0]


def test_a_view_is_built_only_for_a_bot_that_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.get("gangsta")
    state = game.new_state(game.config(4), seed=2)
    built: list[int] = []
    real = type(state).view
    monkeypatch.setattr(
        type(state), "view", lambda self, seat: built.append(seat) or real(self, seat)
    )
    play_to_end(state, [_CountingBot(), _CountingBot(read=True), _CountingBot(), _CountingBot()])
    assert built and set(built) == {1}
    assert len(built) == sum(1 for seat, _ in state.history if seat == 1)


def test_legal_moves_are_applied_without_a_second_check(monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.get("gangsta")
    state = game.new_state(game.config(4), seed=2)
    checked: list[object] = []
    real = type(state)._check
    monkeypatch.setattr(
        type(state),
        "_check",
        lambda self, seat, action: checked.append(action) or real(self, seat, action),
    )
    play_to_end(state, [RandomBot(seed=s) for s in range(4)])
    assert state.is_over() and checked == []
