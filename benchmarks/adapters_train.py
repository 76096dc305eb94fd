"""Two baseline agents (numpy only) trained on the PettingZoo env against mobtable's bots.

``--agent reinforce``: a linear softmax policy over the observation tensor, masked to
the legal actions, learns by REINFORCE with a running baseline. ``--agent q``: a linear
action-value function (one weight column per action) learns by every-visit Monte Carlo
control (normalised least-mean-squares steps), acting epsilon-greedily among the legal
actions (epsilon from 0.2 down to 0.02).
Either plays one seat (rotated every game) against ``--opponent`` bots (any mobtable bot:
``random``, ``greedy``, ...; searching levels with ``--iterations`` per move) and is
evaluated every ``--every`` games on fresh deals (the policy sampled, the Q agent
greedy). Prints the learning curve as CSV; everything follows from ``--seed``.

    python benchmarks/adapters_train.py --game capo --agent reinforce --opponent greedy
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from mobtable.adapters import pettingzoo as pz
from mobtable.adapters.opponents import BotPolicy, Budget


class Policy:
    def __init__(self, obs: int, actions: int, lr: float, rng: np.random.Generator) -> None:
        self.w = np.zeros((obs, actions), np.float32)
        self.b = np.zeros(actions, np.float32)
        self.lr, self.rng = lr, rng

    def act(self, obs: np.ndarray, mask: np.ndarray) -> tuple[int, tuple]:
        legal = np.flatnonzero(mask.view(bool))
        logits = obs @ self.w[:, legal] + self.b[legal]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        k = self.rng.choice(len(legal), p=p)
        return int(legal[k]), (obs, legal, p, k)

    def learn(self, trace: list[tuple], advantage: float) -> None:
        for obs, legal, p, k in trace:
            grad = -p
            grad[k] += 1.0  # d log pi(a) / d logits
            step = self.lr * advantage * grad
            self.w[:, legal] += np.outer(obs, step)
            self.b[legal] += step


class QAgent:
    """Linear action values, every-visit Monte Carlo control (the reward comes at the end)."""

    def __init__(self, obs: int, actions: int, lr: float, rng: np.random.Generator) -> None:
        self.w = np.zeros((obs, actions), np.float32)
        self.b = np.zeros(actions, np.float32)
        self.lr, self.rng, self.epsilon, self.greedy = lr, rng, 0.2, False

    def act(self, obs: np.ndarray, mask: np.ndarray) -> tuple[int, tuple]:
        legal = np.flatnonzero(mask.view(bool))
        if not self.greedy and self.rng.random() < self.epsilon:
            k = int(self.rng.integers(len(legal)))
        else:
            k = int(np.argmax(obs @ self.w[:, legal] + self.b[legal]))
        return int(legal[k]), (obs, int(legal[k]))

    def learn(self, trace: list[tuple], reward: float) -> None:
        for obs, action in trace:  # normalised least mean squares: steps stay bounded
            error = reward - (obs @ self.w[:, action] + self.b[action])
            step = self.lr * error / (1.0 + obs @ obs)
            self.w[:, action] += step * obs
            self.b[action] += step
        self.epsilon = max(0.02, self.epsilon * 0.999)


def play(env, agent, seat: int, opponent: BotPolicy, seed: int) -> tuple[float, list]:
    env.reset(seed=seed)
    me, trace, total = f"seat_{seat}", [], 0.0
    for name in env.agent_iter():
        obs, reward, done, truncated, _ = env.last()
        if name == me:
            total += reward
        if done or truncated:
            env.step(None)
        elif name == me:
            action, step = agent.act(obs["observation"], obs["action_mask"])
            trace.append(step)
            env.step(action)
        else:
            env.step(opponent(env, name))
    return total, trace


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="capo")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agent", choices=("reinforce", "q"), default="reinforce")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--eval", type=int, default=300)
    parser.add_argument("--lr", type=float, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = pz.env(args.game, args.players)
    env.reset(seed=args.seed)
    space = env.observation_space("seat_0")
    size, actions = space["observation"].shape[0], space["action_mask"].shape[0]
    agent: Policy | QAgent
    if args.agent == "reinforce":
        agent = Policy(size, actions, args.lr or 0.02, rng)
    else:
        agent = QAgent(size, actions, args.lr or 0.5, rng)
    opponent = BotPolicy(
        args.opponent, args.game, seed=args.seed, budget=Budget(iterations=args.iterations)
    )
    baseline, start = 1.0 / args.players, time.perf_counter()

    def evaluate() -> float:
        if isinstance(agent, QAgent):
            agent.greedy = True
        deals = range(10**9, 10**9 + args.eval)
        wins = [play(env, agent, g % args.players, opponent, g)[0] for g in deals]
        if isinstance(agent, QAgent):
            agent.greedy = False
        return float(np.mean(wins))

    print("games,win_rate,seconds")
    print(f"0,{evaluate():.3f},{time.perf_counter() - start:.0f}", flush=True)
    for g in range(1, args.games + 1):
        reward, trace = play(env, agent, g % args.players, opponent, args.seed * 10**6 + g)
        if isinstance(agent, Policy):
            agent.learn(trace, reward - baseline)
            baseline += 0.01 * (reward - baseline)
        else:
            agent.learn(trace, reward)
        if g % args.every == 0:
            print(f"{g},{evaluate():.3f},{time.perf_counter() - start:.0f}", flush=True)


if __name__ == "__main__":
    main()
