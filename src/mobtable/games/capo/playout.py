"""A rollout policy for Capo search: random play, but suspicions the way good players lay them.

Uniformly random rollouts point a Suspicion card at someone four times in
five, at random, so a bluff is caught only by luck and an honest crew is
accused all the time. Real players (and ``greedy``, which suspects in nearly
every round and is right over 90% of the time) point at a crew that fails.
So in a rollout a seat suspects a player whose crew in the sample fails
(one of them at random), or nobody when every crew succeeds; ``noise`` of
the decisions stay uniformly random, and crews and turn-ups are random.

It runs only on determinized samples inside the search, whose crews are
sampled believably (see :mod:`.crews`): the policy knows the sample, never
the real table.

The module also holds the ``greedy`` bot's choice of a crew (:func:`honest_crew`,
:func:`bluff_crew`), shared with the search's quick :func:`guide`: the guide
declares and places the crew ``greedy`` would, read off the sampled state
instead of a view, and the honest search over a hand's crews is remembered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from itertools import combinations
from typing import Any

from mobtable.games.capo import events as ev
from mobtable.games.capo.actions import DECLARES, PLACES, SUSPECT_NOBODY, SUSPECTS, Declare
from mobtable.games.capo.assignments import succeeds
from mobtable.games.capo.cards import Assignment, CardSet, Mafioso, Special
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.rules import Phase

NOISE = 0.1
"""Share of suspicion decisions taken uniformly at random."""
MAX_STEPS = 100_000
MAX_SUBSET_HAND = 10
"""``greedy`` looks for an honest crew among the subsets of hands up to this size."""


def playout(
    state: Any,
    rng: random.Random,
    progress: Callable[[Any], int] | None = None,
    limit: int = 0,
    noise: float = NOISE,
) -> None:
    """Play ``state`` on (to the end, or until ``progress(state) >= limit``)."""
    rnd = rng.random
    is_over, pending, legal, apply = state.is_over, state.pending, state.legal, state.apply
    failing: list[int] | None = None
    for _ in range(MAX_STEPS):
        if is_over() or (progress is not None and progress(state) >= limit):
            return
        seat = pending()[0]
        suspect = state.phase is Phase.SUSPECT
        action: Any
        if suspect and rnd() >= noise:
            if failing is None:  # once per suspicion step: every crew on the table is known
                test = CrewTest(state)
                failing = [p for p in range(state.players) if not test(state.table[p])]
            targets = [p for p in failing if p != seat]
            action = SUSPECTS[targets[int(rnd() * len(targets))]] if targets else SUSPECT_NOBODY
        else:
            if not suspect:
                failing = None
            actions = legal(seat)
            action = actions[int(rnd() * len(actions))]
        apply(seat, action, check=False)
        if type(action) is Declare:  # the crew goes down at once, each card drawn as before
            left = list(state.hands[seat])  # what legal() offers, without building it each time
            for _ in range(action.count):
                apply(seat, PLACES[left.pop(int(rnd() * len(left)))], check=False)


def crew_ok(crew: Sequence[Mafioso], card: Assignment, limit: int, cards: CardSet) -> bool:
    """Does ``crew`` carry out ``card`` (as ``greedy`` judges it: each Little Tony adds a star)?"""
    tonies = sum(1 for c in crew if c.special is Special.LITTLE_TONY)
    return succeeds(crew, card, limit, cards.symbols, extra_stars=tonies)


def honest_score(crew: Sequence[Mafioso], hand_size: int) -> float:
    """How much ``greedy`` likes an honest crew: Giulia and Mario, an emptied hand, few cards."""
    specials = [c.special for c in crew]
    score = 0.0
    score += 1.0 * specials.count(Special.GIULIA_NAPOLI)
    score += 0.5 * specials.count(Special.MARIO_BERETTA)
    score += 0.4 if hand_size - len(crew) <= 1 else 0.0
    # keep the star-cutters and the joker for harder assignments
    for special in (Special.CAPTAIN_PENNY, Special.JOHN_MALONE, Special.VINCENZO_FORZA):
        score -= 0.3 * specials.count(special)
    return score - 0.05 * len(crew)


_HONEST: dict[int, tuple[CardSet, dict[Any, tuple[int, ...] | None]]] = {}
"""Remembered honest crews per card set (kept alive here, so its ``id`` stays its own)."""
_HONEST_SIZE = 50_000


def honest_crew(
    cards: CardSet, card: Assignment, limit: int, hand: Sequence[int], counts: Collection[int]
) -> tuple[int, ...] | None:
    """``greedy``'s honest crew: the best-scoring crew of ``hand`` of one of the sizes
    ``counts`` that carries out ``card`` (the first best, smallest sizes first), or ``None``."""
    entry = _HONEST.get(id(cards))
    if entry is None:
        entry = _HONEST[id(cards)] = (cards, {})
    memo = entry[1]
    key = (card.id, card.symbols, card.choice, limit, tuple(hand), tuple(sorted(counts)))
    if key in memo:
        return memo[key]
    mafiosi = [cards.mafiosi[c] for c in hand]
    best: tuple[float, tuple[int, ...]] | None = None
    if len(mafiosi) <= MAX_SUBSET_HAND:
        for size in key[-1]:
            for crew in combinations(mafiosi, size):
                if not crew_ok(crew, card, limit, cards):
                    continue
                score = honest_score(crew, len(mafiosi))
                if best is None or score > best[0]:
                    best = (score, tuple(c.id for c in crew))
    if len(memo) >= _HONEST_SIZE:
        memo.clear()
    found = memo[key] = None if best is None else best[1]
    return found


def bluff_crew(
    hand: Sequence[Mafioso], card: Assignment, counts: Collection[int], single: bool
) -> tuple[int, ...]:
    """``greedy``'s bluff: one card (a Little Tony, else the fewest stars) when ``single``
    and one card may be played, else three or more showing the assignment's symbols."""
    least = min(counts)
    if least == 1 and single:
        tonies = [c for c in hand if c.special is Special.LITTLE_TONY]
        by_stars = min(hand, key=lambda c: (c.stars, c.id))
        return (tonies[0].id,) if tonies else (by_stars.id,)
    size = min(max(least, 3), max(counts))
    needed = set(card.symbols)
    ranked = sorted(hand, key=lambda c: (-len(needed.intersection(c.symbols)), c.stars, c.id))
    return tuple(c.id for c in ranked[:size])


def guide(state: Any, seat: int) -> Any:
    """The first action the search tries at a new node: ``greedy``'s crew (its likelier
    bluff, one card, when it has no honest crew), or ``None`` after the crews are down
    (turn-ups and suspicions are left to the ``greedy`` bot)."""
    if state.phase is not Phase.PLAY:
        return None
    cards = state.cards
    card = cards.assignments[state.assignment]
    limit = ev.max_stars(card, state.effect)
    hand = state.hands[seat]
    declared = state.declared.get(seat)
    if declared is None:
        counts: Collection[int] = range(ev.least_play(len(hand), state.effect), len(hand) + 1)
    else:
        counts = (declared,)
    plan = honest_crew(cards, card, limit, hand, counts)
    if plan is None:
        plan = bluff_crew([cards.mafiosi[c] for c in hand], card, counts, True)
    if declared is None:
        return DECLARES[len(plan) - 1]
    chosen = state.picked.get(seat, ())
    for c in hand:
        if c not in chosen and c in plan:
            return PLACES[c]
    return next(PLACES[c] for c in hand if c not in chosen)
