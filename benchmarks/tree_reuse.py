"""How much of one move's search tree the same seat's next move could start from.

    python benchmarks/tree_reuse.py [--game gangsta] [--players 4] [--games 6]
                                    [--iterations 600] [--seed 1]

A search could keep its tree between moves: at the seat's next decision, the node reached
by the plays made since (its own and the others') already holds the iterations that passed
through it. Seeded games are played with ``expert`` in seat 0 and ``hard`` elsewhere, every
search at ``--iterations`` (about 0.1 s a move on a 2-core machine); at each of seat 0's
searches the previous search's tree is walked along the plays made since, and the table
gives how many of that search's iterations the node there had received. Only one seat's
plays are walked: where a simultaneous step came between two searches (or began the first),
the tree keys the joint action of the seats its sample had pending, which the game's order
of commits does not give, and the search is counted apart, not walked.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.levels import ExpertBot, HardBot
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search.ismcts import SearchResult
from mobtable.bots.search.tree import Node
from mobtable.core import Action, Seat
from mobtable.core.errors import BadConfig

Play = tuple[Seat, Action]
"""One seat's action as it was applied."""


def inherited(result: SearchResult, plays: list[Play], players: int) -> int:
    """The iterations the node reached from ``result``'s root by ``plays`` (one seat's action
    a step) had received."""
    node, keys = result.tree, result.keys
    if node is None or keys is None:
        return 0
    for seat, action in plays:
        node = node.child(keys.key(action) * players + seat)
        if node is None:
            return 0
    return visits(node)


def visits(node: Node) -> int:
    """The iterations that passed through ``node``."""
    return max((edges.visits for edges in node.seats.values()), default=0)


def largest_child(result: SearchResult) -> int:
    """The iterations of the root's most visited child: whatever was played since, no more
    than these could be reused."""
    tree = result.tree
    return max((visits(child) for child in tree.children.values()), default=0) if tree else 0


def joint(result: SearchResult) -> bool:
    """Whether the search's tree keys joint actions (a simultaneous step) at its root."""
    return result.tree is not None and any(isinstance(k, tuple) for k in result.tree.children)


@dataclass
class Reuse:
    """What seat 0's searches could have inherited."""

    shares: list[tuple[float, bool]] = field(default_factory=list)
    """Each walked search: the share of the previous search's iterations its node had, and
    whether another seat played in between."""
    simultaneous: list[float] = field(default_factory=list)
    """Searches not walked, after a simultaneous step (the tree keys the joint action of the
    seats its sample had pending, which the game's order of commits does not give): the
    share of the previous search's iterations in its root's most visited child, a bound."""


def measure(name: str, players: int, count: int, iterations: int, seed: int) -> Reuse:
    """Play ``count`` seeded games and walk each of seat 0's trees to its next search."""
    game = games.get(name)
    config = game.config(players)
    budget = Budget(iterations=iterations)
    found = Reuse()
    for index in range(count):
        table = seed * 1_000_003 + index
        lineup: list[ISMCTSBot] = [
            (ExpertBot if s == 0 else HardBot)(seed=table * 31 + s, budget=budget)
            for s in range(players)
        ]
        lineup[0].keep_tree = True
        state = game.new_state(config, seed=table)
        last: SearchResult | None = None
        plays: list[Play] = []  # since seat 0's last search
        crossed = False  # a simultaneous step since then
        while not state.is_over():
            pending = state.pending()
            seat = pending[0]
            bot = lineup[seat]
            action = bot.choose(Decision(state, seat))
            result = bot.last if seat == 0 else None
            crossed = crossed or len(pending) > 1
            if result is not None and result.tree is not None:
                if last is not None and last.iterations:
                    if crossed or joint(last):
                        found.simultaneous.append(largest_child(last) / last.iterations)
                    else:
                        share = inherited(last, plays, players) / last.iterations
                        found.shares.append((share, any(s != 0 for s, _ in plays)))
                last, plays, crossed = result, [], len(pending) > 1
            state.apply(seat, action)
            plays.append((seat, action))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="gangsta", choices=games.names())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        games.get(args.game).config(args.players)
    except BadConfig as error:
        raise SystemExit(f"Error: {error}") from None
    reuse = measure(args.game, args.players, args.games, args.iterations, args.seed)
    found = reuse.shares
    print(
        f"{args.game}, {args.players} players, {args.games} games, {args.iterations}"
        f" iterations a search, seat 0 expert, the others hard"
    )
    print()
    bound = reuse.simultaneous
    print(
        f"seat 0's searches after a simultaneous step, not walked: {len(bound)}"
        + (
            "; at most the root's most visited child reusable:"
            f" median {statistics.median(bound):.1%}, mean {statistics.fmean(bound):.1%}"
            if bound
            else ""
        )
    )
    print()
    print("| next search of seat 0 | searches | reusable: median | mean | quartiles | none |")
    print("|---|---:|---:|---:|---|---:|")
    rows = (
        ("all", [s for s, _ in found]),
        ("right after its own play", [s for s, others in found if not others]),
        ("after others' plays", [s for s, others in found if others]),
    )
    for label, shares in rows:
        if not shares:
            print(f"| {label} | 0 | | | | |")
            continue
        low, _, high = statistics.quantiles(shares, n=4) if len(shares) > 1 else shares * 3
        none = sum(1 for s in shares if s == 0) / len(shares)
        print(
            f"| {label} | {len(shares)} | {statistics.median(shares):.1%}"
            f" | {statistics.fmean(shares):.1%} | {low:.1%}-{high:.1%} | {none:.0%} |"
        )


if __name__ == "__main__":
    main()
