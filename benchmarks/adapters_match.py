"""OpenSpiel's ISMCTS bot (through the adapter) against mobtable's ``hard``, equal time
per move, seats rotated; win rates with 95% Wilson intervals (a benchmark, not a test).

    python benchmarks/adapters_match.py --seconds 0.25 --games 12

OpenSpiel's Python ``ISMCTSBot`` has a simulation budget, not a clock, so its
budget follows the clock: calibrated at the opening of a few deals, then after
every searched move scaled by ``--seconds`` over the time that move took (a
fresh bot per move, as its search starts afresh anyway). mobtable's search
(``hard``'s ISMCTS) gets ``--seconds`` of wall-clock time and no iteration cap.
One OpenSpiel seat plays the others' seats at the game's smallest table; the
OpenSpiel seat rotates. Moves with a single legal action are not searched by
either bot and are left out of the time per move.
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


def match(name: str, seconds: float, games: int, start: int = 0) -> str:
    players = PLAYERS[name]
    game = ospiel.load(name, players)
    sims = first = calibrate(game, seconds)
    wins, spent = 0.0, {"openspiel": 0.0, "hard": 0.0}
    counted = {"openspiel": 0, "hard": 0}
    simulations: list[int] = []
    for g in range(start, start + games):
        seat = g % players
        state = game.new_initial_state()
        state.apply_action(1000 + g)
        ours = {
            s: ISMCTSBot(seed=g * 10 + s, budget=Budget(seconds=seconds)) for s in range(players)
        }
        while not state.is_terminal():
            player = state.current_player()
            searched = len(state.legal_actions()) > 1
            start = time.perf_counter()
            if player == seat:
                bot = openspiel_bot(game, sims, g * 1000 + counted["openspiel"])
                action = bot.step(state)
                who = "openspiel"
            else:
                table = state.table.state
                choice = ours[player].choose(Decision(table, player))
                action = table.game.action_index(choice, table.config)
                who = "hard"
            elapsed = time.perf_counter() - start
            if searched:
                spent[who] += elapsed
                counted[who] += 1
                if who == "openspiel":  # follow the clock: scale the next budget
                    simulations.append(sims)
                    scaled = round(sims * seconds / max(elapsed, 1e-3))
                    sims = max(2, min(50 * first, scaled))
            state.apply_action(action)
        wins += state.returns()[seat]
    rate = wins / games
    low, high = wilson(wins, games)
    ms = {k: 1000 * spent[k] / max(1, counted[k]) for k in spent}
    median = float(np.median(simulations)) if simulations else 0.0
    return (
        f"| {name} | {players} | {games} | {median:.0f} | {rate:.1%} | {low:.1%}-{high:.1%} | "
        f"{1 / players:.1%} | {ms['openspiel']:.0f} | {ms['hard']:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--only", nargs="*", default=list(PLAYERS))
    parser.add_argument("--start", type=int, default=0, help="first game number (new deals)")
    args = parser.parse_args()
    print(
        "| game | players | games | OpenSpiel sims/move (median) | OpenSpiel win share "
        "| 95% interval "
        "| fair share | ms/move OpenSpiel | ms/move hard |"
    )
    print("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for name in args.only:
        print(match(name, args.seconds, args.games, args.start), flush=True)


if __name__ == "__main__":
    main()
