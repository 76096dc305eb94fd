"""Paired match: ISMCTS with the learned evaluator against ISMCTS with the hand-written one.

    nice -n 10 python benchmarks/learned_match.py [--games gangsta cosca capo] [--deals 12]
        [--think 0.1s] [--seed 1]

Both sides are the plain ``ismcts`` bot at the same budget per move (default 0.1 s); the only
difference is the evaluator that scores truncated rollouts (``ismcts-learned`` in
:func:`mobtable.bots.search.arena.make_bot`). Each deal is played twice with the sides
swapped: half the seats learned, half hand (Capo, five players: three learned then two).
A shared win counts ``1/k``. The learned side's share of the wins is 50% at equal strength;
the interval is a normal 95% interval over the deals (each deal's two games averaged: the
pairs share their cards).
"""

from __future__ import annotations

import argparse
import math
import time

from strength import players_for

from mobtable import games
from mobtable.bots.search.arena import make_bot, play


def learned_seats(players: int, swap: bool) -> set[int]:
    """Even seats in the first game of a deal, odd seats in the second."""
    return {s for s in range(players) if (s % 2 == 1) == swap}


def play_deal(name: str, deal: int, think: str, seed: int) -> tuple[float, float]:
    """The learned side's share of the wins in each game of one deal, and the seconds."""
    game = games.get(name)
    players = players_for(name)
    table = seed * 1_000_003 + deal
    start = time.perf_counter()
    total = 0.0
    for swap in (False, True):
        mine = learned_seats(players, swap)
        bots = [
            make_bot(
                f"ismcts-learned:{think}" if s in mine else f"ismcts:{think}",
                name,
                seed=table * 31 + s,
            )
            for s in range(players)
        ]
        outcome = play(game, game.config(players), bots, seed=table)
        total += sum(outcome.share(s) for s in mine)
    return total / 2, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["gangsta", "cosca", "capo"])
    parser.add_argument("--deals", type=int, default=12, help="deals per game (two games each)")
    parser.add_argument("--think", default="0.1s", help="budget per move, both sides")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"ismcts-learned vs ismcts at {args.think} a move, seed {args.seed}, deals played twice")
    print()
    print("| game | players | games | learned share | 95% interval | s/game |")
    print("|---|---|---|---|---|---|", flush=True)
    for name in args.games:
        shares: list[float] = []
        seconds = 0.0
        for deal in range(args.deals):
            share, spent = play_deal(name, deal, args.think, args.seed)
            shares.append(share)
            seconds += spent
        n = len(shares)
        mean = sum(shares) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in shares) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n)
        print(
            f"| {name} | {players_for(name)} | {2 * n} | {mean:.1%} | "
            f"{max(0.0, mean - half):.1%}-{min(1.0, mean + half):.1%} | {seconds / (2 * n):.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
