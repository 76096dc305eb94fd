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
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from operator import mul
from typing import TYPE_CHECKING, Any, cast

from mobtable.games.capo.actions import PLACES, SUSPECT_NOBODY, SUSPECTS, Declare, Suspect
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.rules import SUSPECTING

if TYPE_CHECKING:
    from mobtable.games.capo.state import CapoState

NOISE = 0.1
"""Share of suspicion decisions taken uniformly at random."""
MAX_STEPS = 100_000

Suspicion = Callable[[int], Suspect]
"""Where one seat lays its Suspicion card, at the suspicion step it was made for."""
SuspicionPolicy = Callable[["CapoState", Callable[[], float]], Suspicion]
"""Made once per suspicion step, from the sample and the rollout's random stream."""


def by_truth(noise: float = NOISE) -> SuspicionPolicy:
    """Suspect a player whose crew in the sample fails (one at random), or nobody when every
    crew succeeds; ``noise`` of the decisions uniformly at random."""

    def policy(state: CapoState, rnd: Callable[[], float]) -> Suspicion:
        failing: list[int] | None = None

        def choose(seat: int) -> Suspect:
            nonlocal failing
            if rnd() >= noise:
                if failing is None:  # once per suspicion step: every crew is known
                    test = CrewTest(state)
                    table = state.table
                    failing = [p for p in range(len(table)) if not test.ok(table[p])]
                targets = [p for p in failing if p != seat]
                return SUSPECTS[targets[int(rnd() * len(targets))]] if targets else SUSPECT_NOBODY
            actions = state.legal(seat)  # at the suspicion step: only suspicions
            return cast(Suspect, actions[int(rnd() * len(actions))])

        return choose

    return policy


def run(
    state: CapoState,
    rng: random.Random,
    progress: Callable[[Any], int] | None,
    limit: int,
    suspicions: SuspicionPolicy,
) -> None:
    """Play ``state`` on (to the end, or until ``progress(state) >= limit``): crews and
    turn-ups at random, suspicions by ``suspicions``.

    Each action goes through ``state.play``, the unchecked ``apply``.
    """
    rnd = rng.random
    choose: Suspicion | None = None
    for _ in range(MAX_STEPS):
        if state.is_over() or (progress is not None and progress(state) >= limit):
            return
        seat = state.pending()[0]
        action: Any
        if state.phase is SUSPECTING:
            if choose is None:
                choose = suspicions(state, rnd)
            action = choose(seat)
        else:
            choose = None
            actions = state.legal(seat)
            action = actions[int(rnd() * len(actions))]
        state.play(seat, action)
        if type(action) is Declare:  # the crew goes down at once, each card drawn as before
            left = list(state.hands[seat])  # what legal() offers, without building it each time
            for _ in range(action.count):
                state.play(seat, PLACES[left.pop(int(rnd() * len(left)))])


def playout(
    state: CapoState,
    rng: random.Random,
    progress: Callable[[Any], int] | None = None,
    limit: int = 0,
    noise: float = NOISE,
) -> None:
    """The search's playout: :func:`run` with suspicions :func:`by_truth`."""
    run(state, rng, progress, limit, by_truth(noise))


LOOKS = ("suspect anyone", "cards", "a lone card", "face down", "symbols short", "stars over")
"""The features of a crew as everyone sees it (:func:`looks`), in :data:`LOOK_WEIGHTS` order."""
LOOK_WEIGHTS = (2.55, 0.05432, 0.4621, 0.00574, 0.4817, 0.2779)
"""How much each feature draws suspicions onto a crew: fitted to ``hard``'s suspicions by
``scripts/fit_capo_suspicions.py`` (a conditional logit over the crews and nobody)."""


def looks(test: CrewTest, crew: Sequence[int], face_up: Sequence[int]) -> tuple[float, ...]:
    """A crew's features as every player sees it: its size, whether it is a lone card, how
    many cards are face down, how many of the job's symbols its face-up cards leave missing,
    and by how many stars its face-up cards already pass the job's limit."""
    r = test.round
    shown_useful = sum([r.useful[c] for c in face_up])
    shown_stars = sum([r.net[c] for c in face_up])
    size = len(crew)
    return (
        1.0,
        float(size),
        float(size == 1),
        float(size - len(face_up)),
        float(r.needed - shown_useful),
        float(shown_stars - test.limit),
    )


def as_seen(weights: Sequence[float] = LOOK_WEIGHTS) -> SuspicionPolicy:
    """Suspect the way ``hard`` does, from what everyone sees: each other crew drawn with
    weight ``exp(weights . looks(crew))``, nobody with weight 1."""

    def policy(state: CapoState, rnd: Callable[[], float]) -> Suspicion:
        test = CrewTest(state)
        table, face_up = state.table, state.face_up
        pull = [
            math.exp(sum(map(mul, weights, looks(test, table[p], face_up[p]))))
            for p in range(len(table))
        ]
        everyone = sum(pull)

        def choose(seat: int) -> Suspect:
            left = rnd() * (1.0 + everyone - pull[seat])
            for p, weight in enumerate(pull):
                if p != seat:
                    left -= weight
                    if left < 0.0:
                        return SUSPECTS[p]
            return SUSPECT_NOBODY

        return choose

    return policy


def playout_as_seen(
    state: CapoState,
    rng: random.Random,
    progress: Callable[[Any], int] | None = None,
    limit: int = 0,
) -> None:
    """The opponent model's playout: :func:`run` with suspicions :func:`as_seen`."""
    run(state, rng, progress, limit, as_seen())
