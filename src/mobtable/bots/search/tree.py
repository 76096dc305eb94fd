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

from mobtable.bots.search.keys import ActionKeys
from mobtable.core import Action, Seat

# An edge is a mutable list [visits, reward sum, availability, win sum, Exp3
# gain estimate]: lists are the fastest mutable record in CPython, and this is
# the innermost loop.
VISITS, REWARD, AVAIL, WINS, GAIN = 0, 1, 2, 3, 4

Positions = dict[int, int]
"""Each legal key's position in the list of legal keys."""


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

    ``edges[key] = [visits, reward sum, availability, win sum, Exp3 gain]``,
    keyed by the action's :class:`~.keys.ActionKeys` key. The selection
    methods take the keys of the legal actions and return a *position* in
    them, so the caller applies the very object the engine handed out.
    """

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[int, list[float]] = {}
        self.visits = 0

    def _untried(self, keys: list[int], params: Selection) -> list[int] | None:
        """Positions of the untried legal actions, if the seat may consider one more here."""
        edges = self.edges
        if edges and len(edges) >= params.widen_c * (self.visits + 1) ** params.widen_alpha:
            return None
        untried: list[int] = []
        for i, k in enumerate(keys):
            if k not in edges:
                untried.append(i)
        return untried or None

    def _tried(self, keys: list[int], positions: Positions | None) -> list[tuple[int, list[float]]]:
        """(position, edge) of each tried legal action, in the order of ``keys``.

        With the keys' ``positions`` at hand, walks whichever is shorter: the
        edges (looked up in ``positions``, then sorted) or the legal keys;
        progressive widening keeps the edges few where the legal actions are
        many. Without them it walks the keys: that costs less than making the
        positions (both paths, up to 400 keys).
        """
        edges = self.edges
        if positions is not None and 2 * len(edges) < len(keys):
            return sorted([(positions[k], e) for k, e in edges.items() if k in positions])
        tried: list[tuple[int, list[float]]] = []
        for i, k in enumerate(keys):
            e = edges.get(k)
            if e is not None:
                tried.append((i, e))
        return tried

    def select(
        self,
        keys: list[int],
        rng: random.Random,
        params: Selection,
        first: int | None = None,
        positions: Positions | None = None,
    ) -> int:
        """A seat alone to move: widen with an untried action, or the best UCB.

        ``first`` (the key of a guide's choice, if any) is the first action tried here;
        ``positions``: each key's position in ``keys``, if known (:meth:`.ActionKeys.index`).
        """
        untried = self._untried(keys, params)
        if untried:
            return self._expand(untried, keys, rng, first, positions)
        best = best_ucb(self._tried(keys, positions), params.exploration)
        if best < 0:  # none of the tried actions is legal in this determinization
            edges = self.edges
            untried = [i for i, k in enumerate(keys) if k not in edges]
            return self._expand(untried, keys, rng, first, positions)
        return best

    def select_lazy(
        self,
        legal: Sequence[Action],
        keys: ActionKeys,
        rng: random.Random,
        params: Selection,
        first: int | None = None,
    ) -> tuple[int, int]:
        """:meth:`select` for a lazy legal sequence: (position, key), the same choice and
        draws, without keying every legal action.

        The tried edges' positions come from ``legal.index`` (the engine's lazy sequence
        answers it without iterating: Gangsta's placements), the untried positions are
        the others, and only the action chosen for a new edge is keyed.
        """
        edges = self.edges
        actions = keys.actions
        tried: list[tuple[int, int, list[float]]] = []
        for key, edge in edges.items():
            try:
                tried.append((legal.index(actions[key]), key, edge))
            except ValueError:  # not legal in this determinization
                continue
        tried.sort()
        size = len(legal)
        widen = not edges or len(edges) < params.widen_c * (self.visits + 1) ** params.widen_alpha
        if not (widen and len(tried) < size):
            best = best_ucb([(position, edge) for position, _, edge in tried], params.exploration)
            if best >= 0:
                for position, key, _ in tried:
                    if position == best:
                        return best, key
        guided = None
        if first is not None and first not in edges:
            try:
                guided = legal.index(actions[first])
            except ValueError:
                guided = None
        if guided is None:  # the draw-th untried position: skip the tried ones below it
            position = rng.randrange(size - len(tried))
            for taken, _, _ in tried:
                if taken > position:
                    break
                position += 1
        else:
            position = guided
        for _, _, edge in tried:  # the tried actions were available this time too
            edge[AVAIL] += 1
        gain = _top_gain(edges)
        key = keys.key(legal[position])
        edges[key] = [0, 0.0, 1, 0.0, gain]
        return position, key

    def select_mixed(
        self,
        keys: list[int],
        rng: random.Random,
        params: Selection,
        first: int | None = None,
        positions: Positions | None = None,
    ) -> tuple[int, float]:
        """A seat in a simultaneous step: (position, probability it was drawn with).

        A probability of 0 marks a forced expansion (no Exp3 update).
        """
        untried = self._untried(keys, params)
        if untried:
            return self._expand(untried, keys, rng, first, positions), 0.0
        edges = self.edges
        tried = self._tried(keys, positions)
        if not tried:
            untried = [i for i, k in enumerate(keys) if k not in edges]
            return self._expand(untried, keys, rng, first, positions), 0.0
        return exp3_draw(tried, params.mix, params.rate, rng.random())

    def _expand(
        self,
        untried: list[int],
        keys: list[int],
        rng: random.Random,
        first: int | None,
        positions: Positions | None,
    ) -> int:
        edges = self.edges
        guided = None
        if first is not None and first not in edges:
            if positions is not None:
                guided = positions.get(first)
            elif first in keys:
                guided = keys.index(first)
        position = untried[rng.randrange(len(untried))] if guided is None else guided
        if positions is not None:  # the tried actions were available this time too
            for key, edge in edges.items():
                if key in positions:
                    edge[AVAIL] += 1
        else:
            for key in keys:
                found = edges.get(key)
                if found is not None:
                    found[AVAIL] += 1
        edges[keys[position]] = [0, 0.0, 1, 0.0, _top_gain(edges)]
        return position

    def force(self, key: int) -> None:
        """Take the action of ``key`` here (the root choice of sequential halving)."""
        if key not in self.edges:
            self.edges[key] = [0, 0.0, 1, 0.0, 0.0]

    def update(self, key: int, reward: float, win: float, prob: float = 0.0) -> None:
        edge = self.edges[key]
        edge[VISITS] += 1
        edge[REWARD] += reward
        edge[WINS] += win
        if prob:
            edge[GAIN] += reward / prob
        self.visits += 1

    def mean(self, key: int) -> float:
        """The mean reward of an action, or -1 if it was never visited."""
        edge = self.edges.get(key)
        return edge[REWARD] / edge[VISITS] if edge and edge[VISITS] else -1.0


def _top_gain(edges: dict[int, list[float]]) -> float:
    """The best Exp3 estimate among ``edges`` (0 if there are none): a newcomer starts level
    with it, so that it gets tried."""
    if not edges:
        return 0.0
    top = -math.inf
    for edge in edges.values():
        if edge[GAIN] > top:
            top = edge[GAIN]
    return top


def best_ucb(tried: list[tuple[int, list[float]]], c: float) -> int:
    """The position of the best UCB value among ``tried`` (-1 if it is empty), each
    counted as available once more."""
    best = -1
    best_value = -1.0
    for position, edge in tried:
        avail = edge[AVAIL] + 1
        edge[AVAIL] = avail
        n = edge[VISITS]
        reward = edge[REWARD]
        value = math.inf if n == 0 else reward / n + c * math.sqrt(math.log(avail) / n)
        if value > best_value:
            best, best_value = position, value
    return best


def exp3_draw(
    tried: list[tuple[int, list[float]]], gamma: float, rate: float, point: float
) -> tuple[int, float]:
    """Exp3's draw among ``tried`` (not empty) at ``point`` in [0, 1): (position,
    probability it was drawn with); each is counted as available once more.

    The probabilities mix ``exp(eta * gain)`` weights, ``eta = rate * gamma / k``
    for ``k`` actions, with the uniform share ``gamma``.
    """
    k = len(tried)
    eta = rate * gamma / k
    top = -math.inf
    for _, edge in tried:
        edge[AVAIL] += 1
        gain = edge[GAIN]
        if gain > top:
            top = gain
    weights: list[float] = []
    total = 0.0
    for _, edge in tried:
        gain = edge[GAIN]
        weight = math.exp(eta * (gain - top))
        weights.append(weight)
        total += weight
    uniform = gamma / k
    acc = 0.0
    position = -1
    prob = 0.0
    for index, weight in enumerate(weights):
        position = tried[index][0]
        prob = (1.0 - gamma) * weight / total + uniform
        acc += prob
        if point < acc:
            return position, prob
    return position, prob  # rounding: the last one


class Node:
    """A position in the tree, shared by every determinization that reaches it.

    A child is keyed by the step that leads to it: ``key * players + seat``
    for one seat's action, a tuple of those for a simultaneous step.
    """

    __slots__ = ("children", "seats")

    def __init__(self) -> None:
        self.seats: dict[Seat, SeatEdges] = {}
        self.children: dict[Hashable, Node] = {}

    def edges_for(self, seat: Seat) -> SeatEdges:
        edges = self.seats.get(seat)
        if edges is None:
            edges = self.seats[seat] = SeatEdges()
        return edges

    def child(self, step: Hashable) -> Node | None:
        """The child reached by ``step``, if it is in the tree."""
        return self.children.get(step)

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


def root_stats(edges: SeatEdges, legal: Sequence[Action], keys: ActionKeys) -> list[ActionStats]:
    """Statistics of ``legal`` at the root, most visited first (ties: higher mean)."""
    stats = []
    for action in legal:
        edge = edges.edges.get(keys.key(action))
        visits = int(edge[VISITS]) if edge else 0
        mean = edge[REWARD] / visits if edge and visits else 0.0
        win = edge[WINS] / visits if edge and visits else 0.0
        stats.append(ActionStats(action, visits, mean, win))
    order = sorted(range(len(stats)), key=lambda i: (-stats[i].visits, -stats[i].mean, i))
    return [stats[i] for i in order]
