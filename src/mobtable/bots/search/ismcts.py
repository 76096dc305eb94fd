"""Information-set Monte Carlo tree search over the core contract.

Each iteration draws a determinization from the seat's view
(``decision.determinize(rng)``: the true state is never read), walks the
shared tree choosing every pending seat's action by UCB with availability
counts, adds one node, plays a rollout to the end and credits every seat on
the path with its own reward from :func:`~.rewards.rewards`.

Simultaneous steps: ``determinize`` has already dropped the other seats'
unrevealed commits, so all of them are pending again; at such a node each
pending seat chooses from its own statistics (decoupled UCT) before any of
the choices is applied, so no seat's choice conditions on another's commit
in the same step.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, field

from mobtable.bots.base import Decision
from mobtable.bots.search.budget import Budget
from mobtable.bots.search.rewards import RANK_WEIGHT, rewards, win_shares
from mobtable.bots.search.rollout import Rollout, random_rollout
from mobtable.bots.search.tree import ActionStats, Node, SeatEdges, Selection, root_stats
from mobtable.core import Action, Seat, State


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The outcome of one search.

    Attributes:
        action: the chosen action (the most visited root action of the seat).
        stats: every legal root action, most visited first.
        iterations: the number of iterations run.
        seconds: the wall-clock time spent.
        nodes: the size of the tree.
    """

    action: Action
    stats: list[ActionStats] = field(default_factory=list)
    iterations: int = 0
    seconds: float = 0.0
    nodes: int = 0

    @property
    def rate(self) -> float:
        """Iterations per second."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


def _terminal_rewards(
    state: State, players: int, rank_weight: float
) -> tuple[list[float], list[float]]:
    """(search rewards, win shares) per seat."""
    if not state.is_over():  # the rollout gave up: call it a draw
        draw = [1.0 / players] * players
        return draw, draw
    result = state.result()
    return rewards(result, rank_weight=rank_weight), win_shares(result)


def search(
    decision: Decision,
    budget: Budget,
    rng: random.Random,
    *,
    params: Selection | None = None,
    rollout: Rollout = random_rollout,
    rank_weight: float = RANK_WEIGHT,
    force: bool = False,
) -> SearchResult:
    """Search from ``decision`` within ``budget``; deterministic for a fixed
    ``rng`` state when the budget has no time limit.

    With a single legal action the search is skipped unless ``force``.
    """
    params = params or Selection()
    legal = decision.legal
    start = time.perf_counter()
    if len(legal) == 1 and not force:
        return SearchResult(legal[0], [ActionStats(legal[0], 0, 0.0, 0.0)])
    limit = budget.iterations if budget.iterations is not None else math.inf
    deadline = start + budget.seconds if budget.seconds is not None else math.inf
    players = decision.config.players
    clock = time.perf_counter
    root = Node()
    iterations = 0
    while iterations < limit and (iterations == 0 or clock() < deadline):
        state = decision.determinize(rng)
        state.silent = True  # the search reads no events
        path: list[tuple[SeatEdges, Seat, Action, float]] = []
        node = root
        while not state.is_over():
            pending = state.pending()
            key: Hashable
            if len(pending) == 1:
                seat = pending[0]
                edges = node.edges_for(seat)
                action = edges.select(state.legal(seat), rng, params)
                state.apply(seat, action, check=False)
                path.append((edges, seat, action, 0.0))
                key = (seat, action)
            else:
                key = _simultaneous(node, state, pending, rng, params, path)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
        if not state.is_over():
            rollout(state, rng)
        reward, win = _terminal_rewards(state, players, rank_weight)
        for edges, seat, action, prob in path:
            edges.update(action, reward[seat], win[seat], prob)
        iterations += 1
    mine = root.seats.get(decision.seat) or SeatEdges()
    stats = root_stats(mine, legal)
    return SearchResult(
        stats[0].action, stats, iterations, time.perf_counter() - start, root.size()
    )


def _simultaneous(
    node: Node,
    state: State,
    pending: tuple[Seat, ...],
    rng: random.Random,
    params: Selection,
    path: list[tuple[SeatEdges, Seat, Action, float]],
) -> Hashable:
    """Every pending seat chooses from its own statistics, then all choices apply."""
    joint = []
    for seat in pending:
        edges = node.edges_for(seat)
        action, prob = edges.select_mixed(state.legal(seat), rng, params)
        joint.append((seat, action, prob, edges))
    applied = []
    for seat, action, prob, edges in joint:
        if applied and seat not in state.pending():
            continue  # an earlier commit ended this seat's obligation: drop its choice
        state.apply(seat, action, check=False)
        path.append((edges, seat, action, prob))
        applied.append((seat, action))
    return tuple(applied)
