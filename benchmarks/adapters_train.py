"""A masked policy-gradient agent (numpy only) trained on the PettingZoo env.

A linear softmax policy over the observation tensor, masked to the legal
actions, learns by REINFORCE with a running baseline while playing one seat
(rotated every game) against random opponents; every ``--every`` games it is
evaluated greedily-sampled on fresh deals. Prints the learning curve as CSV.

    python benchmarks/adapters_train.py --game capo --games 3000
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from mobtable.adapters import pettingzoo as pz


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


def play(env, policy: Policy, seat: int, rng: np.random.Generator, seed: int) -> tuple[float, list]:
    env.reset(seed=seed)
    me, trace, total = f"seat_{seat}", [], 0.0
    for agent in env.agent_iter():
        obs, reward, done, truncated, _ = env.last()
        if agent == me:
            total += reward
        if done or truncated:
            env.step(None)
        elif agent == me:
            action, step = policy.act(obs["observation"], obs["action_mask"])
            trace.append(step)
            env.step(action)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"].view(bool)))))
    return total, trace


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="capo")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--eval", type=int, default=300)
    parser.add_argument("--lr", type=float, default=0.02)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    env = pz.env(args.game, args.players)
    env.reset(seed=0)
    space = env.observation_space("seat_0")
    policy = Policy(space["observation"].shape[0], space["action_mask"].shape[0], args.lr, rng)
    baseline, start = 1.0 / args.players, time.perf_counter()

    def evaluate() -> float:
        wins = [play(env, policy, g % args.players, rng, 10**9 + g)[0] for g in range(args.eval)]
        return float(np.mean(wins))

    print("games,win_rate,seconds")
    print(f"0,{evaluate():.3f},{time.perf_counter() - start:.0f}", flush=True)
    for g in range(1, args.games + 1):
        reward, trace = play(env, policy, g % args.players, rng, g)
        policy.learn(trace, reward - baseline)
        baseline += 0.01 * (reward - baseline)
        if g % args.every == 0:
            print(f"{g},{evaluate():.3f},{time.perf_counter() - start:.0f}", flush=True)


if __name__ == "__main__":
    main()
