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
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mobtable.bots.base import Decision
from mobtable.bots.search.belief import Belief, OpponentModel
from mobtable.bots.search.budget import Budget
from mobtable.bots.search.evaluate import LeafEvaluator, evaluation_rewards
from mobtable.bots.search.keys import ActionKeys
from mobtable.bots.search.rewards import rewards, win_shares
from mobtable.bots.search.rollout import Guide, Prior, Rollout, random_rollout
from mobtable.bots.search.tree import (
    ActionStats,
    Node,
    SeatEdges,
    Selection,
    root_stats,
)
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
        tree: the tree itself, kept only when asked (``search(keep_tree=True)``: a bot's
            last result would otherwise hold its whole tree until its next move), and
            ``keys``, its actions' keys: a child of a node is reached by
            ``keys.key(action) * players + seat``.
    """

    action: Action
    stats: list[ActionStats] = field(default_factory=list)
    iterations: int = 0
    seconds: float = 0.0
    nodes: int = 0
    tree: Node | None = field(default=None, repr=False, compare=False)
    keys: ActionKeys | None = field(default=None, repr=False, compare=False)

    @property
    def rate(self) -> float:
        """Iterations per second."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


def _terminal_rewards(
    state: State, players: int, score_weight: float
) -> tuple[list[float], list[float]]:
    """(search rewards, win shares) per seat."""
    if not state.is_over():  # the rollout gave up: call it a draw
        draw = [1.0 / players] * players
        return draw, draw
    result = state.result()
    return rewards(result, score_weight=score_weight), win_shares(result)


def search(
    decision: Decision,
    budget: Budget,
    rng: random.Random,
    *,
    params: Selection | None = None,
    rollout: Rollout = random_rollout,
    guide: Guide | None = None,
    prior: Prior | None = None,
    evaluator: LeafEvaluator | None = None,
    force: bool = False,
    belief: OpponentModel | None = None,
    keep_tree: bool = False,
) -> SearchResult:
    """Search from ``decision`` within ``budget``; deterministic for a fixed
    ``rng`` state when the budget has no time limit.

    Args:
        decision: the searching seat's decision (view, legal actions, determinizations).
        budget: iterations and/or seconds.
        rng: the source of every random choice of the search.
        params: selection and reward parameters.
        rollout: plays a determinized state on to the end.
        guide: if given, the first action tried by a seat at a new node
            (e.g. a greedy bot's choice): the first visit of a line then
            follows the guide, so opponents answer sensibly from the start.
        prior: ranks the root actions, best first (the candidates of
            sequential halving when ``params.halving`` is above 1).
        evaluator: if given, rollouts stop ``evaluator.horizon`` steps of the
            game's progress past the leaf, and the position there is scored by
            the evaluator (only with the default random rollout).
        force: search even when there is a single legal action.
        belief: if given, determinizations are drawn by weight from a pool weighted by
            the others' observed plays (:mod:`.belief`); the pool is built inside the
            budget's time.
        keep_tree: keep the tree and its keys in the result (for analysis).
    """
    params = params or Selection()
    legal = decision.legal
    start = time.perf_counter()
    if len(legal) == 1 and not force:
        return SearchResult(legal[0], [ActionStats(legal[0], 0, 0.0, 0.0)])
    limit = budget.iterations if budget.iterations is not None else math.inf
    deadline = start + budget.seconds if budget.seconds is not None else math.inf
    pool = belief.pool(decision, rng, budget.seconds) if belief is not None else None
    run = _Iteration(decision, params, rollout, guide, evaluator, pool)
    if params.halving > 1:
        candidates = _candidates(decision, prior, params.halving, rng)
        rounds_start = time.perf_counter()  # after the pool: every round gets its share
        chosen = _halving(run, candidates, rng, limit, rounds_start, deadline, params.anchor_z)
    else:
        chosen = None
        while run.count < limit and (run.count == 0 or time.perf_counter() < deadline):
            run.iterate(rng)
    mine = run.root.seats.get(decision.seat) or SeatEdges()
    stats = root_stats(mine, legal, run.keys)
    if chosen is not None:
        stats.sort(key=lambda s: s.action != chosen)  # stable: the winner first
    seconds = time.perf_counter() - start
    tree, keys = (run.root, run.keys) if keep_tree else (None, None)
    return SearchResult(stats[0].action, stats, run.count, seconds, run.root.size(), tree, keys)


