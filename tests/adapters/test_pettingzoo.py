"""The PettingZoo environments pass PettingZoo's own checks and play whole games."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from mobtable import games
from mobtable.adapters import pettingzoo as pz
from mobtable.core import IllegalAction

from .helpers import GAMES, TABLES

# PettingZoo's checks advise Box or Discrete observations given as bare arrays; a Dict
# holding the action mask is what its own classic card games use, so that advice (its
# UserWarnings) is expected. Anything else still fails the test.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning:pettingzoo.test")


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_pettingzoo_api_test(name: str, players: int) -> None:
    api_test(pz.env(name, players), num_cycles=200)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_pettingzoo_parallel_api_test(name: str, players: int) -> None:
    parallel_api_test(pz.parallel_env(name, players), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: pz.env(name, 3), num_cycles=100)


def play_aec(env: pz.AECEnv, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] = total.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"].view(bool)))))
    return total


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_ends_with_the_winners_sharing_one(name: str) -> None:
    env = pz.env(name, 3)
    total = play_aec(env, seed=5)
    result = env.unwrapped.table.state.result()
    assert sum(total.values()) == pytest.approx(1.0)
    assert total == {
        f"seat_{s}": (1 / len(result.winners) if s in result.winners else 0.0) for s in range(3)
    }
    assert env.agents == []


def test_score_rewards_are_the_final_scores() -> None:
    env = pz.env("cosca", 3, reward="score")
    total = play_aec(env, seed=2)
    scores = env.unwrapped.table.state.result().scores
    assert [total[f"seat_{s}"] for s in range(3)] == [float(x) for x in scores]


def test_the_same_seed_deals_the_same_table_and_another_seed_another() -> None:
    env = pz.env("gangsta", 3)
    env.reset(seed=11)
    first = env.unwrapped.table.state.fingerprint()
    env.reset(seed=11)
    assert env.unwrapped.table.state.fingerprint() == first
    env.reset(seed=12)
    assert env.unwrapped.table.state.fingerprint() != first


def test_the_wrapped_env_enforces_the_order_of_calls() -> None:
    """Nothing is read before ``reset``, and ``agent_iter`` wants a step between agents
    (PettingZoo's order checks, kept by mobtable's faster reading of the turn)."""
    env = pz.env("gangsta", 3)
    with pytest.raises(AttributeError, match="before reset"):
        _ = env.agents
    with pytest.raises(AttributeError, match="before reset"):
        _ = env.agent_selection
    with pytest.raises(AssertionError, match="reset"):
        env.last()
    env.reset(seed=4)
    assert env.agents == ["seat_0", "seat_1", "seat_2"]
    agents = iter(env.agent_iter())
    first = next(agents)
    assert first == env.agent_selection
    observation, *_ = env.last()
    assert observation["action_mask"].sum() > 0
    with pytest.raises(AssertionError, match="step"):
        next(agents)  # no step since the last agent was handed out
    env.step(int(np.flatnonzero(observation["action_mask"].view(bool))[0]))
    assert next(agents) == env.agent_selection


def test_a_parallel_step_takes_every_seat_of_a_sealed_step() -> None:
    env = pz.parallel_env("cosca", 3)
    obs, _ = env.reset(seed=3)
    assert env.table.state.pending() == (0, 1, 2)  # COSCA's dice are set by all at once
    actions = {a: int(np.flatnonzero(o["action_mask"].view(bool))[0]) for a, o in obs.items()}
    env.step(actions)
    assert env.table.state.view(0)["revealed"]["round"] == 1


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = pz.raw_env("capo", 3)
    env.reset(seed=1)
    before = env.table.state.fingerprint()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match="not legal"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="outside"):
        env.step(10**6)
    assert env.table.state.fingerprint() == before


def test_a_redraw_integer_the_hand_cannot_make_is_refused_by_name() -> None:
    """Gangsta's last integer is a redraw putting back three 9s, which no hand that may
    redraw holds: refused, naming why, and nothing changes (a played card's integer,
    illegal at the redraw, names its card)."""
    env = pz.raw_env("gangsta", 4)
    env.reset(seed=1)
    before = env.table.state.fingerprint()
    with pytest.raises(IllegalAction, match="does not name three cards of this hand"):
        env.step(env.table.num_actions - 1)
    with pytest.raises(IllegalAction, match=r"action 0 \(\w+\) is not legal"):
        env.step(0)
    assert env.table.state.fingerprint() == before


def test_a_seat_that_owes_nothing_gets_an_empty_mask() -> None:
    env = pz.raw_env("gangsta", 3)
    env.reset(seed=4)
    state = env.table.state
    idle = [s for s in range(3) if s not in state.pending()]
    for seat in idle:
        assert not env.observe(f"seat_{seat}")["action_mask"].any()


@pytest.mark.parametrize("name", GAMES)
def test_render_draws_only_public_facts(name: str) -> None:
    env = pz.raw_env(name, 3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and text.strip()
    if name == "gangsta":  # no hand card of any seat is drawn
        hands = env.table.state.view(0)["hand"]
        public = str(env.table.state.view(None))
        assert not [c for c in hands if c in text and c not in public]


def test_unknown_reward_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="reward must be one of"):
        pz.env("gangsta", 3, reward="money")
    with pytest.raises(Exception, match="players"):
        pz.env("gangsta", 9)
    assert games.get("gangsta").min_players == 3


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_is_the_seats_own_encoded_view(name: str) -> None:
    """What the environments hand a seat is its view's tensor and its own mask, so their
    secrecy is the encoders' (tested in test_encoders.py)."""
    from mobtable.adapters.encoders import action_mask, encoder_for

    env = pz.parallel_env(name, 3)
    obs, _ = env.reset(seed=8)
    encoder = encoder_for(env.table.game, env.table.config)
    rng = np.random.default_rng(8)
    for _ in range(12):
        state = env.table.state
        for agent, o in obs.items():
            seat = int(agent.removeprefix("seat_"))
            assert np.array_equal(o["observation"], encoder.observe(state, seat))
            owes = seat in state.pending()
            assert np.array_equal(o["action_mask"], action_mask(state, seat) * owes)
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"].view(bool))))
            if o["action_mask"].any()
            else 0
            for a, o in obs.items()
        }
        obs, *_ = env.step(actions)
