"""The core's end-of-game reveal: public records and step-by-step replays."""

from __future__ import annotations

import random

import pytest

from mobtable import games
from mobtable.core import BadRecord, Game, IllegalAction, State
from mobtable.core import record as records
from mobtable.core.game import KEEP_SECRETS
from mobtable.core.reveal import public_record, replay_steps, reveals_everything


def _finished(name: str, players: int, seed: int) -> State:
    game = games.get(name)
    state = game.new_state(game.config(players), seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
    return state


def test_a_game_that_declares_nothing_keeps_its_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Game.end_reveal is KEEP_SECRETS and not KEEP_SECRETS.everything
    game = games.get("sealed-bid")
    monkeypatch.setattr(game, "end_reveal", KEEP_SECRETS)
    state = _finished("sealed-bid", 2, 3)
    public = public_record(state)
    assert public["seed"] is None and public["setup"] is None and public["public"] is True
    assert public["withheld"] == KEEP_SECRETS.description
    assert [a for _, a in public["actions"]] == ["?"] * len(state.history)  # the default hook
    assert [s for s, _ in public["actions"]] == [s for s, _ in state.history]
    assert public["result"] == state.result().to_json()
    assert public_record(state, reveal_all=True) == records.to_record(state)


def test_a_game_revealing_everything_publishes_its_full_record() -> None:
    state = _finished("sealed-bid", 3, 5)
    assert reveals_everything(state.game)
    public = public_record(state)
    assert public == records.to_record(state)
    assert records.check(public).is_over()


def test_no_public_record_before_the_end() -> None:
    game = games.get("sealed-bid")
    state = game.new_state(game.config(2), seed=1)
    with pytest.raises(IllegalAction, match="not over"):
        public_record(state)


def test_a_public_record_says_why_it_cannot_be_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games.get("sealed-bid"), "end_reveal", KEEP_SECRETS)
    public = public_record(_finished("sealed-bid", 2, 4))
    with pytest.raises(BadRecord, match="public record"):
        records.check(public)


def test_replay_steps_follow_the_record_as_a_spectator_or_a_seat_saw_it() -> None:
    state = _finished("sealed-bid", 2, 6)
    record = records.to_record(state)
    spectator = replay_steps(record)
    assert len(spectator) == len(state.history) + 1
    assert spectator[0]["seat"] is None
    assert [step["seat"] for step in spectator[1:]] == [s for s, _ in state.history]
    assert spectator[-1]["view"] == state.view(None)
    events = [e for step in spectator for e in step["events"]]
    assert events == [e.to_json() for e in state.events_for(None)]
    seat0 = replay_steps(record, 0)
    assert seat0[-1]["view"] == state.view(0)
    assert [e for step in seat0 for e in step["events"]] == [
        e.to_json() for e in state.events_for(0)
    ]
