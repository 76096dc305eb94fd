"""The tree's typed selection loops and the search's first tries, against their slow definitions."""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Sequence

import pytest

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search import ismcts as ismcts_module
from mobtable.bots.search.keys import ActionKeys
from mobtable.bots.search.tree import SeatEdges, Selection, best_ucb, exp3_draw

AVAIL, GAIN = 2, 4


def slow_ucb(tried: list[tuple[int, list[float]]], c: float) -> int:
    """UCB as the tree chose before ``best_ucb`` (main at 7541ab1)."""
    best = -1
    best_value = -1.0
    for i, edge in tried:
        edge[AVAIL] += 1
        n = edge[0]
        value = math.inf if n == 0 else edge[1] / n + c * math.sqrt(math.log(edge[AVAIL]) / n)
        if value > best_value:
            best, best_value = i, value
    return best


def slow_exp3(
    tried: list[tuple[int, list[float]]], gamma: float, rate: float, point: float
) -> tuple[int, float]:
    """Exp3's draw as the tree made it before ``exp3_draw`` (main at 7541ab1)."""
    k = len(tried)
    eta = rate * gamma / k
    top = max([e[GAIN] for _, e in tried])
    weights = [math.exp(eta * (e[GAIN] - top)) for _, e in tried]
    total = sum(weights)
    acc = 0.0
    for _, edge in tried:
        edge[AVAIL] += 1
    for (position, _), weight in zip(tried, weights, strict=True):
        prob = (1.0 - gamma) * weight / total + gamma / k
        acc += prob
        if point < acc:
            return position, prob
    return position, prob


def random_tried(rng: random.Random) -> list[tuple[int, list[float]]]:
    """Edges as a search leaves them: integer counts, float sums and gains."""
    tried = []
    for position in sorted(rng.sample(range(200), rng.randrange(1, 60))):
        visits = rng.choice([0, 1, rng.randrange(1, 5000)])
        reward = rng.random() * visits
        gain = rng.choice([0.0, rng.uniform(-50.0, 400.0)])
        tried.append((position, [visits, reward, visits + rng.randrange(1, 90), 0.0, gain]))
    return tried


def test_best_ucb_is_the_slow_definition_to_the_bit() -> None:
    for seed in range(2000):
        rng = random.Random(seed)
        tried = random_tried(rng)
        c = rng.choice([0.7, rng.uniform(0.0, 3.0)])
        slow = copy.deepcopy(tried)
        assert best_ucb(tried, c) == slow_ucb(slow, c)
        assert tried == slow  # the same availability counts, still integers
        assert all(type(edge[AVAIL]) is int for _, edge in tried)
    assert best_ucb([], 0.7) == -1


def test_exp3_draw_is_the_slow_definition_to_the_bit() -> None:
    params = Selection()
    for seed in range(2000):
        rng = random.Random(seed)
        tried = random_tried(rng)
        gamma = rng.choice([params.mix, rng.uniform(0.01, 1.0)])
        rate = rng.choice([params.rate, rng.uniform(0.1, 10.0)])
        point = rng.choice([rng.random(), 0.0, math.nextafter(1.0, 0.0)])
        slow = copy.deepcopy(tried)
        assert exp3_draw(tried, gamma, rate, point) == slow_exp3(slow, gamma, rate, point)
        assert tried == slow


def test_a_node_chooses_as_it_did_with_its_loops_inline() -> None:
    """``SeatEdges`` with the typed loops picks and counts as the slow definitions do."""
    params = Selection()
    compared = 0
    for seed in range(300):
        rng = random.Random(seed)
        edges = SeatEdges()
        edges.visits = rng.randrange(1, 100)
        for key in rng.sample(range(60), rng.randrange(1, 40)):
            visits = rng.randrange(1, 30)
            edges.edges[key] = [visits, rng.random() * visits, visits + 1, 0.0, rng.random()]
        keys = rng.sample(range(60), rng.randrange(1, 60))
        mixed = seed % 2 == 1
        slow = copy.deepcopy(edges)
        draw, slow_draw = random.Random(seed), random.Random(seed)
        if mixed:
            answer: object = edges.select_mixed(keys, draw, params)
        else:
            answer = edges.select(keys, draw, params)
        if slow._untried(keys, params) is None and slow._tried(keys, None):
            tried = slow._tried(keys, None)
            if mixed:
                expected: object = slow_exp3(tried, params.mix, params.rate, slow_draw.random())
            else:
                expected = slow_ucb(tried, params.exploration)
            assert answer == expected and edges.edges == slow.edges
            compared += 1
    assert compared > 100


class Lazy(Sequence[str]):
    """A lazy legal sequence: not a list or a tuple, with its own ``index``."""

    def __init__(self, actions: list[str]) -> None:
        self._actions = actions

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self._actions[index]


