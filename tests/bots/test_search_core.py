"""The tree's typed selection loops and the search's first tries, against their slow definitions."""

from __future__ import annotations

import copy
import math
import random

import pytest

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search import ismcts as ismcts_module
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


def test_a_first_try_on_a_lazy_legal_sequence_searches_as_keying_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guide's first try at a new node, taken without keying the legal placements,
    leads to the very search that keying them and selecting gave."""
    taken = []

    def counted(action: object, legal: object) -> bool:
        found = in_lazy(action, legal)
        taken.append(found)
        return found

    in_lazy = ismcts_module._in_lazy
    for seed in range(8):
        state = gangsta_placement(seed)
        seat = state.pending()[0]
        runs = []
        for shortcut in (counted, lambda action, legal: False):
            monkeypatch.setattr(ismcts_module, "_in_lazy", shortcut)
            result = ISMCTSBot(seed=seed, budget=Budget(iterations=150)).search(
                Decision(state, seat)
            )
            runs.append((result.action, [(s.action, s.visits, s.mean) for s in result.stats]))
        assert runs[0] == runs[1]
    assert sum(taken) > 100  # the shortcut was taken