class _Iteration:
    """ISMCTS iterations (:meth:`iterate`) on one tree: determinize, descend, expand, roll
    out, back up."""

    def __init__(
        self,
        decision: Decision,
        params: Selection,
        rollout: Rollout,
        guide: Guide | None,
        evaluator: LeafEvaluator | None = None,
        belief: Belief | None = None,
    ) -> None:
        self.decision = decision
        self.draw: Callable[[random.Random], State] = (
            decision.determinize if belief is None else belief.draw
        )
        self.evaluator = evaluator
        self.params = params
        self.rollout = rollout
        self.guide = guide
        self.players = decision.config.players
        self.root = Node()
        self.keys = ActionKeys()
        self.count = 0

    def iterate(
        self, rng: random.Random, forced: Action | None = None, sample: State | None = None
    ) -> float:
        """One iteration; returns the searching seat's reward.

        ``forced``: the searching seat's action at the root (else chosen by UCB).
        ``sample``: the determinization to play on (else one is drawn from ``rng``).
        """
        params, guide, me, keys = self.params, self.guide, self.decision.seat, self.keys
        players = self.players
        state = self.draw(rng) if sample is None else sample
        state.silent = True  # the search reads no events
        path: list[tuple[SeatEdges, int, int, float]] = []
        node = self.root
        is_over, pending_of, legal_of = state.is_over, state.pending, state.legal
        apply = state.apply
        while not is_over():
            pending = pending_of()
            step: Hashable
            if len(pending) == 1:
                seat = pending[0]
                edges = node.edges_for(seat)
                if forced is not None and seat == me and node is self.root:
                    action = forced
                    key = keys.key(action)
                    edges.force(key)
                else:
                    legal = legal_of(seat)
                    choice = guide(state, seat) if guide is not None and not edges.edges else None
                    lazy = _lazy(legal)
                    if choice is not None and lazy and choice in legal:
                        action, key = choice, keys.key(choice)
                        edges.force(key)  # what select does with the guide's choice here
                    elif lazy:  # keys only the tried edges and the chosen action
                        first = None if choice is None else keys.key(choice)
                        position, key = edges.select_lazy(legal, keys, rng, params, first)
                        action = legal[position]
                    else:
                        legal_keys, positions = keys.index(legal)
                        first = None if choice is None else keys.key(choice)
                        position = edges.select(legal_keys, rng, params, first, positions)
                        action, key = legal[position], legal_keys[position]
                apply(seat, action, check=False)
                path.append((edges, seat, key, 0.0))
                step = key * players + seat
            else:
                fix = forced if node is self.root else None
                step = _simultaneous(node, state, pending, rng, params, guide, path, me, fix, keys)
            child = node.child(step)
            if child is None:
                node.children[step] = Node()
                break
            node = child
        evaluator = self.evaluator
        if evaluator is not None:
            if not state.is_over():
                progress = evaluator.progress
                self.rollout(state, rng, progress, progress(state) + evaluator.horizon)
            if state.is_over():
                reward, win = _terminal_rewards(state, self.players, params.score_weight)
            else:
                reward, win = evaluation_rewards(evaluator, state, params.score_weight)
        else:
            if not state.is_over():
                self.rollout(state, rng)
            reward, win = _terminal_rewards(state, self.players, params.score_weight)
        for edges, seat, key, prob in path:
            edges.update(key, reward[seat], win[seat], prob)
        self.count += 1
        return reward[me]


def _lazy(legal: Sequence[Action]) -> bool:
    """Whether ``legal`` is a lazy sequence (not a list or a tuple): its own ``in`` and
    ``index`` then cost less than keying every legal action (Gangsta's placements)."""
    return type(legal) is not list and type(legal) is not tuple


def _candidates(
    decision: Decision, prior: Prior | None, k: int, rng: random.Random
) -> list[Action]:
    """Up to ``k`` root actions: the prior's ranking first, then random others."""
    legal = list(decision.legal)
    ranked = [a for a in prior(decision, k) if a in legal] if prior is not None else []
    rest = [a for a in legal if a not in ranked]
    rng.shuffle(rest)
    return (ranked + rest)[:k]


