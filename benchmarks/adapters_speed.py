"""Steps per second of random games: directly through mobtable, through each adapter,
and OpenSpiel's C++ ``hearts`` through pyspiel, in one run (a benchmark, not a test).

    python benchmarks/adapters_speed.py --seconds 5

A step is one decision. ``direct`` is the 15-line random loop over ``legal`` and
``apply``; the PettingZoo paths also build the acting seat's observation and
mask at every step (``env.last()`` does); the OpenSpiel paths are measured
without and with the acting player's observation tensor (``hearts`` has only
an information-state tensor).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from mobtable import games
from mobtable.adapters import openspiel as ospiel
from mobtable.adapters import pettingzoo as pz


def timed(play_one: Callable[[int], int], seconds: float) -> float:
    """Steps per second over whole games, for at least ``seconds``."""
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += play_one(seed)
        seed += 1
    return steps / (time.perf_counter() - start)


def direct(name: str, players: int) -> Callable[[int], int]:
    game = games.get(name)
    config = game.config(players)

    def one(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_state(config, seed=seed)
        state.silent = True
        n = 0
        while not state.is_over():
            seat = state.pending()[0]
            state.apply(seat, rng.choice(state.legal(seat)), check=False)
            n += 1
        return n

    return one


def aec(name: str, players: int) -> Callable[[int], int]:
    """Whole random games through the AEC environment (the acting seat's observation and
    mask at every step, as ``env.last()`` gives them); returns the steps."""
    env = pz.env(name, players)

    def one(seed: int) -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        n = 0
        for _ in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].view(bool).nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            n += 1
        return n

    return one


def parallel(name: str, players: int) -> Callable[[int], int]:
    env = pz.parallel_env(name, players)

    def one(seed: int) -> int:
        rng = np.random.default_rng(seed)
        obs, _ = env.reset(seed=seed)
        n = 0
        while env.agents:
            actions = {}
            for agent, o in obs.items():
                legal = o["action_mask"].view(bool).nonzero()[0]
                actions[agent] = int(rng.choice(legal)) if len(legal) else 0
                n += len(legal) > 0
            obs, *_ = env.step(actions)
        return n

    return one


def openspiel_loop(game: pyspiel.Game, observe: str | None) -> Callable[[int], int]:
    """Random play; ``observe`` names the tensor read at every decision, if any."""

    def one(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if observe:
                getattr(state, observe)(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return one


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    s = args.seconds
    print("| path | steps/s | x direct |")
    print("| --- | ---: | ---: |")
    for name, players in (("gangsta", 4), ("cosca", 3), ("capo", 4)):
        base = timed(direct(name, players), s)
        rows = [
            ("mobtable direct", base),
            ("PettingZoo AEC (obs + mask)", timed(aec(name, players), s)),
            ("PettingZoo parallel (obs + mask, all seats)", timed(parallel(name, players), s)),
            ("OpenSpiel adapter", timed(openspiel_loop(ospiel.load(name, players), None), s)),
            (
                "OpenSpiel adapter + obs tensor",
                timed(openspiel_loop(ospiel.load(name, players), "observation_tensor"), s),
            ),
        ]
        for label, rate in rows:
            print(f"| {name} {players}p: {label} | {rate:,.0f} | {rate / base:.2f} |", flush=True)
    hearts = pyspiel.load_game("hearts")
    for label, observe in (("", None), (" + information-state tensor", "information_state_tensor")):
        rate = timed(openspiel_loop(hearts, observe), s)
        print(f"| OpenSpiel C++ hearts 4p via pyspiel{label} | {rate:,.0f} | - |", flush=True)


if __name__ == "__main__":
    main()
