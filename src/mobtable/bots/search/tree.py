"""The search tree: nodes with per-seat edge statistics and availability counts.

A node is reached by a sequence of (seat, action) steps from the root. At a
node, every seat that owes a decision has its own :class:`SeatEdges`: the
statistics of that seat's actions there.

- A seat alone to move chooses by UCB. Legal sets differ from one
  determinization to the next, so UCB uses the *availability* count of an
  action (how often it was legal when the seat chose here) instead of the
  parent's visit count (Cowling, Powley & Whitehouse 2012).
- When several seats are pending (a simultaneous step), each seat chooses
  from its own statistics only, so its choice never depends on another seat's
  choice in the same step (decoupled search); the child is keyed by the whole
  joint action. The choice there is stochastic (Exp3: Auer et al. 2002;
  Lanctot et al. 2013 for simultaneous-move MCTS): deterministic UCB on both
  sides falls into synchronised cycles that misjudge a mixed-strategy step
  (matching pennies would be "won" every time by one side).
- Large action sets are tamed by progressive widening: a seat considers at
  most ``widen_c * (visits + 1) ** widen_alpha`` distinct actions at a node.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import Action, Seat

# An edge is a mutable list [visits, reward sum, availability, win sum, Exp3
# gain estimate]: lists are the fastest mutable record in CPython, and this is
# the innermost loop.
VISITS, REWARD, AVAIL, WINS, GAIN = 0, 1, 2, 3, 4


@dataclass(frozen=True, slots=True)
class Selection:
    """Selection parameters.

    Attributes:
        exploration: the UCB constant ``c`` in ``mean + c * sqrt(ln(avail) / visits)``.
        widen_c, widen_alpha: a seat considers at most
            ``max(1, widen_c * (visits + 1) ** widen_alpha)`` actions at a node.
        mix: Exp3's uniform exploration share ``gamma`` at simultaneous steps.
        rate: Exp3's learning rate is ``rate * gamma / k`` with ``k`` actions.
        score_weight: the share of the reward given by the final score
            (see :func:`~mobtable.bots.search.rewards.rewards`).
        halving: at the root, sequential halving over this many candidate
            actions with paired samples; 0 or 1: plain UCB at the root too.
        anchor_z: with halving, the prior's first choice (the ``greedy`` move)
            is kept through every round, and the search plays another move
            only if that move's paired reward beats it by ``anchor_z``
            standard errors; 0 turns the anchor off.
    """

    exploration: float = 0.7
    widen_c: float = 2.0
    widen_alpha: float = 0.5
    mix: float = 0.2
    rate: float = 5.0
    score_weight: float = 0.25
    halving: int = 8
    anchor_z: float = 0.0


class SeatEdges:
    """One seat's statistics at one node.

    ``edges[action] = [visits, reward sum, availability, win sum, Exp3 gain]``.
    """

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[Action, list[float]] = {}
        self.visits = 0

    def _widen(self, legal: Sequence[Action], params: Selection) -> list[Action] | None:
        """The untried legal actions if the seat may consider one more action here."""
        edges = self.edges
        if edges and len(edges) >= params.widen_c * (self.visits + 1) ** params.widen_alpha:
            return None
        return [a for a in legal if a not in edges] or None

    def select(
        self,
        legal: Sequence[Action],
        rng: random.Random,
        params: Selection,
        first: Action | None = None,
    ) -> Action:
        """A seat alone to move: widen with an untried action, or the best UCB.

        ``first`` (a guide's choice, if any) is the first action tried here.
        """
        untried = self._widen(legal, params)
        if untried:
            return self._expand(untried, legal, rng, first)
        edges = self.edges
        c = params.exploration
        log = math.log
        sqrt = math.sqrt
        best: Action | None = None
        best_value = -1.0
        for action in legal:
            edge = edges.get(action)
            if edge is None:
                continue
            edge[AVAIL] += 1
            n = edge[VISITS]
            value = math.inf if n == 0 else edge[REWARD] / n + c * sqrt(log(edge[AVAIL]) / n)
            if value > best_value:
                best, best_value = action, value
        if best is None:  # none of the tried actions is legal in this determinization
            return self._expand([a for a in legal if a not in edges], legal, rng, first)
        return best

    def select_mixed(
        self,
        legal: Sequence[Action],
        rng: random.Random,
        params: Selection,
        first: Action | None = None,
    ) -> tuple[Action, float]:
        """A seat in a simultaneous step: (action, probability it was drawn with).

        A probability of 0 marks a forced expansion (no Exp3 update).
        """
        untried = self._widen(legal, params)
        if untried:
            return self._expand(untried, legal, rng, first), 0.0
        edges = self.edges
        tried = [(a, e) for a in legal if (e := edges.get(a)) is not None]
        if not tried:
            return self._expand([a for a in legal if a not in edges], legal, rng, first), 0.0
        k = len(tried)
        gamma = params.mix
        eta = params.rate * gamma / k
        top = max(e[GAIN] for _, e in tried)
        weights = [math.exp(eta * (e[GAIN] - top)) for _, e in tried]
        total = sum(weights)
        point = rng.random()
        acc = 0.0
        for _, edge in tried:
            edge[AVAIL] += 1
        for (action, _), weight in zip(tried, weights, strict=True):
            prob = (1.0 - gamma) * weight / total + gamma / k
            acc += prob
            if point < acc:
                return action, prob
        return action, prob  # rounding: the last one

    def _expand(
        self,
        untried: list[Action],
        legal: Sequence[Action],
        rng: random.Random,
        first: Action | None,
    ) -> Action:
        edges = self.edges
        if first is not None and first not in edges:
            action = first
        else:
            action = untried[rng.randrange(len(untried))]
        for other in legal:  # the tried actions were available this time too
            edge = edges.get(other)
            if edge is not None:
                edge[AVAIL] += 1
        # A newcomer starts level with the best Exp3 estimate, so that it gets tried.
        gain = max((e[GAIN] for e in edges.values()), default=0.0)
        edges[action] = [0, 0.0, 1, 0.0, gain]
        return action

    def force(self, action: Action) -> Action:
        """Take ``action`` here (the root choice of sequential halving)."""
        if action not in self.edges:
            self.edges[action] = [0, 0.0, 1, 0.0, 0.0]
        return action

    def update(self, action: Action, reward: float, win: float, prob: float = 0.0) -> None:
        edge = self.edges[action]
        edge[VISITS] += 1
        edge[REWARD] += reward
        edge[WINS] += win
        if prob:
            edge[GAIN] += reward / prob
        self.visits += 1


class Node:
    """A position in the tree, shared by every determinization that reaches it."""

    __slots__ = ("children", "seats")

    def __init__(self) -> None:
        self.seats: dict[Seat, SeatEdges] = {}
        self.children: dict[Hashable, Node] = {}

    def edges_for(self, seat: Seat) -> SeatEdges:
        edges = self.seats.get(seat)
        if edges is None:
            edges = self.seats[seat] = SeatEdges()
        return edges

    def size(self) -> int:
        """The number of nodes in this subtree (for tests and benchmarks)."""
        return 1 + sum(child.size() for child in self.children.values())


@dataclass(frozen=True, slots=True)
class ActionStats:
    """What the search learned about one root action of the searching seat."""

    action: Action
    visits: int
    mean: float
    """Mean search reward in [0, 1] (win share, plus a little for the final rank)."""
    win: float
    """Estimated win chance (a shared win counts ``1/k``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "visits": self.visits,
            "mean": self.mean,
            "win": self.win,
        }


def root_stats(edges: SeatEdges, legal: Sequence[Action]) -> list[ActionStats]:
    """Statistics of ``legal`` at the root, most visited first (ties: higher mean)."""
    stats = []
    for action in legal:
        edge = edges.edges.get(action)
        visits = int(edge[VISITS]) if edge else 0
        mean = edge[REWARD] / visits if edge and visits else 0.0
        win = edge[WINS] / visits if edge and visits else 0.0
        stats.append(ActionStats(action, visits, mean, win))
    order = sorted(range(len(stats)), key=lambda i: (-stats[i].visits, -stats[i].mean, i))
    return [stats[i] for i in order]