def _halving(
    run: _Iteration,
    candidates: list[Action],
    rng: random.Random,
    limit: float,
    start: float,
    deadline: float,
    anchor_z: float = 0.0,
) -> Action:
    """Sequential halving over ``candidates`` at the root, with common random numbers.

    Each round splits its share of the budget evenly among the survivors;
    every block of a round runs each survivor once on the *same*
    determinization and random stream, so survivors are compared on the same
    deals (paired samples), then the better half goes on. Ties keep the
    earlier candidate (the guide's order).

    With ``anchor_z`` the first candidate (the guide's move) is the anchor:
    it survives every round, and the best other survivor replaces it only if
    their paired reward difference is ``anchor_z`` standard errors above 0.
    Noisy estimates then cannot talk the search out of a sound default.

    The rounds split the time from ``start`` to ``deadline`` evenly; ``start`` is taken once
    the weighted pool and the candidates are ready, so the pool's time does not come out of
    the first round alone (the round that drops the most candidates).
    """
    survivors = list(candidates)
    anchor = survivors[0] if anchor_z > 0 and len(survivors) > 1 else None
    paired: dict[Action, list[float]] = {a: [] for a in survivors}
    rounds = max(1, math.ceil(math.log2(len(survivors))))
    for number in range(rounds):
        left = rounds - number
        if limit == math.inf or left == 1:
            target = limit
        else:
            target = run.count + (limit - run.count) // left
        cutoff = start + (deadline - start) * (number + 1) / rounds
        first_block = True
        while run.count < target and (first_block or time.perf_counter() < cutoff):
            seed = rng.getrandbits(64)
            block = {}
            samples = _Samples(run.draw, seed)
            for action in survivors:
                if run.count >= target:
                    break
                block[action] = run.iterate(samples.rng, action, samples.next())
            if anchor is not None and anchor in block:
                base = block[anchor]
                for action, reward in block.items():
                    paired[action].append(reward - base)
            first_block = False
        edges, key = run.root.seats[run.decision.seat], run.keys.key
        order = sorted(range(len(survivors)), key=lambda i: (-edges.mean(key(survivors[i])), i))
        keep = [survivors[i] for i in order[: max(1, (len(survivors) + 1) // 2)]]
        if anchor is not None and anchor not in keep:
            keep = [anchor, *keep[: max(1, len(keep) - 1)]]
        survivors = keep
        if len(survivors) == 1 or time.perf_counter() >= deadline:
            break
    if anchor is None:
        return survivors[0]
    challengers = [a for a in survivors if a != anchor]
    if not challengers:
        return anchor
    best = max(challengers, key=lambda a: _mean(paired[a]))
    return best if _z_score(paired[best]) > anchor_z else anchor


class _Samples:
    """The determinizations of one block of sequential halving: every survivor
    plays the same sample with the same random stream.

    The sample is drawn once (``draw``: the decision's ``determinize``, or a weighted
    pool's :meth:`~.belief.Belief.draw`), and each survivor gets a ``sample_copy()`` of it
    with ``rng`` put back where the draw left it (``getstate`` after the draw,
    ``setstate`` before each later survivor): the same states and the same stream
    as drawing the sample again from ``Random(seed)`` for each survivor, without
    paying for the draw again. A game without ``sample_copy`` draws again for each
    survivor.
    """

    __slots__ = ("_after", "_base", "_copy", "_draw", "_seed", "rng")

    def __init__(self, draw: Callable[[random.Random], State], seed: int) -> None:
        self._draw, self._seed = draw, seed
        self.rng = random.Random(seed)
        self._base: State | None = None
        self._after: Any = None  # the stream's state after the draw (``getstate``)
        self._copy: Callable[[], State] | None = None

    def next(self) -> State:
        """The next survivor's sample; ``rng`` is reset to follow it."""
        rng = self.rng
        if self._base is None:
            self._base = self._draw(rng)
            self._copy = getattr(self._base, "sample_copy", None)
            self._after = rng.getstate()
            return self._copy() if self._copy is not None else self._base
        if self._copy is None:  # no cheap copy: draw the same sample again
            rng.seed(self._seed)
            return self._draw(rng)
        rng.setstate(self._after)
        return self._copy()


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else -math.inf


def _z_score(differences: list[float]) -> float:
    """How many standard errors the mean paired difference lies above 0."""
    n = len(differences)
    if n < 2:
        return -math.inf
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    if variance <= 1e-18:  # the same difference every time (up to rounding)
        return math.inf if mean > 0 else -math.inf
    return mean / math.sqrt(variance / n)


def _simultaneous(
    node: Node,
    state: State,
    pending: tuple[Seat, ...],
    rng: random.Random,
    params: Selection,
    guide: Guide | None,
    path: list[tuple[SeatEdges, int, int, float]],
    me: Seat,
    forced: Action | None,
    keys: ActionKeys,
) -> Hashable:
    """Every pending seat chooses from its own statistics, then all choices apply.

    ``forced`` fixes seat ``me``'s action (sequential halving at the root).
    """
    joint: list[tuple[Seat, Action, int, float, SeatEdges]] = []
    for seat in pending:
        edges = node.edges_for(seat)
        if forced is not None and seat == me:
            key = keys.key(forced)
            edges.force(key)
            joint.append((seat, forced, key, 0.0, edges))
            continue
        legal = state.legal(seat)
        legal_keys, positions = keys.index(legal)
        first = keys.key(guide(state, seat)) if guide is not None and not edges.edges else None
        position, prob = edges.select_mixed(legal_keys, rng, params, first, positions)
        joint.append((seat, legal[position], legal_keys[position], prob, edges))
    players = state.config.players
    applied: list[int] = []
    for seat, action, key, prob, edges in joint:
        if applied and seat not in state.pending():
            continue  # an earlier commit ended this seat's obligation: drop its choice
        state.apply(seat, action, check=False)
        path.append((edges, seat, key, prob))
        applied.append(key * players + seat)
    return tuple(applied)
