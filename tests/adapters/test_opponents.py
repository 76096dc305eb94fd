"""mobtable's bots as research opponents: PettingZoo policies and OpenSpiel bots, whole
games of every game with every bot, decisions from the seat's view alone; OpenSpiel's
readable board and length bound."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots

from mobtable import bots, games
from mobtable.adapters import openspiel
from mobtable.adapters import pettingzoo as pz
from mobtable.adapters.openspiel_bot import MobtableBot
from mobtable.adapters.opponents import BotPolicy, Budget
from mobtable.bots.levels import LEVELS

from .helpers import GAMES

QUICK = Budget(iterations=4)
"""A searching bot's budget in these tests: whole games in seconds, reproducible."""


def line_ups(name: str) -> list[list[str]]:
    """Tables seating every bot the game lists (``bots.available``), a table at a time."""
    game = games.get(name)
    names = bots.available(name)
    players = min(game.max_players, len(names))
    tables = [names[i : i + players] for i in range(0, len(names), players)]
    return [t + ["random"] * max(0, game.min_players - len(t)) for t in tables]


Choose = Callable[[Any, str, dict], int]
"""``choose(env, agent, observation)``: the agent's action."""


def play(env: Any, choose: Choose) -> int:
    """Play ``env`` (reset) to its end, ``choose`` giving each action; returns the number
    of decisions."""
    steps = 0
    for agent in env.agent_iter(max_iter=20_000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(choose(env, agent, obs))
        steps += 1
    return steps


def legal_moves_of(policies: dict[str, BotPolicy]) -> Choose:
    """Each agent's policy, its every action checked against the mask."""

    def choose(env: Any, agent: str, obs: dict) -> int:
        action = policies[agent](env, agent)
        assert obs["action_mask"][action] == 1
        return action

    return choose


def test_every_game_lists_the_levels_and_the_plain_bots() -> None:
    """Every level (``expert`` too) is seated by the whole-game tests below, which play
    ``bots.available``."""
    for name in GAMES:
        assert {*LEVELS, "random", "greedy", "ismcts"} <= set(bots.available(name))
        assert {"easy", "medium", "hard", "expert"} <= set(LEVELS)
        assert {bot for line_up in line_ups(name) for bot in line_up} == set(bots.available(name))


@pytest.mark.parametrize("name", GAMES)
def test_every_bot_plays_whole_pettingzoo_games(name: str) -> None:
    for line_up in line_ups(name):
        env = pz.env(name, len(line_up))
        env.reset(seed=3)
        policies = {
            agent: BotPolicy(bot, name, seed=seat, budget=QUICK)
            for seat, (agent, bot) in enumerate(zip(env.possible_agents, line_up, strict=True))
        }
        steps = play(env, legal_moves_of(policies))
        state = env.unwrapped.table.state
        assert state.is_over() and steps == len(state.history)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("sealed", ["sequential", "simultaneous"])
def test_every_bot_plays_whole_openspiel_games(name: str, sealed: str) -> None:
    for line_up in line_ups(name):
        game = openspiel.load(name, len(line_up), sealed=sealed)
        players = [MobtableBot(game, p, bot, seed=p, budget=QUICK) for p, bot in enumerate(line_up)]
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), players, np.random.RandomState(5)
        )
        assert sum(returns) == pytest.approx(1.0) and min(returns) >= 0.0


def test_an_openspiel_bot_is_a_pyspiel_bot_and_refuses_moves_out_of_turn() -> None:
    game = openspiel.load("capo", 3)
    bot = MobtableBot(game, 1, "greedy", seed=0)
    assert isinstance(bot, pyspiel.Bot) and bot.player_id() == 1 and not bot.provides_policy()
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="chance"):
        bot.step(state)
    state.apply_action(4)
    if state.current_player() != 1:
        with pytest.raises(ValueError, match="not to move"):
            bot.step(state)
    with pytest.raises(KeyError, match="no bot"):
        MobtableBot(game, 0, "grandmaster")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts"])
def test_a_policy_decides_from_its_seats_view_alone(name: str, bot: str) -> None:
    """The same bot, seeded alike, picks the same action in every state its seat cannot
    tell apart (the others' cards redrawn by ``determinize`` from its side)."""
    env = pz.env(name, games.get(name).min_players)
    env.reset(seed=11)
    rng = random.Random(0)
    table = env.unwrapped.table
    checked = 0

    def choose(env: Any, agent: str, obs: dict) -> int:
        nonlocal checked
        seat, real = env.unwrapped.seat_of(agent), table.state
        if checked < 6 and rng.random() < 0.2:
            chosen = BotPolicy(bot, name, seed=7, budget=QUICK)(env, agent)
            for _ in range(2):
                table.state = real.determinize(seat, random.Random(rng.random()))
                assert BotPolicy(bot, name, seed=7, budget=QUICK)(env, agent) == chosen
            table.state = real
            checked += 1
        return int(rng.choice(np.flatnonzero(obs["action_mask"].view(bool))))

    play(env, choose)
    assert checked >= 3


@pytest.mark.parametrize("name", GAMES)
def test_an_openspiel_state_prints_the_public_board(name: str) -> None:
    """``str(state)`` is the terminal's board for a spectator: players' names and the
    table, no notation dump, and the same for every state a player cannot tell apart."""
    game = openspiel.load(name, 3)
    state = game.new_initial_state()
    assert "not dealt" in str(state).lower()
    state.apply_action(9)
    rng = random.Random(1)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    text = str(state)
    assert "Vito" in text and '{"actions"' not in text and len(text.splitlines()) > 3
    player = state.current_player()
    for _ in range(3):
        assert str(state.resample_from_infostate(player, rng.random)) == text


LOOSEST = {"gangsta": 3, "cosca": 7, "capo": 30}
"""How many times the longest of 30 random games a bound may be. Gangsta's and COSCA's count
each step the rules allow; Capo's is K-12's 100 rounds (a game may run to it: ``capped``)
times a round's most steps, and random games end within a dozen rounds: 23-26 times them
(the old 2,000 a player, 600 in Gangsta, 400 in COSCA, were 24 to 44 times them)."""


@pytest.mark.parametrize("name", GAMES)
def test_no_random_game_outlasts_the_declared_length(name: str) -> None:
    """``max_game_length`` bounds every game; random games stay well within it, and the
    bound is no wild guess (within :data:`LOOSEST` of them)."""
    spec = games.get(name)
    for players in (spec.min_players, spec.max_players):
        bound = openspiel.load(name, players).max_game_length()
        config = spec.config(players)
        longest = 0
        for seed in range(30):
            state = spec.new_state(config, seed=seed)
            state.silent = True
            rng = random.Random(seed)
            while not state.is_over():
                seat = state.pending()[0]
                state.apply(seat, rng.choice(state.legal(seat)), check=False)
            longest = max(longest, len(state.history))
        assert longest <= bound <= LOOSEST[name] * longest, (players, longest, bound)
