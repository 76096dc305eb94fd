"""OpenSpiel's ISMCTS bot (through the adapter) against mobtable's ``hard``, equal time
per move, seats rotated; win rates with 95% Wilson intervals (a benchmark, not a test).

    python benchmarks/adapters_match.py --seconds 0.25 --games 12

OpenSpiel's Python ``ISMCTSBot`` has a simulation budget, not a clock, so its
budget is calibrated first: simulations per second from the opening position
of a few deals, times ``--seconds``. mobtable's search gets ``--seconds`` of
wall-clock time (and no iteration cap). One OpenSpiel seat plays the others'
``hard`` seats at the game's smallest table; the OpenSpiel seat rotates.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from mobtable.adapters import openspiel as ospiel
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot

PLAYERS = {"gangsta": 3, "cosca": 2, "capo": 3}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def openspiel_bot(game, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    return ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rs
    )


def calibrate(game, seconds: float) -> int:
    """OpenSpiel ISMCTS simulations that take about ``seconds`` at an opening."""
    probe, spent = 20, 0.0
    for deal in range(3):
        state = game.new_initial_state()
        state.apply_action(deal)
        bot = openspiel_bot(game, probe, deal)
        start = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - start
    return max(2, int(probe * 3 * seconds / spent))  # one simulation only creates the root


def match(name: str, seconds: float, games: int) -> str:
    players = PLAYERS[name]
    game = ospiel.load(name, players)
    sims = calibrate(game, seconds)
    wins, moves, spent = 0.0, 0, {"openspiel": 0.0, "hard": 0.0}
    counted = {"openspiel": 0, "hard": 0}
    for g in range(games):
        seat = g % players
        state = game.new_initial_state()
        state.apply_action(1000 + g)
        theirs = openspiel_bot(game, sims, g)
        ours = {
            s: ISMCTSBot(seed=g * 10 + s, budget=Budget(seconds=seconds)) for s in range(players)
        }
        while not state.is_terminal():
            player = state.current_player()
            start = time.perf_counter()
            if player == seat:
                action = theirs.step(state)
                who = "openspiel"
            else:
                table = state.table.state
                choice = ours[player].choose(Decision(table, player))
                action = table.game.action_index(choice, table.config)
                who = "hard"
            spent[who] += time.perf_counter() - start
            counted[who] += 1
            state.apply_action(action)
            moves += 1
        wins += state.returns()[seat]
    rate = wins / games
    low, high = wilson(wins, games)
    ms = {k: 1000 * spent[k] / max(1, counted[k]) for k in spent}
    return (
        f"| {name} | {players} | {games} | {sims} | {rate:.1%} | {low:.1%}-{high:.1%} | "
        f"{1 / players:.1%} | {ms['openspiel']:.0f} | {ms['hard']:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--only", nargs="*", default=list(PLAYERS))
    args = parser.parse_args()
    print(
        "| game | players | games | OpenSpiel sims/move | OpenSpiel win share | 95% interval "
        "| fair share | ms/move OpenSpiel | ms/move hard |"
    )
    print("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for name in args.only:
        print(match(name, args.seconds, args.games), flush=True)


if __name__ == "__main__":
    main()