def test_select_lazy_chooses_draws_and_counts_as_select() -> None:
    """Selection over a lazy sequence without keying it: the same position, key, draws
    and edges as keying every legal action and selecting (tried, untried, guided, and
    tried edges no longer legal)."""
    params = Selection()
    kinds = set()
    for seed in range(600):
        rng = random.Random(seed)
        pool = [f"a{n}" for n in range(80)]
        keys, slow_keys = ActionKeys(), ActionKeys()
        edges = SeatEdges()
        edges.visits = rng.choice([0, rng.randrange(1, 400)])
        for action in rng.sample(pool, rng.randrange(0, 30)):
            visits = rng.randrange(0, 30)
            edges.edges[keys.key(action)] = [visits, rng.random() * visits, visits + 1, 0.0, 0.0]
        for action in keys.actions:
            slow_keys.key(action)
        legal = rng.sample(pool, rng.randrange(1, 60))
        first = rng.choice([None, keys.key(rng.choice(pool))])
        slow = copy.deepcopy(edges)
        before = set(edges.edges)
        draw, slow_draw = random.Random(seed), random.Random(seed)
        position, key = edges.select_lazy(Lazy(legal), keys, draw, params, first)
        legal_keys = slow_keys.of(legal)
        slow_first = None if first is None else slow_keys.key(keys.actions[first])
        expected = slow.select(legal_keys, slow_draw, params, slow_first)
        assert position == expected and keys.actions[key] == legal[expected]
        assert draw.getstate() == slow_draw.getstate()
        named = {keys.actions[k]: e for k, e in edges.edges.items()}
        assert named == {slow_keys.actions[k]: e for k, e in slow.edges.items()}
        kinds.add(key in before)
    assert kinds == {True, False}  # tried actions and new edges were both chosen


def gangsta_placement(seed: int):  # type: ignore[no-untyped-def]
    """A Gangsta position where the seat places a card (a lazy legal sequence)."""
    game = games.get("gangsta")
    state = game.new_state(game.config(4), seed=seed)
    rng = random.Random(seed)
    while True:
        seat = state.pending()[0]
        legal = state.legal(seat)
        if state.phase.value == "place" and len(legal) > 20 and rng.random() < 0.2:
            return state
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)


def test_a_lazy_legal_sequence_searches_as_keying_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a lazy legal sequence (Gangsta's placements) the guide's first try is taken
    without keying the legal actions, and later visits key only the tried edges and the
    chosen action: the very search that keying every action and selecting gave."""
    taken = []

    def counted(legal: object) -> bool:
        found = lazy(legal)
        taken.append(found)
        return found

    lazy = ismcts_module._lazy
    for seed in range(8):
        state = gangsta_placement(seed)
        seat = state.pending()[0]
        runs = []
        for shortcut in (counted, lambda legal: False):
            monkeypatch.setattr(ismcts_module, "_lazy", shortcut)
            result = ISMCTSBot(seed=seed, budget=Budget(iterations=150)).search(
                Decision(state, seat)
            )
            runs.append(
                (result.action, result.nodes, [(s.action, s.visits, s.mean) for s in result.stats])
            )
        assert runs[0] == runs[1]
    assert sum(taken) > 100  # the shortcuts were taken


def test_a_newcomer_starts_at_the_best_gain_and_a_child_is_found_by_its_step() -> None:
    """``_top_gain`` is ``max`` over the edges' Exp3 gains (0 with no edges); ``Node.child``
    finds a child by its step and answers None for a step not in the tree."""
    from mobtable.bots.search.tree import Node, _top_gain

    gain = 4  # an edge's Exp3 gain field (tree.GAIN)

    rng = random.Random(16)
    assert _top_gain({}) == 0.0
    for _ in range(200):
        edges = {k: [1, 0.5, 2, 0.0, rng.uniform(-5, 5)] for k in range(rng.randrange(1, 9))}
        assert _top_gain(edges) == max(e[gain] for e in edges.values())
    node, child = Node(), Node()
    node.children[(3, 8)] = child
    assert node.child((3, 8)) is child and node.child(11) is None


def test_a_search_result_keeps_its_tree_and_the_chosen_actions_child_holds_its_visits() -> None:
    """What ``benchmarks/tree_reuse.py`` walks, kept only when asked: the root holds every
    iteration, and the child reached by the chosen action's step holds that action's
    visits."""
    game = games.get("gangsta")
    state = game.new_state(game.config(4), seed=2)
    rng = random.Random(2)
    while len(state.legal(state.pending()[0])) < 3:  # on to a real choice
        seat = state.pending()[0]
        state.apply(seat, rng.choice(list(state.legal(seat))))
    seat = state.pending()[0]
    bot = ISMCTSBot(seed=1, budget=Budget(iterations=120))
    assert bot.search(Decision(state, seat)).tree is None  # not kept unless asked
    bot = ISMCTSBot(seed=1, budget=Budget(iterations=120))
    bot.keep_tree = True
    result = bot.search(Decision(state, seat))
    assert result.tree is not None and result.keys is not None
    assert result.tree.seats[seat].visits == result.iterations == 120
    step = result.keys.key(result.action) * 4 + seat
    child = result.tree.child(step)
    assert child is not None
    visits = next(s.visits for s in result.stats if s.action == result.action)
    assert 0 < max(edges.visits for edges in child.seats.values()) <= visits
