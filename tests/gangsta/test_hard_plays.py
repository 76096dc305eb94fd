"""Gangsta rollouts whose trick plays are drawn as ``hard`` plays them."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from mobtable.bots import Decision, make
from mobtable.bots.search import Budget
from mobtable.games.gangsta.hard_plays import (
    PLAY_LOOKS,
    PLAY_WEIGHTS,
    play_utilities,
    playout_like_hard,
)
from mobtable.games.gangsta.playout import playout, trick_play

from .helpers import GAME, play, position
from .test_playout import _Checked


@pytest.mark.parametrize("seed", range(8))
def test_the_playout_plays_only_legal_actions_to_the_end(seed: int) -> None:
    state = GAME.new_state(GAME.config(3 + seed % 4), seed=seed)
    state.__class__ = _Checked
    playout_like_hard(state, random.Random(seed))
    assert state.is_over()
    assert not any(state.hands)


def test_the_playout_stops_at_the_given_progress() -> None:
    state = GAME.new_state(GAME.config(4), seed=3)
    playout_like_hard(state, random.Random(0), lambda s: s.tricks, 2)
    assert state.tricks == 2 and not state.is_over()


def _unit(name: str) -> list[float]:
    return [float(look == name) for look in PLAY_LOOKS]


def test_each_look_weighs_what_it_names() -> None:
    """A seat void in red, the trick led with a red 5, holding a side 4 and two trumps
    (yellow), the 3 and the 8: either trump takes it; the 3 is the lowest play, the 8 the
    highest; the guide takes it with the cheapest winning play, the 3."""
    state = position([["R5S"], ["I4W", "Y3W", "Y8S"], ["I2W"], ["C2W"]])
    play(state, "R5S")
    seat = state.turn
    plays = state.legal(seat)
    names = [str(p) for p in plays]
    looks = {look: play_utilities(state, seat, plays, _unit(look)) for look in PLAY_LOOKS}
    assert [n for n, u in zip(names, looks["takes the trick"], strict=True) if u] == [
        "Y3W",
        "Y8S",
    ]
    assert [n for n, u in zip(names, looks["trump"], strict=True) if u] == ["Y3W", "Y8S"]
    assert [n for n, u in zip(names, looks["lowest"], strict=True) if u] == ["Y3W"]
    assert [n for n, u in zip(names, looks["highest"], strict=True) if u] == ["Y8S"]
    assert str(trick_play(state, seat)) == "Y3W"
    assert [n for n, u in zip(names, looks["guide"], strict=True) if u] == ["Y3W"]
    assert not any(looks["lead strength"])  # nobody leads here


def test_trick_plays_are_drawn_by_the_fitted_softmax() -> None:
    """Over many rollouts of one trick play, each play's share is its softmax chance."""
    state = position([["R5S"], ["I4W", "Y3W", "Y8S"], ["I2W"], ["C2W"]])
    play(state, "R5S")
    seat = state.turn
    plays = state.legal(seat)
    exps = [math.exp(u) for u in play_utilities(state, seat, plays)]
    chances = {str(p): e / sum(exps) for p, e in zip(plays, exps, strict=True)}
    rng = random.Random(5)
    drawn: Counter[str] = Counter()
    n = 4000
    for _ in range(n):
        copy = state.sample_copy()
        playout_like_hard(copy, rng, lambda s: len(s.trick) + 10 * s.tricks, 2)
        drawn[str(copy.codes([copy.trick[1][1][0]])[0])] += 1
    for name, chance in chances.items():
        spread = 4 * math.sqrt(chance * (1 - chance) / n)
        assert abs(drawn[name] / n - chance) < spread, (name, drawn[name] / n, chance)


def test_a_play_s_utility_reads_only_the_seat_s_hand_and_the_trick() -> None:
    """Two tables alike but for the other seats' hands give the seat the same utilities."""
    one = position([["R5S", "I9S"], ["R2W", "R9S", "Y3W"], ["I2W", "C9S"], ["C2W", "Y8S"]])
    two = position([["R5S", "C9S"], ["R2W", "R9S", "Y3W"], ["I2W", "Y8S"], ["C2W", "I9S"]])
    for state in (one, two):
        play(state, "R5S")
    seat = one.turn
    assert play_utilities(one, seat, one.legal(seat)) == play_utilities(
        two, seat, two.legal(seat)
    )


def test_the_weights_name_every_look() -> None:
    assert len(PLAY_WEIGHTS) == len(PLAY_LOOKS)


def test_expert_rolls_out_with_the_model_s_playout_and_hard_with_the_game_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mobtable.bots.search import bot as bot_module

    used: list[Any] = []
    real = bot_module.search

    def spy(*args: Any, **kwargs: Any) -> Any:
        used.append(kwargs["rollout"])
        return real(*args, **kwargs)

    monkeypatch.setattr(bot_module, "search", spy)
    state = GAME.new_state(GAME.config(4), seed=2)
    rng = random.Random(2)
    while not state.legal(state.turn) or state.phase.name != "PLAY" or not state.tricks:
        actions = state.legal(state.turn)
        state.apply(state.turn, actions[rng.randrange(len(actions))])
    for level in ("expert", "hard"):
        bot = make(level, "gangsta", seed=1)
        bot.budget = Budget(iterations=20)  # type: ignore[attr-defined]
        bot.choose(Decision(state, state.turn))
    assert used == [playout_like_hard, playout]
