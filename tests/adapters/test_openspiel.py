"""The OpenSpiel games pass OpenSpiel's own checks, keep secrets, and host its ISMCTS bot."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from mobtable.adapters import openspiel as ospiel

from .helpers import GAMES, TABLES


@pytest.mark.parametrize(("name", "players"), [*TABLES, ("gangsta", 6), ("cosca", 5), ("capo", 7)])
def test_random_sim_test_with_serialization(name: str, players: int) -> None:
    game = ospiel.load(name, players, deals=64)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_with_score_rewards() -> None:
    game = ospiel.load("cosca", 3, reward="score", deals=64)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_game_type_and_sizes(name: str) -> None:
    game = pyspiel.load_game(f"mobtable_{name}")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.num_distinct_actions() == {"gangsta": 2689, "cosca": 58165, "capo": 218}[name]
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert state.is_chance_node() and len(outcomes) == ospiel.DEFAULT_DEALS
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert game.observation_tensor_size() == game.information_state_tensor_size() > 0


def test_parameters_reach_the_config() -> None:
    game = pyspiel.load_game(
        "mobtable_gangsta(players=4,variants=reveal-one,"
        "options=combinations:adjacent+pair_must_beat:contenders)"
    )
    config = ospiel.config_of(game)
    assert config.players == 4 and config.variants == {"reveal-one"}
    assert config.options["combinations"] == "adjacent"
    assert config.options["pair_must_beat"] == "contenders"
    assert (
        ospiel.config_of(ospiel.load("capo", 5, options={"respect_supply": "limited"})).players == 5
    )


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ("players=9", "players"),
        ("options=nonsense", "name:value"),
        ("options=colour:red", "no option"),
        ("variants=backwards", "no variant"),
        ("reward=money", "reward must be"),
    ],
)
def test_bad_parameters_are_refused_with_the_reason(params: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(f"mobtable_gangsta({params})")


def played(name: str, players: int, steps: int, seed: int = 3) -> ospiel.MobtableState:
    game = ospiel.load(name, players, deals=1000)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    state.apply_action(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_serialization_goes_through_the_record(name: str) -> None:
    state = played(name, 3, 25)
    game = state.get_game()
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state)
    for player in range(3):
        assert back.information_state_string(player) == state.information_state_string(player)
    again = pickle.loads(pickle.dumps(state))
    assert again.table.state.fingerprint() == state.table.state.fingerprint()


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_a_player_observes_nothing_it_may_not_know(name: str, players: int) -> None:
    """Resampled states differ in what ``player`` cannot see, never in its strings or tensors."""
    differed = 0
    for steps in (3, 17, 40):
        state = played(name, players, steps)
        if state.is_terminal():
            continue
        for player in range(players):
            for k in range(2):
                other = state.resample_from_infostate(player, lambda k=k: 0.1 + 0.4 * k)
                differed += other.table.state.fingerprint() != state.table.state.fingerprint()
                assert other.current_player() == state.current_player()
                assert other.observation_string(player) == state.observation_string(player)
                assert other.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert other.observation_tensor(player) == state.observation_tensor(player)
                assert other.information_state_tensor(player) == (
                    state.information_state_tensor(player)
                )
    assert differed > 0


def test_the_information_state_remembers_my_own_moves() -> None:
    state = played("capo", 3, 6)
    assert str(state.own[0]) in state.information_state_string(0)
    assert state.information_state_string(0) != state.observation_string(0)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_ismcts_plays_whole_games_in_every_seat(name: str) -> None:
    game = ospiel.load(name, 3, deals=1000)
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rs)
    state = game.new_initial_state()
    state.apply_action(7)
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(1.0)


def test_a_resampled_state_forgets_the_other_seats_moves() -> None:
    state = played("capo", 3, 30)
    sample = state.resample_from_infostate(0, lambda: 0.5)
    assert sample.own[0] == state.own[0]
    assert sample.own[1] == sample.own[2] == []
    assert state.own[1]


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_with_simultaneous_sealed_steps(name: str) -> None:
    game = ospiel.load(name, 3, deals=64, sealed="simultaneous")
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_simultaneous_node_takes_every_seat_of_a_sealed_step_at_once() -> None:
    game = ospiel.load("cosca", 3, deals=64, sealed="simultaneous")
    state = game.new_initial_state()
    state.apply_action(5)
    assert state.is_simultaneous_node()  # COSCA's dice are set by all at once
    joint = [state.legal_actions(p)[0] for p in range(3)]
    state.apply_actions(joint)
    assert state.view(0)["revealed"]["round"] == 1
    sequential = ospiel.load("cosca", 3, deals=64).new_initial_state()
    sequential.apply_action(5)
    assert sequential.current_player() == 0
    assert sequential.legal_actions(1) == []  # only the seat asked now has moves


def test_an_unknown_sealed_form_is_refused() -> None:
    with pytest.raises(Exception, match="sealed must be one of"):
        ospiel.load("capo", 3, sealed="sometimes")


def test_a_gangsta_redraw_reads_and_plays_by_its_tie_choice() -> None:
    """A redraw's integer names the cards chosen among ties: at the redraw, OpenSpiel's
    strings name the three cards the hand puts back, applying it redraws them, and an
    integer the hand cannot make reads as such instead of failing."""
    game = ospiel.load("gangsta", 4, deals=1000)
    for deal in range(1000):
        state = game.new_initial_state()
        state.apply_action(deal)
        player = state.current_player()
        legal = state.legal_actions()
        texts = [state.action_to_string(player, a) for a in legal]
        if any(t.startswith("redraw") for t in texts):
            break
    else:
        raise AssertionError("no deal of 1000 lets the first seat redraw")
    redraw = next(a for a, t in zip(legal, texts, strict=True) if t.startswith("redraw"))
    three_nines = game.num_distinct_actions() - 1  # no hand that may redraw holds them
    assert "does not name three cards of this hand" in state.action_to_string(player, three_nines)
    put_back = state.action_to_string(player, redraw)
    state.apply_action(redraw)
    assert put_back.removeprefix("redraw ").split(",") == list(
        state.table.state.codes(sorted(state.table.state.redrew[player]))
    )
