"""PettingZoo environments for the mobtable games: ``env`` (AEC) and ``parallel_env``.

Agents are ``seat_0`` .. ``seat_{P-1}``. Each observation is a dict with the
seat's observation tensor (``observation``, float32, built from its view) and
``action_mask`` (int8 over the game's stable integer actions; all zeros for a
seat that owes nothing). Rewards come once, at the end: ``reward="win"`` shares
1 among the winners, ``reward="score"`` gives each seat its final score.

The AEC form asks the seats of a sealed simultaneous step one at a time in
seat order; nothing a seat commits shows in another's observation until the
step resolves, so the order tells nobody anything. The parallel form asks
every pending seat at once; actions of seats that owe nothing are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from mobtable.adapters.board import board_text
from mobtable.adapters.table import REWARDS, Reward, Table, game_and_config, rewards
from mobtable.core import Game

OBS_BOUND = 1000.0
"""Box bound of the observation tensors (their values stay within a few units)."""


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def _spaces(table: Table) -> tuple[gymnasium.spaces.Dict, gymnasium.spaces.Discrete]:
    observation = gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                -OBS_BOUND, OBS_BOUND, (table.encoder.size,), np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, (table.num_actions,), np.int8),
        }
    )
    return observation, gymnasium.spaces.Discrete(table.num_actions)


class _Seeding:
    """Table seeds: ``reset(seed=s)`` deals table ``s``; later resets continue from it."""

    def __init__(self) -> None:
        self.rng = np.random.default_rng()

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
            return int(seed)
        return int(self.rng.integers(2**62))


class _Table:
    """What both environments share: the table, the agents, their spaces, seeding, render."""

    metadata: dict[str, Any]
    render_mode: str | None

    def _setup(
        self,
        game: str | Game,
        players: int | None,
        variants: Sequence[str],
        options: Mapping[str, Any] | None,
        reward: Reward,
        render_mode: str | None,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        spec, config = game_and_config(game, players, variants, options)
        self.table = Table(spec, config)
        self.reward_kind: Reward = reward
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"mobtable_{spec.name}_v0"}
        self.possible_agents = [agent_name(s) for s in range(config.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space, act_space = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._seeding = _Seeding()

    def seat_of(self, agent: str) -> int:
        """The seat of ``agent`` (``seat_2`` is seat 2); ``KeyError`` for another name."""
        return self._seat[agent]

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (ansi or human)")
            return None
        text = board_text(self.table.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class MobtableAEC(_Table, AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """A mobtable game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": True}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        variants: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        reward: Reward = "win",
        render_mode: str | None = None,
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, players, variants, options, reward, render_mode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.deal(self._seeding.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.table.state.pending()[0])

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        return {"observation": self.table.observation(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} owes a decision: step(None) is only for finished agents")
        seat = self._seat[agent]
        state = self.table.state
        state.apply(seat, self.table.action(seat, int(action)), check=False)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over():
            for a, r in zip(self.agents, rewards(state.result(), self.reward_kind), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.table.pending()[0]]
        if self.render_mode == "human":
            self.render()


class MobtableParallel(_Table, ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """A mobtable game as a PettingZoo parallel environment: every pending seat acts at once."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        variants: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        reward: Reward = "win",
        render_mode: str | None = None,
    ) -> None:
        self.agents: list[str] = []
        self._setup(game, players, variants, options, reward, render_mode)

    def _observations(self) -> dict[str, dict[str, Any]]:
        table = self.table
        return {
            a: {"observation": table.observation(s), "action_mask": table.mask(s)}
            for a, s in self._seat.items()
            if a in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.table.deal(self._seeding.next(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, int]) -> tuple[dict[str, Any], ...]:
        """Apply one action of every pending seat (in seat order; the order cannot matter)."""
        state = self.table.state
        pending = state.pending()
        chosen = []
        for seat in pending:
            agent = agent_name(seat)
            if agent not in actions or actions[agent] is None:
                raise ValueError(f"{agent} owes a decision: give its action")
            chosen.append((seat, self.table.action(seat, int(actions[agent]))))
        for seat, action in chosen:
            state.apply(seat, action, check=False)
        agents = self.agents
        over = state.is_over()
        observations = self._observations()
        reward = rewards(state.result(), self.reward_kind) if over else [0.0] * len(agents)
        step_rewards = {a: reward[self._seat[a]] for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, step_rewards, terminations, truncations, infos


def raw_env(game: str | Game, players: int | None = None, **config: Any) -> MobtableAEC:
    """The AEC environment without PettingZoo's checking wrappers."""
    return MobtableAEC(game, players, **config)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, reading the turn from the environment at once.

    The inherited wrapper reaches ``agents``, ``agent_selection`` and the five values of
    ``last()`` through its ``__getattr__`` (several Python calls each, a fifth of a random
    step's time); this one reads them from the environment directly, refusing them before
    ``reset`` as the inherited wrapper does. It keeps its own record of the reset (the
    inherited wrapper's flags are its own), and stepping, resetting and the order checks of
    ``agent_iter`` stay the inherited wrapper's."""

    def __init__(self, env: AECEnv) -> None:
        self._reset_done = False
        super().__init__(env)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=seed, options=options)
        self._reset_done = True

    @property
    def agents(self) -> list[str]:
        if not self._reset_done:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._reset_done:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._reset_done:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]


def env(game: str | Game, players: int | None = None, **config: Any) -> AECEnv:
    """The AEC environment of ``game`` (config: variants, options, reward, render_mode),
    wrapped in PettingZoo's order-enforcing wrapper as its classic games are."""
    return OrderEnforcing(raw_env(game, players, **config))


def parallel_env(game: str | Game, players: int | None = None, **config: Any) -> MobtableParallel:
    """The parallel environment of ``game``: each step takes one action per pending seat."""
    return MobtableParallel(game, players, **config)
