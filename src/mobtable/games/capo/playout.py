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

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mobtable.games.capo.actions import PLACES, SUSPECT_NOBODY, SUSPECTS, Declare
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.rules import SUSPECTING

if TYPE_CHECKING:
    from mobtable.games.capo.state import CapoState

NOISE = 0.1
"""Share of suspicion decisions taken uniformly at random."""
MAX_STEPS = 100_000


def playout(
    state: CapoState,
    rng: random.Random,
    progress: Callable[[Any], int] | None = None,
    limit: int = 0,
    noise: float = NOISE,
) -> None:
    """Play ``state`` on (to the end, or until ``progress(state) >= limit``).

    Each action goes through ``state.play``, the unchecked ``apply``.
    """
    rnd = rng.random
    failing: list[int] | None = None
    for _ in range(MAX_STEPS):
        if state.is_over() or (progress is not None and progress(state) >= limit):
            return
        seat = state.pending()[0]
        suspect = state.phase is SUSPECTING
        action: Any
        if suspect and rnd() >= noise:
            if failing is None:  # once per suspicion step: every crew on the table is known
                test = CrewTest(state)
                table = state.table
                failing = [p for p in range(len(table)) if not test.ok(table[p])]
            targets = [p for p in failing if p != seat]
            action = SUSPECTS[targets[int(rnd() * len(targets))]] if targets else SUSPECT_NOBODY
        else:
            if not suspect:
                failing = None
            actions = state.legal(seat)
            action = actions[int(rnd() * len(actions))]
        state.play(seat, action)
        if type(action) is Declare:  # the crew goes down at once, each card drawn as before
            left = list(state.hands[seat])  # what legal() offers, without building it each time
            for _ in range(action.count):
                state.play(seat, PLACES[left.pop(int(rnd() * len(left)))])
