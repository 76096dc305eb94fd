"""How well the opponent model reads what the others hide (Gangsta or Capo).

    python benchmarks/belief_reading.py [--game gangsta] [--greedy-games 6] [--hard-games 2]
        [--think 0.05] [--players 4] [--recent 16]

At each measured position the weighted pool (200 deals, no time limit, the ``--recent``
observed plays weighed) is scored against the same deals unweighted, on what the true state hides:

- Gangsta: for each card another seat holds, the chance that a sample deals it to that seat
  (every sixth decision of seeded games, at trick plays once a trick card has been played);
- Capo: for each card another seat laid face down this round, the chance that a sample lays
  it in that seat's crew, and for each such crew, the chance that the sample's crew does the
  job exactly when the true one does (every decision to suspect: every crew is down and
  turned up).

Line-ups of ``--players`` ``greedy`` bots, then of ``hard`` bots at ``--think`` seconds a
move. The truth is read here only to score the samples: the pool never sees it.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mobtable import games
from mobtable.bots import Decision, make
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search.belief import Belief, BeliefParams
from mobtable.bots.search.bot import greedy_for
from mobtable.bots.search.rollout import bot_guide
from mobtable.core import State
from mobtable.core.search import QuickGuide
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.rules import SUSPECTING
from mobtable.games.gangsta.actions import Play
from mobtable.games.gangsta.table import Phase

POOL = 200
"""Deals in each measured pool."""


@dataclass(frozen=True)
class Reading:
    """What is scored in one game: where, and a sample's hits (each a share in [0, 1])."""

    measures: tuple[str, ...]
    at: Callable[[Any, int, int], bool]
    """(state, seat, step): whether this decision is a measured position."""
    hits: Callable[[Any, Any, int], tuple[float, ...] | None]
    """(truth, sample, seat): one share per measure; ``None`` when nothing is hidden."""


def _holders(state: Any, seat: int) -> dict[int, int]:
    """Each card in another seat's hand -> that seat (Gangsta)."""
    return {c: s for s, hand in enumerate(state.hands) if s != seat for c in hand}


def _gangsta_hits(truth: Any, sample: Any, seat: int) -> tuple[float, ...] | None:
    held, dealt = _holders(truth, seat), _holders(sample, seat)
    if not held:
        return None
    return (sum(dealt.get(card) == holder for card, holder in held.items()) / len(held),)


def _gangsta_at(state: Any, seat: int, step: int) -> bool:
    played = any(type(a) is Play for _, a in state.history)
    return state.phase is Phase.PLAY and step % 6 == 0 and played and bool(_holders(state, seat))


def _face_down(state: Any, seat: int) -> dict[int, list[int]]:
    """Each other seat with face-down cards -> those cards (Capo)."""
    down = {}
    for p in range(state.players):
        hidden = [c for c in state.table[p] if c not in state.face_up[p]]
        if p != seat and hidden:
            down[p] = hidden
    return down


def _capo_hits(truth: Any, sample: Any, seat: int) -> tuple[float, ...] | None:
    down = _face_down(truth, seat)
    if not down:
        return None
    test = CrewTest(truth)
    cards = sum(len(hidden) for hidden in down.values())
    laid = sum(c in sample.table[p] for p, hidden in down.items() for c in hidden) / cards
    read = sum(test.ok(sample.table[p]) == test.ok(truth.table[p]) for p in down) / len(down)
    return laid, read


READINGS = {
    "gangsta": Reading(("a held card dealt to its holder",), _gangsta_at, _gangsta_hits),
    "capo": Reading(
        ("a face-down card laid in its crew", "a crew's success read right"),
        lambda state, seat, step: state.phase is SUSPECTING and bool(_face_down(state, seat)),
        _capo_hits,
    ),
}


def reading(
    state: State, seat: int, seed: int, guide: QuickGuide, what: Reading, params: BeliefParams
) -> tuple[list[float], list[float]] | None:
    """(uniform, weighted) shares per measure at one position."""
    decision = Decision(state, seat)
    hooks = state.game.search_hooks.belief
    assert hooks is not None
    pool = Belief(decision, hooks, guide, random.Random(seed), params)
    uniform = [0.0] * len(what.measures)
    weighted = [0.0] * len(what.measures)
    for pool_seed, weight in zip(pool.seeds, pool.weights, strict=True):
        hits = what.hits(state, decision.determinize(random.Random(pool_seed)), seat)
        if hits is None:
            return None
        for i, hit in enumerate(hits):
            uniform[i] += hit / len(pool.seeds)
            weighted[i] += hit * weight
    return uniform, weighted


def run(
    name: str, players: int, bot: str, count: int, think: float | None, params: BeliefParams
) -> None:
    game, what = games.get(name), READINGS[name]
    hooks = game.search_hooks
    greedy = greedy_for(game, 0)
    guide = hooks.guide or (bot_guide(greedy) if greedy is not None else None)
    assert guide is not None
    uniform = [0.0] * len(what.measures)
    weighted = [0.0] * len(what.measures)
    positions = 0
    for index in range(count):
        state: Any = game.new_state(game.config(players), seed=100 + index)
        state.silent = True
        bots = [make(bot, name, seed=index * 10 + s) for s in range(players)]
        for player in bots:
            if think is not None and isinstance(player, ISMCTSBot):
                player.budget = Budget(seconds=think)
        step = 0
        while not state.is_over():
            seat = state.pending()[0]
            found = what.at(state, seat, step) and reading(state, seat, step, guide, what, params)
            if found:
                for i, (u, w) in enumerate(zip(*found, strict=True)):
                    uniform[i] += u
                    weighted[i] += w
                positions += 1
            state.apply(seat, bots[seat].choose(Decision(state, seat)))
            step += 1
    if not positions:
        print(f"{name} {bot} ({count} games, {players} players): no position")
        return
    shares = "; ".join(
        f"{measure}: uniform {u / positions:.1%}, weighted {w / positions:.1%}"
        for measure, u, w in zip(what.measures, uniform, weighted, strict=True)
    )
    print(f"{name} {bot} ({count} games, {players} players): {positions} positions, {shares}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(READINGS), default="gangsta")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--greedy-games", type=int, default=6)
    parser.add_argument("--hard-games", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.05)
    parser.add_argument(
        "--recent", type=int, default=BeliefParams.recent, help="observed plays weighed"
    )
    args = parser.parse_args()
    params = BeliefParams(pool=POOL, recent=args.recent)
    run(args.game, args.players, "greedy", args.greedy_games, None, params)
    run(args.game, args.players, "hard", args.hard_games, args.think, params)


if __name__ == "__main__":
    main()
